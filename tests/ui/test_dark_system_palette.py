"""Under a dark system palette every panel stays readable: the app keeps its one light palette
(docs/decisions.md), so the ledger's dark words never land on a dark ground."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from app.table.command_text import parse_command
from app.table.service import TableGame
from tests.clocks import Clock
from tests.ui.a11y import contrast, luminance
from ui.app import application
from ui.table.session import TableSession
from ui.table.window import TableWindow
from ui.tools.dark_screenshots import dark_palette

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "OpenType support missing")

NAMES = ["林美玲", "கவிதா", "Siti Aminah", "Zoë Ñúñez"]
START = {"type": "new_game", "profile": "sg-championship", "board": "singapore",
         "players": NAMES, "roll_off": [dict(zip(NAMES, ([6, 5], [4, 3], [2, 2], [3, 3]),
                                                 strict=True))]}
PLAYED = [{"type": "start_clock"}, {"type": "roll", "player": NAMES[0], "dice": [2, 4]},
          {"type": "buy", "player": NAMES[0]}, {"type": "roll", "player": NAMES[1], "dice": [2, 4]},
          {"type": "collect_rent", "claim": 1}, {"type": "roll", "player": NAMES[2], "dice": [1, 2]}]


def ground(picture: QImage, rect: QRect) -> QColor:
    """The colour most of `rect` is painted in: the ground under the words."""
    counts = Counter(picture.pixel(x, y) for x in range(rect.left(), rect.right(), 2)
                     for y in range(rect.top(), rect.bottom(), 2))
    return QColor.fromRgb(counts.most_common(1)[0][0])


@pytest.fixture
def dark_system(qapp: QApplication) -> Iterator[QApplication]:
    """The system hands Qt a dark palette; then the app starts as it does (ui.app.application)."""
    palette, sheet = qapp.palette(), qapp.styleSheet()
    qapp.setPalette(dark_palette())
    yield application()
    qapp.styleHints().unsetColorScheme()
    qapp.setStyleSheet(sheet)
    qapp.setPalette(palette)


@pytest.fixture
def window(qtbot, tmp_path: Path, dark_system: QApplication) -> Iterator[TableWindow]:
    game = TableGame.open(str(tmp_path / "dark.db"), now=Clock())
    for command in (START, *PLAYED):
        game.submit(parse_command(command))
    session = TableSession(game, tick_ms=None)
    shown = TableWindow(session, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    shown.settle()
    yield shown
    session.close()


def test_the_app_sets_its_light_palette_over_a_dark_system_one(dark_system) -> None:
    palette = dark_system.palette()
    assert luminance(palette.color(QPalette.ColorRole.Base)) > 0.8
    assert contrast(palette.color(QPalette.ColorRole.Text),
                    palette.color(QPalette.ColorRole.Base)) >= 7


def test_the_ledger_feed_reads_at_4_5_to_1_on_the_ground_drawn_under_it(window) -> None:
    feed = window.feed
    picture = feed.grab().toImage()
    at = feed.viewport().pos()
    rows = feed.model().rowCount()
    assert rows >= 5
    for row in range(rows):
        index = feed.model().index(row, 0)
        rect = feed.visualRect(index)
        if not rect.intersects(feed.viewport().rect()):
            continue
        words = index.data(Qt.ItemDataRole.ForegroundRole)
        under = ground(picture, rect.translated(at).intersected(picture.rect()))
        ratio = contrast(words, under)
        assert ratio >= 4.5, (index.data(), words.name(), under.name(), ratio)


def test_every_players_card_and_the_message_line_read_at_4_5_to_1(window) -> None:
    checked = 0
    for label in [*window.players.findChildren(QLabel), window.messages]:
        if not label.isVisible() or not label.text():
            continue
        card = label.parentWidget() if label is not window.messages else window.centralWidget()
        assert card is not None
        under = ground(card.grab().toImage(), label.geometry() if card is label.parentWidget()
                       else QRect(label.mapTo(card, label.rect().topLeft()), label.size()))
        words = label.palette().color(label.foregroundRole())
        assert contrast(words, under) >= 4.5, (label.text(), words.name(), under.name())
        checked += 1
    assert checked >= 4 * 3
