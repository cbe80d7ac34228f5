"""`banker tournament-window [ID]`: the tournament's window (a Qt CLI command, loaded when run)."""

from __future__ import annotations

import sys

import click

from app import tournaments
from app.cli import EXIT_LEDGER, EXIT_REFUSED, main
from models.errors import BankerError
from ui.system_check import display_problem, qt_missing


@main.command("tournament-window")
@click.argument("tid", required=False, metavar="[ID]")
def tournament_window_command(tid: str | None) -> None:
    """The tournament's window: create, players and the sign-up sheet, draws, the tables'
    games, results, standings, rulings and publishing (what `banker tournament` does)."""
    if tid is not None:
        try:
            tournaments.load(tid)
        except BankerError as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_REFUSED)
    problem = display_problem()
    if problem is not None:
        click.echo(problem, err=True)
        sys.exit(EXIT_LEDGER)
    try:
        from ui.app import application  # noqa: PLC0415
        from ui.tournament.window import TournamentWindow  # noqa: PLC0415
    except ImportError as e:
        click.echo(qt_missing(e), err=True)
        sys.exit(EXIT_LEDGER)
    app = application(sys.argv[:1])
    window = TournamentWindow(tid)
    window.show()
    sys.exit(app.exec())


__all__ = ["main"]
