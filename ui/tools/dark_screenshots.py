"""Screenshots of the table, judge's, head judge's windows and the start page as a laptop with
a dark system theme shows them (docs/decisions.md, "One light palette under a dark system
theme"): the system's dark palette is set first, then the app starts as it always does.

.venv/bin/python -m ui.tools.dark_screenshots docs/screenshots   # *-dark-system.png
.venv/bin/python -m ui.tools.dark_screenshots docs/screenshots 1920x1080   # *-dark-system-1920.png
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor, QPalette

NAMES = ["林美玲", "கவிதா", "Siti Aminah", "Zoë Ñúñez"]
START: dict[str, Any] = {
    "type": "new_game", "profile": "sg-championship", "board": "singapore", "players": NAMES,
    "roll_off": [dict(zip(NAMES, ([6, 5], [4, 3], [2, 2], [3, 3]), strict=True))]}
PLAYED: list[dict[str, Any]] = [
    {"type": "start_clock"}, {"type": "roll", "player": NAMES[0], "dice": [2, 4]},
    {"type": "buy", "player": NAMES[0]}, {"type": "roll", "player": NAMES[1], "dice": [2, 4]},
    {"type": "collect_rent", "claim": 1}, {"type": "roll", "player": NAMES[2], "dice": [1, 2]}]
DARK = {QPalette.ColorRole.Window: "#2B2B2B", QPalette.ColorRole.WindowText: "#E6E6E6",
        QPalette.ColorRole.Base: "#1E1E1E", QPalette.ColorRole.AlternateBase: "#262626",
        QPalette.ColorRole.Text: "#E6E6E6", QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#E6E6E6"}


def dark_palette() -> QPalette:
    """A dark desktop's palette, as GNOME's or Windows' dark mode hands it to Qt."""
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    return palette


class Clock:
    """A second a reading from 1 March 2026, 10:00 (the entries keep their order)."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 10, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def main(folder: Path, size: tuple[int, int] = (1366, 768)) -> None:
    from PySide6.QtCore import QSettings  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication, QWidget  # noqa: PLC0415

    scratch = Path(tempfile.mkdtemp())
    os.environ["BANKER_DATA_DIR"] = str(scratch / "data")
    qt = QApplication.instance() or QApplication(["banker"])
    assert isinstance(qt, QApplication)
    qt.setPalette(dark_palette())  # what the system gives, before the app starts

    from app.games import folder as games  # noqa: PLC0415
    from app.hub import Hub, push_file  # noqa: PLC0415
    from app.table.command_text import parse_command  # noqa: PLC0415
    from app.table.service import TableGame  # noqa: PLC0415
    from ui.app import MainWindow, application  # noqa: PLC0415
    from ui.head_judge.reader import HallReader  # noqa: PLC0415
    from ui.head_judge.window import HeadJudgeWindow  # noqa: PLC0415
    from ui.judge.session import JudgeSession  # noqa: PLC0415
    from ui.judge.window import JudgeWindow  # noqa: PLC0415
    from ui.sounds import Sounds  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    application()

    suffix = "" if size == (1366, 768) else f"-{size[0]}"

    def save(window: QWidget, name: str) -> None:
        window.resize(*size)
        window.show()
        for _ in range(5):
            qt.processEvents()
        path = folder / name.replace(".png", f"{suffix}.png")
        window.grab().save(str(path))
        print(path)

    game = TableGame.open(str(scratch / "table.db"), now=Clock())
    for command in (START, *PLAYED):
        game.submit(parse_command(command))
    table = TableWindow(TableSession(game, tick_ms=None),
                        QSettings(str(scratch / "ui.ini"), QSettings.Format.IniFormat))
    table.show()
    table.settle()
    save(table, "table-dark-system.png")
    save(JudgeWindow(JudgeSession(str(scratch / "table.db"), now=Clock(), poll_ms=None)),
         "judge-dark-system.png")
    games.create_game(parse_command(START), "Mei", now=Clock())
    save(MainWindow(Clock(), sounds=Sounds(audio=False), tick_ms=None,
                    settings=QSettings(str(scratch / "main.ini"), QSettings.Format.IniFormat)),
         "start-dark-system.png")
    url = f"sqlite:///{scratch / 'hub.db'}"
    with Hub.open(url, create=True) as hub:
        push_file(hub, scratch / "table.db")
    head = HeadJudgeWindow(HallReader(url, now=lambda: datetime(2026, 3, 1, 10, 5, tzinfo=UTC)),
                           threaded=False, poll_ms=None)
    head.refresh()
    save(head, "head-judge-dark-system.png")
    game.close()


if __name__ == "__main__":
    width, _, height = (sys.argv[2] if len(sys.argv) > 2 else "1366x768").partition("x")
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."), (int(width), int(height)))
