"""The table service: one game's commands in, its ledger and state out (the GUI and CLI call this)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from app import judges, rulebook, voids
from app.ledger import GENESIS, Actor, Ledger, LedgerCorrupt, NewEvent, StoredEvent, open_ledger
from app.ledger.hashing import event_hash, format_timestamp
from models.clock import elapsed_ms, remaining_ms
from models.commands import (
    COMMAND_ADAPTER,
    JUDGE_ONLY,
    ClockTick,
    Command,
    NewGame,
    RaiseDispute,
    Rewind,
    Undo,
)
from models.engine import Table, decide
from models.errors import BadInput, BankerError
from models.events import CommandsVoided, Event, GameStarted
from models.fold import apply, start
from models.money import raisable
from models.state import GameState

DEFAULT_ACTOR = Actor(role="banker", name="banker")


def parse_command(text: str | dict[str, Any]) -> Command:
    """One JSON command (text or already decoded); raises BadInput saying what is wrong."""
    try:
        if isinstance(text, str):
            return COMMAND_ADAPTER.validate_json(text)
        return COMMAND_ADAPTER.validate_python(text)
    except ValidationError as e:
        raise BadInput(describe_validation(e)) from None


def describe_validation(error: ValidationError) -> str:
    """Pydantic's complaints in one line each, without its boilerplate."""
    lines = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        lines.append(f"{where}: {message}" if where else message)
    return "; ".join(lines)


def command_json(command: Command) -> dict[str, Any]:
    """A command as the JSON object it was given as (defaults left out)."""
    return command.model_dump(mode="json", exclude_none=True)


def event_record(event: Event) -> NewEvent:
    """The ledger's record of an event: its type, payload and money moves."""
    payload = event.model_dump(mode="json", exclude={"type"})
    return NewEvent(type=event.type, payload=payload, transfers=tuple(event.transfers()))


def _check_head(last: StoredEvent, prev_hash: str) -> None:
    """On open: the chain's head must be the hash of the last event as stored (a quick check;
    `banker verify` checks every link and the fold)."""
    digest = event_hash(
        game_id=last.game_id, seq=last.seq, command_no=last.command_no, type=last.type,
        payload=last.payload, actor_role=last.actor_role, actor_name=last.actor_name,
        recorded_at=format_timestamp(last.recorded_at), clock_ms=last.clock_ms,
        prev_hash=last.prev_hash, transfers=last.transfers)
    if digest != last.hash or last.prev_hash != prev_hash:
        raise LedgerCorrupt(f"event {last.seq} ({last.type}), the head of the chain, does not "
                            "match its hash: run banker verify")


def utc_now() -> datetime:
    """The wall clock, in UTC (tests and scripts pass their own)."""
    return datetime.now(UTC)


@dataclass
class TableGame:
    """One game in a ledger, with its rules and its current state (a fold of its events).

    `now` is the clock the table runs on; `judge` and `judge_pin` are set when a judge signs in
    at this table (every judge-only command is checked against the PIN's hash)."""

    ledger: Ledger
    game_id: str | None
    table: Table | None
    state: GameState | None
    head_seq: int = 0
    now: Callable[[], datetime] = utc_now
    judge: str | None = None
    judge_pin: str | None = field(default=None, repr=False)
    sleep: Callable[[float], None] = time.sleep

    @classmethod
    def open(cls, db: str, game_id: str | None = None,
             now: Callable[[], datetime] = utc_now) -> TableGame:
        """Open a ledger file (or URL) and its game (the latest one unless `game_id` is given)."""
        ledger = open_ledger(db)
        game = cls(ledger=ledger, game_id=None, table=None, state=None, now=now)
        game_id = game_id or ledger.latest_game_id()
        if game_id is not None:
            info = ledger.game(game_id)
            game.game_id = game_id
            game.table = rulebook.table_from_json(info.board_json, info.profile_json,
                                                  info.decks_json)
            game.reload()
        return game

    def reload(self) -> None:
        """Fold the stored events again (after a void, or to pick up another writer's entries)."""
        assert self.table is not None and self.game_id is not None
        stored = self.ledger.events(self.game_id)
        if stored:
            _check_head(stored[-1], stored[-2].hash if len(stored) > 1 else GENESIS)
        self.state = voids.fold(self.table, stored)
        self.head_seq = stored[-1].seq if stored else 0

    def close(self) -> None:
        """Release the database."""
        self.ledger.close()

    def sign_in_judge(self, name: str, pin: str) -> None:
        """A judge signs in at this table; raises JudgeAuthError (after a delay) on a wrong PIN."""
        judges.verify_pin(self.ledger, name, pin, self.sleep)
        self.judge, self.judge_pin = name, pin

    def submit(self, command: Command, actor: Actor = DEFAULT_ACTOR,
               clock_ms: int | None = None) -> list[StoredEvent]:
        """Decide `command` and record its events in one transaction; raises and records nothing
        if the rules refuse it, the sender's view is stale, or the ledger cannot be written.
        A clock announcement or time call that is due is recorded first, as its own entry."""
        if command.at is None:
            command = command.model_copy(update={"at": self.now()})
        actor = self._actor(command, actor)
        assert command.at is not None
        recorded_at = command.at.astimezone(UTC)
        if isinstance(command, NewGame):
            return self._start(command, actor, recorded_at)
        if self.table is None or self.game_id is None:
            raise BadInput("no game has been started: the first command is new_game")
        if not isinstance(command, ClockTick):
            self._tick(command.at)
        if isinstance(command, Undo | Rewind):
            return self._void(command, actor, recorded_at)
        if isinstance(command, RaiseDispute) and any(e > self.head_seq for e in command.entries):
            raise BadInput(f"the ledger has entries 1 to {self.head_seq}")
        events = decide(self.table, self.state, command)
        return self._record(command, events, actor, recorded_at, clock_ms)

    def tick(self) -> list[StoredEvent]:
        """Record what the clock says now, if anything (the window calls this every second)."""
        if self.state is None:
            return []
        return self._tick(self.now())

    def _tick(self, at: datetime) -> list[StoredEvent]:
        # The clock's marks and a skipped turn are separate entries: a rewind takes back the
        # skip (it is play) but never the time (RULES.md: the clock keeps running).
        written: list[StoredEvent] = []
        for tick in (ClockTick(type="clock_tick", at=at, skips=False),
                     ClockTick(type="clock_tick", at=at, marks=False)):
            if self.state is None or self.table is None or self.state.locked:
                break
            try:
                events = decide(self.table, self.state, tick)
            except BankerError:
                continue
            if events:
                written += self._record(tick, events, Actor(role="clock", name="clock"),
                                        at.astimezone(UTC), None)
        return written

    def _actor(self, command: Command, actor: Actor) -> Actor:
        if command.actor is not None:
            actor = Actor(role=command.actor.role, name=command.actor.name)
        if not isinstance(command, JUDGE_ONLY):
            return actor
        name = command.actor.name if command.actor is not None else self.judge
        if name is None:
            raise judges.JudgeAuthError(f"{command.type} is a judge's action: a judge must sign in")
        if name != self.judge:
            raise judges.JudgeAuthError(f"judge {name!r} is not signed in at this table")
        judges.verify_pin(self.ledger, name, self.judge_pin, self.sleep)
        return Actor(role="judge", name=name)

    def _record(self, command: Command, events: list[Event], actor: Actor, recorded_at: datetime,
                clock_ms: int | None) -> list[StoredEvent]:
        assert self.game_id is not None
        if clock_ms is None and self.state is not None and self.state.clock is not None:
            clock_ms = elapsed_ms(self.state.clock, recorded_at)
        stored = self.ledger.append(
            self.game_id, expected_seq=self._expected(command), command=command_json(command),
            events=[event_record(e) for e in events], actor=actor, clock_ms=clock_ms,
            recorded_at=recorded_at,
        )
        self._fold(events, stored)
        return stored

    def _void(self, command: Undo | Rewind, actor: Actor, recorded_at: datetime
              ) -> list[StoredEvent]:
        assert self.game_id is not None and self.table is not None
        commands = self.ledger.commands(self.game_id)
        stored = self.ledger.events(self.game_id)
        if isinstance(command, Undo):
            numbers = voids.plan_undo(self.table, commands, stored)
            event = CommandsVoided(commands=numbers, how="undo", reason="banker's undo")
        else:
            numbers = voids.plan_rewind(self.table, commands, stored, command.to_seq)
            event = CommandsVoided(commands=numbers, how="rewind", reason=command.reason)
        written = self.ledger.append(
            self.game_id, expected_seq=self._expected(command), command=command_json(command),
            events=[event_record(event)], actor=actor, clock_ms=None, recorded_at=recorded_at)
        self.reload()
        return written

    def _start(self, command: NewGame, actor: Actor, recorded_at: datetime) -> list[StoredEvent]:
        if self.game_id is not None:
            raise BadInput("this ledger already holds a game; use a new file for a new game")
        table = rulebook.table(command.profile, command.board)
        events = decide(table, None, command)
        game_id, stored = self.ledger.start_game(
            profile_id=table.profile.id, board_id=table.board.id,
            profile_json=table.profile.model_dump_json(), board_json=table.board.model_dump_json(),
            decks_json=table.decks.model_dump_json(), players=list(command.players),
            label=command.label, command=command_json(command),
            events=[event_record(e) for e in events], actor=actor, clock_ms=None,
            recorded_at=recorded_at,
        )
        self.game_id, self.table = game_id, table
        self._fold(events, stored)
        return stored

    def _expected(self, command: Command) -> int:
        # A command that says which event it follows is checked against the ledger itself;
        # one that does not is taken as following what this session last saw.
        return self.head_seq if command.expect_seq is None else command.expect_seq

    def _fold(self, events: list[Event], stored: list[StoredEvent]) -> None:
        for event in events:
            if self.state is None:
                assert isinstance(event, GameStarted)
                self.state = start(event)
            else:
                apply(self.state, event)
        if stored:
            self.head_seq = stored[-1].seq

    def events(self) -> list[StoredEvent]:
        """Every event of the game, in order."""
        return self.ledger.events(self.game_id) if self.game_id else []

    def state_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, with the names the table uses."""
        if self.state is None or self.table is None:
            return {"game": None}
        board = self.table.board
        data = self.state.model_dump(mode="json")
        for deed in data["deeds"].values():
            deed["name"] = board.space(deed["space"]).name
        for player in data["players"]:
            player["space_name"] = board.space(player["position"]).name
        for debt in data["debts"]:
            debt["raisable"] = raisable(board, self.state, debt["debtor"],
                                         self.table.profile.hotel_outright_sale)
        clock = self.state.clock
        data["time_left_ms"] = (remaining_ms(clock, self.now()) if clock and clock.started_at
                                else None)
        data["game"] = self.game_id
        data["head_seq"] = self.head_seq
        return data


def read_script(text: str) -> Iterator[tuple[int, str]]:
    """The command lines of a JSONL script with their line numbers (blank and # lines skipped)."""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, stripped


def dumps(data: Any) -> str:
    """JSON for people and scripts alike."""
    return json.dumps(data, indent=2, ensure_ascii=False)
