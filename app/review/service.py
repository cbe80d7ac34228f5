"""The judge's services, shared by the judge's window and the CLI: entries, time travel,
differences, net worth over the game, disputes, rewind plans and verify in words (issue 13).

The pieces live in app/review_*.py; this module is the one to import."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from app.ledger.history import History
from app.review.diff import (
    BuildingChange,
    DebtChange,
    DeedChange,
    StateDiff,
    checked_seq,
    diff,
    state_at_json,
)
from app.review.entries import (
    CATEGORIES,
    Entry,
    command_disputes,
    entries,
    entries_after,
    entries_of,
    matching,
    payload_of,
    rows_of,
    rows_since,
    voided_by,
)
from app.review.verdict import Verdict, head_check, verdict
from app.review.worth import Marker, WorthPoint, by_minute, worth_series
from app.table import positions
from app.table.loading import collector_paused
from app.table.service import TableGame
from app.table.voids import Timeline
from app.table.words import say
from models.errors import BadInput

__all__ = [
    "CATEGORIES", "BuildingChange", "DebtChange", "DeedChange", "Dispute", "Entry", "Marker",
    "StateDiff", "Verdict", "WorthPoint", "by_minute", "diff", "disputes", "disputes_touched",
    "entries", "entries_after", "entries_and_disputes", "head_check", "matching", "rewind_plan",
    "rows_since", "state_at_json", "verdict", "worth_series",
]

_RAISED, _RULED = "dispute_raised", "dispute_ruled"


@dataclass(frozen=True)
class Dispute:
    """A dispute as the ledger holds it: who raised it about what and which entries, the
    ruling and who gave it, and the corrections naming it that still count (not voided)."""

    number: int
    seq: int  # the entry that raised it
    raised_by: str
    about: str
    entries: tuple[int, ...]
    ruling: str | None = None
    ruled_by: str | None = None
    ruling_seq: int | None = None
    corrections: tuple[int, ...] = ()  # entries of adjustments, fines and rewinds naming it


def disputes(game: TableGame) -> list[Dispute]:
    """Every dispute raised in the game, by number. Raises LedgerCorrupt for a row too damaged
    to place."""
    if game.game_id is None:
        return []
    return _disputes(game.ledger.history(game.game_id))


def entries_and_disputes(game: TableGame) -> tuple[list[Entry], list[Dispute]]:
    """`entries` and `disputes` from one read of the game's rows (the judge's window opening
    a long game reads them once, not twice)."""
    if game.game_id is None or game.table is None:
        return [], disputes(game)
    with collector_paused():
        history = game.ledger.history(game.game_id)
        return entries_of(history, game.table), _disputes(history)


def _disputes(history: History) -> list[Dispute]:
    rows = rows_of(history)
    voids, named = voided_by(rows), command_disputes(history)
    raised: dict[int, Dispute] = {}
    rulings: dict[int, tuple[str, str, int]] = {}
    corrections: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        if '"dispute"' not in r.payload_text and r.command_no not in named:
            continue
        number = r.payload.get("dispute")
        number = number if type(number) is int else named.get(r.command_no)
        if number is None:
            continue
        if r.type == _RAISED:
            entries_ = r.payload.get("entries")
            raised[number] = Dispute(
                number, r.seq, str(r.payload.get("raised_by", "")), str(r.payload.get("about", "")),
                tuple(e for e in entries_ if type(e) is int) if isinstance(entries_, list) else ())
        elif r.type == _RULED:
            rulings[number] = (str(r.payload.get("ruling", "")), r.actor_name, r.seq)
        elif r.command_no not in voids:
            corrections[number].append(r.seq)
    found = []
    for number, dispute in sorted(raised.items()):
        ruling, ruled_by, ruling_seq = rulings.get(number, (None, None, None))
        found.append(Dispute(dispute.number, dispute.seq, dispute.raised_by, dispute.about,
                             dispute.entries, ruling, ruled_by, ruling_seq,
                             tuple(corrections.get(number, ()))))
    return found


def disputes_touched(tail: History, found: Sequence[Dispute], timeline: Timeline) -> bool:
    """Whether rows recorded after those `found` was read from (`tail`, TableGame.follow's)
    may change the disputes: a row or a command that names a dispute, or a void taking back
    a correction (`timeline`: the game's, with the tail on it). When not, `found` stands."""
    if command_disputes(tail):
        return True
    corrections = {seq for dispute in found for seq in dispute.corrections}
    for row in tail.events:
        text = row[4]
        if type(text) is not str or '"dispute"' in text:
            return True
        if row[3] == "commands_voided" and corrections:
            # A payload that is not JSON reads as {}: the disputes are read again, whole.
            listed = payload_of(text).get("commands")
            if not isinstance(listed, list) or any(
                    seq in corrections for number in listed if type(number) is int
                    for seq in timeline.entries(number)):
                return True
    return False


def rewind_plan(game: TableGame, to_seq: int) -> list[str]:
    """The entries a judge's rewind to just after entry `to_seq` would void, in words
    ("41: Cy pays Ann 25 rent (claim 1)"), oldest first. Raises BadInput for an entry the ledger
    does not hold, RuleViolation where a rewind may not go (nothing after it to void)."""
    if game.table is None or game.game_id is None:
        raise BadInput("no game in this ledger yet: there is nothing to rewind")
    if to_seq < 1:
        raise BadInput("a rewind goes back to just after an entry: entries are numbered from 1")
    checked_seq(game, to_seq)
    numbers = set(game.timeline.plan_rewind(game.table, to_seq))
    ranges = [(m.first, m.last) for m in game.timeline.marks if m.number in numbers]
    rows = game.ledger.event_rows(game.game_id, ranges)
    table = game.table
    return [f"{row[0]}: {say(table, event)}"
            for row, event in zip(rows, positions.decoded(rows), strict=True)]
