"""`banker tournament print`: the hall's printouts of a stage's draw as PDF (table cards, the
draw's wall sheet, pre-filled blank scoresheets)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from app.cli.tournament import refusals, tournament_group
from app.tournament import service as tournaments
from app.tournament.hall import HallPrint, hall_print
from ui.cli_support import folder_exists, write_with_qt

OUT = click.Path(dir_okay=False, writable=True, path_type=Path)
Writer = Callable[[HallPrint, Path, str], int]


@tournament_group.command("print")
@click.argument("tid")
@click.argument("stage")
@click.option("--cards", "cards_out", type=OUT, default=None,
              help="Write a card per table: its number, the seats in order, banker and judge.")
@click.option("--sheet", "sheet_out", type=OUT, default=None,
              help="Write the draw's wall sheet: every table, then every player's seat.")
@click.option("--scoresheets", "sheets_out", type=OUT, default=None,
              help="Write a blank scoresheet per table, pre-filled with its seats.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
def print_hall(tid: str, stage: str, cards_out: Path | None, sheet_out: Path | None,
               sheets_out: Path | None, paper: str) -> None:
    """Print the stage's draw for the hall as PDF: table cards, the draw sheet, scoresheets."""
    outs = {"cards_pdf": cards_out, "draw_sheet_pdf": sheet_out, "scoresheets_pdf": sheets_out}
    if not any(outs.values()):
        raise click.UsageError("say what to print: --cards, --sheet and/or --scoresheets")
    for path in outs.values():
        if path is not None:
            folder_exists(path)
    with refusals():
        data = hall_print(tournaments.load(tid), stage)
    for name, path in outs.items():
        if path is not None:
            pages = write_with_qt("the PDF", _writer(name), data, path, paper)
            click.echo(f"written: {path} ({pages} page{'s' * (pages != 1)})")


def _writer(name: str) -> Callable[[], Writer]:
    def load() -> Writer:
        # Qt loads only when a PDF is written.
        from ui.tournament import hall_pdf  # noqa: PLC0415

        found: Writer = getattr(hall_pdf, name)
        return found

    return load
