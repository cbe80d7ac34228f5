"""`banker tournament undo` and `move-game`: the desk's tools of issue 29, on the tournament
group (app/cli/tournament.py)."""

from __future__ import annotations

import click

from app.cli.tournament import JUDGE, _do, _judge, tournament_group
from app.tournament import service as tournaments


@tournament_group.command("undo")
@click.argument("tid")
@click.option("--reason", required=True, help="Why the last change is undone (recorded).")
def undo(tid: str, reason: str) -> None:
    """Undo the tournament's last change: the version before it restored as a new version,
    with the reason (a judge's decision is not undone at the desk)."""
    t, what = _do(lambda: tournaments.undo(tid, reason))
    click.echo(f"{t.id}: undone {what}: {reason}")


@tournament_group.command("move-game")
@click.argument("tid")
@click.argument("stage")
@click.argument("game")
@click.argument("table", type=click.IntRange(1))
@click.option("--reason", required=True, help="Why, e.g. the laptops of tables 3 and 4 swapped.")
@JUDGE
def move_game(tid: str, stage: str, game: str, table: int, reason: str, judge: str) -> None:
    """Record that the hub's game GAME, sent under another table's login, is TABLE's game of
    the stage: a judge's decision, signed with the judge's PIN; take-in then follows it."""
    signed_by = _judge(judge)
    t = _do(lambda: tournaments.move_game(tid, stage, game, table, reason, signed_by))
    moved = t.moves[-1]
    click.echo(f"game {moved.game_id} is the {moved.stage} table {moved.table}'s, signed by "
               f"{moved.by}; `tournament take-in {tid} {stage}` records it")
