"""Every part of the live page's templates drawn from one snapshot made by hand around a real
game's state (a classic game played on a SQLite file, read as the snapshot reads a table): the
round waiting, paused with its reason and at time, a game over with its winner, a debt, a hotel
and a mortgage, a category's standings, a decision that does not stand. The templates are strict:
a name the snapshot lacks fails the page (a test here) instead of showing blank."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.live.snapshot import Snapshot, game_data
from app.live.web import LivePage
from app.table.view_build import table_view
from tests.app.hub_tables import new_table, play

AT = "2026-11-27T10:00:00.000Z"


class Held:
    """A reader holding one snapshot (a fake of the hub's reader)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def refresh(self) -> Snapshot:
        return Snapshot(self.data, 1, datetime.now(UTC), ())

    def close(self) -> None: ...


def stage(name: str, current: bool, phase: str, game: dict[str, Any] | None) -> dict[str, Any]:
    seats = [{"seat": n, "name": p, "id": f"C{n}", "latin": None}
             for n, p in enumerate(["Ann", "Bob", "Cy", "Dee"], start=1)]
    return {
        "name": name, "drawn": True, "current": current,
        "standings": {"stage": name, "state": "decided: every result is in, no tie to rule",
                      "provisional": False, "read_at": "2026-11-27T10:00+00:00", "awaiting": [],
                      "rows": [{"position": "1", "name": "Ann", "id": "C1", "table": 1,
                                "score": 2100, "place_at_table": "1st", "bankrupt": "",
                                "wins": 1, "status": "advances"}],
                      "ties": [], "close_calls": ["Bob: 10 behind the line"],
                      "rulings": ["Lee, 2026-11-27 09:00 UTC: Ann, Bob, coin toss"],
                      "categories": [{"category": "Juniors", "prizes": ["1st junior: Ann"],
                                      "rows": [{"rank": "1", "player": "C1", "name": "Ann",
                                                "overall": "1", "score": 2100}]}]},
        "round": {"started_at": AT, "phase": phase, "timed": True, "left_ms": 754_000,
                  "pause": "fire alarm" if phase == "paused" else None,
                  "paused_at": AT if phase == "paused" else None,
                  "announcements": [{"at": AT, "text": "Lunch at noon", "by": "Tan"}],
                  "not_standing": ["a round row: no judge signed it; not followed"],
                  "flagged": []},
        "tables": [{"number": 1, "seats": seats, "status": "over" if game else "waiting",
                    "flag": None, "game": game}],
    }


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    game = new_table(tmp_path, 1)
    play(game, 80, Random(4))
    shown = game_data(game, table_view(game))
    game.close()
    owner = next(p for p in shown["players"] if p["sets"])
    deed = owner["sets"][0]["deeds"][0]
    deed.update(hotel=True, mortgaged=True)
    owner["owes"] = [{"to": "the Bank", "amount": 50}]
    shown.update(ended="time", winner=owner["name"])
    data = {"read_at": AT, "not_standing": [], "tournaments": [{
        "id": "cup", "name": "Hall Cup", "current": "Final",
        "not_standing": ["the withdrawal of C9: no judge signed it; not followed"],
        "stages": [stage("Qualifying", False, "time", None), stage("Final", True, "paused",
                                                                    shown)]}]}
    with TestClient(LivePage(Held(data)).app) as found:
        yield found


def test_every_branch_of_the_pages_is_drawn(client: TestClient) -> None:
    page = client.get("/t/cup")
    assert page.status_code == 200
    text = page.text
    for words in ("PAUSED", "Why: fire alarm", "Lunch at noon", "DECIDED", "Juniors",
                  "(overall 1)", "1st junior: Ann", "coin toss", "10 behind the line",
                  "Decisions that do not stand", "the withdrawal of C9", "GAME OVER",
                  "✔ advances"):
        assert words in text, words
    table = client.get("/t/cup/Final/1")
    assert table.status_code == 200
    for words in ("Owes M50 to the Bank", "(hotel)", "(mortgaged)", "wins", "<svg",
                  "entries recorded", "Round entries on the hub that do not stand"):
        assert words in table.text, words
    assert client.get("/t/cup/Qualifying/1").status_code == 200  # no game yet: the seats
    assert client.get("/").status_code == 200
