"""What a candidate is: its record, the words of its parameters, and the finder that gathers them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from models.engine import Table
from models.events import Event
from models.state import GameState

Group = Literal["setup", "dice", "purchase", "auction", "rent", "card", "jail", "build", "sell",
                "mortgage", "deal", "sale", "fine", "debt", "officials", "judge"]
ParamKind = Literal["amount", "text", "dice", "number", "choice", "pin"]
Label = str | Callable[[list[Event]], str]
# A choice's words and the value it puts in the command (None: the Bank, back to the deck).
Choices = tuple[tuple[str, Any], ...]
# (path, prompt, kind, default[, choices]): see app.actions.Param
ParamSpec = tuple[str, str, ParamKind, str] | tuple[str, str, ParamKind, str, Choices]
Form = Literal["deal", "sale", "deal_hands", "prebuild", "scoresheet"]


@dataclass(frozen=True)
class Candidate:
    """A command to try; `trial` is it with sample values when the banker types some of them."""

    id: str
    group: Group
    label: Label
    command: dict[str, Any]
    trial: dict[str, Any] | None = None
    params: tuple[ParamSpec, ...] = ()
    keep_refused: bool = True  # show it disabled with the reason when refused
    form: Form | None = None  # a form in the window gathers the command
    tried: bool = True  # False: no trial now (a judge's correction, checked when it is sent)


def m(amount: int) -> str:
    return f"M{amount:,}"


def priced(before: str, kind: type[Event], after: str = "") -> Callable[[list[Event]], str]:
    """A label whose amount is the one the engine decided (the event of `kind`)."""

    def label(events: list[Event]) -> str:
        if not any(isinstance(e, kind) for e in events):  # refused: no amount was decided
            return f"{before.removesuffix(' for ')}{after}"
        return f"{before}{m(_amount(events, kind))}{after}"

    return label


def _amount(events: list[Event], kind: type[Event]) -> int:
    for event in events:
        if isinstance(event, kind):
            return int(getattr(event, "amount", 0))
    return 0


@dataclass
class Finder:
    """Gathers the candidates of one position, in the order they are added."""

    table: Table
    s: GameState
    found: list[Candidate] = field(default_factory=list)

    def add(self, id: str, group: Group, label: Label, command: dict[str, Any], *,
            params: tuple[ParamSpec, ...] = (), trial: dict[str, Any] | None = None,
            keep: bool = True, form: Form | None = None, tried: bool = True) -> None:
        self.found.append(Candidate(id, group, label, command, trial, params, keep, form,
                                    tried))

    def name(self, space: int) -> str:
        return self.table.board.space(space).name

