"""Every ledger entry in plain words, with who, when, what kind and what voided it (the judge's list)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from app.ledger import LedgerCorrupt
from app.ledger.history import History
from app.table import positions, versions
from app.table.loading import collector_paused
from app.table.service import TableGame
from app.table.words import TimelineEntries, entries_by_command, say
from models.engine import Table
from models.errors import BankerError
from models.events import EVENT_ADAPTER, Event

CATEGORIES = ("money", "deeds", "building", "officials", "clock", "play")
"""The kinds of entry the judge filters by; every event type is one of them ("play" if not listed)."""

_KINDS: dict[str, tuple[str, ...]] = {
    "money": ("salary_paid", "jail_fine_paid", "rent_claim_opened", "rent_paid",
              "rent_claim_lapsed", "rent_not_due", "tax_paid", "card_payment", "debt_incurred",
              "debt_paid", "debt_partly_paid", "cash_adjusted", "cash_surrendered"),
    "deeds": ("purchase_offered", "deed_bought", "purchase_declined", "auction_opened",
              "bid_placed", "auction_won", "auction_winner_struck_out", "auction_unsold",
              "deed_adjusted", "deed_mortgaged", "mortgage_lifted", "mortgage_interest_paid",
              "trade_made", "deed_surrendered", "deeds_dealt", "sale_offered",
              "purchase_proposed", "proposal_answered", "sale_decision_required", "deed_sold",
              "sale_aborted", "mortgagee_sale_opened", "mortgaged_deed_sold",
              "deed_passed_to_creditor"),
    "building": ("buildings_bought", "buildings_sold", "building_auction_won",
                 "buildings_adjusted", "houses_prebuilt", "own_plot_landed"),
    "officials": ("dispute_raised", "dispute_ruled", "fine_imposed", "player_disqualified",
                  "cash_counted", "count_settled", "scoresheet_collected", "game_unlocked",
                  "commands_voided", "judge_added", "judge_key_set", "token_adjusted", "jail_adjusted",
                  "card_adjusted", "turn_adjusted", "player_absent"),
    "clock": ("clock_started", "clock_paused", "clock_resumed", "game_length_set",
              "announcement_made", "announcements_passed", "time_called", "time_call_withdrawn",
              "break_started", "break_ended", "turn_skipped"),
}
CATEGORY_OF = {kind: category for category, kinds in _KINDS.items() for kind in kinds}

# Payload fields that are free words, never a player's name, however they read.
_WORDS = frozenset({"reason", "about", "ruling", "card", "profile", "board", "decks"})


@dataclass(frozen=True)
class Entry:
    """One ledger entry as the judge reads it."""

    seq: int
    command_no: int
    type: str  # the event type
    category: str  # one of CATEGORIES
    players: tuple[str, ...]  # the players the entry concerns, in seating order
    text: str
    recorded_at: datetime
    clock_ms: int | None  # game clock elapsed at the entry; None before the clock starts
    actor: str  # "banker: Sam", "judge: Lee", "clock: clock"
    voided: bool
    voided_by: int | None  # the undo or rewind entry that voided it
    dispute: int | None  # the dispute it raises, rules or corrects


@dataclass(frozen=True)
class Row:
    """An event row as stored: its payload's text, read into `payload` on request."""

    seq: int
    command_no: int
    type: str
    payload_text: str
    actor_role: str
    actor_name: str
    recorded_at: datetime
    clock_ms: int | None

    @property
    def payload(self) -> dict[str, Any]:
        """The payload read (a damaged one reads as {})."""
        return payload_of(self.payload_text)


def payload_of(text: object) -> dict[str, Any]:
    """A stored payload's text read (a damaged one reads as {})."""
    try:
        found = json.loads(text)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return {}
    return found if isinstance(found, dict) else {}


def rows_of(history: History) -> list[Row]:
    """The game's event rows in order; raises LedgerCorrupt for a stored time that is damaged."""
    rows = []
    for _, seq, command_no, kind, text, role, name, at, clock_ms, *_ in history.events:
        try:
            recorded_at = datetime.fromisoformat(at)
        except (ValueError, TypeError):
            raise LedgerCorrupt(f"event {seq} ({kind}): its stored time {at!r} is damaged; "
                                "run banker verify") from None
        rows.append(Row(seq, command_no, str(kind), str(text), str(role), str(name), recorded_at,
                        clock_ms if isinstance(clock_ms, int) else None))
    return rows


def events_of(rows: Sequence[Row]) -> list[Event | None]:
    """Each row's event (one batch decode), None for a row whose payload is not a valid event."""
    try:
        return list(positions.decoded([(r.seq, r.command_no, r.type, r.payload_text)
                                       for r in rows]))
    except LedgerCorrupt:
        pass
    events: list[Event | None] = []
    for r in rows:
        try:
            events.append(EVENT_ADAPTER.validate_python({**r.payload, "type": r.type}))
        except ValidationError:
            events.append(None)
    return events


def words(event: Event | None, row: Row, table: Table,
          entries: Mapping[int, Sequence[int]] | None = None) -> str:
    """The entry in plain words (cards as printed; voids by the entries they took back, with
    `entries`: each command's seqs); a damaged one as stored, said to be unreadable, never
    hidden."""
    if event is not None:
        try:
            return say(table, event, entries)
        except (BankerError, LookupError) as e:
            return f"{row.type} {row.payload_text} (cannot be read: {e})"
    return f"{row.type} {row.payload_text} (cannot be read: not a valid {row.type} entry)"


def voided_by(rows: Iterable[Row]) -> dict[int, int]:
    """Command number -> the seq of the undo or rewind entry that voided it."""
    found: dict[int, int] = {}
    for r in rows:
        listed = r.payload.get("commands") if r.type == "commands_voided" else None
        if isinstance(listed, list):
            for number in listed:
                if type(number) is int:
                    found.setdefault(number, r.seq)
    return found


def command_disputes(history: History) -> dict[int, int]:
    """Command number -> the dispute a command names (a correction, a fine, a rewind)."""
    found: dict[int, int] = {}
    for row in history.commands:
        text = row[2]
        if not isinstance(text, str) or '"dispute"' not in text:
            continue
        try:
            number = json.loads(text).get("dispute")
        except (ValueError, AttributeError):
            continue
        if type(number) is int:
            found[row[1]] = number
    return found


def command_versions(history: History) -> dict[int, str]:
    """Command number -> the app's version its row names: the first entry a version wrote after
    the game was opened again by it (app/table/versions.py)."""
    found: dict[int, str] = {}
    for row in history.commands:
        version = versions.named_in(row[2])
        if version is not None:
            found[row[1]] = version
    return found


def version_words(r: Row, payload: dict[str, Any], named: Mapping[int, str],
                  first_of_command: bool) -> str:
    """What an entry adds about the app's version: game_started's, and the first entry of a
    command whose row names the version writing it; "" for the rest."""
    if r.type == "game_started" and isinstance(payload.get("app_version"), str):
        return f"; started with Championship Banker {payload['app_version']}"
    version = named.get(r.command_no) if first_of_command else None
    return f" (recorded by Championship Banker {version})" if version else ""


def clock_readings(rows: Sequence[Row], last: int | None = None) -> list[int | None]:
    """Each entry's game-clock reading (ms elapsed): None until the clock is started; an entry
    recorded without one (an undo, a rewind) reads as the entry before it (the rows' first,
    as `last`: the reading of the entry before them)."""
    readings: list[int | None] = []
    for r in rows:
        if r.type == "clock_started":
            last = r.clock_ms or 0
        elif last is not None and r.clock_ms is not None:
            last = r.clock_ms
        readings.append(last)
    return readings


def concerned(payload: dict[str, Any], players: Sequence[str]) -> tuple[str, ...]:
    """The players an entry names (in its fields, lists or a dictionary's keys), seating order."""
    names: set[str] = set()
    for key, value in payload.items():
        if key in _WORDS:
            continue
        if isinstance(value, str):
            names.add(value)
        elif isinstance(value, list):
            names.update(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            names.update(k for k in value if isinstance(k, str))
    return tuple(p for p in players if p in names)


def entries(game: TableGame) -> list[Entry]:
    """Every entry of the game's ledger, oldest first ([] before a game is started). Raises
    LedgerCorrupt for a row too damaged to place (its time); a payload that cannot be read is
    shown as stored."""
    if game.game_id is None or game.table is None:
        return []
    with collector_paused():
        return entries_of(game.ledger.history(game.game_id), game.table)


def entries_after(game: TableGame, known: list[Entry], tail: History) -> list[Entry]:
    """`known` (every entry up to its last, as `entries` gave them) followed by the entries of
    `tail`, the rows recorded after them (`rows_since`), with each known entry a new
    void takes back marked voided by it: what `entries` would give now, without reading the
    rows before. Raises as `entries`."""
    if game.table is None or not known:
        return entries(game)
    last = known[-1]
    with collector_paused():
        found = entries_of(tail, game.table, TimelineEntries(game.timeline),
                         clock_ms=last.clock_ms, command_no=last.command_no)
    listed = list(known)
    for number, seq in voided_by(rows_of(tail)).items():
        for at in game.timeline.entries(number):
            if at <= last.seq and not listed[at - 1].voided:
                listed[at - 1] = replace(listed[at - 1], voided=True, voided_by=seq)
    return listed + found


def rows_since(game: TableGame, last: Entry) -> History:
    """The game's rows recorded after entry `last`, up to the game's head as it holds it (a
    row recorded since it was read waits for the game to follow it)."""
    assert game.game_id is not None
    tail = game.ledger.history_after(game.game_id, last.seq, last.command_no)
    head = game.head_seq
    if not tail.events or tail.events[-1][1] <= head:
        return tail
    events = [row for row in tail.events if row[1] <= head]
    numbers = {row[2] for row in events}
    return History(tail.game, tail.players, [row for row in tail.commands if row[1] in numbers],
                   events, [row for row in tail.transfers if row[1] <= head], tail.snapshots)


def entries_of(history: History, table: Table,
               numbers: Mapping[int, Sequence[int]] | None = None, *,
               clock_ms: int | None = None, command_no: int | None = None) -> list[Entry]:
    """The entries of `history`'s rows: a whole game's, or the rows after an entry whose clock
    read `clock_ms` and whose command was `command_no`, with `numbers` (command -> its
    entries, of the whole game) for the voids' words."""
    rows = rows_of(history)
    players = [str(p[2]) for p in history.players]
    voids, disputes = voided_by(rows), command_disputes(history)
    named = command_versions(history)
    if numbers is None:
        numbers = entries_by_command((r.seq, r.command_no) for r in rows)
    found = []
    last_command = command_no
    for r, event, reading in zip(rows, events_of(rows), clock_readings(rows, clock_ms),
                                 strict=True):
        payload = r.payload
        first_of_command, last_command = r.command_no != last_command, r.command_no
        number = payload.get("dispute")
        found.append(Entry(
            seq=r.seq, command_no=r.command_no, type=r.type,
            category=CATEGORY_OF.get(r.type, "play"),
            players=tuple(players) if r.type == "game_started" else concerned(payload, players),
            text=words(event, r, table, numbers)
            + version_words(r, payload, named, first_of_command),
            recorded_at=r.recorded_at, clock_ms=reading,
            actor=f"{r.actor_role}: {r.actor_name}",
            voided=r.command_no in voids, voided_by=voids.get(r.command_no),
            dispute=number if type(number) is int else disputes.get(r.command_no)))
    return found


def matching(found: Iterable[Entry], *, players: Iterable[str] = (),
             categories: Iterable[str] = (), since: datetime | None = None,
             until: datetime | None = None, text: str = "") -> list[Entry]:
    """The entries that pass every filter given: any of `players`, any of `categories`,
    recorded in [since, until], `text` in their words, type or actor (any case)."""
    wanted, kinds, needle = set(players), set(categories), text.strip().casefold()
    return [e for e in found
            if (not wanted or wanted.intersection(e.players))
            and (not kinds or e.category in kinds)
            and (since is None or e.recorded_at >= since)
            and (until is None or e.recorded_at <= until)
            and (not needle or needle in e.text.casefold() or needle in e.type.casefold()
                 or needle in e.actor.casefold())]
