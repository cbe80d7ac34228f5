"""docs/commands.md stays complete: every command and event type the code knows is documented."""

from pathlib import Path
from typing import get_args

from models.commands import Command
from models.events import Event

DOC = (Path(__file__).resolve().parents[2] / "docs" / "commands.md").read_text(encoding="utf-8")


def _types(union: object) -> list[str]:
    members = get_args(get_args(union)[0])
    return [m.model_fields["type"].annotation.__args__[0] for m in members]


def test_every_command_type_is_documented() -> None:
    missing = [t for t in _types(Command) if f"`{t}`" not in DOC]
    assert missing == []


def test_every_event_type_is_documented() -> None:
    missing = [t for t in _types(Event) if f"`{t}`" not in DOC]
    assert missing == []
