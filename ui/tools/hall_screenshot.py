"""The hall display at 1920x1080 mid-championship (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.hall_screenshot \
    docs/screenshots/hall-display.png [tables]
("tables": the page of the draw's tables rather than the first page of standings.)

xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.hall_screenshot \
    docs/screenshots clock
(the hall's clock at 1920x1080 and 1366x768: during play, at a pause, at the end:
hall-clock-{play,pause,end}-{1920x1080,1366x768}.png, and the pause's banner as it is called.)
"""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from models.tournament.changes import add_players, attach_game, draw, new_tournament, record_result
from models.tournament.hall_clock import HallEntry, HallRound
from models.tournament.hall_time import hall_time
from models.tournament.records import Player, Stage, Tournament
from models.tournament.standings import standings
from ui.hall.board import HallBoard, HallSource, from_standings

SIZE = (1920, 1080)
AT = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
NAMES = ("Tan Wei Ming", "Nur Aisyah binte Rahman", "Rajesh Kumar", "Lim Hui Shan",
         "Muhammad Hafiz", "Chloe Ng", "Arun Pillai", "Goh Jia Hui", "Daniel Ong",
         "Siti Nurhaliza", "Wong Kai Xiang", "Priya Menon", "Benjamin Teo", "Farah Iskandar",
         "Kelvin Chua", "Mei Ling Koh")
# The totals of tables 1-3 by seat (table 4 still playing): 4820, 4515 and 4210 advance; the
# two seconds on 3990 are level on every breaker across the line of 4, a tie for the head judge.
TOTALS = {1: (4820, 3990, 2310, 0), 2: (4515, 3990, 2890, 1450), 3: (4210, 3645, 3105, 1720)}
LAST = {4: (4390, 3320, 2475, 1980)}  # table 4 at time, for the end of the round
SIZES = ((1920, 1080), (1366, 768))
ROUND_AT = datetime(2026, 11, 21, 9, 30, tzinfo=UTC)  # the head judge's start


def _sheet(names: list[str], totals: tuple[int, ...]) -> dict[str, Any]:
    """A collected scoresheet as app.scoresheet makes it (places by total; 0 is bankrupt)."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    return {"players": [{"name": names[seat], "total": totals[seat], "position": place,
                         "tied": False, "bankrupt": totals[seat] == 0}
                        for place, seat in enumerate(order, start=1)],
            "footer": {"collected": True, "head": f"{len(names)}:0"}}


def tournament(ended: bool = False) -> Tournament:
    """Sixteen players at four tables of a qualifying round, three tables reported (all four
    when `ended`), made and ranked by the tournament's own functions (the statuses are the
    ranking's words)."""
    t = new_tournament("SG Monopoly Championship 2026", "sg-championship", (4,), stages=(
        Stage(name="Qualifying", advance=4, advance_by="score"),
        Stage(name="Final", advance=4, advance_by="table")))
    t = add_players(t, [Player(id=f"SG{n:02}", name=name)
                        for n, name in enumerate(NAMES, start=1)], AT)
    t = draw(t, "Qualifying", seed=20261121, at=AT)
    made = t.draw("Qualifying")
    assert made is not None
    for table in made.tables:
        t = attach_game(t, "Qualifying", table.number, f"games/qualifying-{table.number}.db")
        totals = (TOTALS | LAST) if ended else TOTALS
        if table.number in totals:
            names = [t.seat_name(p) for p in table.players]
            t = record_result(t, "Qualifying", table.number,
                              _sheet(names, totals[table.number]))
    return t


def board() -> HallBoard:
    """The hall's reading of the qualifying round above, mid-round."""
    t = tournament()
    return from_standings(t, standings(t, "Qualifying"))


def _entry(number: int, kind: str, minutes: float, text: str = "") -> HallEntry:
    return HallEntry(number=number, kind=kind, at=ROUND_AT + timedelta(minutes=minutes),  # type: ignore[arg-type]
                     text=text, by="Head Judge Tan")


def scene(name: str) -> HallBoard:
    """The hall in play (12:30 left, an announcement made), at a pause (its reason), at the
    end (time, every table reported): the round as the hub would give it."""
    start, said = _entry(1, "start", 0), _entry(2, "announce", 40, "The final's draw is at 11:00")
    entries, now = {"play": ((start, said), 47.5),
                    "pause": ((start, said, _entry(3, "pause", 49,
                                                   "Fire alarm test: please stay in your seats")),
                              50),
                    "end": ((start, said), 60.5)}[name]
    found = HallRound(round="sg-monopoly-championship-2026/Qualifying", entries=entries,
                      now=ROUND_AT + timedelta(minutes=now))
    t = tournament(ended=name == "end")
    return replace(from_standings(t, standings(t, "Qualifying")), round=found,
                   clock=hall_time(found, 60))


class Shown(HallSource):
    """A source that gives one board (no tournament file, no hub): the one above by default."""

    def __init__(self, shown: HallBoard | None = None) -> None:
        super().__init__("screenshot")
        self.shown = shown

    def read(self) -> HallBoard:
        return self.shown or board()


def clocks(folder: Path) -> list[Path]:
    """The hall's clock in play, at a pause and at the end, at both sizes; and the pause's
    banner as the hall first sees it."""
    from PySide6.QtTest import QTest  # noqa: PLC0415 (Qt only when drawing)

    from ui.hall.window import HallWindow  # noqa: PLC0415
    from ui.sounds import Sounds  # noqa: PLC0415

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in ("play", "pause", "end"):
        for width, height in SIZES:
            for banner in (False, True) if name == "pause" and width == 1920 else (False,):
                window = HallWindow(Shown(scene(name)), threaded=False, poll_ms=None,
                                    tick_ms=None, sounds=Sounds(audio=False))
                window.resize(width, height)
                window.show()
                window.refresh()
                QTest.qWait(200)  # laid out and painted
                if not banner:
                    window.round.banner.hide()  # as the hall sees it after the call
                path = folder / (f"hall-clock-{name}{'-banner' if banner else ''}-"
                                 f"{width}x{height}.png")
                window.grab().save(str(path))
                written.append(path)
                window.close()
    return written


def main(path: Path, tables: bool = False) -> None:
    from PySide6.QtTest import QTest  # noqa: PLC0415 (Qt only when drawing)

    from ui.app import application  # noqa: PLC0415
    from ui.hall.window import HallWindow  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    path.parent.mkdir(parents=True, exist_ok=True)
    window = HallWindow(Shown(), threaded=False, poll_ms=None)
    window.resize(*SIZE)
    window.show()
    window.refresh()
    if tables:
        while not window.pages[window.page].title.startswith("Tables"):
            window.next_page()
    QTest.qWait(200)  # laid out and painted
    window.grab().save(str(path))
    print(path)
    window.close()


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "clock":
        from ui.app import application

        _app = application(sys.argv[:1])  # kept while drawing
        for written in clocks(Path(sys.argv[1])):
            print(written)
    else:
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/hall-display.png"),
             tables=len(sys.argv) > 2 and sys.argv[2] == "tables")
