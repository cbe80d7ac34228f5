"""The hall display shows the stage's standings and tables of a tournament played in the test
(names and scores known by hand), pages by itself and comes back to the first page, never shows
a contact, reads the hub through the head judge's reader, and opens from `banker hall-display`,
the tournament's window and the head judge's (F11)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.cli.main import main as banker
from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub
from app.tournament import service as tournaments
from models.tournament.records import Player, Stage
from tests.app.tournament.test_tournament_games import start_and_play
from ui.hall.board import HallSource
from ui.hall.command import hall_display_command
from ui.hall.pages import pages
from ui.hall.window import ROWS, HallWindow
from ui.head_judge.reader import HallReader
from ui.head_judge.window import HeadJudgeWindow
from ui.tournament.window import TournamentWindow

assert banker.get_command(None, "hall-display") is hall_display_command  # type: ignore[arg-type]

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
# Each table's totals by seat, as in the tournament window's test: by hand, t1 seat 1 (2000)
# and t2 seat 1 (1950) lead, t1 seat 2 (1900) is 3rd, t1 seat 3 and t2 seat 2 are level on
# 1700 ("=4"), a tie across the line of 4.
TOTALS = {1: [2000, 1900, 1700, 1100], 2: [1950, 1700, 1400, 1000]}


def contact(n: int) -> str:
    return f"player{n}@example.org" if n % 2 else f"+65 9000 00{n:02}"


def make(count: int, played: bool, tmp_path: Path) -> str:
    t = tournaments.create("Hall Cup 2026", "sg-championship", stages=[
        Stage(name="Qualifying", advance=4, advance_by="score"),
        Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}", contact=contact(n))
                                   for n in range(1, count + 1)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    if played:
        for table, totals in TOTALS.items():
            start_and_play(t.id, "Qualifying", table, totals, START, tmp_path / "games")
        tournaments.collect_results(t.id, "Qualifying")
    return t.id


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    return tmp_path


def seats(tid: str, table: int) -> list[str]:
    return list(tournaments.table_card(tournaments.load(tid), "Qualifying", table)["players"])


def shown(window: HallWindow) -> list[tuple[str, ...]]:
    """The lines of the page shown, as their cells' whole texts (blank lines left out)."""
    found = [tuple(cell.full for cell in line.cells) for line in window.lines]
    return [cells for cells in found if any(cells)]


def every_page(window: HallWindow, qtbot) -> list[str]:
    """Every text of every page, turning the pages by the window's own timer."""
    texts = window.texts()
    for _ in range(len(window.pages) - 1):
        with qtbot.wait_signal(window.paged, timeout=2000):
            pass
        texts += window.texts()
    return texts


def test_the_display_shows_the_standings_and_the_tables_as_played(qtbot, data: Path) -> None:
    tid = make(8, True, data)
    window = HallWindow(HallSource(tid), threaded=False, poll_ms=None, page_ms=20)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.refresh()
    assert window.heading.text() == "Hall Cup 2026 · Qualifying"
    assert window.sub.full.startswith("Standings")
    t1, t2 = seats(tid, 1), seats(tid, 2)
    lines = shown(window)
    assert lines[:5] == [("1", t1[0], "2,000", lines[0][3]), ("2", t2[0], "1,950", lines[1][3]),
                         ("3", t1[1], "1,900", lines[2][3]), ("=4", lines[3][1], "1,700",
                                                               lines[3][3]),
                         ("=4", lines[4][1], "1,700", lines[4][3])]
    assert {lines[3][1], lines[4][1]} == {t1[2], t2[1]}
    assert len(lines) == 8
    assert [window.lines[n].cells[1].property("marked") for n in range(3)] == [True] * 3
    with qtbot.wait_signal(window.paged, timeout=2000) as turned:
        pass
    assert turned.args == [1]
    assert window.sub.full == "Tables   ·   provisional: a tie for the head judge to rule"
    assert shown(window) == [  # one line a seat, the whole name, the table on its first
        *((("1" if n == 1 else ""), name, f"seat {n}", "") for n, name in enumerate(t1, 1)),
        *((("2" if n == 1 else ""), name, f"seat {n}", "") for n, name in enumerate(t2, 1))]
    with qtbot.wait_signal(window.paged, timeout=2000) as turned:
        pass
    assert turned.args == [0]  # back to the first page
    window.close()


def test_more_players_than_a_page_pages_by_itself_and_comes_back_to_page_one(
        qtbot, data: Path) -> None:
    # 24 lines: 3 pages of standings (10, 10, 4); 6 tables of 4, two whole tables a page
    tid = make(24, False, data)
    window = HallWindow(HallSource(tid), threaded=False, poll_ms=None, page_ms=20)
    qtbot.addWidget(window)
    window.refresh()
    assert [p.title for p in window.pages] == [
        "Standings 1 of 3", "Standings 2 of 3", "Standings 3 of 3",
        "Tables 1 of 3", "Tables 2 of 3", "Tables 3 of 3"]
    assert len(shown(window)) == ROWS
    assert window.foot.full.startswith("Page 1 of 6")
    seen = [window.page]
    for _ in range(6):
        with qtbot.wait_signal(window.paged, timeout=2000):
            pass
        seen.append(window.page)
    assert seen == [0, 1, 2, 3, 4, 5, 0]
    assert [len(p.rows) for p in window.pages[3:]] == [8, 8, 8]
    window.pager.stop()
    window.next_page()
    window.next_page()
    assert len(shown(window)) == 4  # the third page of standings: its last four
    window.refresh()  # a new reading stays on the page shown
    assert window.page == 2
    window.close()


def test_no_contact_appears_anywhere_on_any_page(qtbot, data: Path) -> None:
    tid = make(24, False, data)
    window = HallWindow(HallSource(tid), threaded=False, poll_ms=None, page_ms=20)
    qtbot.addWidget(window)
    window.refresh()
    texts = "\n".join(every_page(window, qtbot))
    assert "Player 24" in texts and "Player 1" in texts
    for n in range(1, 25):
        assert contact(n) not in texts
    assert "@" not in texts and "+65" not in texts
    window.close()


def test_the_display_reads_on_a_thread_of_its_own(qtbot, data: Path) -> None:
    tid = make(8, False, data)
    window = HallWindow(HallSource(tid), poll_ms=None)
    qtbot.addWidget(window)
    with qtbot.wait_signal(window.refreshed, timeout=5000):
        window.refresh()
    assert len(shown(window)) == 8
    assert all(line[3].startswith("awaiting table") for line in shown(window))
    window.close()


def test_with_a_hub_the_standings_come_through_the_head_judges_reader(
        qtbot, data: Path) -> None:
    tid = make(8, True, data)
    hub = str(data / "hub.db")
    Hub.open(hub, create=True).close()
    window = HallWindow(HallSource(tid, None, hub), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    window.refresh()
    assert shown(window)[0] == ("1", seats(tid, 1)[0], "2,000", shown(window)[0][3])
    assert window.board is not None and len(window.board.tables) == 2
    window.close()


def test_a_hub_that_cannot_be_read_keeps_the_last_reading_up(qtbot, data: Path) -> None:
    tid = make(8, False, data)

    class Gone(HallSource):
        def read(self):  # type: ignore[no-untyped-def]
            from app.hub import HubUnreachable  # noqa: PLC0415
            raise HubUnreachable("the hub is not answering")

    window = HallWindow(HallSource(tid), threaded=False, poll_ms=None)
    qtbot.addWidget(window)
    window.refresh()
    window.polling.poller.source = Gone(tid)
    window.refresh()
    # The hall reads when the standings were read, never why they are not now.
    assert window.read_at is not None
    assert window.foot.full == f"Standings as at {window.read_at:%H:%M}"
    assert window.problem == "the hub is not answering"
    assert not any("hub" in text for text in window.texts())
    assert len(shown(window)) == 8
    window.close()


def test_pages_of_an_undrawn_stage_say_so(data: Path) -> None:
    t = tournaments.create("Empty Cup", "sg-championship",
                           stages=[Stage(name="Final", advance=3, advance_by="table")])
    board = HallSource(t.id).read()
    assert board.note == "no stage is drawn yet"
    assert [p.title for p in pages(board, ROWS)] == ["Standings"]


def test_the_tournament_window_opens_on_a_tab_without_contacts(qtbot, data: Path) -> None:
    tid = make(8, False, data)
    window = TournamentWindow(tid)
    qtbot.addWidget(window)
    assert window.tabs.currentWidget() is window.standings_tab
    model = window.standings
    texts = [str(model.index(r, c).data()) for r in range(model.rowCount())
             for c in range(model.columnCount())]
    assert "Player 1" in texts
    assert not any("@" in text or "+65" in text for text in texts)


def test_f11_opens_and_closes_the_hall_display_from_both_windows(qtbot, data: Path) -> None:
    tid = make(8, False, data)
    desk = TournamentWindow(tid)
    qtbot.addWidget(desk)
    desk.toggle_hall()
    assert desk.hall is not None and desk.hall.isVisible()
    assert "Hall display" in desk.messages.text()
    hall = desk.hall
    desk.toggle_hall()
    assert desk.hall is None and not hall.isVisible()
    hub = str(data / "hub.db")
    Hub.open(hub, create=True).close()
    judge = HeadJudgeWindow(HallReader(hub, tid), threaded=False, poll_ms=None)
    qtbot.addWidget(judge)
    judge.toggle_hall()
    assert judge.hall is not None and judge.hall.source.hub == hub
    judge.close()
    assert not judge.hall.isVisible()


def test_the_command_refuses_an_unknown_tournament(data: Path) -> None:
    from click.testing import CliRunner  # noqa: PLC0415

    result = CliRunner().invoke(banker, ["hall-display", "no-such-cup"])
    assert result.exit_code == 3
    make(8, False, data)
    tournaments.create("Second Cup", "sg-championship",
                       stages=[Stage(name="Final", advance=3, advance_by="table")])
    result = CliRunner().invoke(banker, ["hall-display"])
    assert result.exit_code == 3 and "give the tournament's ID" in result.output
