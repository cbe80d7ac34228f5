"""`banker tournament print`: the hall's three PDFs of a stage's draw from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from models.tournament.records import Player
from ui.entry import main


def invoke(*args: str | Path) -> Result:
    return CliRunner().invoke(main, ["tournament", *map(str, args)], catch_exceptions=False)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Print Open", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=f"Player {n}") for n in range(1, 9)])
    return tmp_path


def test_print_writes_the_cards_the_draw_sheet_and_the_scoresheets(data: Path) -> None:
    refused = invoke("print", "print-open", "Qualifying", "--cards", data / "cards.pdf")
    assert refused.exit_code == 3 and "not drawn yet" in refused.output
    assert not (data / "cards.pdf").exists()
    tournaments.draw("print-open", "Qualifying", seed=5)
    done = invoke("print", "print-open", "Qualifying", "--cards", data / "cards.pdf",
                  "--sheet", data / "draw.pdf", "--scoresheets", data / "sheets.pdf")
    assert done.exit_code == 0, done.output
    assert done.output.splitlines() == [f"written: {data / 'cards.pdf'} (2 pages)",
                                        f"written: {data / 'draw.pdf'} (2 pages)",
                                        f"written: {data / 'sheets.pdf'} (4 pages)"]  # 2 seats a page
    first = tournaments.load("print-open").draw("Qualifying")
    assert first is not None
    seated = [tournaments.load("print-open").seat_name(p) for p in first.tables[0].players]
    card = " ".join(PdfReader(data / "cards.pdf").pages[0].extract_text().split())
    assert card.startswith("Print Open Qualifying TABLE 1 Seat 1 " + seated[0])


def test_print_says_what_to_print(data: Path) -> None:
    result = invoke("print", "print-open", "Qualifying")
    assert result.exit_code == 2 and "--cards, --sheet and/or --scoresheets" in result.output
