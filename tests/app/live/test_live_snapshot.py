"""The live page's snapshot of a real PostgreSQL hub read with the reader's login: every table's
game as the table's own file folds it, the DIVERGED table showing nothing of its game, the
standings marked provisional, the hall's round and its announcement, no contact and nothing of
the hub's address anywhere; the hub read whole only when its change mark moved."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from click.testing import CliRunner

from app.cli.main import EXIT_REFUSED, main
from app.hub import Hub
from app.hub.roles import DESK_LOGIN
from app.live.snapshot import LiveReader, secrets_of
from app.table.service import TableGame
from app.table.view_build import table_view
from app.tournament import rounds
from app.tournament.hub_store import HubTournaments
from models.tournament.records import Withdrawal
from tests.app.hub.test_hub_roles import sql
from tests.app.live.hall import ANNOUNCEMENT, CONTACTS, NAMES, LiveHall, move_on


def table(data: dict, number: int) -> dict:
    [t] = data["tournaments"]
    [stage] = [s for s in t["stages"] if s["drawn"]]
    return next(x for x in stage["tables"] if x["number"] == number)


def test_the_snapshot_shows_each_table_as_its_own_file_and_nothing_private(
        live_hall: LiveHall) -> None:
    reader = LiveReader(live_hall.reader)
    try:
        data = reader.refresh().data
    finally:
        reader.close()
    text = json.dumps(data, ensure_ascii=False)
    for contact in CONTACTS.values():
        assert contact not in text
    assert "example.com" not in text and "+65" not in text and "contact" not in text
    for secret in (*secrets_of(live_hall.reader), "banker_reader_login", "banker_desk"):
        assert secret not in text
    [t] = data["tournaments"]
    assert t["name"] == "Hall Live Open" and t["current"] == "Qualifying"
    qualifying, final = t["stages"]
    assert final == {"name": "Final", "drawn": False, "current": False}
    standings = qualifying["standings"]
    assert standings["provisional"] is True
    assert standings["state"] == "provisional: tables 1, 2, 3 still to report"
    assert sorted(r["name"] for r in standings["rows"]) == sorted(NAMES)
    assert all(r["position"] == "" for r in standings["rows"])  # nothing ranked yet
    assert qualifying["round"]["phase"] == "running"
    assert qualifying["round"]["announcements"][-1]["text"] == ANNOUNCEMENT
    seated = [s["name"] for x in qualifying["tables"] for s in x["seats"]]
    assert sorted(seated) == sorted(NAMES)
    for number in (1, 2):
        found = table(data, number)
        game = TableGame.open(str(live_hall.files[number]), create=False, readonly=True)
        try:
            view = table_view(game)
        finally:
            game.close()
        assert found["status"] == "live" and found["flag"] is None
        shown = found["game"]
        assert shown["entries"] == view.head_seq
        assert [(p["name"], p["cash"]) for p in shown["players"]] == [
            (p.name, p.cash) for p in view.players]
        assert [p["name"] for p in shown["players"] if p["to_act"]] == [
            p.name for p in view.players if p.to_act]
        assert [[d["name"] for h in p["sets"] for d in h["deeds"]] for p in shown["players"]] == [
            [d.name for h in p.holdings for d in h.deeds] for p in view.players]
        assert shown["last"][0]["seq"] == view.head_seq and len(shown["last"]) == 8
        assert shown["clock"]["started"] is True
    diverged = table(data, 3)
    assert diverged["status"] == "diverged" and diverged["game"] is None
    assert diverged["flag"].startswith(f"DIVERGED: {live_hall.diverged}")


def test_the_hub_is_read_whole_only_when_its_change_mark_moved(live_hall: LiveHall) -> None:
    reader = LiveReader(live_hall.reader)
    try:
        first = reader.refresh()
        assert reader.refresh() is first and reader.readings == 1
        before = table(first.data, 2)["game"]["entries"]
        move_on(live_hall, 2, 6)
        moved = reader.refresh()
        assert reader.readings == 2 and moved.serial == first.serial + 1
        assert table(moved.data, 2)["game"]["entries"] > before
    finally:
        reader.close()


def test_an_unsigned_ruling_on_the_diverged_table_does_not_stand(live_hall: LiveHall) -> None:
    with Hub.open(live_hall.reader) as hub:
        t = HubTournaments(hub).get(live_hall.tid)
        assert t is not None
        game_id = next(c.game_id for c in rounds.status_on(hub, t, "Qualifying").tables
                       if c.table == 3)
    reader = LiveReader(live_hall.reader)
    try:
        assert reader.refresh().data["not_standing"] == []
        # The desk's login types the head judge's ruling in, unsigned.
        sql(live_hall.admin, DESK_LOGIN, "INSERT INTO hub_marks (game_id, at, kind, seq, text, "
            "by) VALUES (%(g)s, '2026-11-27T14:00:00.000000+00:00', 'ruling', NULL, "
            "'the hub''s copy stands', 'Head Judge Tan')", {"g": game_id})
        after = reader.refresh().data
    finally:
        reader.close()
    assert table(after, 3)["status"] == "diverged" and table(after, 3)["game"] is None
    assert len(after["not_standing"]) == 1
    assert "no judge signed it" in after["not_standing"][0]


def test_the_page_refuses_any_login_but_the_readers(live_hall: LiveHall) -> None:
    for url in (live_hall.desk, live_hall.admin):
        out = CliRunner().invoke(main, ["live-page", "--hub", url], catch_exceptions=False)
        assert out.exit_code == EXIT_REFUSED
        assert "reads the hub with the reader's login only" in out.output
        assert url not in out.output and "banker_desk_login" not in out.output


def test_a_withdrawal_no_judge_signed_does_not_stand_on_the_page(live_hall: LiveHall) -> None:
    """The desk's login stores a version of the tournament that withdraws a player, unsigned
    (as a forger with the desk's rights could): the page lists it as not standing and the player
    stays in the standings."""
    with Hub.open(live_hall.desk) as hub:
        held = HubTournaments(hub)
        t = held.raw(live_hall.tid)
        assert t is not None
        forged = t.model_copy(update={"withdrawals": (*t.withdrawals, Withdrawal(
            player="L05", stage="Qualifying", reason="not here",
            at=datetime(2026, 11, 27, 14, tzinfo=UTC)),)})
        held.put(forged, "forged: a withdrawal nobody signed")
    reader = LiveReader(live_hall.reader)
    try:
        [t] = reader.refresh().data["tournaments"]
    finally:
        reader.close()
    [words] = [w for w in t["not_standing"] if "withdrawal" in w]
    assert "L05" in words and "not followed" in words
    # Followed, it would leave L05 out of the qualifying's players; not followed, L05 stays.
    assert "L05" in [r["id"] for r in t["stages"][0]["standings"]["rows"]]
