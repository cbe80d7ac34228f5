"""The table service: one game's commands in, its ledger and state out (the GUI and CLI call this)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from app import rulebook
from app.ledger import Actor, Ledger, NewEvent, StoredEvent, open_ledger
from models.commands import COMMAND_ADAPTER, Command, NewGame
from models.engine import Table, decide, replay
from models.errors import BadInput
from models.events import EVENT_ADAPTER, Event, GameStarted
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


def stored_to_event(stored: StoredEvent) -> Event:
    """Decode a stored event back into the engine's model."""
    return EVENT_ADAPTER.validate_python({"type": stored.type, **stored.payload})


@dataclass
class TableGame:
    """One game in a ledger, with its rules and its current state (a fold of its events)."""

    ledger: Ledger
    game_id: str | None
    table: Table | None
    state: GameState | None
    head_seq: int = 0

    @classmethod
    def open(cls, db: str, game_id: str | None = None) -> TableGame:
        """Open a ledger file (or URL) and its game (the latest one unless `game_id` is given)."""
        ledger = open_ledger(db)
        game_id = game_id or ledger.latest_game_id()
        if game_id is None:
            return cls(ledger=ledger, game_id=None, table=None, state=None)
        info = ledger.game(game_id)
        table = rulebook.table_from_json(info.board_json, info.profile_json, info.decks_json)
        stored = ledger.events(game_id)
        state = replay(table, [stored_to_event(s) for s in stored])
        return cls(ledger=ledger, game_id=game_id, table=table, state=state,
                   head_seq=stored[-1].seq if stored else 0)

    def close(self) -> None:
        """Release the database."""
        self.ledger.close()

    def submit(self, command: Command, actor: Actor = DEFAULT_ACTOR,
               clock_ms: int | None = None) -> list[StoredEvent]:
        """Decide `command` and record its events in one transaction; raises and records nothing
        if the rules refuse it, the sender's view is stale, or the ledger cannot be written."""
        if command.actor is not None:
            actor = Actor(role=command.actor.role, name=command.actor.name)
        recorded_at = command.at.astimezone(UTC) if command.at else datetime.now(UTC)
        if isinstance(command, NewGame):
            return self._start(command, actor, recorded_at)
        if self.table is None or self.game_id is None:
            raise BadInput("no game has been started: the first command is new_game")
        events = decide(self.table, self.state, command)
        stored = self.ledger.append(
            self.game_id, expected_seq=self._expected(command), command=command_json(command),
            events=[event_record(e) for e in events], actor=actor, clock_ms=clock_ms,
            recorded_at=recorded_at,
        )
        self._fold(events, stored)
        return stored

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
