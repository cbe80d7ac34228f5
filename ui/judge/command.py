"""`banker judge`: the judge's window on a game file (a Qt CLI command, loaded only when run)."""

from __future__ import annotations

import sys

import click

from app.cli import DB_OPTION, EXIT_LEDGER, EXIT_REFUSED, GAME_OPTION, main
from app.ledger import LedgerError
from models.errors import BankerError
from ui.system_check import display_problem, qt_missing


@main.command("judge")
@DB_OPTION
@GAME_OPTION
def judge_command(db: str, game: str | None) -> None:
    """The judge's window: every entry, time travel, differences, disputes, verify (read-only
    until a judge gives name and PIN for an action)."""
    problem = display_problem()
    if problem is not None:
        click.echo(problem, err=True)
        sys.exit(EXIT_LEDGER)
    try:
        from ui.app import application  # noqa: PLC0415
        from ui.judge.session import JudgeSession  # noqa: PLC0415
        from ui.judge.window import JudgeWindow  # noqa: PLC0415
    except ImportError as e:
        click.echo(qt_missing(e), err=True)
        sys.exit(EXIT_LEDGER)
    app = application(sys.argv[:1])
    try:
        session = JudgeSession(db, game)
    except LedgerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_LEDGER)
    except BankerError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_REFUSED)
    window = JudgeWindow(session)
    window.show()
    sys.exit(app.exec())


__all__ = ["main"]
