"""`banker appeal-report`: the whole ledger with the disputes and rulings, as a PDF."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from app.cli import DB_OPTION, EXIT_LEDGER, EXIT_REFUSED, GAME_OPTION, main, warn_unsound
from app.ledger import LedgerError
from app.tables import TableGame
from models.errors import BankerError
from ui.system_check import qt_missing


@main.command("appeal-report")
@DB_OPTION
@GAME_OPTION
@click.option("--pdf", "pdf", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Write the report to this PDF file.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
def appeal_command(db: str, game: str | None, pdf: Path, paper: str) -> None:
    """The appeal report: every entry in plain words, disputes, rulings and corrections, and the
    verification's verdict and head on every page, as a PDF."""
    if not pdf.parent.is_dir():
        raise click.BadParameter(f"folder {pdf.parent} does not exist; nothing was written",
                                 param_hint="'--pdf'")
    try:
        session = TableGame.open(db, game, create=False, readonly=True)
    except LedgerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    warn_unsound(session)
    if session.state is None:
        click.echo(f"{db} holds no game yet: no report to write", err=True)
        sys.exit(EXIT_REFUSED)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt loads only when a PDF is written: the rest of the CLI runs without it.
    try:
        from PySide6.QtGui import QGuiApplication  # noqa: PLC0415

        from ui.judge.appeal import write_appeal_pdf  # noqa: PLC0415
    except ImportError as e:
        click.echo(f"report not written: {qt_missing(e)}", err=True)
        sys.exit(EXIT_LEDGER)
    _app = QGuiApplication.instance() or QGuiApplication(["banker"])
    try:
        pages = write_appeal_pdf(session, pdf, paper)
    except LedgerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    except BankerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_REFUSED)
    except OSError as e:
        click.echo(f"report not written: {e}", err=True)
        sys.exit(EXIT_LEDGER)
    click.echo(f"appeal report written to {pdf} ({pages} page{'s' * (pages != 1)}, "
               f"{session.head_seq:,} entries)")


__all__ = ["appeal_command"]
