"""The printed scoresheet shows a debt open at time as its own line on both rows (RULES.md Score)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from pypdf import PdfReader
from PySide6.QtGui import QGuiApplication

from app.table.command_text import parse_command
from app.table.judges import judges_field
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.entry import main
from ui.scoresheet.document import write_pdf

PIN = "246813"
T = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
WHY = "the position for the test"


def _at(minutes: float) -> str:
    return (T + timedelta(minutes=minutes)).isoformat()


def debt_at_time(db: Path) -> dict[str, Any]:
    """An SG table (Ann, Bob, Cy, Dee): Bob holds both dark blues (37, 39) with 2 houses each;
    Ann holds cash 300 and no deed; she lands on Street 1 (dark blue, 37) from 33 with
    1 + 3: rent with 2 houses 500, more than her cash, a debt to Bob; then time is called."""
    game = TableGame.open(str(db))
    game.wall = lambda: T + timedelta(hours=2)
    commands: list[dict[str, Any]] = [
        {"type": "new_game", "profile": "sg-championship", "players": ["Ann", "Bob", "Cy", "Dee"],
         "roll_off": [{"Ann": [6, 6], "Bob": [1, 2], "Cy": [1, 3], "Dee": [1, 4]}],
         "judges": judges_field([("Lee", PIN)]), "at": _at(-5)},
        {"type": "start_clock", "at": _at(0)}]
    adjust = [{"type": "adjust_deed", "space": s, "owner": "Bob"} for s in (37, 39)]
    adjust += [{"type": "adjust_buildings", "space": s, "houses": 2} for s in (37, 39)]
    adjust += [{"type": "adjust_cash", "from_account": "Ann", "to_account": "bank",
                "amount": 1200},
               {"type": "adjust_token", "player": "Ann", "space": 33}]
    commands += [c | {"reason": WHY, "at": _at(1 + n / 10)} for n, c in enumerate(adjust)]
    commands += [{"type": "roll", "player": "Ann", "dice": [1, 3], "at": _at(3)},
                 {"type": "collect_rent", "claim": 1, "at": _at(4)},
                 {"type": "clock_tick", "at": _at(61)}]
    try:
        for number, command in enumerate(commands):
            if number == 2:
                game.sign_in_judge("Lee", PIN)
            game.submit(parse_command(command))
        return scoresheet(game)
    finally:
        game.close()


def test_the_printed_sheet_shows_the_open_debt_on_the_debtors_and_the_creditors_rows(
        qapp: QGuiApplication, tmp_path: Path) -> None:
    sheet = debt_at_time(tmp_path / "debt.db")
    # RULES.md Score: Ann's net worth is her cash 300; she owes 500: 300 - 500 is below 0 -> 0.
    # Bob's net worth: cash 1500 + deeds 350 + 400 + 4 houses × 200 = 800 -> 3050; he gains what
    # her 300 covers -> 3350, not the 500 owed. Cy and Dee 1500 each.
    totals = {p["name"]: (p["net_worth"], p["total"], p["bankrupt"]) for p in sheet["players"]}
    assert totals == {"Ann": (300, 0, False), "Bob": (3050, 3350, False),
                      "Cy": (1500, 1500, False), "Dee": (1500, 1500, False)}
    out = tmp_path / "sheet.pdf"
    write_pdf(sheet, out)
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out).pages).split())
    # pypdf puts a space where the font changes: the minus sign is DejaVu's (Noto Sans has none).
    text = text.replace("− ", "−")
    assert "1st Bob — total M3,350" in text
    assert "4th Ann — total M0" in text
    rent = "rent on Street 1 (dark blue)"
    assert f"Debt to Bob ({rent}): M500 owed −M300" in text
    assert f"Debt owed by Ann ({rent}): M500 owed +M300" in text
    assert "Net worth M3,050" in text and "Net worth M300" in text


def test_the_sheet_in_words_shows_the_open_debt_on_both_players(tmp_path: Path) -> None:
    db = tmp_path / "debt.db"
    debt_at_time(db)
    shown = CliRunner().invoke(main, ["scoresheet", "--db", str(db)], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    rent = "rent on Street 1 (dark blue)"
    # As above, by hand: Bob cash 1500, property 350 + 400 + 800 = 1550, net worth 3050, + 300
    # -> 3350; Ann cash 300, no property, 300 - 500 -> 0, not bankrupt.
    rows = [line.split() for line in lines if line[:3] in ("1st", "=2n", "4th")]
    assert rows == [["1st", "Bob", "M1,500", "M1,550", "M3,350"],
                    ["=2nd", "Cy", "M1,500", "M0", "M1,500"],
                    ["=2nd", "Dee", "M1,500", "M0", "M1,500"],
                    ["4th", "Ann", "M300", "M0", "M0"]]
    assert f"  Ann: owes Bob M500 ({rent}) at time: M300 taken off the total" in lines
    assert f"  Bob: owed M500 by Ann ({rent}) at time: M300 added to the total" in lines
