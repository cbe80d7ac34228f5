"""The `banker` command group, its exit codes and options, and what every command group shares."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

import click

from app.ledger import Ledger, open_ledger
from app.table.service import TableGame
from models.errors import BankerError

# Exit codes (docs/commands.md): 0 done; 1 not sound, invalid or an invariant broken; 2 usage
# (click's own, and a script that cannot be read as UTF-8); 3 refused; 4 the ledger (or PDF)
# cannot be opened, read or written.
EXIT_NOT_SOUND = 1
EXIT_USAGE = 2
EXIT_REFUSED = 3
EXIT_LEDGER = 4

Found = TypeVar("Found")

DB_OPTION = click.option("--db", "db", required=True, help="Ledger file (SQLite) or database URL.")
GAME_OPTION = click.option("--game", "game", default=None, help="Game id (default: the latest).")


@click.group()
def main() -> None:
    """Championship Banker: the table's ledger, from the command line."""


def open_table(db: str, game: str | None, *, create: bool = False, readonly: bool = False
               ) -> TableGame:
    """The table at `db`; a missing file is created only when `create` (exit 4 otherwise)."""
    try:
        session = TableGame.open(db, game, create=create, readonly=readonly)
    except BankerError as e:
        click.echo(f"cannot open {db}: {e}", err=True)
        sys.exit(EXIT_LEDGER)
    # Closed when the command is done, whichever way it ends (an in-process caller, such as the
    # tests' runner, would otherwise keep the file's handles open).
    click.get_current_context().call_on_close(session.close)
    for notice in session.ledger.database.notices:
        click.echo(notice, err=True)
    warn_unsound(session)
    return session


def warn_unsound(session: TableGame) -> None:
    """Say loudly, on stderr, that the file does not verify (what follows may be false)."""
    if session.problems:
        click.echo(f"WARNING: this ledger does not verify: {session.problems[0]} "
                   f"(banker verify lists {'it' if len(session.problems) == 1 else 'all'})",
                   err=True)


def open_readonly(db: str) -> Ledger:
    """The ledger at `db` for reading only (verify): nothing is created or written."""
    try:
        return open_ledger(db, create=False, readonly=True)
    except BankerError as e:
        click.echo(f"cannot open {db}: {e}", err=True)
        sys.exit(EXIT_LEDGER)


def read_or_exit(db: str, read: Callable[[], Found]) -> Found:
    """What `read` finds in the ledger; a file it cannot be read from is exit 4."""
    try:
        return read()
    except BankerError as e:
        click.echo(f"cannot read {db}: {e}", err=True)
        sys.exit(EXIT_LEDGER)


# The command groups register themselves on `main` when imported: importing `main` gives all.
from app.cli import (  # noqa: E402, F401
    editions,
    hub,
    judge,
    live,
    rounds,
    simulator,
    table,
    tournament,
    tournament_desk,
)
