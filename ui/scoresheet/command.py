"""`banker scoresheet`: the sheet as JSON, or as a PDF (the one CLI command that needs Qt)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from app.cli import DB_OPTION, EXIT_LEDGER, EXIT_REFUSED, GAME_OPTION, main, warn_unsound
from app.ledger import LedgerError
from app.scoresheet import scoresheet
from app.tables import TableGame, dumps, parse_command
from models.errors import BankerError
from ui.system_check import qt_missing


@main.command("scoresheet")
@DB_OPTION
@GAME_OPTION
@click.option("--json", "as_json", is_flag=True, help="Every figure of the sheet as JSON.")
@click.option("--pdf", "pdf", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the printable sheet to this PDF file.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--collect", is_flag=True, help="Record that the signed sheet was collected "
              "(locks the game).")
def scoresheet_command(db: str, game: str | None, as_json: bool, pdf: Path | None, paper: str,
                       collect: bool) -> None:
    """The end-of-game scoresheet: net worth, ranking, tie-break figures, signature lines."""
    if pdf is not None and not pdf.parent.is_dir():
        raise click.BadParameter(f"folder {pdf.parent} does not exist; nothing was written",
                                 param_hint="'--pdf'")
    try:
        session = TableGame.open(db, game, create=False, readonly=not collect)
        warn_unsound(session)
        if collect:
            session.submit(parse_command({"type": "collect_scoresheet"}))
        sheet = scoresheet(session)
    except LedgerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    except BankerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_REFUSED)
    if pdf is not None:
        _write_pdf(sheet, pdf, paper)
    if as_json or pdf is None:
        click.echo(dumps(sheet))


def _write_pdf(sheet: dict[str, object], pdf: Path, paper: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt loads only when a PDF is asked for: the rest of the CLI runs without it.
    try:
        from PySide6.QtGui import QGuiApplication  # noqa: PLC0415

        from ui.scoresheet.document import write_pdf  # noqa: PLC0415
    except ImportError as e:
        click.echo(f"scoresheet not written: {qt_missing(e)}", err=True)
        sys.exit(EXIT_LEDGER)
    _app = QGuiApplication.instance() or QGuiApplication(["banker"])
    try:
        write_pdf(sheet, pdf, paper)
    except OSError as e:
        click.echo(f"scoresheet not written: {e}", err=True)
        sys.exit(EXIT_LEDGER)
    click.echo(f"scoresheet written to {pdf}")


__all__ = ["main"]
