"""The scoresheet: every figure the players sign, from the ledger (the JSON, the PDF and the GUI)."""

from __future__ import annotations

from typing import Any

from app.tables import TableGame
from models.errors import BadInput
from models.scoring import score


def scoresheet(game: TableGame) -> dict[str, Any]:
    """The sheet's header, each player's lines and totals in ranking order, and the footer that
    ties the paper to the ledger (event count and the short form of the last hash)."""
    if game.state is None or game.table is None or game.game_id is None:
        raise BadInput("no game in this ledger yet")
    state, table = game.state, game.table
    commands = game.ledger.commands(game.game_id)
    opening = commands[0].payload if commands else {}
    stored = game.events()
    judges = sorted({e.actor_name for e in stored if e.actor_role == "judge"})
    info = game.ledger.game(game.game_id)
    clock = state.clock
    players = [s.model_dump() | {"position_label": s.label} for s in score(table, state)]
    return {
        "header": {
            "tournament": opening.get("tournament"),
            "round": opening.get("round"),
            "table": opening.get("table") or info.label,
            "date": info.created_at.date().isoformat(),
            "profile": table.profile.name,
            "profile_id": table.profile.id,
            "board": table.board.name,
            "game_minutes": clock.minutes if clock else None,
            "ended": state.ended or "in progress",
            "banker": commands[0].actor_name if commands else None,
            "judges": judges,
            "scoring": table.profile.scoring,
            "tie_breakers": table.profile.tie_breakers,
        },
        "players": players,
        "footer": {
            "events": game.head_seq,
            "last_hash": stored[-1].hash[:12] if stored else None,
            "collected": state.locked,
        },
    }
