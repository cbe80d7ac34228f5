"""The judge's chart: each player's net worth over the game, disputes and voids marked; a click
on the chart picks the nearest entry."""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import Literal

from PySide6.QtCharts import QChart, QChartView, QLegend, QLineSeries, QScatterSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.review import service as review
from ui.table import palette

By = Literal["entry", "minute"]
MINUTE_MS = 60_000

# Each kind of marker: its legend name, colour and shape (a shape as well as a colour, so a
# colour-blind judge tells them apart).
MARKS: dict[str, tuple[str, str, QScatterSeries.MarkerShape]] = {
    "dispute": ("dispute raised", palette.DEBT, QScatterSeries.MarkerShape.MarkerShapeTriangle),
    "ruling": ("ruling", "#0072B2", QScatterSeries.MarkerShape.MarkerShapeStar),
    "void": ("voided", palette.MORTGAGED,
             QScatterSeries.MarkerShape.MarkerShapeRotatedRectangle),
}
# Each player's line has its own dash as well as the table's colour, and the player's seat
# written past its end (the legend reads "3. Siti Aminah" beside a piece of the line): six
# lines are told apart without colour.
DASHES: tuple[Qt.PenStyle, ...] = (
    Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
    Qt.PenStyle.DashDotDotLine, Qt.PenStyle.CustomDashLine)
LONG_DASH = [8.0, 2.0, 1.0, 2.0]  # the sixth: long dashes between dots, unlike the other five
END_ROOM = 22  # pixels right of the plot for the seats' numbers at the lines' ends
X_ROOM = 0.015  # share of the x range left empty after the last entry
AXIS_TITLES = {"entry": "ledger entry", "minute": "minutes of the game clock"}


def nice_step(rough: float) -> float:
    """The round step (1, 2 or 5 times a power of ten) at or above `rough`."""
    power = 10 ** math.floor(math.log10(rough)) if rough > 0 else 1
    return next(m * power for m in (1, 2, 5, 10) if m * power >= rough)


def player_pen(seat: int) -> QPen:
    """The pen of the player in `seat`: their colour and a dash of their own (DASHES)."""
    pen = QPen(QColor(palette.player_colour(seat)), 2.5)
    style = DASHES[(seat - 1) % len(DASHES)]
    if style == Qt.PenStyle.CustomDashLine:
        pen.setDashPattern(LONG_DASH)
    else:
        pen.setStyle(style)
    return pen


class _View(QChartView):
    """The chart's view: a left click in the plot area asks for the entry nearest the click."""

    picked = Signal(float)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        chart = self.chart()
        at = chart.mapFromScene(self.mapToScene(event.position().toPoint()))
        if event.button() == Qt.MouseButton.LeftButton and chart.plotArea().contains(at):
            self.picked.emit(chart.mapToValue(at).x())
            event.accept()
            return
        super().mousePressEvent(event)


class NetWorthChart(QWidget):
    """Lines of each player's net worth (the profile's own), by ledger entry or by clock minute.

    `show_series(points, markers)` takes `review.worth_series`; `entry_picked(int)` says which
    entry the judge clicked (the nearest point or marker); `show_entry(seq)` marks the entry the
    window is showing."""

    entry_picked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.by: By = "entry"
        self.points: list[review.WorthPoint] = []
        self.markers: list[review.Marker] = []
        self.players: list[str] = []
        self.current: int | None = None
        self._xs: list[float] = []  # x of each shown point and marker, sorted, for picking
        self._seqs: list[int] = []
        self._marker_text: dict[tuple[str, float], str] = {}
        self._cursor: QLineSeries | None = None  # made with the series: none before them
        self.chart = QChart()
        self.chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.chart.legend().setMarkerShape(QLegend.MarkerShape.MarkerShapeFromSeries)
        margins = self.chart.margins()
        margins.setRight(margins.right() + END_ROOM)  # the seats' numbers past the lines' ends
        self.chart.setMargins(margins)
        self.ends: list[tuple[QGraphicsSimpleTextItem, QLineSeries]] = []
        self.chart.plotAreaChanged.connect(lambda _area: self._place_ends())
        self.x_axis, self.y_axis = QValueAxis(), QValueAxis()
        self.x_axis.setLabelFormat("%d")
        self.y_axis.setLabelFormat("%d")
        self.x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self.y_axis.setTickCount(9)
        self.y_axis.setTitleText("net worth, M (the profile's own)")
        self.chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.view = _View(self.chart)
        self.view.setObjectName("net_worth_chart")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setMinimumHeight(220)
        self.view.picked.connect(self.pick_at)
        self.note = QLabel()
        self.note.setObjectName("chart_note")
        self.note.setWordWrap(True)
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._toggle())
        layout.addWidget(self.note)
        layout.addWidget(self.view, 1)

    def _toggle(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Net worth"))
        self.buttons = QButtonGroup(self)
        for by, words in (("entry", "by entry"), ("minute", "by clock minute")):
            button = QRadioButton(words)
            button.setObjectName(f"by_{by}")
            button.setChecked(by == self.by)
            button.toggled.connect(lambda on, by=by: self.set_by(by) if on else None)
            self.buttons.addButton(button)
            row.addWidget(button)
        row.addStretch(1)
        self.where = QLabel()  # which entry the dashed line is, and that a click moves it
        self.where.setObjectName("chart_where")
        row.addWidget(self.where)
        return row

    # What is shown -----------------------------------------------------------------------

    def show_series(self, points: Sequence[review.WorthPoint], markers: Sequence[review.Marker],
                    players: Sequence[str] | None = None) -> None:
        """Show one point per entry and the markers; `players` in seating order (their colours
        are the table's), else the order of the first point's players."""
        self.points, self.markers = list(points), list(markers)
        self.players = list(players) if players is not None else (
            list(points[0].worth) if points else [])
        self._draw()

    def set_by(self, by: By) -> None:
        """Plot by ledger entry or by minute of the game clock."""
        if by == self.by:
            return
        self.by = by
        for button in self.buttons.buttons():
            button.setChecked(button.objectName() == f"by_{by}")
        self._draw()

    def shown(self) -> list[review.WorthPoint]:
        """The points as plotted: every entry, or the last entry of each clock minute."""
        if self.by == "entry":
            return self.points
        return review.by_minute(self.points)

    def x_of(self, point: review.WorthPoint) -> float | None:
        """Where `point` stands on the x axis (None: before the clock started, by minute)."""
        if self.by == "entry":
            return float(point.seq)
        return None if point.clock_ms is None else point.clock_ms / MINUTE_MS

    def show_entry(self, seq: int | None) -> None:
        """Mark the entry the window is showing (None: now)."""
        self.current = seq
        self._draw_cursor()

    # Picking -----------------------------------------------------------------------------

    def pick_at(self, x: float) -> None:
        """Say which entry is nearest to `x` on the x axis (a point or a marker)."""
        if not self._xs:
            return
        i = bisect.bisect_left(self._xs, x)
        near = min((j for j in (i - 1, i) if 0 <= j < len(self._xs)),
                   key=lambda j: abs(self._xs[j] - x))
        self.entry_picked.emit(self._seqs[near])

    # Drawing -----------------------------------------------------------------------------

    def _draw(self) -> None:
        self.chart.removeAllSeries()
        shown = self.shown()
        at = {p.seq: self.x_of(p) for p in self.points}
        spots = [(x, p.seq) for p in shown if (x := self.x_of(p)) is not None]
        marks = [(x, m) for m in self.markers if (x := at.get(m.seq)) is not None]
        self._say_why_empty(spots)
        low, high = self._ranges(shown, spots)
        ends: list[tuple[int, QLineSeries]] = []
        for seat, name in enumerate(self.players, start=1):
            line = QLineSeries()
            line.setName(f"{seat}. {name}")  # the legend: the seat written at the line's end
            line.setProperty("player", name)
            line.setPen(player_pen(seat))
            line.replace([QPointF(x, p.worth.get(name, 0)) for p in shown
                          if (x := self.x_of(p)) is not None])
            self._add(line)
            if line.count():
                ends.append((seat, line))
        self._end_labels(ends)
        # The markers sit in rows along the top, one row per kind, so a dispute, its ruling
        # and a rewind a few entries apart do not hide one another.
        rows = {kind: high - (high - low) * (0.035 + 0.045 * n) for n, kind in enumerate(MARKS)}
        self._marker_text = {}
        for kind, (words, colour, shape) in MARKS.items():
            these = [(x, m) for x, m in marks if m.kind == kind]
            if not these:
                continue
            series = QScatterSeries()
            series.setName(words)
            series.setMarkerShape(shape)
            series.setMarkerSize(13)
            series.setColor(QColor(colour))
            series.setBorderColor(QColor(colour).darker(140))
            series.replace([QPointF(x, rows[kind]) for x, _ in these])
            for x, m in these:
                self._marker_text[(kind, x)] = f"entry {m.seq}: {m.text}"
            series.hovered.connect(lambda point, state, kind=kind:
                                   self._hover(kind, point, state))
            self._add(series)
        self._cursor = QLineSeries()
        self._cursor.setPen(QPen(QColor(palette.TEXT), 1, Qt.PenStyle.DashLine))
        self._add(self._cursor, legend=False)
        self._draw_cursor()
        pairs = sorted([*spots, *((x, m.seq) for x, m in marks)])
        self._xs, self._seqs = [x for x, _ in pairs], [s for _, s in pairs]

    def _end_labels(self, ends: list[tuple[int, QLineSeries]]) -> None:
        """Each player's seat written just past the end of their line, in their colour."""
        for item, _ in self.ends:
            self.chart.scene().removeItem(item)
        self.ends = []
        for seat, line in ends:
            item = QGraphicsSimpleTextItem(str(seat), self.chart)
            font = QFont(self.font())
            font.setBold(True)
            item.setFont(font)
            item.setBrush(QColor(palette.player_colour(seat)).darker(120))
            item.setData(0, line.property("player"))
            self.ends.append((item, line))
        self._place_ends()

    def _place_ends(self) -> None:
        # At the height of each line's last point, just right of the plot; numbers that would
        # print over one another (lines ending level) stand one under the other instead.
        plot = self.chart.plotArea()
        placed = sorted(
            ((self.chart.mapToPosition(line.at(line.count() - 1), line).y(), item)
             for item, line in self.ends if line.count()), key=lambda end: end[0])
        bottom = -math.inf
        for y, item in placed:
            height = item.boundingRect().height()
            top = max(y - height / 2, bottom)
            item.setPos(plot.right() + 4, top)
            bottom = top + height

    def _ranges(self, shown: list[review.WorthPoint], spots: list[tuple[float, int]]
                ) -> tuple[float, float]:
        self.x_axis.setTitleText(AXIS_TITLES[self.by])
        xs = [x for x, _ in spots] or [0.0, 1.0]
        low_x, high_x = min(xs), max(*xs, min(xs) + 1)
        # A little room past the last entry, so a marker there is drawn whole; the ticks
        # still fall on round numbers (anchored at 0).
        self.x_axis.setRange(low_x, high_x + (high_x - low_x) * X_ROOM)
        self.x_axis.setTickAnchor(0)
        self.x_axis.setTickInterval(nice_step((high_x - low_x) / 10))
        worths = [w for p in shown for w in p.worth.values()] or [0]
        low, high = min(0, *worths), max(worths)
        self.y_axis.setRange(low, high + max(high - low, 100) * 0.2)  # room for the markers
        self.y_axis.applyNiceNumbers()
        return self.y_axis.min(), self.y_axis.max()

    def _add(self, series: QLineSeries | QScatterSeries, *, legend: bool = True) -> None:
        self.chart.addSeries(series)
        series.attachAxis(self.x_axis)
        series.attachAxis(self.y_axis)
        if not legend:
            for marker in self.chart.legend().markers(series):
                marker.setVisible(False)

    def _draw_cursor(self) -> None:
        if self._cursor is None:  # nothing drawn yet: `current` is marked when it is
            return
        point = next((p for p in self.points if p.seq == self.current), None)
        x = None if point is None else self.x_of(point)
        shown = (f"Dashed line: entry {point.seq}" if point is not None and x is not None
                 else "Now: the last entry")
        self.where.setText(f"{shown} · click the chart to show an entry")
        self._cursor.replace([] if x is None else
                             [QPointF(x, self.y_axis.min()), QPointF(x, self.y_axis.max())])

    def _say_why_empty(self, spots: list[tuple[float, int]]) -> None:
        if spots or not self.points:
            self.note.setVisible(not self.points)
            self.note.setText("No entries to chart yet.")
            return
        self.note.setText("The game clock has not started: there is nothing to show by minute. "
                          "Show the chart by entry instead.")
        self.note.show()

    def _hover(self, kind: str, point: QPointF, state: bool) -> None:
        if not state:
            QToolTip.hideText()
            return
        text = self._marker_text.get((kind, point.x()))
        if text:
            QToolTip.showText(self.view.mapToGlobal(self.view.mapFromScene(
                self.chart.mapToScene(self.chart.mapToPosition(point)))), text, self.view)


__all__ = ["DASHES", "END_ROOM", "MARKS", "NetWorthChart", "player_pen"]
