"""Each player's panel shows their cash, deeds by colour set, cards, debts, and who is to act."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor
from PySide6.QtWidgets import QLabel

from app.table.view_build import table_view
from tests.app.recorded_games import line_of, record
from ui.table import palette
from ui.table.player_panel import ACTING_FACE
from ui.table.players_panel import PlayersPanel

SG = "sg-final-position.jsonl"
PX = "propnex-game.jsonl"


def panels(qtbot) -> PlayersPanel:
    shown = PlayersPanel()
    qtbot.addWidget(shown)
    return shown


def test_the_end_of_the_sg_game_shows_cash_sets_cards_and_the_bankruptcy(qtbot, tmp_path: Path) -> None:
    # Aisha: 1434, the dark blue set whole (the hotel on Street 2), 2 of the 3 pinks, a Chance
    # Get Out of Jail Free card. Dev went bankrupt first.
    shown = panels(qtbot)
    shown.show(table_view(record(tmp_path / "t.db", SG)))
    assert [p.name for p in shown.panels] == ["Aisha", "Ben", "Chloe", "Dev"]
    aisha = shown.panel("Aisha")
    assert aisha.cash.text() == "M1,434"
    # Each set is a chip: "Dark Blue 2/2 ✔ · 1 hotel", "Pink 2/3"; the names in the tooltip.
    deeds = aisha.deeds.text()
    assert "Dark&nbsp;Blue" in deeds and "2/2&nbsp;✔" in deeds and "1&nbsp;hotel" in deeds
    assert "Pink" in deeds and "2/3<" in deeds
    assert "full set" in aisha.deeds.toolTip() and "<b>hotel</b>" in aisha.deeds.toolTip()
    assert aisha.cards.text() == "Get Out of Jail Free (Chance)"
    assert "1&nbsp;mortgaged" in shown.panel("Ben").deeds.text()  # MRT Station 2
    assert "(mortgaged)" in shown.panel("Ben").deeds.toolTip()
    assert shown.panel("Dev").status.text() == "bankrupt (number 1)"
    assert shown.panel("Dev").cash.text() == "M0"
    assert not any(p.to_act for p in shown.panels)  # the game is over


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_player_to_act_stands_out(qtbot, tmp_path: Path) -> None:
    # After Aisha's purchase of MRT Station 1 it is Ben's turn.
    game = record(tmp_path / "t.db", SG, before_line=line_of(SG, '"roll", "player": "Ben"'))
    shown = panels(qtbot)
    shown.show(table_view(game))
    ben = shown.panel("Ben")
    assert ben.to_act and ben.status.text() == "to act"
    # Ben's panel paints itself a 4px amber border around a tinted face; his lines sit inside
    # it (3px further in than a plain panel's); Aisha's panel keeps its thin grey frame.
    shown.resize(320, 500)
    shown.show()
    qtbot.wait_exposed(shown)
    aisha = shown.panel("Aisha")
    assert ben.layout().contentsMargins().left() == aisha.layout().contentsMargins().left() + 3
    amber, face = QColor(palette.LANDED).rgb(), QColor(ACTING_FACE).rgb()
    picture = ben.grab().toImage()
    middle = picture.height() // 2
    assert [picture.pixel(x, middle) for x in range(4)] == [amber] * 4
    assert picture.pixel(4, middle) == face and picture.pixel(picture.width() - 5, middle) == face
    plain = aisha.grab().toImage()
    assert amber not in {plain.pixel(x, plain.height() // 2) for x in range(6)}
    assert plain.pixel(4, plain.height() // 2) == QColor("#FFFFFF").rgb()
    assert not aisha.to_act and aisha.property("state") == "plain"
    assert shown.panel("Aisha").cash.text() == "M1,300"  # 1500 - 200


def test_a_debt_is_shown_in_words_on_the_debtors_panel(qtbot, tmp_path: Path) -> None:
    # PX: Bob owes Dee 1700 rent on Orchard (4 houses), more than his cash.
    game = record(tmp_path / "t.db", PX, before_line=line_of(PX, '"sell_buildings", "player": "Bob"'))
    shown = panels(qtbot)
    shown.show(table_view(game))
    bob = shown.panel("Bob")
    assert bob.debts.text() == "Owes Dee M1,700 (rent on Orchard)"
    assert not bob.debts.isHidden() and bob.to_act
    assert shown.panel("Dee").debts.isHidden()


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_deeds_chips_size_and_look_as_qts_rich_text_would(qtbot, tmp_path: Path) -> None:
    # The chips are drawn by the panel's own label (DeedChips), not laid out by Qt's rich text:
    # beside a word-wrapped rich-text QLabel of the same words, font and width, the sizes the
    # layouts ask for and the picture are the same, at every width, in both games' ends (sets
    # with houses, a hotel, mortgages; "no deeds").
    shown = panels(qtbot)
    shown.show(table_view(record(tmp_path / "px.db", PX)))
    shown.show(table_view(record(tmp_path / "sg.db", SG)))  # new players: new panels
    for base in (10, 24):
        shown.set_base_pt(base)
        shown.resize(330, 1400)
        shown.show()
        qtbot.wait_exposed(shown)
        for panel in shown.panels:
            chips = panel.deeds
            label = QLabel(panel)
            label.setObjectName("playerDeeds")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setText(chips.text())
            label.ensurePolished()
            assert label.font() == chips.font()
            assert label.sizeHint() == chips.sizeHint()
            assert label.minimumSizeHint() == chips.minimumSizeHint()
            for width in range(20, 600, 9):
                assert label.heightForWidth(width) == chips.heightForWidth(width), width
            picture = chips.grab().toImage()
            label.setGeometry(chips.geometry())
            label.show()
            assert label.grab().toImage() == picture, (panel.name, base)
            # A screen reader hears the same words.
            said = QAccessible.queryAccessibleInterface(chips).text(QAccessible.Text.Name)
            assert said == QAccessible.queryAccessibleInterface(label).text(QAccessible.Text.Name)
            label.deleteLater()
    said = QAccessible.queryAccessibleInterface(shown.panel("Aisha").deeds)
    assert "Dark Blue 2/2 ✔ · 1 hotel" in " ".join(said.text(QAccessible.Text.Name).split())
