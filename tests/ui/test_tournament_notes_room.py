"""The ties and close calls under the standings never take the standings' room: at 1920×1080 a
tie of 18 (19 notes) leaves the standings showing more than 20 rows, the notes scrolling."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from app.tournament import service as tournaments
from models.tournament.changes import add_players, attach_game, draw, new_tournament, record_result
from models.tournament.records import Player, Stage
from tests.models.tournament.test_standings import sheet
from ui.app import application
from ui.tournament.window import NOTE_LINES, TournamentWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
# 8 tables of 4, 16 advance: the 8 winners (4000-3300) and the 2nds of tables 1-6 (2900-2400)
# are positions 1-14, all different; the 2nds of tables 7 and 8 and every 3rd and 4th, 18
# players on 1000 with wins 0, are level at 15-32 across the line: one tie, 18 close calls.
TOTALS = {n: [4100 - 100 * n, 3000 - 100 * n if n <= 6 else 1000, 1000, 1000]
          for n in range(1, 9)}


def test_a_tie_of_eighteen_leaves_the_standings_their_room_at_1920_by_1080(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    stages = (Stage(name="Qualifying", table_size=4, advance=16, advance_by="score"),
              Stage(name="Semi-final", table_size=4, advance=1, advance_by="table"))
    t = new_tournament("Hall Cup", "sg-championship", (4,), stages=stages)
    t = add_players(t, [Player(id=f"P{n:02}", name=f"Player {n:02}") for n in range(1, 33)], AT)
    t = draw(t, "Qualifying", seed=5, at=AT)
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        totals = TOTALS[table.number]
        tied = {2, 3} if totals[1] == 1000 else {3}  # the 1000s share a place on the sheet
        t = attach_game(t, "Qualifying", table.number, f"q{table.number}.db")
        t = record_result(t, "Qualifying", table.number,
                          sheet([t.seat_name(p) for p in table.players], totals, tied))
    tournaments.save(t)
    application()  # the app's own style sheet, as `banker` runs it (its rows are 30 px high)
    window = TournamentWindow(t.id, now=lambda: AT)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    window.tabs.setCurrentWidget(window.standings_tab)
    qtbot.waitExposed(window)
    found = window.found
    assert found is not None and len(found.ties) == 1 and len(found.close_calls) == 18
    view, area = window.standings_view, window.notes_area
    # Every note is there to read (the box scrolls), in a box of at most NOTE_LINES lines.
    assert window.notes.text().count("<br>") == 18 and area.isVisible()
    assert area.height() <= window.notes.fontMetrics().lineSpacing() * NOTE_LINES + 4
    assert area.verticalScrollBar().maximum() > 0
    # The standings keep their room: at least 20 of the 32 rows in view (8 before).
    assert view.viewport().height() // view.rowHeight(0) >= 20
