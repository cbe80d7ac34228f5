"""The players' contacts on the hub (migration 0010): kept apart from the tournament's document,
readable by the desk's role only. A table's login and the reader's find none in SQL and read
the tournament without them (its draw, cards and standings whole); the desk reads them back
exactly; a hub made before 0010 has them moved out of every stored version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, select, text

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV, Hub
from app.hub.roles import DESK_LOGIN, READER_LOGIN, init_roles, table_login
from app.hub.schema import hub_tournament_contacts, hub_tournaments
from app.ledger.errors import LedgerError
from app.ledger.migration import alembic_config
from app.tournament import service as tournaments
from app.tournament.files import document
from app.tournament.hub_store import HubTournaments, TournamentWriteRefused
from models.tournament.records import Player, Stage, Tournament
from tests.app.hub.test_hub_roles import refused, sql
from tests.app.hub_tables import HUBS, JUDGE, PIN, as_role, fresh_hub
from tests.postgres import hub_url

CONTACTS = {f"T{n:02}": f"entrant{n:02}@example.com" for n in range(1, 13)} | {"T05": "+65 9123 4567"}
LOOK = "SELECT document FROM hub_tournaments WHERE document LIKE '%example.com%'"


def entrants() -> list[Player]:
    """Twelve players, all but one with a contact."""
    return [Player(id=pid, name=f"Entrant {pid[1:]}", contact=None if pid == "T12" else contact)
            for pid, contact in CONTACTS.items()]


def expected() -> dict[str, str | None]:
    return {p.id: p.contact for p in entrants()}


def on_hub(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A drawn tournament of twelve made at the desk with the hub at `url`."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "desk"))
    monkeypatch.setenv(HUB_URL_ENV, url)
    t = tournaments.create("Contacts Open", "sg-championship",
                           stages=[Stage(name="Qualifying", advance=4, advance_by="score"),
                                   Stage(name="Final", advance=3, advance_by="table")])
    tournaments.add_players(t.id, entrants())
    tournaments.draw(t.id, "Qualifying", seed=7)
    with Hub.open(url) as hub:
        hub.register_judge(JUDGE, PIN)  # a withdrawal is a judge's decision, signed
    return t.id


def contacts_of(t: Tournament) -> dict[str, str | None]:
    return {p.id: p.contact for p in t.players}


def stored(url: str, tid: str) -> list[tuple[str, str]]:
    """Each version's document and contacts row, read as the hub's owner."""
    with Hub.open(url) as hub, hub.database.read() as connection:
        return [(r.document, r.contacts) for r in connection.execute(
            select(hub_tournaments.c.document, hub_tournament_contacts.c.contacts)
            .join(hub_tournament_contacts, (hub_tournament_contacts.c.tournament_id
                                            == hub_tournaments.c.tournament_id)
                  & (hub_tournament_contacts.c.version == hub_tournaments.c.version))
            .where(hub_tournaments.c.tournament_id == tid).order_by(hub_tournaments.c.version))]


@pytest.mark.parametrize("kind", HUBS)
def test_each_version_is_stored_without_contacts_and_read_back_with_them(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    tid = on_hub(url, tmp_path, monkeypatch)
    versions = stored(url, tid)
    assert len(versions) == 3  # made, players added, drawn
    assert all("example.com" not in doc and "+65" not in doc for doc, _ in versions)
    assert json.loads(versions[-1][1]) == {k: v for k, v in expected().items() if v is not None}
    t = tournaments.load(tid)
    assert contacts_of(t) == expected()
    assert document(t) != versions[-1][0]  # the hub's document is the blanked one
    tournaments.withdraw(tid, "T03", "flight delayed", (JUDGE, PIN))  # a later change keeps them
    assert contacts_of(tournaments.load(tid)) == expected()


def test_a_tables_login_and_the_readers_find_no_contact_and_read_the_tournament_without_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    admin = fresh_hub("postgresql", tmp_path)
    init_roles(admin, ["1", "2"], password=lambda: "not-used-here")
    init_roles(admin, ["1", "2"])  # twice: the same grants
    desk = as_role(admin, DESK_LOGIN)
    tid = on_hub(desk, tmp_path, monkeypatch)
    at_desk = tournaments.load(tid)
    assert contacts_of(at_desk) == expected()
    assert len(sql(admin, DESK_LOGIN, "SELECT contacts FROM hub_tournament_contacts")) == 3
    for role in (table_login("2"), READER_LOGIN):
        assert sql(admin, role, LOOK) == []
        assert sql(admin, role, "SELECT count(*) FROM hub_tournaments") == [(3,)]
        assert "permission denied" in refused(
            admin, role, "SELECT contacts FROM hub_tournament_contacts")
        monkeypatch.setenv(HUB_URL_ENV, as_role(admin, role))
        t = tournaments.load(tid)
        assert set(contacts_of(t).values()) == {None}
        assert [p.name for p in t.players] == [p.name for p in at_desk.players]
        assert t.draw("Qualifying") == at_desk.draw("Qualifying")
        assert tournaments.table_card(t, "Qualifying", 2) == tournaments.table_card(
            at_desk, "Qualifying", 2)
        assert tournaments.standings_of(t, "Qualifying") == tournaments.standings_of(
            at_desk, "Qualifying")
        with pytest.raises(TournamentWriteRefused,
                           match=r"nothing was recorded \(this login may read the tournament, "
                                 r"not change it\)$"):
            tournaments.withdraw(tid, "T03", "flight delayed", (JUDGE, PIN))
    with Hub.open(as_role(admin, READER_LOGIN)) as reader:
        found = HubTournaments(reader).get(tid)
    assert found is not None and set(contacts_of(found).values()) == {None}
    monkeypatch.setenv(HUB_URL_ENV, desk)
    assert contacts_of(tournaments.load(tid)) == expected()


@pytest.mark.parametrize("kind", HUBS)
def test_a_hub_made_before_the_contacts_table_has_every_versions_contacts_moved_out(
        kind: str, tmp_path: Path) -> None:
    url = hub_url(kind, tmp_path)
    before = Tournament(id="old-open", name="Old Open", profile="sg-championship",
                        stages=(Stage(name="Qualifying", advance=4, advance_by="score"),))
    first = before.model_copy(update={"players": tuple(entrants()[:4])})
    second = before.model_copy(update={"players": tuple(
        p.model_copy(update={"contact": "changed@example.com"}) if p.id == "T01" else p
        for p in entrants())})
    old = [document(first), document(second)]
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0009")
        for version, doc in enumerate(old, start=1):
            connection.execute(text(
                "INSERT INTO hub_tournaments (tournament_id, version, document, changed_at, "
                "change) VALUES ('old-open', :v, :d, '2026-11-21T09:00:00.000000Z', 'made')"),
                {"v": version, "d": doc})
    engine.dispose()
    with Hub.open(url) as hub:  # opening upgrades the hub to this version's schema
        assert contacts_of(HubTournaments(hub).get("old-open") or before) == (
            expected() | {"T01": "changed@example.com"})
    moved = stored(url, "old-open")
    assert [json.loads(contacts) for _, contacts in moved] == [
        {p.id: p.contact for p in first.players},
        {k: v for k, v in contacts_of(second).items() if v is not None}]
    for (doc, _), was in zip(moved, old, strict=True):
        assert "example.com" not in doc and "+65" not in doc
        changed = [(a, b) for a, b in zip(was.splitlines(), doc.splitlines(), strict=True)
                   if a != b]
        assert changed and all(a.strip().startswith('"contact": "') and b.strip() in (
            '"contact": null', '"contact": null,') for a, b in changed)
    with Hub.open(url) as hub, pytest.raises(LedgerError, match="append-only"), \
            hub.database.write() as connection:
        connection.execute(hub_tournaments.update().values(document="{}"))
