"""The published page reads as an announcement on a phone: scores with thousands separators, the
time said in words, and a rule under the last player who advances."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from app import tournaments
from app.publishing import published, standings_html
from tests.app.test_tournament_cli import data, scored

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
