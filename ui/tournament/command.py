"""`banker tournament-window [ID]`: the tournament's window (a Qt CLI command, loaded when run)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from app.cli.main import EXIT_REFUSED, main
from app.tournament import service as tournaments
from models.errors import BankerError
from ui.cli_support import Window, show_window


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

    def window() -> Callable[[], Window]:
        from ui.tournament.window import TournamentWindow  # noqa: PLC0415

        return lambda: TournamentWindow(tid)

    show_window(window)


__all__ = ["main"]
