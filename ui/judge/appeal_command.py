"""`banker appeal-report`: the whole ledger with the disputes and rulings, as a PDF."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from app.cli.main import DB_OPTION, EXIT_LEDGER, EXIT_REFUSED, GAME_OPTION, main, warn_unsound
from app.table.errors import LedgerError
from app.table.service import TableGame
from ui.cli_support import fail, folder_exists, ledger_errors, write_with_qt


@main.command("appeal-report")
@DB_OPTION
@GAME_OPTION
@click.option("--pdf", "pdf", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Write the report to this PDF file.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
def appeal_command(db: str, game: str | None, pdf: Path, paper: str) -> None:
    """The appeal report: every entry in plain words, disputes, rulings and corrections, and the
    verification's verdict and head on every page, as a PDF."""
    folder_exists(pdf, "'--pdf'")
    try:
        session = TableGame.open(db, game, create=False, readonly=True)
    except LedgerError as e:
        fail(str(e), EXIT_LEDGER)
    warn_unsound(session)
    if session.state is None:
        fail(f"{db} holds no game yet: no report to write", EXIT_REFUSED)
    with ledger_errors():
        pages = write_with_qt("report", _writer, session, pdf, paper)
    click.echo(f"appeal report written to {pdf} ({pages} page{'s' * (pages != 1)}, "
               f"{session.head_seq:,} entries)")


def _writer() -> Callable[[TableGame, Path, str], int]:
    # Qt loads only when a PDF is written: the rest of the CLI runs without it.
    from ui.judge.appeal import write_appeal_pdf  # noqa: PLC0415

    return write_appeal_pdf


__all__ = ["appeal_command"]
