"""A tournament's history on the hub grows with its changes, not with changes × its size: each
version is its delta from the one before, with the whole document now and then (migration
0014); every version reads back exactly as it was written (issue 29, item 10)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import insert, select

from app.hub import Hub
from app.hub.schema import hub_tournament_contacts, hub_tournaments
from app.tournament.deltas import delta, patched
from app.tournament.files import document
from app.tournament.hub_store import HubTournaments
from app.tournament.hub_versions import SNAPSHOT_EVERY
from models.tournament.changes import add_players, check_in, new_tournament
from models.tournament.records import Player, Tournament
from tests.app.hub_tables import HUBS, fresh_hub

AT = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)


def test_a_delta_makes_the_one_document_into_the_other() -> None:
    before = {"a": 1, "b": [1, 2, {"c": "x"}], "gone": True}
    after = {"a": 1, "b": [1, 3, {"c": "y"}, 4], "new": None}
    change = delta(before, after)
    assert change == {"o": {"b": {"a": 4, "i": {"1": {"=": 3}, "2": {"o": {"c": {"=": "y"}}},
                                                 "3": {"=": 4}}}, "new": {"=": None}},
                      "-": ["gone"]}
    assert patched(before, change) == after
    assert before == {"a": 1, "b": [1, 2, {"c": "x"}], "gone": True}  # left as it was
    assert delta(after, after) is None
    assert patched([1, 2, 3], delta([1, 2, 3], [1])) == [1]  # a list may shrink too


def entered(count: int, contacts: bool = True) -> Tournament:
    t = new_tournament("Delta Open", "sg-championship", (4, 5))
    return add_players(t, [Player(id=f"P{n:03}", name=f"Player {n}",
                                  contact=f"p{n}@mail.sg" if contacts else None)
                           for n in range(1, count + 1)], AT)


@pytest.mark.parametrize("kind", HUBS)
def test_every_version_reads_back_as_written_and_the_history_stays_small(
        kind: str, tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    with Hub.open(url) as hub:
        held = HubTournaments(hub)
        t = entered(400)
        held.put(t, "created")
        written = [t]
        # 99 check-ins one by one: 100 versions in all, each change one small mark.
        for n in range(1, 100):
            t = held.update(t.id, lambda c, n=n: check_in(c, c.stages[0].name, [f"P{n:03}"],
                                                          "Desk", AT + timedelta(seconds=n)),
                            f"P{n:03} checked in")
            written.append(t)
        for version, expected in enumerate(written, start=1):
            got = held.at(t.id, version)
            # Contacts are kept apart (hub_tournament_contacts): the version reads without them.
            assert got == expected.model_copy(update={"players": tuple(
                p.model_copy(update={"contact": None}) for p in expected.players)})
        assert held.get(t.id) == written[-1]  # the latest, contacts merged back for the desk
        with hub.database.read() as connection:
            rows = connection.execute(select(hub_tournaments.c.version, hub_tournaments.c.base,
                                             hub_tournaments.c.document)
                                      .where(hub_tournaments.c.tournament_id == t.id)
                                      .order_by(hub_tournaments.c.version)).all()
    whole_size = len(rows[0].document)
    wholes = [r.version for r in rows if r.base is None]
    # Version 1 whole, then a whole one at most every SNAPSHOT_EVERY (64): 1 and 65 here.
    assert wholes == [1, 1 + SNAPSHOT_EVERY]
    assert all(r.base == r.version - 1 for r in rows if r.base is not None)
    deltas = [len(r.document) for r in rows if r.base is not None]
    assert max(deltas) < 1000 < whole_size  # a mark is a few hundred bytes, the document ~60 KB
    # 100 whole versions would be 100 × whole_size; held: 2 whole ones and 98 small deltas.
    assert sum(len(r.document) for r in rows) < 3 * whole_size


@pytest.mark.parametrize("kind", HUBS)
def test_a_version_stored_whole_before_0014_reads_as_it_always_did(kind: str,
                                                                   tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    t = entered(12, contacts=False)
    with Hub.open(url) as hub:
        with hub.database.write() as connection:  # as an older version of the app wrote it
            connection.execute(insert(hub_tournaments).values(
                tournament_id=t.id, version=1, document=document(t), changed_at="x",
                change="created"))
            connection.execute(insert(hub_tournament_contacts).values(
                tournament_id=t.id, version=1, contacts=json.dumps({})))
        held = HubTournaments(hub)
        assert held.get(t.id) == t and held.at(t.id, 1) == t
        changed = held.update(t.id, lambda c: check_in(c, c.stages[0].name, ["P001"], "Desk",
                                                       AT), "P001 checked in")
        assert held.at(t.id, 2) == changed and held.version(t.id) == 2
