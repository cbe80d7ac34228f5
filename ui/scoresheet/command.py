"""`banker scoresheet`: the sheet in words, as JSON, or as a PDF (the one CLI command that needs
Qt)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from app.cli.main import DB_OPTION, GAME_OPTION, main, warn_unsound
from app.cli.scoresheet_text import sheet_text
from app.table.command_text import dumps, parse_command
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.cli_support import folder_exists, ledger_errors, write_with_qt


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
    if pdf is not None:
        folder_exists(pdf, "'--pdf'")
    with ledger_errors():
        session = TableGame.open(db, game, create=False, readonly=not collect)
        warn_unsound(session)
        if collect:
            session.submit(parse_command({"type": "collect_scoresheet"}))
        sheet = scoresheet(session)
    if pdf is not None:
        write_with_qt("scoresheet", _writer, sheet, pdf, paper)
        click.echo(f"scoresheet written to {pdf}")
    if as_json:
        click.echo(dumps(sheet))
    elif pdf is None:
        click.echo(sheet_text(sheet))


def _writer() -> Callable[[dict[str, Any], Path, str], None]:
    # Qt loads only when a PDF is asked for: the rest of the CLI runs without it.
    from ui.scoresheet.document import write_pdf  # noqa: PLC0415

    return write_pdf


__all__ = ["main"]
