"""`banker tournament round|round-status|follow-round`: the hall's round clock through the hub
(the head judge's window does the same with its buttons; a table's window follows by itself)."""

from __future__ import annotations

import json

import click

from app.cli.prompts import JUDGE_PIN, ask_pin
from app.cli.tournament import _do, tournament_group
from app.table.command_text import dumps
from app.tournament import rounds
from models.tournament.hall_clock import HallRound, Kind

ACTIONS: dict[str, Kind] = {"start": "start", "pause": "pause", "resume": "resume",
                            "announce": "announce"}


@tournament_group.command("round")
@click.argument("tid")
@click.argument("stage")
@click.argument("action", type=click.Choice(sorted(ACTIONS)))
@click.argument("words", nargs=-1)
@click.option("--judge", required=True, help="The head judge's name (registered on the hub).")
@click.option("--hub", default=None, help="The hub's URL (default BANKER_HUB_URL).")
def round_entry(tid: str, stage: str, action: str, words: tuple[str, ...], judge: str,
                hub: str | None) -> None:
    """The head judge starts the stage's round for every table, pauses or resumes the hall,
    or makes an announcement shown on every table."""
    pin = ask_pin(JUDGE_PIN, f"PIN for judge {judge}")
    hall = _do(lambda: rounds.record(tid, stage, ACTIONS[action], " ".join(words), judge, pin,
                                     hub))
    click.echo(_hall_line(hall))


@tournament_group.command("round-status")
@click.argument("tid")
@click.argument("stage")
@click.option("--hub", default=None, help="The hub's URL (default BANKER_HUB_URL).")
@click.option("--json", "as_json", is_flag=True, help="As JSON.")
def round_status(tid: str, stage: str, hub: str | None, as_json: bool) -> None:
    """The stage's round and each drawn table's clock; the tables whose clock has not started
    while the round has are flagged (exit 1 when there is one)."""
    found = _do(lambda: rounds.status(tid, stage, hub))
    if as_json:
        click.echo(dumps({
            "round": found.hall.round, "running_ms": found.hall.running_ms(),
            "entries": [e.model_dump(mode="json") for e in found.hall.entries],
            "not_followed": list(found.hall.problems),
            "tables": [{"table": t.table, "game_id": t.game_id, "flagged": t.flagged,
                        "clock_started_at": None if t.start is None else t.start.at.isoformat(),
                        "with_round": t.start is not None and t.start.round == found.hall.round,
                        "pauses": [{"entry": e.number, "at": e.at.isoformat(), "followed": done}
                                   for e, done in t.pauses(found.hall)]}
                       for t in found.tables],
            "flagged": list(found.flagged)}))
    else:
        click.echo(_hall_line(found.hall))
        for line in found.hall.problems:
            click.echo(f"NOT FOLLOWED: {line}")
        for table in found.tables:
            click.echo(f"  table {table.table:<4} {table.words(found.hall)}")
    if found.flagged:
        raise SystemExit(1)


@tournament_group.command("follow-round")
@click.argument("db")
@click.option("--hub", default=None, help="The hub's URL (default BANKER_HUB_URL).")
def follow_round(db: str, hub: str | None) -> None:
    """Record in a table's game what the hall's round asks of its clock now (its start, the
    hall's pause or resume), as the table's window does."""
    from app.hub import last_copy  # noqa: PLC0415
    from app.table.service import TableGame  # noqa: PLC0415

    def follow() -> list[str]:
        game = TableGame.open(db, create=False)
        try:
            follower = rounds.RoundFollower.for_game(game, hub)
            if follower is None:
                return []
            try:
                hall = follower.read()
                for line in hall.problems:  # obeyed by no table: said, not followed
                    click.echo(f"NOT FOLLOWED: {line}", err=True)
                return [json.dumps({"seq": e.seq, "type": e.type})
                        for e in follower.follow(game, hall)]
            finally:
                follower.close()
        finally:
            # What was recorded reaches the hub before the process ends, as `banker run`'s.
            behind = last_copy(game.ledger.location, game.head_seq, game.game_id)
            game.close()
            if behind is not None:
                click.echo(f"WARNING: {behind}", err=True)
    lines = _do(follow)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo("nothing to record: the game follows the hall's round as it stands",
                   err=True)


def _hall_line(hall: HallRound) -> str:
    start, paused = hall.started, hall.paused
    if start is None:
        return f"round {hall.round}: not started"
    minutes, seconds = divmod(hall.running_ms() // 1000, 60)
    state = f"PAUSED ({paused.text})" if paused is not None else "running"
    said = f"; announced: {hall.announcement.text}" if hall.announcement is not None else ""
    return (f"round {hall.round}: started {start.at.astimezone():%H:%M:%S} by {start.by}, "
            f"{state}, {minutes}:{seconds:02d} played{said}")
