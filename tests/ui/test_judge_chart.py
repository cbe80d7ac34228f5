"""The judge's net-worth chart: the series are the review service's, a click picks an entry, and
`banker chart` draws the same chart into a PDF or PNG file."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from PySide6.QtCharts import QLineSeries, QScatterSeries
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QToolTip

from app.review import service as review
from app.table.service import TableGame
from tests.app.recorded_games import SetClock, line_of, play, record
from ui.entry import commands
from ui.judge.chart import MARKS, NetWorthChart
from ui.table import palette

SG = "sg-final-position.jsonl"
JUDGE = {"role": "judge", "name": "Lee"}

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def disputed_game(db: Path) -> TableGame:
    """The SG example up to its judge's end position (65 entries, both rents paid), then a
    dispute on Dev's rent (entry 60), its ruling, and a roll the banker undoes."""
    clock = SetClock()
    game = record(db, SG, line_of(SG, "adjust_deed"), clock)
    play(game, clock, type="raise_dispute", raised_by="Dev", about="rent paid twice in notes",
         entries=[60], at="2026-11-21T10:10:00Z")
    play(game, clock, type="rule_dispute", dispute=1, ruling="paid once; the ledger stands",
         actor=JUDGE, at="2026-11-21T10:11:00Z")
    play(game, clock, type="roll", player="Ben", dice=[1, 1], at="2026-11-21T10:11:30Z")
    play(game, clock, type="undo", at="2026-11-21T10:11:40Z")
    return game


@pytest.fixture
def game(tmp_path: Path) -> TableGame:
    return disputed_game(tmp_path / "t.db")


@pytest.fixture
def chart(qtbot, game: TableGame) -> NetWorthChart:
    widget = NetWorthChart()
    qtbot.addWidget(widget)
    points, markers = review.worth_series(game)
    widget.show_series(points, markers, [p.name for p in game.state.players])
    widget.resize(1000, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def lines(chart: NetWorthChart) -> dict[str, QLineSeries]:
    """The players' lines by name (the legend says "2. Ben")."""
    return {s.property("player"): s for s in chart.chart.series()
            if isinstance(s, QLineSeries) and not isinstance(s, QScatterSeries) and s.name()}


def scatter(chart: NetWorthChart) -> dict[str, QScatterSeries]:
    return {s.name(): s for s in chart.chart.series() if isinstance(s, QScatterSeries)}


def test_each_players_line_is_the_services_net_worth_in_the_tables_colour(chart, game) -> None:
    points, _ = review.worth_series(game)
    shown = lines(chart)
    assert list(shown) == ["Aisha", "Ben", "Chloe", "Dev"]
    for seat, name in enumerate(shown, start=1):
        assert [(p.x(), p.y()) for p in shown[name].points()] == [
            (float(p.seq), float(p.worth[name])) for p in points]
        assert shown[name].pen().color() == QColor(palette.player_colour(seat))
    # Before the dispute: Dev paid Aisha 12 rent (entry 60) and Aisha paid Chloe 18 (entry 65).
    last = {name: s.points()[-1].y() for name, s in shown.items()}
    assert last == {name: float(w) for name, w in points[-1].worth.items()}


def test_the_dispute_the_ruling_and_the_undo_are_marked_at_their_entries(chart, game) -> None:
    _, markers = review.worth_series(game)
    assert {m.kind for m in markers} == {"dispute", "ruling", "void"}
    marked = scatter(chart)
    for kind, (words, _, shape) in MARKS.items():
        assert [p.x() for p in marked[words].points()] == [float(m.seq) for m in markers
                                                           if m.kind == kind]
        assert marked[words].markerShape() == shape
    legend = [m.label() for m in chart.chart.legend().markers() if m.isVisible()]
    assert legend == ["1. Aisha", "2. Ben", "3. Chloe", "4. Dev", "dispute raised", "ruling",
                      "voided"]


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                           "This plugin does not support raise")  # the tooltip, offscreen
def test_hovering_a_marker_shows_its_words(chart, game) -> None:
    dispute = scatter(chart)["dispute raised"]
    point = dispute.points()[0]
    dispute.hovered.emit(point, True)
    (raised,) = [m for m in review.worth_series(game)[1] if m.kind == "dispute"]
    assert QToolTip.text() == f"entry {raised.seq}: {raised.text}"
    assert "Dispute 1 raised by Dev" in QToolTip.text()
    dispute.hovered.emit(point, False)


def click_at(qtbot, chart: NetWorthChart, x: float, y: float) -> None:
    at = chart.chart.mapToPosition(QPointF(x, y))
    spot = chart.view.mapFromScene(chart.chart.mapToScene(at))
    qtbot.mouseClick(chart.view.viewport(), Qt.MouseButton.LeftButton, pos=spot)


def test_clicking_near_a_point_picks_that_entry(qtbot, chart, game) -> None:
    points, _ = review.worth_series(game)
    aisha = {p.seq: p.worth["Aisha"] for p in points}
    with qtbot.wait_signal(chart.entry_picked) as picked:
        click_at(qtbot, chart, 60.2, aisha[60])  # a little right of Dev's rent, entry 60
    assert picked.args == [60]
    with qtbot.wait_signal(chart.entry_picked) as picked:
        click_at(qtbot, chart, 40.7, aisha[41])
    assert picked.args == [41]


def test_the_entry_the_window_shows_is_a_dashed_line_across_the_plot(chart) -> None:
    cursor = next(s for s in chart.chart.series() if isinstance(s, QLineSeries)
                  and not isinstance(s, QScatterSeries) and not s.name())
    chart.show_entry(41)
    assert [(p.x(), p.y()) for p in cursor.points()] == [
        (41.0, chart.y_axis.min()), (41.0, chart.y_axis.max())]
    assert cursor.pen().style() == Qt.PenStyle.DashLine
    assert not any(m.isVisible() for m in chart.chart.legend().markers(cursor))
    assert chart.where.text() == "Dashed line: entry 41 · click the chart to show an entry"
    chart.show_entry(None)  # "now"
    assert cursor.count() == 0
    assert chart.where.text().startswith("Now")


def test_a_marker_on_the_last_entry_is_drawn_whole_inside_the_plot(chart, game) -> None:
    points, _ = review.worth_series(game)
    # The undo is the last entry: the x axis runs a little past it (1.5% of the range).
    last, first = points[-1].seq, points[0].seq
    assert chart.x_axis.max() == pytest.approx(last + (last - first) * 0.015)


def test_an_entry_shown_before_the_series_is_marked_once_they_come(qtbot, game) -> None:
    widget = NetWorthChart()
    qtbot.addWidget(widget)
    widget.show_entry(41)  # the window picks an entry before the chart has its points
    assert widget.current == 41 and not widget.chart.series()
    with qtbot.assert_not_emitted(widget.entry_picked):
        widget.pick_at(41.0)  # nothing drawn: nothing to pick
    points, markers = review.worth_series(game)
    widget.show_series(points, markers)
    cursor = next(s for s in widget.chart.series() if isinstance(s, QLineSeries)
                  and not isinstance(s, QScatterSeries) and not s.name())
    assert [p.x() for p in cursor.points()] == [41.0, 41.0]


def test_a_click_outside_the_plot_picks_nothing(qtbot, chart) -> None:
    with qtbot.assert_not_emitted(chart.entry_picked):
        qtbot.mouseClick(chart.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(2, 2))


def test_by_minute_plots_the_last_entry_of_each_clock_minute(qtbot, chart, game) -> None:
    points, _ = review.worth_series(game)
    qtbot.mouseClick(chart.findChild(type(chart.buttons.buttons()[0]), "by_minute"),
                     Qt.MouseButton.LeftButton)
    assert chart.by == "minute"
    timed = [p for p in review.by_minute(points) if p.clock_ms is not None]
    assert [(p.x(), p.y()) for p in lines(chart)["Ben"].points()] == [
        (p.clock_ms / 60_000, float(p.worth["Ben"])) for p in timed]
    # Dev's rent, entry 60, was recorded 8 min 30 s into the clock (10:08:30 from 10:00).
    with qtbot.wait_signal(chart.entry_picked) as picked:
        click_at(qtbot, chart, 8.5, 1400)
    assert picked.args == [60]


def test_a_game_without_a_clock_says_there_is_nothing_by_minute(qtbot, tmp_path) -> None:
    game = record(tmp_path / "c.db", "classic-sample.jsonl")
    widget = NetWorthChart()
    qtbot.addWidget(widget)
    widget.show_series(*review.worth_series(game))
    widget.set_by("minute")
    assert "clock has not started" in widget.note.text() and not widget.note.isHidden()
    assert all(s.count() == 0 for s in lines(widget).values())
    widget.set_by("entry")
    assert widget.note.isHidden()


# banker chart ---------------------------------------------------------------------------------

def run(*args: str):
    return CliRunner().invoke(commands(), list(args))


def test_banker_chart_writes_a_png_of_the_chart(qapp, game, tmp_path) -> None:
    out = tmp_path / "c.png"
    result = run("chart", "--db", str(tmp_path / "t.db"), "--png", str(out))
    assert result.exit_code == 0, result.output
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1600, 900)
    assert not list(tmp_path.glob(".*.part"))


def test_banker_chart_writes_a_one_page_landscape_pdf_by_minute(qapp, game, tmp_path) -> None:
    out = tmp_path / "c.pdf"
    result = run("chart", "--db", str(tmp_path / "t.db"), "--pdf", str(out), "--by", "minute")
    assert result.exit_code == 0, result.output
    pdf = PdfReader(out)
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert box.width > box.height  # A4 landscape: 842 x 595 points
    text = " ".join(pdf.pages[0].extract_text().split())
    assert "minutes of the game clock" in text and "dispute raised" in text


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--png", "a.png", "--pdf", "a.pdf"], 2, "one of --pdf FILE or --png FILE"),
    ([], 2, "one of --pdf FILE or --png FILE"),
    (["--png", "no/such/folder/a.png"], 2, "does not exist"),
])
def test_banker_chart_usage_errors_write_nothing(game, tmp_path, monkeypatch, args, code,
                                                 words) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("chart", "--db", str(tmp_path / "t.db"), *args)
    assert result.exit_code == code
    assert words in result.output
    assert not list(tmp_path.glob("*.p*g")) and not list(tmp_path.glob("*.pdf"))


def test_banker_chart_of_a_missing_file_is_exit_4_and_creates_nothing(tmp_path) -> None:
    result = run("chart", "--db", str(tmp_path / "none.db"), "--png", str(tmp_path / "a.png"))
    assert result.exit_code == 4
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "a.png").exists()


def test_banker_chart_by_minute_of_a_game_without_a_clock_is_refused(tmp_path) -> None:
    record(tmp_path / "c.db", "classic-sample.jsonl").close()
    result = run("chart", "--db", str(tmp_path / "c.db"), "--png", str(tmp_path / "a.png"),
                 "--by", "minute")
    assert result.exit_code == 3
    assert "clock has not started" in result.output
    assert not (tmp_path / "a.png").exists()


def test_six_lines_differ_by_dash_and_carry_the_seat_at_their_end(qtbot) -> None:
    # Six players, three of them "S": no two lines share a dash, and each ends in its seat.
    names = ["Siti Aminah binti Ismail", "Sara Lim", "Suresh Kumar", "陈伟明", "முருகன் செல்வம்",
             "Zoë Ñúñez"]
    points = [review.WorthPoint(seq=n, clock_ms=None,
                                worth={name: 1500 + 10 * n * seat
                                       for seat, name in enumerate(names)})
              for n in range(1, 6)]
    widget = NetWorthChart()
    qtbot.addWidget(widget)
    widget.show_series(points, [], names)
    widget.resize(1000, 560)
    widget.show()
    qtbot.waitExposed(widget)
    shown = lines(widget)
    assert list(shown) == names
    dashes = [(s.pen().style(), tuple(s.pen().dashPattern())) for s in shown.values()]
    assert len(set(dashes)) == 6
    assert shown[names[0]].pen().style() == Qt.PenStyle.SolidLine
    legend = [m.label() for m in widget.chart.legend().markers() if m.isVisible()]
    assert legend == [f"{seat}. {name}" for seat, name in enumerate(names, start=1)]
    # Each seat's number just past its line's end, at its height; numbers of lines ending
    # level stand one under the other, never over one another.
    plot = widget.chart.plotArea()
    assert [item.text() for item, _ in widget.ends] == [str(n) for n in range(1, 7)]
    assert [line.property("player") for _, line in widget.ends] == names
    for item, line in widget.ends:
        end = widget.chart.mapToPosition(line.points()[-1], line)
        assert item.pos().x() > plot.right()
        assert item.pos().x() + item.boundingRect().width() <= widget.chart.rect().right()
        # centred at the end's height, or moved down to make room (never up)
        assert item.pos().y() >= end.y() - item.boundingRect().height() / 2 - 0.5
    tops = sorted(item.pos().y() for item, _ in widget.ends)
    height = widget.ends[0][0].boundingRect().height()
    assert all(b - a >= height - 0.5 for a, b in pairwise(tops))
