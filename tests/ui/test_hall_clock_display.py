"""The projector is the hall's clock: the hall display shows the round's time left large, the
hall's pause with its reason as a red line, the head judge's announcement, sounds the marks at
15, 10, 5 and 1 minutes and at time (each once), counts down between readings, says only
"Standings as at 14:50" when the hub does not answer, and goes full screen on a single screen
with F11 and Esc to leave and F11 to return. Driven by the window's own tick with a steady clock
the test moves: no sleeps.

Amounts by hand: an SG game is 60 minutes; read at 09:44:58 after a 09:00 start, 15:02 is left."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub
from app.hub.errors import HubUnreachable
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles
from app.tournament import rounds
from app.tournament import service as tournaments
from models.tournament.hall_clock import HallEntry, HallRound
from models.tournament.hall_time import hall_time
from models.tournament.records import Player, Stage
from tests.app.hub_tables import HUBS, as_role, fresh_hub
from ui.hall.board import STANDINGS_TO_FOLLOW, HallBoard, HallSource, Line
from ui.hall.window import HallWindow
from ui.sounds import Sounds

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
HEAD, HEAD_PIN = "Head Judge Tan", "135791"


def entry(number: int, kind: str, seconds: float, text: str = "") -> HallEntry:
    return HallEntry(number=number, kind=kind, at=START + timedelta(seconds=seconds),  # type: ignore[arg-type]
                     text=text, by=HEAD)


def board(now_s: float, *entries: HallEntry) -> HallBoard:
    found = HallRound(round="cup/Qualifying", entries=entries,
                      now=START + timedelta(seconds=now_s))
    return HallBoard(heading="Hall Cup 2026 · Qualifying", note="provisional", tables=(),
                     lines=(Line("1", "Tan Wei Ming", "2,000", "", True),),
                     round=found, clock=hall_time(found, 60))


class Fixed(HallSource):
    """A source giving the board it is told to (no file, no hub)."""

    def __init__(self, shown: HallBoard) -> None:
        super().__init__("cup")
        self.shown: HallBoard | Exception = shown

    def read(self) -> HallBoard:
        if isinstance(self.shown, Exception):
            raise self.shown
        return self.shown


class Steady:
    """The window's steady clock, in milliseconds, moved by the test."""

    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def window_of(qtbot, source: Fixed, steady: Steady) -> tuple[HallWindow, list[str]]:
    sounds = Sounds(audio=False)
    heard: list[str] = []
    sounds.chosen.connect(heard.append)
    window = HallWindow(source, threaded=False, poll_ms=None, tick_ms=None, sounds=sounds,
                        elapsed=steady)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    window.refresh()
    return window, heard


def test_the_time_left_shows_large_and_counts_down_between_readings(qtbot) -> None:
    steady = Steady()
    window, _ = window_of(qtbot, Fixed(board(44 * 60 + 58, entry(1, "start", 0))), steady)
    face = window.round.face
    assert face.isVisible() and face.time.text() == "15:02"
    assert face.time_px >= 100  # read from the back of the hall
    steady.ms = 30_000
    window.round.tick()
    assert face.time.text() == "14:32"
    assert face.state.full == "running"
    assert not window.round.line.isVisible()  # no pause, no announcement


def test_the_marks_and_time_are_sounded_each_once_and_called_on_the_banner(qtbot) -> None:
    steady = Steady()
    window, heard = window_of(qtbot, Fixed(board(44 * 60 + 58, entry(1, "start", 0))), steady)
    assert heard == []  # 15:02 left when first read: nothing passed yet
    steps = {3_000: "announcement", 5 * 60_000 + 3_000: "announcement",
             10 * 60_000 + 3_000: "announcement", 14 * 60_000 + 3_000: "last-minute",
             15 * 60_000 + 3_000: "time"}
    for ms, sound in steps.items():
        steady.ms = ms
        window.round.tick()
        assert heard[-1] == sound
        window.round.tick()  # the same moment again: not sounded twice
    assert heard == list(steps.values())
    assert window.round.face.time.text() == "TIME"
    assert window.round.banner.isVisible() and window.round.banner.text() == "TIME"
    window.refresh()  # a later reading says the same: nothing sounds again
    steady.ms += 5_000
    window.round.tick()
    assert len(heard) == 5


def test_a_mark_passed_between_a_reading_and_the_next_sounds_once(qtbot) -> None:
    steady = Steady()
    source = Fixed(board(44 * 60 + 58, entry(1, "start", 0)))
    window, heard = window_of(qtbot, source, steady)
    steady.ms = 3_000
    window.round.tick()  # 14:59 counted here
    source.shown = board(44 * 60 + 59, entry(1, "start", 0))  # the hub a second behind: 15:01
    window.refresh()
    steady.ms = 6_000
    window.round.tick()
    assert heard == ["announcement"]


def test_the_halls_pause_shows_its_reason_as_a_red_line_and_stands_the_clock(qtbot) -> None:
    steady = Steady()
    window, heard = window_of(qtbot, Fixed(board(
        25 * 60, entry(1, "start", 0), entry(2, "pause", 20 * 60, "fire alarm: stay seated"))),
        steady)
    line = window.round.line
    assert line.isVisible() and line.property("level") == "paused"
    assert line.text() == "HALL PAUSED: fire alarm: stay seated"
    assert window.round.face.time.text() == "40:00"
    assert window.round.face.state.full == "paused"
    assert window.round.banner.isVisible() and "HALL PAUSED" in window.round.banner.text()
    steady.ms = 120_000
    window.round.tick()
    assert window.round.face.time.text() == "40:00" and heard == []


def test_each_announcement_is_shown_and_called_out(qtbot) -> None:
    steady = Steady()
    source = Fixed(board(600, entry(1, "start", 0), entry(2, "announce", 500, "Room B opens")))
    window, _ = window_of(qtbot, source, steady)
    assert "Room B opens" in window.round.line.text()
    assert window.round.line.property("level") == "said"
    source.shown = board(700, entry(1, "start", 0), entry(2, "announce", 500, "Room B opens"),
                         entry(3, "announce", 650, "The final's draw is at 11:00"))
    window.refresh()
    assert "The final's draw is at 11:00" in window.round.line.text()
    assert "The final's draw is at 11:00" in window.round.banner.text()


def test_a_hub_that_does_not_answer_reads_as_the_standings_as_at_their_time(qtbot) -> None:
    steady = Steady()
    source = Fixed(board(600, entry(1, "start", 0)))
    window, _ = window_of(qtbot, source, steady)
    source.shown = HubUnreachable("the hub at postgresql://banker_reader_login@10.0.0.5/hall "
                                  "cannot be used just now: connection refused")
    window.refresh()
    assert window.read_at is not None
    assert window.foot.full == f"Standings as at {window.read_at:%H:%M}"
    texts = " ".join(window.texts())
    for technical in ("hub", "postgresql", "10.0.0.5", "login", "refused"):
        assert technical not in texts
    steady.ms = 60_000
    window.round.tick()  # the clock counts on from the last reading
    assert window.round.face.time.text() == "49:00"


def test_one_screen_full_screen_f11_and_esc_leave_f11_returns(qtbot) -> None:
    window = HallWindow(Fixed(board(0)), threaded=False, poll_ms=None, tick_ms=None,
                        sounds=Sounds(audio=False))
    qtbot.addWidget(window)
    assert len(QGuiApplication.screens()) == 1
    said = window.present(QGuiApplication.primaryScreen())
    assert window.isFullScreen() and "F11" in said
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen() and window.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.isVisible()  # Esc never closes the hall's display


@pytest.mark.parametrize("kind", HUBS)
def test_the_round_is_read_from_the_hub_as_the_head_judge_starts_and_pauses_it(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub(kind, tmp_path)
    desk = reader = admin
    if kind == "postgresql":  # the desk writes; the hall display reads as the reader's login
        init_roles(admin, ["1"], password=lambda: "not-used-here")
        desk, reader = as_role(admin, DESK_LOGIN), as_role(admin, READER_LOGIN)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, desk)
    t = tournaments.create("Hall Cup 2026", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score")])
    tournaments.add_players(t.id, [Player(id=f"T{n:02}", name=f"Entrant {n:02}",
                                          contact=f"+65 9000 00{n:02}") for n in range(1, 9)])
    tournaments.draw(t.id, "Qualifying", seed=7)
    with Hub.open(desk) as hub:
        hub.register_judge(HEAD, HEAD_PIN)
    source = HallSource(t.id, None, reader)
    try:
        waiting = source.read()
        assert waiting.clock is not None and waiting.clock.phase == "waiting"
        assert waiting.clock.left_ms == 60 * 60_000
        rounds.record(t.id, "Qualifying", "start", "", HEAD, HEAD_PIN, sleep=lambda _: None)
        running = source.read()
        assert running.clock is not None and running.clock.phase == "running"
        assert 59 * 60_000 < running.clock.left_ms <= 60 * 60_000
        rounds.record(t.id, "Qualifying", "pause", "fire alarm", HEAD, HEAD_PIN,
                      sleep=lambda _: None)
        paused = source.read()
        assert paused.clock is not None and paused.clock.phase == "paused"
        assert paused.clock.pause == "fire alarm"
        assert paused.round is not None and paused.round.paused is not None
        assert [ln.name for ln in paused.lines][:1] and "+65" not in repr(paused)
    finally:
        source.close()


def test_standings_the_hub_cannot_give_read_as_to_follow(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.delenv(HUB_URL_ENV, raising=False)
    t = tournaments.create("Hall Cup 2026", "sg-championship")  # in its file, not on the hub
    source = HallSource(t.id, None, url)
    try:
        found = source.read()
    finally:
        source.close()
    assert found.note == STANDINGS_TO_FOLLOW and url not in found.heading


def test_the_next_stages_round_sounds_its_own_marks(qtbot) -> None:
    steady = Steady()
    source = Fixed(board(44 * 60 + 58, entry(1, "start", 0)))
    window, heard = window_of(qtbot, source, steady)
    steady.ms = 3_000
    window.round.tick()
    assert heard == ["announcement"]
    final = HallRound(round="cup/Final", entries=(entry(1, "start", 0),),
                      now=START + timedelta(seconds=44 * 60 + 58))
    source.shown = HallBoard(heading="Hall Cup 2026 · Final", note="", lines=(), tables=(),
                             round=final, clock=hall_time(final, 60))
    window.refresh()
    steady.ms = 6_000
    window.round.tick()
    assert heard == ["announcement", "announcement"]
