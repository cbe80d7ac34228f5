"""The hall's printouts, read back from the PDFs: a card per table (its number, the seats in
order with their names, the banker's and judge's lines), the draw's wall sheet (every table's
seats in order, every player's table and seat), and a pre-filled blank scoresheet per table."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.datafolder.paths import DATA_DIR_ENV
from app.tournament import service as tournaments
from app.tournament.hall import HallPrint, hall_print
from models.tournament.records import Player, TournamentError
from ui.tournament.hall_pdf import cards_pdf, draw_sheet_pdf, scoresheets_pdf

NAMES = ["Tan Wei Ming", "Siti Nurhaliza binte Ahmad", "Rajesh Kumar", "Lim Mei Ling",
         "Chen Jia Hui", "Muhammad Hafiz", "Priya Raman", "Ong Kok Wee", "Goh Siew Lan",
         "Abdul Rahman", "Wong Kah Wai", "Lee Hui Min"]


def pages(path: Path) -> list[str]:
    """Each page's words on one line (the PDF's tabs, line breaks and ligatures undone)."""
    return [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split())
            for p in PdfReader(path).pages]


def in_order(text: str, words: list[str]) -> bool:
    at = [text.find(w) for w in words]
    return -1 not in at and at == sorted(at)


@pytest.fixture
def hall(qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> HallPrint:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Open 2026", "sg-championship", board="classic-uk")
    tournaments.add_players(t.id, [Player(id=f"SG{n:02}", name=name, contact="+65 9000 0000")
                                   for n, name in enumerate(NAMES, start=1)])
    return hall_print(tournaments.draw(t.id, "Qualifying", seed=42), "Qualifying")


def test_each_table_has_a_card_with_its_number_and_seats_in_order(hall: HallPrint,
                                                                     tmp_path: Path) -> None:
    assert cards_pdf(hall, tmp_path / "cards.pdf") == len(hall.tables) == 3
    read = pages(tmp_path / "cards.pdf")
    assert len(read) == 3
    for text, table in zip(read, hall.tables, strict=True):
        seated = [s.name for s in table.seats]
        assert text.startswith(f"Hall Open 2026 Qualifying TABLE {table.number} Seat 1 ")
        assert in_order(text, [f"Seat {n} {name}" for n, name in enumerate(seated, start=1)])
        assert "Banker: ____" in text and "Judge: ____" in text
        assert "+65" not in text  # never a contact
    assert sorted(s.name for t in hall.tables for s in t.seats) == sorted(NAMES)


def test_the_draw_sheet_lists_every_table_and_where_each_player_sits(hall: HallPrint,
                                                                      tmp_path: Path) -> None:
    assert draw_sheet_pdf(hall, tmp_path / "draw.pdf") == 2
    tables, index = pages(tmp_path / "draw.pdf")
    assert "Qualifying: the draw" in tables and "random from seed 42" in tables
    assert "Classic (UK)" in tables  # the tournament's board, not the profile's
    rows = [f"{t.number} " + " ".join(s.name for s in t.seats) for t in hall.tables]
    assert in_order(tables, rows)
    assert index.startswith("Find your seat Abdul Rahman SG")
    for table in hall.tables:
        for seat in table.seats:
            assert f"{seat.name} {seat.player} table {table.number} seat {seat.number}" in index
    assert "+65" not in tables + index


def test_each_tables_scoresheet_is_pre_filled_on_pages_of_its_own(hall: HallPrint,
                                                                   tmp_path: Path) -> None:
    assert scoresheets_pdf(hall, tmp_path / "sheets.pdf") == 6  # two seats a page
    read = pages(tmp_path / "sheets.pdf")
    for number, table in enumerate(hall.tables):
        text = read[2 * number] + " " + read[2 * number + 1]
        assert text.startswith("Hall Open 2026 — Scoresheet Round: Qualifying Table: "
                               f"{table.number} Date: ____")
        assert read[2 * number + 1].startswith(
            f"Hall Open 2026 — Scoresheet · Qualifying · table {table.number} (continued)")
        assert in_order(text, [f"Seat {s.number} {s.name} ({s.player})" for s in table.seats])
        assert text.count("Signature:") == len(table.seats)
        assert "(Classic (UK))" in text
        assert "Banker: ____" in text and "Page 1 of 1" not in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_seat_has_a_numbered_line_for_every_deed_of_the_board(
        hall: HallPrint, tmp_path: Path, paper: str) -> None:
    assert hall.deeds == 28  # the classic board's 22 streets, 4 railways and 2 utilities
    assert scoresheets_pdf(hall, tmp_path / "sheets.pdf", paper) == 2 * len(hall.tables)
    lines = " ".join(f"{n} {n + 14}" for n in range(1, 15))  # 1-14 beside 15-28
    for text in pages(tmp_path / "sheets.pdf"):
        assert text.count("Seat ") == 2
        assert text.count(f"Mortg. Value {lines} Property Cash Total") == 2
def test_nothing_to_print_before_the_draw(qapp, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Open 2026", "sg-championship")
    with pytest.raises(TournamentError, match="not drawn yet: nothing to print"):
        hall_print(t, "Qualifying")


def test_every_page_of_find_your_seat_has_its_heading_and_no_page_is_a_lone_line(
        qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 32 names at 15 a landscape page were 15, 15 and 2 (the last page one line or two, no
    # heading); now 3 pages share them evenly, 11, 11 and 10, each under its heading.
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    t = tournaments.create("Hall Open 2026", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"S{n:02}", name=f"Player Number {n:02}")
                                   for n in range(1, 33)])
    data = hall_print(tournaments.draw(t.id, "Qualifying", seed=42), "Qualifying")
    draw_sheet_pdf(data, tmp_path / "draw.pdf")
    found = [text for text in pages(tmp_path / "draw.pdf") if "Find your seat" in text]
    assert [text.split(" Player")[0] for text in found] == [
        "Find your seat", "Find your seat (continued)", "Find your seat (continued)"]
    assert [text.count(" table ") for text in found] == [11, 11, 10]
    listed = [f"Player Number {n:02} S{n:02}" for n in range(1, 33)]
    assert all(sum(name in text for text in found) == 1 for name in listed)


def test_find_your_seat_is_sorted_as_people_read_names(qapp, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    sheet = tmp_path / "signup.csv"
    sheet.write_text("id,name,contact,latin\nP1,Zoe Tan,,\nP2,Émile Roux,,\nP3,Eve Lim,,\n"
                     "P4,陈伟明,,Chen Weiming\nP5,Anna Ng,,\nP6,Daniel Ong,,\nP7,Bala,,\n"
                     "P8,Farid,,\n", encoding="utf-8")
    found = tournaments.players_from_csv(sheet)
    assert found[3].latin == "Chen Weiming" and found[0].latin is None
    t = tournaments.create("Reading Open", "sg-championship")
    tournaments.add_players(t.id, found)
    assert tournaments.load(t.id).player("P4").latin == "Chen Weiming"
    hall = hall_print(tournaments.draw(t.id, "Qualifying", seed=3), "Qualifying")
    assert [name for name, *_ in hall.index()] == [
        "Anna Ng", "Bala", "陈伟明 (Chen Weiming)", "Daniel Ong", "Émile Roux", "Eve Lim",
        "Farid", "Zoe Tan"]
    draw_sheet_pdf(hall, tmp_path / "draw.pdf")
    index = pages(tmp_path / "draw.pdf")[-1]
    assert in_order(index, ["Anna Ng", "Bala", "Chen Weiming", "Daniel Ong", "Émile Roux",
                            "Eve Lim", "Farid", "Zoe Tan"])


def test_a_tournament_without_latin_forms_is_written_as_before(tmp_path: Path) -> None:
    assert "latin" not in Player(id="P1", name="Tan").model_dump_json()
    assert "latin" not in Player(id="P1", name="Tan").model_dump()
    assert Player(id="P1", name="陈", latin="Chen").model_dump()["latin"] == "Chen"
