"""A game sent under another table's login moved to its table (issue 29): a judge's decision
that the hub's game is the named table's game of a stage, which the desk's take-in follows."""

from __future__ import annotations

from datetime import datetime

from models.tournament.desk import GameMove
from models.tournament.records import Tournament, TournamentError


def move_game(t: Tournament, stage: str, table: int, game_id: str, reason: str, by: str,
              at: datetime) -> Tournament:
    """Record `by`'s decision that game `game_id` is table `table`'s game of `stage`. Refused
    when the stage is not drawn, the table is not in its draw, or the table's game is already
    recorded (a game taken in is not moved: the round's results would change under it)."""
    name = t.stage(stage).name
    made = t.draw(name)
    if made is None:
        raise TournamentError(f"the {name} is not drawn yet: no table's game to move")
    if table not in {n.number for n in made.tables}:
        raise TournamentError(f"the {name} draw has no table {table}")
    taken = next((g for g in t.games if g.stage == name and g.table == table), None)
    if taken is not None:
        raise TournamentError(f"{name} table {table}'s game is recorded already "
                              f"({taken.game_id or taken.source}): nothing to move")
    if not reason.strip():
        raise TournamentError("a game is moved with its reason (--reason)")
    move = GameMove(stage=name, table=table, game_id=game_id, reason=reason.strip(), by=by, at=at)
    return t.model_copy(update={"moves": (*t.moves, move)})


def moved(t: Tournament, stage: str) -> dict[str, int]:
    """The games moved to a table of `stage` by a judge's decision followed: game id: table
    (a later decision on a game replaces an earlier one)."""
    name = t.stage(stage).name
    return {m.game_id: m.table for m in t.moves if m.stage == name}
