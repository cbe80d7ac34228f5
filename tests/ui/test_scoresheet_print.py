"""The printed scoresheet: one page where it fits, signatures never alone, head on every page."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QGuiApplication

from app.table.command_text import parse_command, read_script
from app.table.judges import judges_field
from app.table.scoresheet import scoresheet
from app.table.service import TableGame
from ui.scoresheet.document import write_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def record(db: Path, script: str, lines: int | None = None, **opening: object) -> TableGame:
    game = TableGame.open(str(db))
    commands = list(read_script((EXAMPLES / script).read_text(encoding="utf-8")))[:lines]
    for _, line in commands:
        command = parse_command(line)
        if command.type == "new_game":
            command = parse_command(command.model_dump(mode="json", exclude_none=True) | opening)
        game.submit(command)
    return game


def pages(sheet: dict, path: Path) -> list[str]:
    assert QGuiApplication.instance() is not None  # pytest-qt's (tests take the qapp fixture)
    write_pdf(sheet, path)
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


@pytest.fixture
def px_sheet(qapp, tmp_path: Path) -> dict:
    """The shipped 4-player PX game, played to its second bankruptcy, from a new game that
    names the round, the table and the first judge."""
    game = record(tmp_path / "px.db", "propnex-game.jsonl", round="Final", table="3",
                  judges=judges_field([("Lee", "246813")]))
    try:
        return scoresheet(game)
    finally:
        game.close()


def test_a_four_player_px_sheet_fits_one_page_with_its_signatures(px_sheet: dict,
                                                                  tmp_path: Path) -> None:
    [page] = pages(px_sheet, tmp_path / "sheet.pdf")
    assert "Round: Final" in page and "Table: 3" in page
    assert "Judge: Lee" in page and "Banker: banker" in page
    assert page.count("Signature:") == 4  # one per player, then the banker's and the judge's
    assert f"Ledger head {px_sheet['footer']['head']}" in page
    assert "Mortgaged deeds count at half their price" in page
    assert "PROVISIONAL" not in page


def test_a_sheet_too_long_for_a_page_keeps_the_signatures_with_a_table(px_sheet: dict,
                                                                        tmp_path: Path) -> None:
    # Every player holding the deeds of all four: no size fits one page, so the last player
    # starts a page of their own and the banker's and judge's lines follow that player's table.
    long = copy.deepcopy(px_sheet)
    every = [d for p in px_sheet["players"] for d in p["deeds"]]
    for player in long["players"]:
        player["deeds"], player["bankrupt"] = every, False
    printed = pages(long, tmp_path / "long.pdf")
    assert len(printed) > 1
    last = printed[-1]
    assert last.index("Total") < last.index("Banker:")  # a table above the signature lines
    assert all(f"Ledger head {px_sheet['footer']['head']}" in page for page in printed)
    # (the text extractor spaces the footer's monospace letters: compare without spaces)
    assert all(f"Page{n}of{len(printed)}" in page.replace(" ", "")
               for n, page in enumerate(printed, start=1))


def test_an_unfinished_games_sheet_is_provisional_and_has_no_signature_lines(
        qapp, tmp_path: Path) -> None:
    # The PX game after its deal and two bids: in progress.
    game = record(tmp_path / "part.db", "propnex-game.jsonl", lines=4)
    try:
        sheet = scoresheet(game)
    finally:
        game.close()
    [page] = pages(sheet, tmp_path / "part.pdf")
    assert "PROVISIONAL" in page
    assert "Signature" not in page and "Banker: ____" not in page
