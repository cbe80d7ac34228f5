"""The `banker` console script: the CLI of app/, plus the commands that need Qt (PDF, window)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from app.cli import DB_OPTION, EXIT_LEDGER, EXIT_REFUSED, GAME_OPTION, main
from app.scoresheet import scoresheet
from app.tables import TableGame, dumps, parse_command
from models.errors import BankerError


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
    try:
        session = TableGame.open(db, game)
        if collect:
            session.submit(parse_command({"type": "collect_scoresheet"}))
        sheet = scoresheet(session)
    except BankerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_REFUSED if session_exists(db) else EXIT_LEDGER)
    if pdf is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # Qt loads only when a PDF is asked for: the rest of the CLI runs without it.
        from PySide6.QtGui import QGuiApplication  # noqa: PLC0415

        from ui.scoresheet_document import write_pdf  # noqa: PLC0415

        _app = QGuiApplication.instance() or QGuiApplication(["banker"])
        write_pdf(sheet, pdf, paper)
        click.echo(f"scoresheet written to {pdf}")
    if as_json or pdf is None:
        click.echo(dumps(sheet))


def session_exists(db: str) -> bool:
    return Path(db).exists()


__all__ = ["main"]
