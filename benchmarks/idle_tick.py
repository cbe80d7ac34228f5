"""Where the idle table's once-a-second clock goes (issue 31, item 3): the table window of
`benchmarks.idle` with the hall's round running, its clock's tick rewired in turn to each way
of showing the time, each measured over `--seconds` of the event loop left to itself.

    .venv/bin/python -m benchmarks.idle_tick [--seconds 15]

Ways (each prints the CPU-seconds a minute of the whole process and, where it times its work,
the median CPU time of the main thread per tick, `time.thread_time`):
- "app": the clock shown as the app shows it (the label's new text painted by the event loop).
- "no clock": the tick recorded, the clock's label left alone.
- "label at once": the label's new text painted at once (`repaint`), then the next second's
  text painted at once in the same wake-up: the first paint of the second against a second
  paint with every cache warm.
- "plain label": a label with no style sheet over the clock's (the palette's colours), painted
  at once: the first paint of the second without the style sheet's work.
- "pixmap": a widget that paints its opaque pixmap of the time (drawn at the tick, kept for a
  repeat), painted at once: the cheapest drawing a widget can do."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.idle import HEAD, HEAD_PIN, STAGE, _hall, _started, _table_game, per_minute, settle

WAYS = ("app", "no clock", "label at once", "plain label", "pixmap")


def ways(seconds: float) -> list[tuple[str, float, str]]:
    """(way, CPU-seconds a minute, what it timed per tick) for each of WAYS, one after the
    other in one process. Raises RuntimeError when no PostgreSQL can be started here."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings  # noqa: PLC0415

    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from app.hub.hub import HUB_URL_ENV  # noqa: PLC0415
    from app.tournament import rounds  # noqa: PLC0415
    from tests import postgres  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415
    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    server = postgres.server()
    if server is None:
        raise RuntimeError(f"no PostgreSQL for the hub: {postgres.skip_reason()}")
    application(sys.argv[:1])
    found: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        url = server.new_database()
        os.environ.update({DATA_DIR_ENV: str(folder / "desk"), HUB_URL_ENV: url})
        try:
            tid = _hall(url)
            session = TableSession(_table_game(tid, folder / "table-1"))
            window = TableWindow(session, QSettings(str(folder / "ui.ini"),
                                                    QSettings.Format.IniFormat))
            window.show()
            following = session.following
            assert following is not None, "the table does not follow the round"
            settle(60, lambda: following.last.hall is not None)
            settle(3)
            rounds.record(tid, STAGE, "start", "", HEAD, HEAD_PIN, sleep=lambda _s: None)
            settle(30, lambda: _started(session.game))
            assert _started(session.game), "the round's start was not followed"
            settle(1)
            for way in WAYS:
                timed: list[tuple[int, ...]] = []
                undo = _rewire(way, window, session, timed)
                settle(0.5)
                timed.clear()
                cpu = per_minute(seconds)
                undo()
                found.append((way, cpu, _said(way, timed)))
            window.close()
            session.close()
            settle(0.2)
        finally:
            for key in (DATA_DIR_ENV, HUB_URL_ENV):
                os.environ.pop(key, None)
    return found


def _said(way: str, timed: list[tuple[int, ...]]) -> str:
    if not timed:
        return ""
    parts = ["first paint", "second paint"] if way == "label at once" else ["paint"]
    return ", ".join(f"{part} {statistics.median(t[i] for t in timed) / 1000:.0f} us"
                     for i, part in enumerate(parts))


def _rewire(way: str, window: Any, session: Any, timed: list[tuple[int, ...]]
            ) -> Callable[[], None]:
    """Connect the tick to `way` instead of the window's own clock; returns how to undo it."""
    from app.table import actions  # noqa: PLC0415

    if way == "app":
        return lambda: None

    def left() -> int:
        return actions.time_left_ms(session.game) or 0

    shown: list[Any] = []
    if way == "no clock":
        def tick() -> None:
            return
    elif way == "label at once":
        tick = _label_at_once(window.clock.time, left, timed)
    elif way == "plain label":
        tick = _plain_label(window, left, timed, shown)
    else:
        tick = _pixmap(window, left, timed, shown)
    for widget in shown:
        widget.show()
        widget.raise_()
    session.timer.timeout.disconnect(window._clock_only)
    session.timer.timeout.connect(tick)

    def undo() -> None:
        session.timer.timeout.disconnect(tick)
        session.timer.timeout.connect(window._clock_only)
        for widget in shown:
            widget.hide()
            widget.deleteLater()
    return undo


def _label_at_once(label: Any, left: Callable[[], int], timed: list[tuple[int, ...]]
                   ) -> Callable[[], None]:
    from ui.table.clock_widget import time_text  # noqa: PLC0415

    def tick() -> None:
        now = left()
        began = time.thread_time_ns()
        label.setText(time_text(now))
        label.repaint()
        first = time.thread_time_ns()
        label.setText(time_text(now - 1000))
        label.repaint()
        timed.append((first - began, time.thread_time_ns() - first))
    return tick


def _colours(window: Any) -> tuple[Any, Any]:
    from PySide6.QtGui import QColor  # noqa: PLC0415

    from ui.table import palette  # noqa: PLC0415

    background, ink = palette.CLOCK_LEVELS[window.clock.level]
    return QColor(background), QColor(ink)


def _plain_label(window: Any, left: Callable[[], int], timed: list[tuple[int, ...]],
                 shown: list[Any]) -> Callable[[], None]:
    from PySide6.QtGui import QPalette  # noqa: PLC0415
    from PySide6.QtWidgets import QLabel  # noqa: PLC0415

    from ui.table.clock_widget import time_text  # noqa: PLC0415

    label = window.clock.time
    background, ink = _colours(window)
    plain = QLabel(label.text(), window.centralWidget())
    plain.setAlignment(label.alignment())
    colours = plain.palette()
    colours.setColor(QPalette.ColorRole.Window, background)
    colours.setColor(QPalette.ColorRole.WindowText, ink)
    plain.setPalette(colours)
    plain.setAutoFillBackground(True)
    plain.setGeometry(label.rect().translated(label.mapTo(window.centralWidget(),
                                                          label.rect().topLeft())))
    shown.append(plain)

    def tick() -> None:
        now = left()
        began = time.thread_time_ns()
        plain.setText(time_text(now))
        plain.repaint()
        timed.append((time.thread_time_ns() - began,))
    return tick


def _pixmap(window: Any, left: Callable[[], int], timed: list[tuple[int, ...]],
            shown: list[Any]) -> Callable[[], None]:
    from PySide6.QtCore import Qt  # noqa: PLC0415
    from PySide6.QtGui import QPainter, QPaintEvent, QPixmap  # noqa: PLC0415
    from PySide6.QtWidgets import QWidget  # noqa: PLC0415

    from ui.table.clock_widget import time_text  # noqa: PLC0415

    label = window.clock.time
    background, ink = _colours(window)

    class Drawn(QWidget):
        def __init__(self) -> None:
            super().__init__(label.parentWidget())
            self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
            self.kept: dict[str, QPixmap] = {}
            self.text = ""

        def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
            if self.text not in self.kept:
                image = QPixmap(self.size())
                image.fill(background)
                painter = QPainter(image)
                painter.setFont(label.font())
                painter.setPen(ink)
                painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, self.text)
                painter.end()
                self.kept = {self.text: image}
            painter = QPainter(self)
            painter.drawPixmap(0, 0, self.kept[self.text])
            painter.end()

    drawn = Drawn()
    drawn.setGeometry(label.geometry())
    shown.append(drawn)

    def tick() -> None:
        now = left()
        began = time.thread_time_ns()
        drawn.text = time_text(now)
        drawn.repaint()
        timed.append((time.thread_time_ns() - began,))
    return tick


def main() -> None:
    """Print one row per way."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    seconds = parser.parse_args().seconds
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for way, cpu, said in ways(seconds):
        print(f"| {way} | {cpu:.3f} CPU-s a minute | {said} |")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
