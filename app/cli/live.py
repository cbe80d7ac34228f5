"""`banker live-page`: the hall's public live page, served from the hub on the reader's login."""

from __future__ import annotations

import sys

import click

from app.cli.hub import HUB_OPTION
from app.cli.main import EXIT_LEDGER, EXIT_REFUSED, EXIT_USAGE, main
from app.hub.changes import login_may
from app.hub.errors import HubError
from app.hub.hub import HUB_URL_ENV, Hub, hub_url
from app.live.qr import LIVE_URL_ENV, live_url

REFUSED = ("the live page reads the hub with the reader's login only (banker_reader_login, made "
           "by `banker hub init`): this login may {what}; give the reader's URL with --hub or "
           f"{HUB_URL_ENV}")


@main.command("live-page")
@HUB_OPTION
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every network of this machine).")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535),
              help="The port to listen on.")
@click.option("--root-path", default="", metavar="PREFIX",
              help="The path a reverse proxy serves the page under (e.g. /live).")
@click.option("--public-url", default=None, metavar="URL",
              help=f"The page's public address for its QR code (default: {LIVE_URL_ENV}, "
                   "else the address it is asked by).")
@click.option("--max-followers", default=2000, show_default=True, type=click.IntRange(1),
              help="Phones following the page at once; one more is asked to come back later.")
def live_page(hub: str | None, host: str, port: int, root_path: str, public_url: str | None,
              max_followers: int) -> None:
    """The hall's live page on the web: standings, the draw with find-your-seat, every table
    live, the hall's round; read-only, read from the hub with the reader's login."""
    url = hub_url(hub)
    if url is None:
        click.echo(f"the live page reads the hub: give --hub or set {HUB_URL_ENV}", err=True)
        sys.exit(EXIT_USAGE)
    try:
        with Hub.open(url) as opened:
            for table, privilege, what in (
                    ("hub_tournament_contacts", "SELECT", "read the players' contacts"),
                    ("hub_tournaments", "INSERT", "change the tournaments"),
                    ("hub_rounds", "INSERT", "write the hall's round")):
                if opened.database.engine.dialect.name == "postgresql" and login_may(
                        opened, table, privilege):
                    click.echo(REFUSED.format(what=what), err=True)
                    sys.exit(EXIT_REFUSED)
    except HubError as e:
        click.echo(f"cannot read the hub: {type(e).__name__}: {_without(str(e), url)}", err=True)
        sys.exit(EXIT_LEDGER)
    try:
        import uvicorn  # noqa: PLC0415 (the live extra, loaded only to serve)

        from app.live.snapshot import LiveReader  # noqa: PLC0415
        from app.live.web import LivePage, Options  # noqa: PLC0415
    except ImportError as e:
        click.echo(f"the live page needs the live extra (pip install 'championship-banker[live]')"
                   f": {e}", err=True)
        sys.exit(EXIT_USAGE)
    page = LivePage(LiveReader(url), Options(root_path=root_path,
                                             public_url=live_url(public_url),
                                             max_followers=max_followers))
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    click.echo(f"The live page: http://{shown}:{port}{page.root}/ (Ctrl+C stops it)")
    uvicorn.run(page.app, host=host, port=port, log_level="warning",
                limit_concurrency=max_followers + 200, proxy_headers=True)


def _without(text: str, url: str) -> str:
    """An error's words without the hub's address (it may hold the login's password)."""
    return text.replace(url, "the hub")
