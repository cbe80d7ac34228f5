"""The desk's own records in a tournament (issue 29): a change undone (with its reason), and a
game sent under another table's login moved to its table (a judge's decision, signed)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from models.tournament.signed import DecisionSeal

Reason = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^\S(.*\S)?$")]


class Undone(BaseModel):
    """A desk change undone: the tournament as it was before `change`, restored as a new
    version (the undone one stays in the hub's history, or as the file's previous)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    change: str  # what was undone, in words ("Qualifying drawn", "the file's last change")
    reason: Reason
    at: datetime


class GameMove(BaseModel):
    """A judge's decision: the hub's game `game_id` is table `table`'s game of `stage`, though
    it was sent under another table's login (a laptop swapped between tables); the desk's
    take-in follows it. Signed as withdrawals are (app/tournament/decisions.py, kind "move")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stage: str
    table: int = Field(ge=1)
    game_id: Annotated[str, Field(min_length=1, max_length=64)]
    reason: Reason
    by: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$")]
    at: datetime
    seal: DecisionSeal | None = None
