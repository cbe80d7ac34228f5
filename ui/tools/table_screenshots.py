"""Screenshots of the whole table window at moments a banker meets (ui/tools/table_moments): an
SG auction with a claim open, a card drawn, a PX debt, the PX setting up, six classic players,
five PX players, the clock's last minute, and time up with the scoresheet (for looking at, and
the docs); and six names in Singapore's four scripts, 2 and 6 players, at the default and the
largest text size (table-four-scripts-*.png: Chinese and Tamil need fonts that have them).
Each picture is checked as the layout test checks the window: nothing off it.

xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python -m ui.tools.table_screenshots docs/screenshots
xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.table_screenshots \
    docs/screenshots 1920x1080   # the same moments, named *-1920.png
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

from app.table.service import TableGame
from ui.tools.table_moments import SG_AUCTION, SG_START, Clock, moment, record


def start_page(folder: Path, scratch: Path, size: tuple[int, int], suffix: str) -> None:
    """The start page with two games in the data folder: one in progress, the sample."""
    import os  # noqa: PLC0415

    from PySide6.QtCore import QSettings  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.games import folder as games  # noqa: PLC0415
    from ui.app import MainWindow  # noqa: PLC0415
    from ui.sounds import Sounds  # noqa: PLC0415

    os.environ[DATA_DIR_ENV] = str(scratch / "data")
    clock = Clock()
    games.open_sample(clock)
    games.create_game(SG_START | {"label": games.default_label(SG_START["tournament"],
                                                               SG_START["round"],
                                                               SG_START["table"])},
                      "Mei", now=clock)
    window = MainWindow(clock, sounds=Sounds(audio=False), tick_ms=None,
                        settings=QSettings(str(scratch / "start.ini"), QSettings.Format.IniFormat))
    window.resize(*size)
    window.show()
    QTest.qWait(200)
    window.grab().save(str(folder / f"start-page{suffix}.png"))
    print(folder / f"start-page{suffix}.png")
    window.close()


def four_scripts_shots(folder: Path, scratch: Path, size: tuple[int, int], suffix: str) -> None:
    """The table window with names in Singapore's four scripts (ui/tools/table_moments'
    FOUR_SCRIPTS), 2 and 6 players, at the default and the largest text size: every name whole."""
    from PySide6.QtCore import QSettings  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui import scale  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415
    from ui.tools.table_moments import four_scripts  # noqa: PLC0415

    for players in (2, 6):
        db = scratch / f"four-scripts-{players}.db"
        four_scripts(db, players, Clock()).close()
        for points in (scale.BASE_PT, scale.MAX_PT):
            settings = QSettings(str(scratch / f"four-{points}.ini"), QSettings.Format.IniFormat)
            settings.setValue(scale.FONT_KEY, points)
            session = TableSession(TableGame.open(str(db)), tick_ms=None)
            window = TableWindow(session, settings)
            window.resize(*size)
            window.show()
            window.settle()
            QTest.qWait(400)  # wrapped words laid out at their column's width
            path = folder / f"table-four-scripts-{players}-players-{points}pt{suffix}.png"
            window.grab().save(str(path))
            print(path)
            window.close()
            session.close()


def main(folder: Path, size: tuple[int, int] = (1366, 768)) -> None:
    from PySide6.QtCore import QSettings  # noqa: PLC0415 (Qt only when drawing)
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "ui.ini"), QSettings.Format.IniFormat)

        suffix = "" if size == (1366, 768) else f"-{size[0]}"
        start_page(folder, Path(scratch), size, suffix)
        four_scripts_shots(folder, Path(scratch), size, suffix)

        def shoot(name: str, game: TableGame, then: Any = None) -> None:
            name = name.replace(".png", f"{suffix}.png")
            session = TableSession(game, tick_ms=None)
            window = TableWindow(session, settings)
            window.resize(*size)
            window.show()
            if then is not None:
                then(window)
            window.settle()  # the action area and the feed, as they are a moment later
            QTest.qWait(150)  # laid out and painted
            window.grab().save(str(folder / name))
            print(folder / name)
            if window.sheet is not None:
                window.sheet.close()
            window.close()
            session.close()

        clock = Clock()
        for name, picture in (("sg-auction", "table-sg-auction.png"),
                              ("sg-card", "table-sg-card.png"),
                              ("px-debt", "table-px-debt.png"),
                              ("px-setup", "table-px-setup.png"),
                              ("classic-6-players", "table-classic-6-players.png"),
                              ("px-5-players", "table-px-5-players.png")):
            game, then = moment(name, Path(scratch), clock)
            shoot(picture, game, then)
        game = record(Path(scratch) / "sg-clock.db", [*SG_AUCTION, {"type": "close_auction"}],
                      clock)

        started = game.state.clock.started_at if game.state and game.state.clock else None
        assert started is not None
        clock.step = timedelta(0)

        def last_minute(window: Any) -> None:
            clock.at = started + timedelta(minutes=59, seconds=12)  # 0:48 left
            window.session.tick()

        shoot("table-last-minute.png", game, last_minute)
        game, time_up = moment("time-up", Path(scratch), clock)

        def behind(window: Any) -> None:
            assert time_up is not None
            time_up(window)
            if window.sheet is not None:  # its own picture; the table behind it as the banker
                window.sheet.show()       # sees it on closing
                QTest.qWait(150)
                window.sheet.grab().save(str(folder / f"time-up-scoresheet{suffix}.png"))
                print(folder / f"time-up-scoresheet{suffix}.png")
                window.sheet.hide()

        shoot("time-up.png", game, behind)


if __name__ == "__main__":
    width, height = (int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "1366x768").split("x"))
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"), (width, height))
