"""`banker head-judge`: the head judge's window on the hub (a Qt CLI command, loaded when run)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from app.cli.main import EXIT_LEDGER, EXIT_REFUSED, main
from app.hub import HUB_URL_ENV, HubError, hub_url
from app.hub.errors import HubNeedsTls
from app.tournament import service as tournaments
from models.errors import BankerError
from ui.cli_support import Window, show_window


@main.command("head-judge")
@click.option("--hub", "hub", default=None, metavar="URL",
              help=f"The hub's database URL (default: {HUB_URL_ENV}).")
@click.option("--tournament", "tournament", default=None, metavar="ID",
              help="The tournament whose standings and advancement are shown.")
@click.option("--stage", "stage", default=None, metavar="NAME",
              help="The stage whose standings are shown (default: the last one drawn).")
def head_judge_command(hub: str | None, tournament: str | None, stage: str | None) -> None:
    """The head judge's window: every table on the hub live (clock, turn, last entry's age,
    disputes, diverged or refused), the standings and advancement; a table opens read-only in
    the judge's window."""
    url = hub_url(hub)
    if url is None:
        click.echo(str(HubError(f"no hub is set: give --hub or set {HUB_URL_ENV}")), err=True)
        sys.exit(EXIT_LEDGER)
    if tournament is not None:
        try:
            found = tournaments.load(tournament, url)  # the hub's, when it holds it
            if stage is not None:
                found.stage(stage)
        except BankerError as e:
            click.echo(str(e), err=True)
            sys.exit(EXIT_LEDGER if isinstance(e, HubNeedsTls) else EXIT_REFUSED)

    def window() -> Callable[[], Window]:
        from ui.head_judge.reader import HallReader  # noqa: PLC0415
        from ui.head_judge.window import HeadJudgeWindow  # noqa: PLC0415

        return lambda: HeadJudgeWindow(HallReader(url, tournament, stage))

    show_window(window)


__all__ = ["main"]
