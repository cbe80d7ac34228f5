"""`banker judge`: the judge's window on a game file (a Qt CLI command, loaded only when run)."""

from __future__ import annotations

from collections.abc import Callable

from app.cli.main import DB_OPTION, GAME_OPTION, main
from ui.cli_support import Window, ledger_errors, show_window


@main.command("judge")
@DB_OPTION
@GAME_OPTION
def judge_command(db: str, game: str | None) -> None:
    """The judge's window: every entry, time travel, differences, disputes, verify (read-only
    until a judge gives name and PIN for an action)."""

    def window() -> Callable[[], Window]:
        from ui.judge.session import JudgeSession  # noqa: PLC0415
        from ui.judge.window import JudgeWindow  # noqa: PLC0415

        def make() -> Window:
            with ledger_errors():
                session = JudgeSession(db, game)
            return JudgeWindow(session)

        return make

    show_window(window)


__all__ = ["main"]
