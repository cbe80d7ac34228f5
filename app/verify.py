"""Verifying a ledger: the hash chain, and that every event follows from its command by the rules."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import partial

from app import anchors, integrity, voids
from app.ledger import Ledger, StoredCommand, StoredEvent
from app.tables import event_record, parse_command
from models.commands import Command, Rewind, Undo
from models.engine import Table, decide
from models.errors import BankerError
from models.events import BANK, CommandsVoided, Event, GameStarted
from models.fold import apply, start
from models.state import GameState


def verify_file(ledger: Ledger, game_ids: list[str], head: tuple[int, str] | None
                ) -> tuple[list[str], bool]:
    """The lines `banker verify` prints, and whether all is sound: the file as a whole (SQLite's
    integrity and foreign-key checks, rows of no game), then each game (chain, then replay) with
    its head, then the head given from a signed sheet against the last (latest) game."""
    lines: list[str] = []
    problems = _guarded(ledger.file_problems)
    if problems:
        lines += ["file: NOT SOUND"] + [f"  {problem}" for problem in problems]
    sound = not problems
    for game_id in game_ids:
        problems = _guarded(partial(verify_game, ledger, game_id))
        try:
            count, digest = ledger.head(game_id)
        except BankerError:
            count, digest = 0, "unknown"
        if problems:
            sound = False
            lines += [f"game {game_id}: NOT SOUND"] + [f"  {problem}" for problem in problems]
        else:
            lines.append(f"game {game_id}: sound ({count} events, chain and fold agree)")
        lines.append(f"head {anchors.head_text(count, digest)}")
    if head is not None and game_ids:
        wrong = _guarded(partial(anchors.anchor_problems, ledger, game_ids[-1], *head))
        sheet = f"{head[0]}:{head[1]}"
        lines += [f"  {problem}" for problem in wrong] if wrong else [
            f"the sheet's head {sheet} is in this ledger"]
        sound = sound and not wrong
    return lines, sound


def _guarded(check: Callable[[], list[str]]) -> list[str]:
    """The check's lines, or the ledger's own error as one line (a damaged row, a lost game)."""
    try:
        return check()
    except BankerError as e:
        return [str(e)]


def verify_game(ledger: Ledger, game_id: str) -> list[str]:
    """Every problem found, the first naming the first entry that does not match; [] = sound."""
    problems = integrity.first_plainest(integrity.header_problems(ledger, game_id),
                                        ledger.verify_chain(game_id))
    if problems:
        return problems
    return _refold(ledger, game_id)


def _refold(ledger: Ledger, game_id: str) -> list[str]:
    info = ledger.game(game_id)
    table = integrity.stored_table(info)
    stored_by_command: dict[int, list[StoredEvent]] = defaultdict(list)
    for stored in ledger.events(game_id):
        stored_by_command[stored.command_no].append(stored)
    state: GameState | None = None
    seen: list[StoredEvent] = []
    done: list[StoredCommand] = []
    for command_row in ledger.commands(game_id):
        rows = stored_by_command.pop(command_row.command_no, [])
        label = f"command {command_row.command_no} ({command_row.payload.get('type')})"
        try:
            command = parse_command(command_row.payload)
            events = _expected_events(table, state, command, done, seen)
        except BankerError as e:
            first = f"event {rows[0].seq}" if rows else "no event"
            return [f"{first}: {label} is refused when replayed: {e}"]
        problem = _compare(label, events, rows)
        if problem:
            return [problem]
        seen += rows
        done.append(command_row)
        if isinstance(command, Undo | Rewind):
            state = integrity.fold(table, seen)
            continue
        for event in events:
            if state is None:
                assert isinstance(event, GameStarted)
                state = start(event)
            else:
                apply(state, event)
    if stored_by_command:
        orphan = min(stored_by_command)
        return [f"event {stored_by_command[orphan][0].seq}: belongs to no recorded command"]
    skip = voids.voided(seen)
    balances: dict[str, int] = defaultdict(int)
    for row in seen:
        if row.command_no in skip:
            continue
        for source, target, amount in row.transfers:
            balances[source] -= amount
            balances[target] += amount
    return _balances_agree(state, balances)


def _expected_events(table: Table, state: GameState | None, command: Command,
                     done: list[StoredCommand], seen: list[StoredEvent]) -> list[Event]:
    if isinstance(command, Undo):
        numbers = voids.plan_undo(table, done, seen)
        return [CommandsVoided(commands=numbers, how="undo", reason="banker's undo")]
    if isinstance(command, Rewind):
        numbers = voids.plan_rewind(table, done, seen, command.to_seq)
        return [CommandsVoided(commands=numbers, how="rewind", reason=command.reason)]
    return decide(table, state, command)


def _compare(label: str, events: list[Event], rows: list[StoredEvent]) -> str | None:
    for index, event in enumerate(events):
        record = event_record(event)
        if index >= len(rows):
            return f"{label}: replay gives event {event.type} that the ledger lacks"
        row = rows[index]
        if (row.type, row.payload, row.transfers) != (record.type, record.payload, record.transfers):
            return (f"event {row.seq} ({row.type}): does not follow from {label} "
                    f"(replay gives {record.type} {record.payload})")
    if len(rows) > len(events):
        extra = rows[len(events)]
        return f"event {extra.seq} ({extra.type}): not produced by {label}"
    return None


def _balances_agree(state: GameState | None, balances: dict[str, int]) -> list[str]:
    if state is None:
        return []
    problems = [
        f"{p.name}'s cash is {p.cash} but the transfers give {balances[p.name]}"
        for p in state.players if p.cash != balances[p.name]
    ]
    total = sum(balances.values())
    if total != 0:
        problems.append(f"transfers do not balance: they sum to {total} across {BANK} and players")
    return problems
