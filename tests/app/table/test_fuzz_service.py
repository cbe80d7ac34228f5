"""Fuzzing the table service: at random moments of real games, valid and invalid commands are sent;
a valid one is recorded, an invalid one is refused with the app's own error and changes nothing."""

from __future__ import annotations

import json
import os
import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from app.cli.main import main
from app.table.command_text import command_json, parse_command
from app.table.service import TableGame
from models.engine import legal_commands
from models.errors import BankerError

PROFILES = ["classic", "sg-championship", "propnex-championship"]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
STEPS = int(os.environ.get("FUZZ_STEPS", "60"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))
BROKEN_PER_STEP = 8  # refusals write nothing, so many per step keep the count high and CI quick
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)

# Values that break a command's fields in every way a hand or a script might.
ODD_VALUES: list[Any] = [
    None, "", " ", "x" * 300, -1, 0, 7, 2**63, -(2**63), 1.5, float("inf"), True, [], {}, [7, 7],
    [1], [1, 2, 3], "Bbo", "bank", "../../etc/passwd", "\x00", "é", {"role": "judge", "name": "Zed"},
]
ODD_TIMES = [
    "2026-11-23T09:00:00",  # no zone
    "0001-01-01T00:00:00+14:00",  # overflows on the way to UTC
    "9999-12-31T23:59:59+00:00",  # far ahead of the machine's clock
    "2001-01-01T00:00:00+00:00",  # before the ledger's entries
    "not a time",
]
SPOOFED_ACTORS = [
    {"role": "judge", "name": "Zed"},
    {"role": "judge", "name": "banker"},
    {"role": "clock", "name": "clock"},
    {"role": "banker"},
]


class Clock:
    """A machine clock the test moves: a second per step, as a banker would at the quickest."""

    def __init__(self) -> None:
        self.moment = START

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float = 1.0) -> None:
        self.moment += timedelta(seconds=seconds)


def snapshot(game: TableGame) -> tuple[int, int, str]:
    """What must not change after a refusal: the session's head, the stored head, the state."""
    state = game.state.model_dump_json() if game.state is not None else ""
    stored = game.ledger.head(game.game_id)[0] if game.game_id is not None else 0
    return game.head_seq, stored, state


def mutate(command: dict[str, Any], rng: random.Random) -> dict[str, Any] | str:
    """A broken copy of a valid command: a field's value, its name, its type, or its time."""
    broken = dict(command)
    how = rng.randrange(7)
    keys = [k for k in broken if k != "type"]
    if how == 0 and keys:
        broken[rng.choice(keys)] = rng.choice(ODD_VALUES)
    elif how == 1:
        broken["type"] = rng.choice(["rol", "buy ", "", "new_game", "undo_all", 7])
    elif how == 2:
        broken["at"] = rng.choice(ODD_TIMES)
    elif how == 3:
        broken["actor"] = rng.choice(SPOOFED_ACTORS)
    elif how == 4:
        broken[rng.choice(["extra", "amount2", "Player"])] = 1
    elif how == 5 and keys:
        del broken[rng.choice(keys)]
    else:
        text = json.dumps(broken)
        return text[: rng.randrange(len(text))]  # a line cut short
    return broken


class TableFuzz(RuleBasedStateMachine):
    """One table's game, played by legal commands and bombarded with broken ones."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.clock = Clock()
        self.game: TableGame | None = None
        self.rng = random.Random(0)

    @initialize(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1),
                count=st.integers(2, 5))
    def start(self, profile: str, seed: int, count: int) -> None:
        self.rng = random.Random(seed)
        low = {"classic": 2, "sg-championship": 2, "propnex-championship": 4}[profile]
        high = {"classic": 5, "sg-championship": 4, "propnex-championship": 5}[profile]
        players = NAMES[: max(low, min(count, high))]
        throws = {name: [1, 2] for name in players}
        throws[players[0]] = [6, 6]
        db = Path(self.folder.name) / "fuzz.db"
        self.game = TableGame.open(str(db), now=self.clock)
        self.game.submit(parse_command({"type": "new_game", "profile": profile,
                                        "players": players, "roll_off": [throws]}))

    def legal(self) -> list[dict[str, Any]]:
        assert self.game is not None and self.game.table is not None and self.game.state is not None
        commands = legal_commands(self.game.table, self.game.state)
        return [command_json(c) for c in commands]

    @precondition(lambda self: self.game is not None)
    @rule()
    def play_a_legal_command(self) -> None:
        assert self.game is not None
        self.clock.advance()
        legal = self.legal()
        if not legal:
            return
        kinds = sorted({c["type"] for c in legal})
        kind = self.rng.choice(kinds)
        chosen = self.rng.choice([c for c in legal if c["type"] == kind])
        chosen.pop("at", None)
        before = self.game.head_seq
        self.game.submit(parse_command(chosen))
        assert self.game.head_seq > before

    @precondition(lambda self: self.game is not None)
    @rule()
    def send_a_broken_command(self) -> None:
        assert self.game is not None
        self.clock.advance()
        legal = self.legal() or [{"type": "roll", "player": "Ann", "dice": [1, 2]}]
        for _ in range(BROKEN_PER_STEP):
            broken = mutate(self.rng.choice(legal), self.rng)
            before = snapshot(self.game)
            try:
                command = parse_command(broken)
                self.game.submit(command)
            except BankerError:
                assert snapshot(self.game) == before, f"a refused {broken!r} changed the ledger"
                continue
            # Some mutations are still valid commands (a legal value replaced by another legal
            # one): they were recorded like any other, and the ledger moved on.
            assert self.game.head_seq >= before[0]
            return

    @precondition(lambda self: self.game is not None)
    @rule(value=st.one_of(st.integers(), st.text(max_size=50), st.none(), st.floats()),
          field=st.sampled_from(["amount", "player", "space", "claim", "dice", "card", "minutes",
                                 "to_seq", "expect_seq", "houses"]),
          kind=st.sampled_from(["bid", "roll", "build", "collect_rent", "draw_card", "mortgage",
                                "fine", "set_game_length", "rewind", "pay_debt", "sell_buildings"]))
    def send_a_random_field(self, value: Any, field: str, kind: str) -> None:
        assert self.game is not None
        before = snapshot(self.game)
        try:
            self.game.submit(parse_command({"type": kind, field: value}))
        except BankerError:
            assert snapshot(self.game) == before

    @invariant()
    def state_is_the_fold_of_the_ledger(self) -> None:
        if self.game is None or self.game.state is None:
            return
        # Every tenth step or so: reopen the file and fold it from the start.
        if self.rng.random() < 0.1:
            reopened = TableGame.open(self.game.ledger.location, now=self.clock)
            try:
                assert reopened.head_seq == self.game.head_seq
                assert reopened.state is not None
                assert reopened.state.model_dump() == self.game.state.model_dump()
            finally:
                reopened.close()

    def teardown(self) -> None:
        if self.game is not None:
            self.game.close()
        self.folder.cleanup()


TableFuzz.TestCase.settings = settings(
    max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_table_service_refuses_cleanly_and_changes_nothing = TableFuzz.TestCase


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(st.text(max_size=80), st.binary(max_size=80).map(
    lambda b: b.decode("latin-1"))), min_size=1, max_size=5))
def test_banker_run_reports_broken_lines_without_a_traceback(lines: list[str]) -> None:
    # A script of one valid new_game followed by random lines: `banker run` stops at the first
    # bad line with exit 3 (refused or bad input) and keeps what came before; never an exception.
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "script.jsonl"
        db = Path(folder) / "t.db"
        first = json.dumps({"type": "new_game", "profile": "classic", "players": ["Ann", "Bob"],
                            "roll_off": [{"Ann": [6, 6], "Bob": [1, 2]}]})
        script.write_text("\n".join([first, *lines]) + "\n", encoding="utf-8")
        result = CliRunner().invoke(main, ["run", str(script), "--db", str(db)],
                                    catch_exceptions=False)
        assert result.exit_code in (0, 3), result.output
        assert "Traceback" not in result.output
        listed = CliRunner().invoke(main, ["ledger", "--db", str(db), "--json"],
                                    catch_exceptions=False)
        assert listed.exit_code == 0, listed.output
        assert json.loads(listed.stdout)[0]["type"] == "game_started"
