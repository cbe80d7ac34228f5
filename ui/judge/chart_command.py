"""`banker chart`: the judge's net-worth chart drawn offscreen into a PDF or PNG file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from app.cli.main import DB_OPTION, EXIT_REFUSED, GAME_OPTION, main, warn_unsound
from app.review import service as review
from app.table.service import TableGame
from ui.cli_support import fail, folder_exists, ledger_errors, write_with_qt


def out_file(pdf: Path | None, png: Path | None) -> Path:
    """The one file asked for; a usage error (exit 2) for none, both, or a missing folder."""
    if (pdf is None) == (png is None):
        raise click.UsageError("give one of --pdf FILE or --png FILE")
    path = pdf or png
    assert path is not None
    folder_exists(path, "'--pdf'" if pdf else "'--png'")
    return path


@main.command("chart")
@DB_OPTION
@GAME_OPTION
@click.option("--pdf", "pdf", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the chart to this PDF file (A4 landscape).")
@click.option("--png", "png", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the chart to this PNG file (1600x900 pixels).")
@click.option("--by", "by", type=click.Choice(["entry", "minute"]), default="entry",
              show_default=True, help="Per ledger entry, or per minute of the game clock.")
def chart_command(db: str, game: str | None, pdf: Path | None, png: Path | None,
                  by: str) -> None:
    """Each player's net worth over the game, disputes and voids marked, as a PDF or PNG."""
    path = out_file(pdf, png)
    with ledger_errors():
        session = TableGame.open(db, game, create=False, readonly=True)
        warn_unsound(session)
        if session.state is None:
            fail(f"{db} holds no game yet: nothing to chart", EXIT_REFUSED)
        points, markers = review.worth_series(session)
    if by == "minute" and all(p.clock_ms is None for p in points):
        fail("the game clock has not started: there is nothing to chart by minute "
             "(use --by entry)", EXIT_REFUSED)
    players = [p.name for p in session.state.players]
    assert session.game_id is not None
    label = session.ledger.game(session.game_id).label or f"game {session.game_id}"
    title = (f"Net worth by {'clock minute' if by == 'minute' else 'entry'} · {label} · "
             f"{session.head_seq:,} entries")
    write_with_qt("chart", _saver, path, "pdf" if pdf else "png", title,
                  (points, markers, players), by, widgets=True)
    click.echo(f"chart written to {path}")


def _saver() -> Callable[..., None]:
    # Qt loads only when a chart is drawn: the rest of the CLI runs without it.
    from ui.judge.chart_file import save_chart  # noqa: PLC0415

    return save_chart


__all__ = ["chart_command", "out_file"]
