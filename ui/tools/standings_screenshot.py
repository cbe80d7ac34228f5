"""The published HTML standings at phone width (390 px), as a reader of the announcement sees it.

    .venv/bin/python -m ui.tools.standings_screenshot docs/screenshots/standings-phone.png

Builds a 24-player SG tournament in a temporary data folder, plays each qualifying table's game
on a real ledger (seat 1 buys a deed, the judge sets the end position, time is called, the sheet
collected), reads the results, writes the page with `banker tournament publish --html`, and has
headless Chromium (Debian's `chromium`: apt-get install -y chromium) take the picture."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.datafolder.paths import DATA_DIR_ENV
from app.games import folder as games
from app.table.command_text import parse_command
from app.tournament import service as tournaments

JUDGE, PIN = "Lee Hui Min", "246802"
REASON = "screenshot script: the end position, set by the judge"
NAMES = ["Nurul Aisyah binte Mohamed Rahman", "Tan Wei Ming", "Rajendran s/o Subramaniam",
         "Chloe Lim", "Muhammad Haziq", "Ong Jia Hui", "Priya Ramasamy", "Daniel Koh",
         "Siti Nurhaliza", "Lim Boon Keng", "Arjun Menon", "Goh Xin Yi", "Farah Hassan",
         "Benjamin Ng", "Wong Kah Wai", "Kavitha Pillai", "Marcus Teo", "Zainab Ali",
         "Ho Yong Sheng", "Cheryl Tay", "Vikram Singh", "Amanda Chua", "Ismail Osman",
         "Eugene Seah"]
# Each table's totals in seat order: five players level on 1,720 (no table win among them)
# and two level on 1,650 at positions 16-17, the advancement line, for the head judge to rule.
TOTALS = {1: [2650, 1980, 1720, 880], 2: [3120, 1720, 1650, 640], 3: [2410, 2200, 1720, 1050],
          4: [2890, 1860, 1410, 1200], 5: [2300, 2050, 1720, 990], 6: [2760, 1720, 1650, 300]}
CHROMIUM = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
            "--hide-scrollbars"]


class Clock:
    """A clock the script moves: every reading a second later."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def play_table(tid: str, table: int, totals: list[int]) -> None:
    """The table's game from the draw, played to its end position and its sheet collected."""
    clock = Clock(datetime(2026, 11, 21, 9, tzinfo=UTC) + timedelta(hours=table))
    seats = tournaments.table_card(tournaments.load(tid), "Qualifying", table)["players"]
    roll_off = tournaments.roll_off_from_throws(seats, "6+5 4+3 2+2 5+1")
    path = tournaments.start_table(tid, "Qualifying", table, roll_off, "Siti", (JUDGE, PIN),
                                   clock)
    game = games.open_game(path, now=clock)
    try:
        game.sign_in_judge(JUDGE, PIN)
        lines: list[dict[str, object]] = [
            {"type": "start_clock"}, {"type": "roll", "player": seats[0], "dice": [1, 2]},
            {"type": "buy", "player": seats[0]}]  # seat 1: cash 1440 + the deed's 60 = 1500
        for seat, total in zip(seats, totals, strict=True):
            if total != 1500:
                lines.append({"type": "adjust_cash", "amount": abs(total - 1500),
                              "reason": REASON,
                              "from_account": "bank" if total > 1500 else seat,
                              "to_account": seat if total > 1500 else "bank"})
        for line in lines:
            game.submit(parse_command(line))
        clock.at += timedelta(minutes=61)
        game.submit(parse_command({"type": "clock_tick"}))
        game.submit(parse_command({"type": "collect_scoresheet"}))
    finally:
        game.close()


def publish_page(folder: Path) -> Path:
    """The tournament played and its page written by `banker tournament publish --html`."""
    os.environ[DATA_DIR_ENV] = str(folder / "data")
    t = tournaments.create("Singapore Championship 2026", "sg-championship")
    sheet = folder / "sign-up.csv"
    sheet.write_text("id,name,contact\n" + "".join(
        f"SG{n:02},{name},+65 9000 {n:04}\n" for n, name in enumerate(NAMES, start=1)),
        encoding="utf-8")
    tournaments.add_players(t.id, tournaments.players_from_csv(sheet))
    tournaments.draw(t.id, "Qualifying", seed=2026)
    for table, totals in TOTALS.items():
        play_table(t.id, table, totals)
    _, notes = tournaments.collect_results(t.id, "Qualifying")
    assert not notes, notes
    page = folder / "standings.html"
    subprocess.run([sys.executable, "-c", "from ui.entry import main; main()", "tournament",
                    "publish", t.id,
                    "Qualifying", "--html", str(page)], check=True)
    return page


def screenshot(page: Path, out: Path, width: int = 390, height: int = 1700) -> None:
    """Headless Chromium's picture of the page at `width` x `height` CSS pixels."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("chromium is not installed (Debian: apt-get install -y chromium)")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, *CHROMIUM, f"--user-data-dir={profile}",
                        f"--window-size={width},{height}", f"--screenshot={out.resolve()}",
                        page.resolve().as_uri()], check=True, capture_output=True, timeout=120)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/standings-phone.png")
    with tempfile.TemporaryDirectory() as folder:
        page = publish_page(Path(folder))
        screenshot(page, out)
    print(f"written: {out}")


if __name__ == "__main__":
    main()
