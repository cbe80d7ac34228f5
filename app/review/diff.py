"""Time travel for the judge and the CLI: the position right after any entry, and what changed
between two entries (cash, deeds, buildings, debts, and the rest in words)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import select

from app.ledger import LedgerCorrupt
from app.ledger import schema as ledger_schema
from app.table.service import TableGame
from app.table.voids import voided
from models.board import Board
from models.clock import remaining_ms
from models.errors import BadInput
from models.events import BANK
from models.state import Debt, GameState
from models.table import Table


def entry_time(game: TableGame, seq: int) -> datetime | None:
    """When entry `seq` was recorded (None for 0); raises LedgerCorrupt for a damaged time."""
    if seq == 0 or game.game_id is None:
        return None
    events = ledger_schema.events
    with game.ledger.database.read() as connection:
        text = connection.execute(select(events.c.recorded_at).where(
            events.c.game_id == game.game_id, events.c.seq == seq)).scalar_one_or_none()
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        raise LedgerCorrupt(f"event {seq}: its stored time {text!r} is damaged; "
                            "run banker verify") from None


def checked_seq(game: TableGame, seq: int) -> int:
    """`seq` if the ledger holds that entry (0 = before the first); BadInput otherwise."""
    if not 0 <= seq <= game.head_seq:
        raise BadInput(f"there is no entry {seq}: the ledger has entries 0 (before the first) "
                       f"to {game.head_seq}")
    return seq


def state_at_json(game: TableGame, seq: int) -> dict[str, Any]:
    """The position right after entry `seq`, as `TableGame.state_json` shows the current one
    (`head_seq` = seq; `time_left_ms` as the clock stood when the entry was recorded); before
    the first entry, {"game": None, "head_seq": 0}. Raises BadInput for an entry the ledger
    does not hold, LedgerCorrupt if the stored events cannot be folded."""
    state = game.state_at(checked_seq(game, seq))
    if state is None:
        return {"game": None, "head_seq": 0}
    at = entry_time(game, seq) or game.now()
    past = dataclasses.replace(game, state=state, head_seq=seq, now=lambda: at)
    return past.state_json()


@dataclass(frozen=True)
class DeedChange:
    """A deed whose owner or mortgage changed (owner None = the Bank)."""

    space: int
    name: str
    owner_before: str | None
    owner_after: str | None
    mortgaged_before: bool
    mortgaged_after: bool


@dataclass(frozen=True)
class BuildingChange:
    """A street whose buildings changed."""

    space: int
    name: str
    houses_before: int
    hotel_before: bool
    houses_after: int
    hotel_after: bool


@dataclass(frozen=True)
class DebtChange:
    """A debt that appeared, was paid off, or changed amount (creditor "bank" = the Bank)."""

    change: Literal["added", "removed", "changed"]
    debtor: str
    creditor: str
    amount: int  # after (for "removed": the amount that was owed)
    reason: str
    amount_before: int | None = None  # for "changed"


@dataclass(frozen=True)
class StateDiff:
    """What changed between the positions right after two entries."""

    from_seq: int
    to_seq: int
    cash: dict[str, tuple[int, int]] = field(default_factory=dict)  # player -> (before, after)
    deeds: list[DeedChange] = field(default_factory=list)
    buildings: list[BuildingChange] = field(default_factory=list)
    debts: list[DebtChange] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing changed."""
        return not (self.cash or self.deeds or self.buildings or self.debts or self.other)

    def lines(self) -> list[str]:
        """The differences in plain words, one per line ([] when nothing changed)."""
        lines = [f"{name}'s cash: {before} → {after} ({after - before:+})"
                 for name, (before, after) in self.cash.items()]
        lines += [_deed_words(d) for d in self.deeds]
        lines += [f"{b.name}: {_building(b.houses_before, b.hotel_before)} → "
                  f"{_building(b.houses_after, b.hotel_after)}" for b in self.buildings]
        lines += [_debt_words(d) for d in self.debts]
        return lines + self.other

    def to_json(self) -> dict[str, Any]:
        """The differences as JSON-ready data."""
        return {
            "from_seq": self.from_seq, "to_seq": self.to_seq,
            "cash": {name: {"before": before, "after": after, "change": after - before}
                     for name, (before, after) in self.cash.items()},
            "deeds": [dataclasses.asdict(d) for d in self.deeds],
            "buildings": [dataclasses.asdict(b) for b in self.buildings],
            "debts": [dataclasses.asdict(d) for d in self.debts],
            "other": list(self.other),
        }


def _who(account: str | None) -> str:
    return "the Bank" if account is None or account == BANK else account


def _building(houses: int, hotel: bool) -> str:
    if hotel:
        return "a hotel"
    return "no buildings" if houses == 0 else f"{houses} house" + ("s" if houses > 1 else "")


def _deed_words(d: DeedChange) -> str:
    parts = []
    if d.owner_before != d.owner_after:
        parts.append(f"{_who(d.owner_before)} → {_who(d.owner_after)}")
    if d.mortgaged_before != d.mortgaged_after:
        parts.append("mortgaged" if d.mortgaged_after else "mortgage lifted")
    return f"{d.name}: {', '.join(parts)}"


def _debt_words(d: DebtChange) -> str:
    owes = f"{d.debtor} owes {_who(d.creditor)}"
    if d.change == "added":
        return f"new debt: {owes} {d.amount} ({d.reason})"
    if d.change == "removed":
        return f"debt settled: {owes} {d.amount} ({d.reason}) no more"
    return f"debt changed: {owes} {d.amount_before} → {d.amount} ({d.reason})"


def diff(game: TableGame, from_seq: int, to_seq: int) -> StateDiff:
    """What changed from right after entry `from_seq` to right after entry `to_seq` (0 = before
    the first entry; either order). Raises BadInput for an entry the ledger does not hold,
    LedgerCorrupt if the stored events cannot be folded."""
    before = game.state_at(checked_seq(game, from_seq))
    after = game.state_at(checked_seq(game, to_seq))
    if game.table is None or (after is None and before is None):
        return StateDiff(from_seq, to_seq)
    table = game.table
    times = (entry_time(game, from_seq), entry_time(game, to_seq))
    return StateDiff(
        from_seq, to_seq, cash=_cash(before, after), deeds=_deeds(table.board, before, after),
        buildings=_buildings(table.board, before, after), debts=_debts(before, after),
        other=_other(table, before, after, times, lambda: _closings(game, from_seq, to_seq)))


def _cash(before: GameState | None, after: GameState | None) -> dict[str, tuple[int, int]]:
    was = {p.name: p.cash for p in before.players} if before else {}
    now = {p.name: p.cash for p in after.players} if after else {}
    names = [*now, *(n for n in was if n not in now)]
    return {n: (was.get(n, 0), now.get(n, 0)) for n in names if was.get(n, 0) != now.get(n, 0)}


def _deeds(board: Board, before: GameState | None, after: GameState | None) -> list[DeedChange]:
    changes = []
    for deed in board.deeds():
        was = before.deeds.get(deed.index) if before else None
        now = after.deeds.get(deed.index) if after else None
        old = (was.owner, was.mortgaged) if was else (None, False)
        new = (now.owner, now.mortgaged) if now else (None, False)
        if old != new:
            changes.append(DeedChange(deed.index, deed.name, old[0], new[0], old[1], new[1]))
    return changes


def _buildings(board: Board, before: GameState | None, after: GameState | None
               ) -> list[BuildingChange]:
    changes = []
    for deed in board.deeds():
        was = before.deeds.get(deed.index) if before else None
        now = after.deeds.get(deed.index) if after else None
        old = (was.houses, was.hotel) if was else (0, False)
        new = (now.houses, now.hotel) if now else (0, False)
        if old != new:
            changes.append(BuildingChange(deed.index, deed.name, *old, *new))
    return changes


def _debts(before: GameState | None, after: GameState | None) -> list[DebtChange]:
    def keyed(state: GameState | None) -> dict[tuple[str, str, str], Debt]:
        return {(d.debtor, d.creditor, d.reason): d for d in state.debts} if state else {}

    was, now = keyed(before), keyed(after)
    changes = []
    for key, debt in now.items():
        if key not in was:
            changes.append(DebtChange("added", debt.debtor, debt.creditor, debt.amount, debt.reason))
        elif was[key].amount != debt.amount:
            changes.append(DebtChange("changed", debt.debtor, debt.creditor, debt.amount,
                                      debt.reason, was[key].amount))
    changes += [DebtChange("removed", d.debtor, d.creditor, d.amount, d.reason)
                for key, d in was.items() if key not in now]
    return changes


def _other(table: Table, before: GameState | None, after: GameState | None,
           times: tuple[datetime | None, datetime | None],
           closings: Callable[[], dict[int, str]] = dict) -> list[str]:
    if before is None or after is None:
        return ["the game starts" if after is not None else "back before the game started"]
    board = table.board
    lines = []
    for was in before.players:
        now = after.player(was.name) if after.has_player(was.name) else None
        if now is None:
            continue
        if was.position != now.position:
            lines.append(f"{was.name}'s token: {board.space(was.position).name} → "
                         f"{board.space(now.position).name}")
        if was.in_jail != now.in_jail:
            lines.append(f"{was.name} " + ("goes to Jail" if now.in_jail else "leaves Jail"))
        if was.bankrupt != now.bankrupt:
            lines.append(f"{was.name} " + ("is bankrupt" if now.bankrupt else "is back in the game"))
    for card in sorted(set(before.jail_cards) | set(after.jail_cards)):
        old, new = before.jail_cards.get(card), after.jail_cards.get(card)
        if old != new:
            lines.append(f"{_card_label(table, card)}: {old or 'its deck'} → {new or 'its deck'}")
    if (before.turn_no, before.current) != (after.turn_no, after.current):
        lines.append(f"turn {before.turn_no} ({before.current} to play) → turn {after.turn_no} "
                     f"({after.current} to play)")
    if before.phase != after.phase:
        lines.append(f"waiting for: {_phase(before.phase)} → {_phase(after.phase)}")
    for kind, old_count, new_count in (("houses", before.bank_houses, after.bank_houses),
                                       ("hotels", before.bank_hotels, after.bank_hotels)):
        if old_count != new_count:
            lines.append(f"the Bank's {kind}: {old_count} → {new_count}")
    lines += _claims(board, before, after, closings)
    lines += _officials(before, after, times)
    return lines


def _claims(board: Board, before: GameState, after: GameState,
            closings: Callable[[], dict[int, str]]) -> list[str]:
    lines = []
    read: dict[int, str] | None = None  # how the claims closed, from the ledger, if needed
    was, now = {c.claim for c in before.claims}, {c.claim for c in after.claims}
    lines += [f"claim {c.claim} opened: {c.payer} owes {c.owner} {c.amount} rent for "
              f"{board.space(c.space).name}" for c in after.claims if c.claim not in was]
    for c in before.claims:
        if c.claim in now:
            continue
        closed = after.closed_claims.get(c.claim)
        if closed is None and read is None:  # the state keeps only the latest closed claims
            read = closings()
        way = closed.how if closed is not None else (read or {}).get(c.claim, "")
        how = {"collected": "collected", "owed": "owed as a debt", "lapsed": "lapsed"}.get(
            way, "no longer open")
        lines.append(f"claim {c.claim} ({c.payer} owes {c.owner} {c.amount}): {how}")
    return lines


def _closings(game: TableGame, from_seq: int, to_seq: int) -> dict[int, str]:
    """How each claim closed between two entries ("collected", "owed", "lapsed"), from the
    ledger's events in between (those of commands voided in between left out)."""
    low, high = sorted((from_seq, to_seq))
    if game.game_id is None or low == high:
        return {}
    stored = game.ledger.events(game.game_id, upto_seq=high, from_seq=low + 1)
    void = voided(stored)
    ways = {"rent_paid": "collected", "debt_incurred": "owed", "rent_claim_lapsed": "lapsed"}
    how: dict[int, str] = {}
    for s in stored:
        claim = s.payload.get("claim") if s.type in ways else None
        if isinstance(claim, int) and s.command_no not in void:
            how[claim] = ways[s.type]
    return how


def _officials(before: GameState, after: GameState,
               times: tuple[datetime | None, datetime | None]) -> list[str]:
    lines = []
    clocks = [_clock_words(state, at) for state, at in zip((before, after), times, strict=True)]
    if clocks[0] != clocks[1]:
        lines.append(f"clock: {clocks[0]} → {clocks[1]}")
    raised = {d.dispute: d for d in before.disputes}
    for d in after.disputes:
        if d.dispute not in raised:
            lines.append(f"dispute {d.dispute} raised by {d.raised_by}: {d.about}")
        if d.ruling is not None and (d.dispute not in raised or raised[d.dispute].ruling is None):
            lines.append(f"dispute {d.dispute} ruled: {d.ruling}")
    if before.locked != after.locked:
        lines.append("the game is locked (scoresheet collected)" if after.locked
                     else "the game is unlocked")
    if before.ended != after.ended:
        lines.append(f"game over: {after.ended}" if after.ended else "the game is reopened")
    return lines


def _clock_words(state: GameState, at: datetime | None) -> str:
    clock = state.clock
    if clock is None:
        return "no clock"
    if clock.started_at is None:
        return f"not started ({clock.minutes} minutes)"
    if clock.called_at is not None:
        return "time called"
    left = remaining_ms(clock, at) if at is not None else clock.minutes * 60_000
    minutes, seconds = divmod(left // 1000, 60)
    return f"{minutes}:{seconds:02d} left" + (" (paused)" if clock.paused_at else "")


_PHASES = {"deal": "the deal of the deeds", "prebuild": "pre-building", "roll": "a roll",
           "resolving": "the move to be settled", "buy": "a purchase decision",
           "auction": "an auction", "card": "a card to be drawn",
           "utility_throw": "a throw for the utility", "placement": "a building to be placed",
           "proposal": "an answer to an offer", "sale_decision": "the seller's decision",
           "over": "nothing (game over)"}


def _phase(phase: str) -> str:
    return _PHASES.get(phase, phase)


def _card_label(table: Table, card: str) -> str:
    try:
        return table.decks.card(card)[1].label
    except KeyError:
        return card
