"""`banker edit-board [BOARD_ID_OR_PATH]`: the board editor's window from the command line."""

from __future__ import annotations

import sys

import click

from app.cli.main import main
from app.editions.board_editor import open_board
from models.errors import BankerError
from ui.system_check import display_problem, qt_missing

EXIT_USAGE = 2


@main.command("edit-board")
@click.argument("board", required=False, default="singapore")
def edit_board(board: str) -> None:
    """Open the board editor on a board (an id such as singapore, or a board file); it saves your
    own edition under the data folder, which the new-game form offers."""
    try:
        draft = open_board(board)
    except BankerError as e:
        click.echo(f"cannot edit {board}: {e}", err=True)
        sys.exit(EXIT_USAGE)
    problem = display_problem()
    if problem is not None:
        click.echo(problem, err=True)
        sys.exit(1)
    try:
        from ui.app import application  # noqa: PLC0415
        from ui.board_editor.window import BoardEditorWindow  # noqa: PLC0415
        from ui.crash_guard import install  # noqa: PLC0415
    except ImportError as e:
        click.echo(qt_missing(e), err=True)
        sys.exit(1)
    app = application(sys.argv[:1])
    install(app)
    window = BoardEditorWindow(draft)
    window.show()
    sys.exit(app.exec())


__all__ = ["main"]
