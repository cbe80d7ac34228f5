"""A screenshot of the tournament's window: 16 players at four qualifying tables, every table's
scoresheet collected, the standings with a tie at the line (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.tools.tournament_screenshot \
    docs/screenshots/tournament-window.png   # add --tabs for the other two tabs beside it
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.table.command_text import parse_command
from app.tournament import service as tournaments

NAMES = ("Aisha Rahman", "Ben Tan", "Chloe Lim", "Daniel Ng", "Elena Goh", "Farid Ismail",
         "Grace Koh", "Hiroshi Sato", "Ivy Chua", "Jun Wei Ong", "Kavya Nair", "Leon Teo",
         "Mei Ling Ho", "Nadia Yusof", "Oscar Lee", "Priya Menon")
# Each qualifying table's totals by seat: table 2's and table 4's third seats level on 2,250
# with no win, at 8th and 9th: across the line of 8 who advance (a tie for the head judge).
TOTALS = {1: [3100, 2150, 1900, 800], 2: [2900, 2600, 2250, 1200],
          3: [2800, 2500, 2150, 1300], 4: [2700, 2300, 2250, 600]}
JUDGE, PIN = "Lee", "246802"
START = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def play_table(tid: str, table: int, totals: list[int], folder: Path) -> None:
    """Start the table from its card and play it to a collected scoresheet: seat 1 buys a deed,
    the judge sets each total (a short script, not a real game)."""
    at = [START + timedelta(hours=table)]

    def clock() -> datetime:
        at[0] += timedelta(seconds=5)
        return at[0]

    card = tournaments.table_card(tournaments.load(tid), "Qualifying", table)
    roll_off = tournaments.roll_off_from_throws(card["players"], "6+5 4+3 2+2 5+1")
    path = tournaments.start_table(tid, "Qualifying", table, roll_off, "Siti", (JUDGE, PIN),
                                   clock, folder)
    game = games.open_game(path, now=clock)
    seats = card["players"]
    try:
        game.sign_in_judge(JUDGE, PIN)
        begin = at[0] + timedelta(minutes=1)
        minutes = tournaments.load(tid).minutes or 60
        for data in ([{"type": "start_clock", "at": begin.isoformat()}, {"type": "roll", "player": seats[0],
                                                 "dice": [1, 2]},
                      {"type": "buy", "player": seats[0]}]
                     + [{"type": "adjust_cash", "amount": abs(total - 1500),
                         "reason": "screenshot script: the end position",
                         "from_account": "bank" if total > 1500 else seat,
                         "to_account": seat if total > 1500 else "bank"}
                        for seat, total in zip(seats, totals, strict=True) if total != 1500]
                     + [{"type": "clock_tick", "at": (begin + timedelta(minutes=minutes,
                                                                      seconds=5)).isoformat()},
                        {"type": "collect_scoresheet"}]):
            if "at" in data:
                at[0] = datetime.fromisoformat(str(data["at"])) - timedelta(seconds=5)
            game.submit(parse_command(data))
    finally:
        game.close()


def main(out: Path, tabs: bool = False) -> None:
    os.environ[DATA_DIR_ENV] = tempfile.mkdtemp(prefix="banker-tournament-shot-")
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from app.tournament.service import Player, Stage  # type: ignore[attr-defined]  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415
    from ui.tournament.window import TournamentWindow  # noqa: PLC0415

    t = tournaments.create("Singapore Championship 2026", "sg-championship", minutes=90, stages=[
        Stage(name="Qualifying", advance=8, advance_by="score"),
        Stage(name="Semi-final", advance=1, advance_by="table"),
        Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, [
        Player(id=f"SG{n:02}", name=name, contact=f"+65 9{n:03} {1000 + n * 37}")
        for n, name in enumerate(NAMES, start=1)])
    tournaments.draw(t.id, "Qualifying", seed=20261128)
    folder = Path(os.environ[DATA_DIR_ENV]) / "games"
    for table, totals in TOTALS.items():
        play_table(t.id, table, totals, folder)
    app = application(sys.argv[:1])
    window = TournamentWindow(t.id)
    window.resize(1600, 900)
    window.show()
    window.collect()
    QApplication.processEvents()
    for index, name in ((0, "players"), (1, "tables")) if tabs else ():  # to look at
        window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        window.grab().save(str(out.with_name(f"{out.stem}-{name}.png")))
    window.tabs.setCurrentIndex(2)
    QApplication.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    print(f"written: {out}")
    window.close()
    del app


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/tournament-window.png"),
         tabs="--tabs" in sys.argv[2:])
