"""`banker hall-display [ID] [--hub URL]`: the hall display on a projector (a Qt CLI command,
loaded when run)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from app.cli.main import EXIT_LEDGER, EXIT_REFUSED, main
from app.hub import HUB_URL_ENV, hub_url
from app.hub.errors import HubNeedsTls
from app.tournament import service as tournaments
from models.errors import BankerError
from ui.cli_support import Window, show_window


def chosen(tid: str | None, hub: str | None) -> str:
    """The tournament to show: the one named, else the data folder's only one; raises
    BankerError (unknown, none, or several to choose from)."""
    if tid is not None:
        return tournaments.load(tid, hub).id
    found = tournaments.list_tournaments(hub)
    if len(found) == 1:
        return found[0].id
    if not found:
        raise BankerError("no tournament in this data folder: give its ID")
    raise BankerError("give the tournament's ID: " + ", ".join(t.id for t in found))


@main.command("hall-display")
@click.argument("tid", required=False, metavar="[ID]")
@click.option("--hub", "hub", default=None, metavar="URL",
              help=f"Read the hall live from the hub (default: {HUB_URL_ENV}, else the "
                   "tournament's file).")
@click.option("--stage", "stage", default=None, metavar="NAME",
              help="The stage shown (default: the last one drawn).")
def hall_display_command(tid: str | None, hub: str | None, stage: str | None) -> None:
    """The hall display for a projector: the round's time left, its pause and announcements
    (with a hub), the stage's standings and tables in large type, paging by itself, read live;
    no contact is ever shown."""
    url = hub_url(hub)
    try:
        shown = chosen(tid, url)
        if stage is not None:
            tournaments.load(shown, url).stage(stage)
    except BankerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER if isinstance(e, HubNeedsTls) else EXIT_REFUSED)

    def window() -> Callable[[], Window]:
        from ui.hall.board import HallSource  # noqa: PLC0415
        from ui.hall.window import Presented  # noqa: PLC0415

        return lambda: Presented(HallSource(shown, stage, url))

    show_window(window)


__all__ = ["main"]
