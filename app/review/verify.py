"""Verifying a ledger: the hash chain, and that every event follows from its command by the rules."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from app.ledger import Ledger
from app.ledger.hashing import canonical_json
from app.ledger.history import History
from app.ledger.snapshots import Snapshot
from app.table import anchors, integrity, positions, seals, snapshot_pins, versions, voids
from app.table.command_text import event_record, parse_command
from models.commands import Command, NewGame, Rewind, Undo
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
        lines += _guarded(partial(before_signatures, ledger, game_id))
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
    """Every problem found, the first naming the first entry that does not match; [] = sound.

    Each row is read once: the chain is checked from the stored bytes, the payloads decoded in
    batches, then every command replayed, every snapshot compared with the replay's state."""
    history = ledger.history(game_id)
    problems = integrity.first_plainest(integrity.header_problems(ledger, game_id),
                                        ledger.chain_problems_of(history))
    # A judge's entry whose seal fails, or that has none where one belongs, is named first:
    # whoever rewrote it may have rebuilt the chain and the events to match.
    unsigned = [problem.words for problem in seals.follow_table(game_id, history).problems]
    if problems:
        return unsigned + problems
    payloads = _decoded(history.events)
    if isinstance(payloads, str):
        return [*unsigned, payloads]
    changed, kept = _against_pins(history, ledger.snapshots(history.game_id))
    return unsigned + changed + _refold(ledger, history, payloads, kept)


def before_signatures(ledger: Ledger, game_id: str) -> list[str]:
    """A line naming the judges' entries recorded before signatures (their judge had no key
    yet: followed, never counted as forged), if there are any."""
    found = seals.follow_table(game_id, ledger.history(game_id)).before_signatures
    if not found:
        return []
    return [f"  recorded before signatures (no judge's key yet): {', '.join(found)}"]


def _against_pins(history: History, stored: list[Snapshot]
                  ) -> tuple[list[str], dict[int, Snapshot]]:
    """A problem for each snapshot rewritten whole (its hash recomputed) since the chain pinned
    it, and the other snapshots, which the replay compares with its fold (a damaged one, whose
    hash does not match its contents, is named there)."""
    pins = snapshot_pins.pins_of(history)
    events = history.events
    changed: list[str] = []
    kept: dict[int, Snapshot] = {}
    for snapshot in stored:
        seq, pin = snapshot.seq, pins.get(snapshot.seq)
        chain_hash = events[seq - 1][10] if 0 < seq <= len(events) else None
        if (pin is not None and snapshot.hash != pin.hash
                and snapshot.sound(chain_hash, snapshot.format)):
            changed.append(snapshot_pins.changed(seq, pin))
        else:
            kept[seq] = snapshot
    return changed, kept


def _decoded(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]] | str:
    """Every event's payload, decoded in one batch; or the first one not in the canonical form it
    was written in (the chain hashes the stored text, so this is checked here)."""
    texts = [row[4] for row in rows]
    joined = f"[{','.join(texts)}]"
    try:
        payloads: list[dict[str, Any]] = json.loads(joined)
        if canonical_json(payloads) == joined and len(payloads) == len(rows):
            return payloads
    except (ValueError, TypeError):
        pass
    for row in rows:
        try:
            if canonical_json(json.loads(row[4])) == row[4]:
                continue
        except (ValueError, TypeError):
            pass
        return f"event {row[1]} ({row[3]}): stored payload is not in the canonical form it was written in"
    return "the stored payloads cannot be decoded together"


def _commands(history: History) -> list[dict[str, Any]] | str:
    """Every command's payload, decoded in one batch; or the first that is not a JSON object."""
    try:
        said = json.loads(f"[{','.join(row[2] for row in history.commands)}]")
        if len(said) == len(history.commands) and all(isinstance(c, dict) for c in said):
            return [seals.given(c) for c in said]  # the commands as given
    except (ValueError, TypeError):
        pass
    for row in history.commands:
        try:
            if isinstance(json.loads(row[2]), dict):
                continue
        except (ValueError, TypeError):
            pass
        return f"command {row[1]}: its stored payload is not a JSON object"
    return "the stored commands cannot be decoded together"


@dataclass
class _Replay:
    """The replay's running state, its own checkpoints, and the stored snapshots to compare."""

    table: Table
    history: History
    stored: dict[int, Snapshot]
    state: GameState | None = None
    own: dict[int, str] = field(default_factory=dict)
    timeline: voids.Timeline = field(default_factory=voids.Timeline)

    def settle(self, seq: int) -> str | None:
        """After entry `seq`: compare its snapshot, if it has one, and keep a checkpoint."""
        snapshot = self.stored.get(seq)
        text = None
        if snapshot is not None and snapshot.format == positions.state_format():
            text = positions.state_text(self.state) if self.state is not None else ""
            chain_hash = self.history.events[seq - 1][10]
            if snapshot.event_hash != chain_hash:
                return f"snapshot at event {seq} was not folded from this chain's event {seq}"
            if not snapshot.sound(chain_hash, snapshot.format):
                return f"snapshot at event {seq} is damaged: its hash does not match its contents"
            if snapshot.state != text:
                return f"snapshot at event {seq} does not match the fold"
        if self.state is not None and seq - max(self.own, default=0) >= positions.SNAPSHOT_EVERY:
            self.own[seq] = text or positions.state_text(self.state)
        return None

    def void(self, seq: int) -> None:
        """The state after a void entry: folded from the replay's own checkpoint before it."""
        events = self.history.events
        self.state = positions.position(
            self.timeline, seq, list(self.own), lambda s: positions.state_of(self.own[s]),
            lambda ranges: [(r[1], r[2], r[3], r[4]) for low, high in ranges
                            for r in events[low - 1:high]])


def _refold(ledger: Ledger, history: History, payloads: list[dict[str, Any]],
            snapshots: dict[int, Snapshot]) -> list[str]:
    table = integrity.stored_table(ledger.game(history.game_id))
    moves: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for _, seq, _, source, target, amount in history.transfers:
        moves[seq].append((source, target, amount))
    by_command: dict[int, list[tuple[int, str, dict[str, Any], tuple[Any, ...]]]] = \
        defaultdict(list)
    for row, payload in zip(history.events, payloads, strict=True):
        by_command[row[2]].append((row[1], row[3], payload, tuple(moves.get(row[1], ()))))
    replay = _Replay(table, history, snapshots)
    commands = _commands(history)
    if isinstance(commands, str):
        return [commands]
    for row, said in zip(history.commands, commands, strict=True):
        number = row[1]
        rows = by_command.pop(number, [])
        label = f"command {number} ({said.get('type')})"
        try:
            command = parse_command(said)
            events = _expected_events(table, replay, command)
            if isinstance(command, NewGame) and rows:  # the version it names is not the rules'
                events = versions.as_recorded(events, rows[0][2])
        except BankerError as e:
            first = f"event {rows[0][0]}" if rows else "no event"
            return [f"{first}: {label} is refused when replayed: {e}"]
        problem = _compare(label, events, rows)
        if problem:
            return [problem]
        replay.timeline.add(number, command.type, [(seq, kind, p) for seq, kind, p, _ in rows])
        if isinstance(command, Undo | Rewind):
            replay.void(rows[-1][0])
            found = replay.settle(rows[-1][0])
            if found:
                return [found]
            continue
        for event, stored in zip(events, rows, strict=True):
            if replay.state is None:
                assert isinstance(event, GameStarted)
                replay.state = start(event)
            else:
                apply(replay.state, event)
            found = replay.settle(stored[0])
            if found:
                return [found]
    if by_command:
        orphan = min(by_command)
        return [f"event {by_command[orphan][0][0]}: belongs to no recorded command"]
    extra = sorted(set(replay.stored) - {row[1] for row in history.events})
    if extra:
        return [f"snapshot at event {extra[0]} stands at no event of the chain"]
    skip = replay.timeline.voided
    balances: dict[str, int] = defaultdict(int)
    for row in history.events:
        if row[2] in skip:
            continue
        for source, target, amount in moves.get(row[1], ()):
            balances[source] -= amount
            balances[target] += amount
    return _balances_agree(replay.state, balances)


def _expected_events(table: Table, replay: _Replay, command: Command) -> list[Event]:
    if isinstance(command, Undo):
        numbers = replay.timeline.plan_undo(table)
        return [CommandsVoided(commands=numbers, how="undo", reason="banker's undo")]
    if isinstance(command, Rewind):
        numbers = replay.timeline.plan_rewind(table, command.to_seq)
        return [CommandsVoided(commands=numbers, how="rewind", reason=command.reason)]
    return decide(table, replay.state, command)


def _compare(label: str, events: list[Event],
             rows: list[tuple[int, str, dict[str, Any], tuple[Any, ...]]]) -> str | None:
    for index, event in enumerate(events):
        record = event_record(event)
        if index >= len(rows):
            return f"{label}: replay gives event {event.type} that the ledger lacks"
        seq, kind, payload, moves = rows[index]
        if (kind, payload, moves) != (record.type, record.payload, record.transfers):
            return (f"event {seq} ({kind}): does not follow from {label} "
                    f"(replay gives {record.type} {record.payload})")
    if len(rows) > len(events):
        seq, kind, _, _ = rows[len(events)]
        return f"event {seq} ({kind}): not produced by {label}"
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
