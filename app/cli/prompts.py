"""Judges at the command line: PINs from the environment or a hidden prompt, never an option."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field

import click

from app.table import judges
from app.table.command_text import parse_command
from app.table.service import TableGame
from models.commands import Command, JudgeEntry, NewGame
from models.errors import BankerError

JUDGE_PIN = "BANKER_JUDGE_PIN"
NEW_JUDGE_PIN = "BANKER_NEW_JUDGE_PIN"


def ask_pin(variable: str, prompt: str, confirm: bool = False) -> str:
    """A PIN from the environment variable `variable`, else asked for without echo (a PIN on
    the command line would stay in `ps` and the shell's history)."""
    pin = os.environ.get(variable)
    if pin:
        return pin
    return str(click.prompt(prompt, hide_input=True, confirmation_prompt=confirm))


@dataclass
class ScriptJudge:
    """The judge of a `banker run`: signs in to the ledger's game, or is registered with the
    new game the script opens (the first judge comes with the ledger's creation)."""

    session: TableGame
    name: str
    pin: str = field(repr=False)
    entry: JudgeEntry | None = None  # waiting to be registered with the script's new game

    @classmethod
    def start(cls, session: TableGame, name: str, lines: Iterable[str]) -> ScriptJudge:
        """Ask for the PIN (twice when registering) and sign in if the game exists; raises
        JudgeAuthError for a wrong PIN or, when registering, one that is not 6+ digits."""
        registering = session.game_id is None and _opens_game_without_judges(lines)
        pin = ask_pin(JUDGE_PIN, f"PIN for judge {name}", confirm=registering)
        judge = cls(session, name, pin, judges.registration(name, pin) if registering else None)
        if session.state is not None:
            session.sign_in_judge(name, pin)
        return judge

    def before(self, command: Command) -> Command:
        """Before each line: sign in once the game exists; the judge joins the new game."""
        if self.session.state is not None and self.session.judge is None:
            self.session.sign_in_judge(self.name, self.pin)
        if (self.entry is not None and isinstance(command, NewGame) and not command.judges
                and self.session.game_id is None):
            return command.model_copy(update={"judges": [self.entry]})
        return command


def _opens_game_without_judges(lines: Iterable[str]) -> bool:
    first = next(iter(lines), None)
    if first is None:
        return False
    try:
        command = parse_command(first)
    except BankerError:
        return False
    return isinstance(command, NewGame) and not command.judges
