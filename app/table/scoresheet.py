"""The scoresheet: every figure the players sign, from the ledger (the JSON, the PDF and the GUI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.datafolder.paths import data_dir
from app.ledger import StoredEvent
from app.table.anchors import HEAD_DIGITS, head_text
from app.table.service import TableGame
from app.version import app_version
from models.errors import BadInput
from models.scoring import score


def scoresheet(game: TableGame) -> dict[str, Any]:
    """The sheet's header, each player's lines and totals in ranking order, and the footer that
    ties the paper to the ledger (its head: the event count and the last hash's first 16
    hex digits, which `banker verify --head` checks the file against) and names the app's
    version that printed it."""
    if game.state is None or game.table is None or game.game_id is None:
        raise BadInput("no game in this ledger yet")
    state, table = game.state, game.table
    commands = game.ledger.commands(game.game_id, upto=1)  # the new game's entry
    opening = commands[0].payload if commands else {}
    # Only the events the sheet names: a judge's entries, the judges registered, bankruptcies.
    stored = game.ledger.events_of(game.game_id, ("judge_added", "player_bankrupt"), ("judge",))
    judges = sorted({e.actor_name for e in stored if e.actor_role == "judge"})
    info = game.ledger.game(game.game_id)
    clock = state.clock
    lasted = _lasted(game, stored)
    players = [s.model_dump() | {"position_label": s.label,
                                 "lasted_ms": lasted.get(s.name) if s.bankrupt else None}
               for s in score(table, state)]
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
            # The table's judge: the first registered (with the new game), else none.
            "judge": next((str(e.payload["name"]) for e in stored if e.type == "judge_added"),
                          None),
            "scoring": table.profile.scoring,
            "tie_breakers": table.profile.tie_breakers,
        },
        "players": players,
        "footer": {
            "events": game.head_seq,
            "last_hash": game.head_hash[:HEAD_DIGITS] if game.head_seq else None,
            # What `banker verify --head` takes: a deleted tail or a rewritten game shows.
            "head": head_text(game.head_seq, game.head_hash) if game.head_seq else None,
            "collected": state.locked,
            # The app's version printing this sheet, and the latest the ledger names as
            # recording the game (None for a game from before versions were recorded).
            "printed_by": app_version(),
            "recorded_by": game.version,
        },
    }


def _lasted(game: TableGame, stored: list[StoredEvent]) -> dict[str, int]:
    """Each bankrupt player's game time lasted: the clock's elapsed ms at the entry that made
    them bankrupt (a voided one does not count; 0 if the clock had not started). A game with no
    clock records no time, so its players have none (RULES.md Tournament: ranking across
    tables orders bankrupt players by place, then by the time they lasted)."""
    if game.state is None or game.state.clock is None:
        return {}
    voided = game.timeline.voided
    return {str(e.payload["player"]): e.clock_ms or 0 for e in stored
            if e.type == "player_bankrupt" and e.command_no not in voided}


def pdf_path(game: TableGame) -> Path:
    """Where the scoresheet's PDF is offered first: the data folder, named after the game's file
    ("20261121-140000-final-table-scoresheet.pdf"), never the program's folder."""
    stem = Path(game.ledger.location).stem or "game"
    return data_dir() / f"{stem}-scoresheet.pdf"
