"""The one error hierarchy of the game: every refusal says what, where and which rule."""

from __future__ import annotations


class BankerError(Exception):
    """Base of every error the banker can be shown."""


class BadInput(BankerError):
    """A command that is malformed or impossible on its face (a die of 7, an unknown player)."""


class RuleViolation(BankerError):
    """A well-formed command that the table's rules forbid; carries the clause it breaks."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.message = message


class DataFileError(BankerError):
    """A board, profile or deck file that does not validate; names the file and every problem."""

    def __init__(self, file: str, problems: list[str]) -> None:
        super().__init__(f"{file}: " + f"\n{file}: ".join(problems))
        self.file = file
        self.problems = problems
