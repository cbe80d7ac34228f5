"""The table display at 1920x1080 mid-game with four SG players (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.display_screenshot \
    docs/screenshots/table-display-1920x1080.png [banner]
("banner": 45 minutes on, as the 15-minute announcement is called.)
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

SIZE = (1920, 1080)


def main(path: Path, banner: bool = False) -> None:
    from PySide6.QtCore import QSettings  # noqa: PLC0415 (Qt only when drawing)
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415
    from ui.tools.table_moments import SG4_START, Clock, play_until  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        clock = Clock()
        # The same moment as table-sg-4-players: an auction open a few minutes into the game.
        game = play_until(Path(scratch) / "sg4.db", [SG4_START, {"type": "start_clock"}], 1,
                          clock, lambda s: s.auction is not None)
        clock.step = timedelta(0)
        session = TableSession(game, tick_ms=None)
        window = TableWindow(session, QSettings(str(Path(scratch) / "ui.ini"),
                                                QSettings.Format.IniFormat))
        window.show()
        window.toggle_display()
        display = window.display
        assert display is not None
        display.resize(*SIZE)
        if banner:
            started = game.state.clock.started_at if game.state and game.state.clock else None
            assert started is not None
            clock.at = started + timedelta(minutes=45, seconds=3)
            session.tick()
        QTest.qWait(200)  # laid out and painted
        display.grab().save(str(path))
        print(path)
        display.close()
        window.close()
        session.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/table-display-1920x1080.png"),
         banner=len(sys.argv) > 2 and sys.argv[2] == "banner")
