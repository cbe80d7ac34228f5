"""Games recorded from the examples into a temporary ledger, stopped at a chosen line, on a set clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.table import judges
from app.table.command_text import parse_command, read_script
from app.table.service import TableGame
from models.commands import NewGame

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
JUDGE, PIN = "Lee", "246802"


@dataclass
class SetClock:
    """A wall clock the test sets; each reading without a set time moves it on a few seconds."""

    at: datetime = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
    step: timedelta = timedelta(seconds=5)

    def __call__(self) -> datetime:
        self.at += self.step
        return self.at

    def set(self, at: datetime) -> None:
        """The next reading is `at`."""
        self.at = at.astimezone(UTC) - self.step


def line_of(example: str, fragment: str, nth: int = 1) -> int:
    """The number of the `nth` line of an example that contains `fragment`."""
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
    found = [number for number, line in enumerate(lines, start=1) if fragment in line]
    return found[nth - 1]


def record(db: Path, example: str, before_line: int | None = None,
           clock: SetClock | None = None) -> TableGame:
    """Record `example` (a file in resources/examples/) into `db` up to, not including, line `before_line`;
    judge Lee (PIN 246802) is registered with the new game and signed in."""
    clock = clock or SetClock()
    game = TableGame.open(str(db), now=clock)
    for number, line in read_script((EXAMPLES / example).read_text(encoding="utf-8")):
        if before_line is not None and number >= before_line:
            break
        command = parse_command(line)
        if command.at is not None:
            clock.set(command.at)
        if isinstance(command, NewGame):
            command = command.model_copy(update={"judges": [judges.registration(JUDGE, PIN)]})
        game.submit(command)
        if isinstance(command, NewGame):
            game.sign_in_judge(JUDGE, PIN)
    return game


def play(game: TableGame, clock: SetClock, **data: object) -> None:
    """Submit one more command (its `at` set on the clock first, as a live table would be)."""
    if "at" in data:
        clock.set(datetime.fromisoformat(str(data["at"])))
    game.submit(parse_command(data))
