"""The published page reads as an announcement on a phone: scores with thousands separators, the
time said in words, and a rule under the last player who advances."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from app.tournament import service as tournaments
from app.tournament.publishing import published, standings_csv, standings_html
from models.tournament.changes import add_players, attach_game, draw, new_tournament, record_result
from models.tournament.records import Player
from tests.app.cli.test_tournament_cli import JUDGE, JUDGE_PIN, data, scored
from tests.models.tournament.test_standings import sheet

__all__ = ["data"]  # the fixture, used by name


def test_the_page_says_scores_time_and_the_advancement_line_as_a_reader_reads_them(
        data: Path) -> None:
    # Five tables: seat 1 scores 3000, seat 2 2000 (scored()); 8 advance (Qualifying:4:8:score):
    # the five on 3000 are in, the five on 2000 tie for the last 3 places.
    scored(data)
    page = standings_html(published(tournaments.load("sg-open"), "Qualifying",
                                    datetime(2026, 11, 30, 12, 0, tzinfo=UTC)))
    assert '<td class="n">3,000</td>' in page and '<td class="n">2,000</td>' in page
    assert '<p class="when">Published 30 Nov 2026, 12:00 UTC</p>' in page
    assert page.count('<tr class="in">') == 4 and page.count('<tr class="in cut">') == 1
    assert page.index('<tr class="in cut">') < page.index('<tr class="tie">')


def test_hostile_names_are_escaped_on_the_page_and_defused_in_the_csv() -> None:
    # A name is whatever the sign-up sheet held: markup must show as text on the page, and a
    # name a spreadsheet would run as a formula (=, +, -, @) must open as text (a leading
    # apostrophe, OWASP's advice); so must the shared position "=1" of a tie.
    at = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    names = ["<script>alert(1)</script>", '"&<>', '=HYPERLINK("http://x.example","win")',
             "+1 555 0100", "-2+3", "@SUM(A1)", "Ann", "Bob"]
    t = new_tournament("Cup <b>", "sg-championship", (4,))
    t = add_players(t, [Player(id=f"P{n}", name=name, contact=f"Kim Tan {n}")
                        for n, name in enumerate(names)], at)
    t = draw(t, "Qualifying", 3, at)
    for table in (1, 2):
        made = t.draw("Qualifying")
        assert made is not None
        seats = [t.seat_name(p) for p in made.tables[table - 1].players]
        t = attach_game(t, "Qualifying", table, f"q{table}.db")
        t = record_result(t, "Qualifying", table, sheet(seats, [4000, 3000, 2000, 1000]))
    data_ = published(t, "Qualifying", at)
    page, csv_text = standings_html(data_), standings_csv(data_)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&quot;&amp;&lt;&gt;" in page and "<b>" not in page
    for contact in (f"Kim Tan {n}" for n in range(8)):  # a contact that looks like a name
        assert contact not in page and contact not in csv_text
    cells = [line.split(",", 2)[:2] for line in csv_text.splitlines()[1:]]
    names_in_csv = {cell[1] for cell in cells}
    assert {"'+1 555 0100", "'-2+3", "'@SUM(A1)", "Ann", "Bob"} <= names_in_csv
    assert "'=HYPERLINK(\"\"http://x.example\"\"" in csv_text
    assert {cell[0] for cell in cells} == {"'=1", "'=3", "'=5", "'=7"}  # two tables, level
    assert not any(line.split(",")[1].startswith(("=", "+", "-", "@"))
                   for line in csv_text.splitlines())


def test_a_decided_stage_says_decided_never_final_which_reads_as_the_stage(data: Path) -> None:
    # The five on 2000 tie for the last 3 places; once ruled, every result is in and nothing
    # waits: the page says so in words, not "Final" (the last stage's name).
    scored(data)
    tie = tournaments.standings("sg-open", "Qualifying").ties[0]
    waiting = published(tournaments.load("sg-open"), "Qualifying",
                        datetime(2026, 11, 30, 12, 0, tzinfo=UTC))
    assert waiting["ties"][0].endswith("(positions 6–10: 3 seats to settle)")
    tournaments.rule_tie("sg-open", "Qualifying", tie.players[:tie.seats], (JUDGE, JUDGE_PIN),
                         "lot")
    page = standings_html(published(tournaments.load("sg-open"), "Qualifying",
                                    datetime(2026, 11, 30, 12, 0, tzinfo=UTC)))
    assert '<p class="state decided">Decided: every result is in, no tie to rule</p>' in page
    assert "Final" not in page and "final" not in page
