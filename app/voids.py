"""Undo and rewind: which commands a void covers, and the state with voided commands skipped."""

from __future__ import annotations

from collections import defaultdict

from pydantic import ValidationError

from app.ledger import LedgerCorrupt, StoredCommand, StoredEvent
from models.engine import Table, replay
from models.errors import RuleViolation
from models.events import EVENT_ADAPTER, Event
from models.state import GameState

# Events of the officials that no rewind takes back: time keeps running, disputes stay raised,
# a judge stays registered.
KEPT = {"game_ended", "clock_started", "clock_paused", "clock_resumed", "game_length_set",
        "announcement_made",
        "time_called", "time_call_withdrawn", "break_started", "break_ended", "dispute_raised",
        "dispute_ruled",
        "cash_counted", "count_settled", "scoresheet_collected", "game_unlocked",
        "commands_voided", "judge_added"}


def stored_to_event(stored: StoredEvent) -> Event:
    """Decode a stored event back into the engine's model; raises LedgerCorrupt naming the
    event if its payload is not one (a damaged or doctored row)."""
    try:
        return EVENT_ADAPTER.validate_python({"type": stored.type, **stored.payload})
    except ValidationError as e:
        problem = e.errors()[0]
        where = ".".join(str(p) for p in problem["loc"])
        raise LedgerCorrupt(f"event {stored.seq} ({stored.type}): its stored payload is not a "
                            f"valid event ({where}: {problem['msg']}); run banker verify") from None


def voided(stored: list[StoredEvent]) -> set[int]:
    """Numbers of the commands that later undo or rewind entries voided; raises LedgerCorrupt
    for a void entry whose list of commands is damaged."""
    numbers: set[int] = set()
    for s in stored:
        if s.type != "commands_voided":
            continue
        listed = s.payload.get("commands")
        if not isinstance(listed, list) or not all(type(n) is int for n in listed):
            raise LedgerCorrupt(f"event {s.seq} ({s.type}): its list of voided commands is "
                                "damaged; run banker verify")
        numbers.update(listed)
    return numbers


def fold(table: Table, stored: list[StoredEvent]) -> GameState | None:
    """The state: every event folded in order, except those of voided commands."""
    skip = voided(stored)
    return replay(table, [stored_to_event(s) for s in stored if s.command_no not in skip])


def _voidable(commands: list[StoredCommand], stored: list[StoredEvent]) -> list[StoredCommand]:
    skip = voided(stored)
    types: dict[int, set[str]] = defaultdict(set)
    for s in stored:
        types[s.command_no].add(s.type)
    # A clock tick is voidable only for a turn it skipped (then it holds nothing else); its
    # time call and a game's end by time stay. Other commands are play unless all kept.
    return [c for c in commands if c.command_no not in skip and c.command_no != 1
            and types[c.command_no] - KEPT
            and (c.payload.get("type") != "clock_tick" or "turn_skipped" in types[c.command_no])]


def plan_undo(table: Table, commands: list[StoredCommand], stored: list[StoredEvent]) -> list[int]:
    """The banker's undo: the last game command, as long as no roll was recorded after it."""
    candidates = [c for c in _voidable(commands, stored)
                  if c.payload.get("type") != "clock_tick"]  # undo is for the banker's entries
    if not candidates:
        raise RuleViolation(table.profile.clause("undo"), "there is nothing to undo")
    last = candidates[-1]
    later_roll = any(c.command_no > last.command_no and c.payload.get("type") == "roll"
                     for c in commands)
    if later_roll:
        raise RuleViolation(table.profile.clause("undo"), "a roll has been recorded since; "
                            "only the judge can go further back (rewind)")
    return [last.command_no]


def plan_rewind(table: Table, commands: list[StoredCommand], stored: list[StoredEvent],
                to_seq: int) -> list[int]:
    """The judge's rewind: every game command after the command that recorded entry `to_seq`."""
    target = next((s for s in stored if s.seq == to_seq), None)
    if target is None:
        raise RuleViolation(table.profile.clause("judge"), f"there is no entry {to_seq}")
    later = [c.command_no for c in _voidable(commands, stored) if c.command_no > target.command_no]
    if not later:
        raise RuleViolation(table.profile.clause("judge"), f"nothing to rewind after entry {to_seq}")
    return later
