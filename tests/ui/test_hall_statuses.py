"""Every status the ranking can give shows whole on the hall display, at 1920x1080 and at
1366x768: the statuses are made by the tournament's own ranking (models.tournament.standings)
over tournaments played through its own changes, never typed here; a status cell is never
elided and its text's advance fits the cell."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from models.tournament.changes import add_players, draw, new_tournament, record_result, withdraw
from models.tournament.records import Player, Stage, Tournament
from models.tournament.standings import standings
from ui.hall.board import HallBoard, HallSource, Line, from_standings
from ui.hall.window import HallWindow
from ui.tools.hall_screenshot import NAMES, _sheet, board, tournament

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
SIZES = [(1920, 1080), (1366, 768)]


def played(t: Tournament, stage: str, tables: list[int], base: int = 4000) -> Tournament:
    """The tables' sheets recorded, every total different (the seat's and the table's)."""
    made = t.draw(stage)
    assert made is not None
    for table in (x for x in made.tables if x.number in tables):
        names = [t.seat_name(p) for p in table.players]
        totals = tuple(base - 500 * seat - 10 * table.number for seat in range(len(names)))
        t = record_result(t, stage, table.number, _sheet(names, totals))
    return t


def sixteen(*stages: Stage) -> Tournament:
    t = new_tournament("Hall Cup 2026", "sg-championship", (4,), stages=stages)
    t = add_players(t, [Player(id=f"SG{n:02}", name=name)
                        for n, name in enumerate(NAMES, start=1)], AT)
    return draw(t, stages[0].name, seed=11, at=AT)


def boards() -> list[HallBoard]:
    """The hall's readings of every state a stage goes through: tables still to report (every
    status then "(provisional)", the unreported "awaiting table N"), a tie across the line, a
    withdrawal, all reported; a stage by score and a last stage by table and by score."""
    found: list[HallBoard] = []

    def read(t: Tournament, stage: str) -> None:
        found.append(from_standings(t, standings(t, stage)))

    qualifying = tournament()  # the screenshot's: a tie at the line, table 4 still playing
    read(qualifying, "Qualifying")
    gone = withdraw(qualifying, qualifying.players[0].id, "unwell", AT)
    read(gone, "Qualifying")
    whole = played(gone, "Qualifying", [4])
    read(whole, "Qualifying")
    read(played(qualifying, "Qualifying", [4]), "Qualifying")

    by_table = sixteen(Stage(name="Qualifying", advance=8, advance_by="score"),
                       Stage(name="Final", advance=3, advance_by="table"))
    by_table = played(by_table, "Qualifying", [1, 2, 3, 4])
    by_table = draw(by_table, "Final", seed=3, at=AT)
    read(by_table, "Final")
    half = played(by_table, "Final", [1])
    read(half, "Final")
    read(played(half, "Final", [2]), "Final")

    by_score = sixteen(Stage(name="Final", advance=16, advance_by="score"))
    half = played(by_score, "Final", [1, 2, 3])
    read(half, "Final")
    read(played(half, "Final", [4]), "Final")
    return found


def test_the_states_played_give_every_kind_of_status_the_ranking_has() -> None:
    statuses = {line.status for b in boards() for line in b.lines}
    kinds = ("advances", "out", "withdrawn", "tie: the head judge rules", "1st place",
             "12th place", "finished 4th")
    for kind in kinds:
        assert kind in statuses
        assert f"{kind} (provisional)" in statuses
    assert {"16th place", "awaiting table 4", "awaiting table 2"} <= statuses


class Given(HallSource):
    """A source that gives one board (no tournament file, no hub)."""

    def __init__(self, shown: HallBoard) -> None:
        super().__init__("given")
        self.shown = shown

    def read(self) -> HallBoard:
        return self.shown


def every_status(found: list[HallBoard]) -> HallBoard:
    """One board with a line for each status (as an advancing line and not) the states gave,
    the longest name and score beside each: the widest page the ranking can make."""
    seen = sorted({(line.status, line.advances) for b in found for line in b.lines})
    return HallBoard(heading="Hall Cup 2026 · every status", note="", tables=(), lines=tuple(
        Line(position="=832", name="Nur Aisyah binte Rahman", score="12,345", status=status,
             advances=advances) for status, advances in seen))


@pytest.mark.parametrize("size", SIZES)
def test_no_status_the_ranking_gives_is_cut_on_the_hall_display(qtbot, size: tuple[int, int]
                                                                 ) -> None:
    found = boards()
    checked = set()
    for shown in [*found, every_status(found)]:
        window = HallWindow(Given(shown), threaded=False, poll_ms=None)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        window.refresh()
        for _ in window.pages:
            window.layout().activate()
            for line in (window.heads, *window.lines):
                line.layout().activate()
                pos, name, score, status = line.cells
                assert status.text() == status.full  # not elided
                advance = status.fontMetrics().horizontalAdvance(status.full)
                assert advance <= status.width(), (size, status.full, advance, status.width())
                # The cells side by side inside the window, none over another.
                assert pos.x() + pos.width() <= name.x()
                assert name.x() + name.width() <= score.x()
                assert score.x() + score.width() <= status.x()
                assert line.x() + status.x() + status.width() <= window.width()
                checked.add(status.full)
            window.next_page()
        window.close()
    assert "tie: the head judge rules (provisional)" in checked


def test_the_screenshot_shows_the_rankings_own_words_mid_round() -> None:
    shown = board()
    assert shown.note == "provisional: 1 table to report (4)"
    assert [line.status for line in shown.lines[:6]] == [
        *["advances (provisional)"] * 3, *["tie: the head judge rules (provisional)"] * 2,
        "out (provisional)"]
    assert [line.status for line in shown.lines[-4:]] == ["awaiting table 4"] * 4


def test_at_1920_the_longest_status_leaves_a_long_name_whole(qtbot) -> None:
    window = HallWindow(Given(board()), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    window.refresh()
    window.layout().activate()
    names = {line.cells[1].full: line.cells[1] for line in window.lines}
    assert names["Nur Aisyah binte Rahman"].text() == "Nur Aisyah binte Rahman"
    assert max(line.cells[3].font().pixelSize() for line in window.lines) == 48
    window.close()
