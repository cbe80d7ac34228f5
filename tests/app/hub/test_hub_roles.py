"""Who may write what on the hub (issue 22): `banker hub init`'s roles on a real PostgreSQL. A
table's role copies its own game and nothing else; the reader only reads; a hub URL to another
machine without TLS is refused before any connection."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy.engine import make_url

from app.cli.main import main
from app.hub import (
    Hub,
    HubError,
    HubRefused,
    Replicator,
    push_file,
    read_batch,
)
from app.hub.errors import HubForbidden
from app.hub.hub import require_tls
from app.hub.roles import (
    DESK_LOGIN,
    READER_LOGIN,
    ServerFacts,
    init_roles,
    needed_connections,
    table_login,
)
from app.ledger import open_ledger
from app.ledger.hashing import canonical_json
from app.table.judges import JudgeAuthError
from app.table.service import TableGame
from tests.app.hub_tables import as_role, new_table, play


def sql(url: str, role: str, statement: str, values: dict[str, Any] | None = None) -> list[Any]:
    """Run one statement as `role` straight through psycopg, as a player's laptop could."""
    import psycopg  # noqa: PLC0415 (only where PostgreSQL is tested)

    parsed = make_url(url)
    with psycopg.connect(host=parsed.host, port=parsed.port, dbname=parsed.database,
                         user=role, autocommit=True) as connection:
        cursor = connection.execute(statement, values)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


def refused(url: str, role: str, statement: str, values: dict[str, Any] | None = None) -> str:
    import psycopg  # noqa: PLC0415

    with pytest.raises(psycopg.Error) as caught:
        sql(url, role, statement, values)
    return str(caught.value)


def test_a_tables_role_copies_its_own_game_batch_after_batch(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    mine, _ = two_tables
    with Hub.open(as_role(admin_url, "banker_table_1")) as hub:
        # Batches of 5 commands each: the first claims the game, the rest append and report.
        assert hub.head(mine) == file_head(tmp_path / "table-1.db")
        [again] = push_file(hub, tmp_path / "table-1.db", from_start=True)
        assert again.stored == 0 and again.held == again.entries
        assert hub.game_ids() == [mine]  # it sees its own game only
    with Hub.open(as_role(admin_url, READER_LOGIN)) as reader:
        assert sorted(t.label for t in reader.tables()) == ["table 1", "table 2"]
        assert all(t.reported is not None for t in reader.tables())


def test_the_tables_copier_runs_live_with_its_role(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    game = new_table(tmp_path, 4)
    init_roles(admin_url, ["4"])
    copier = Replicator(game.ledger.location, as_role(admin_url, "banker_table_4"),
                        poll=0.05, commands=3).start()
    try:
        play(game, 25, Random(4))
        assert copier.wait_copied(game.head_seq, timeout=20), copier.status()
    finally:
        copier.stop()
        game.close()
    assert copier.status().state != "refused"


def test_only_the_desk_writes_the_tournament(admin_url: str, two_tables: tuple[str, str]) -> None:
    add = ("INSERT INTO hub_tournaments (tournament_id, version, document, changed_at, change) "
           "VALUES ('t', %(v)s, '{}', '2026-11-21', 'made')")
    sql(admin_url, DESK_LOGIN, add, {"v": 1})
    for role in ("banker_table_1", READER_LOGIN):
        assert "permission denied" in refused(admin_url, role, add, {"v": 2})
        assert sql(admin_url, role, "SELECT version FROM hub_tournaments") == [(1,)]


def file_head(path: Path) -> tuple[int, str]:
    with open_ledger(path, create=False, readonly=True) as ledger:
        return ledger.head(ledger.game_ids()[0])


def test_a_tables_role_cannot_touch_another_tables_rows(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    mine, theirs = two_tables
    role = "banker_table_1"
    assert sql(admin_url, role, "SELECT count(*) FROM events WHERE game_id = %(g)s",
               {"g": theirs}) == [(0,)]  # not even seen
    said = refused(admin_url, role, "INSERT INTO players (game_id, seat, name) VALUES "
                   "(%(g)s, 9, 'Eve')", {"g": theirs})
    assert "row-level security" in said
    said = refused(admin_url, role, "INSERT INTO events SELECT * FROM events WHERE game_id = "
                   "%(g)s AND seq = 1", {"g": mine})  # its own row again: not a new entry
    assert "duplicate key" in said
    said = refused(admin_url, role, "INSERT INTO hub_marks (game_id, at, kind, text, by) VALUES "
                   "(%(g)s, '2026-11-21', 'ruling', 'counts', 'me')", {"g": theirs})
    assert "row-level security" in said
    said = refused(admin_url, role, "INSERT INTO hub_table_roles (game_id, role) VALUES "
                   "(%(g)s, 'banker_table_1')", {"g": theirs})
    assert "duplicate key" in said or "row-level security" in said
    # Table 1's role sending table 2's file: PostgreSQL refuses the rows, nothing is stored.
    with Hub.open(as_role(admin_url, role)) as hub, pytest.raises(
            HubForbidden, match=r"row-level security .* another role stays theirs"):
        push_file(hub, tmp_path / "table-2.db", from_start=True)
    assert sql(admin_url, "banker", "SELECT count(*) FROM hub_table_roles WHERE game_id = %(g)s "
               "AND role = 'banker_table_2'", {"g": theirs}) == [(1,)]


def test_a_tables_first_batch_refused_is_recorded_as_a_refusal(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    game = new_table(tmp_path, 3)
    play(game, 10, Random(3))
    game.close()
    init_roles(admin_url, ["3"])
    with open_ledger(tmp_path / "table-3.db", create=False, readonly=True) as ledger:
        batch = read_batch(ledger.database, ledger.game_ids()[0], 0, 40)
    events = list(batch.events)
    events[2] = (*events[2][:4], canonical_json({**json.loads(events[2][4]), "forged": 1}),
                 *events[2][5:])
    with Hub.open(as_role(admin_url, "banker_table_3")) as hub, \
            pytest.raises(HubRefused, match="broken"):
        hub.receive(replace(batch, events=tuple(events)), "table 3")
    with Hub.open(as_role(admin_url, READER_LOGIN)) as reader:
        assert [r.kind for r in reader.refusals(batch.game_id)] == ["broken"]


@pytest.mark.parametrize("statement", [
    "UPDATE events SET payload = payload WHERE game_id = %(g)s",
    "DELETE FROM events WHERE game_id = %(g)s",
    "UPDATE games SET label = 'table 9' WHERE id = %(g)s",
    "DELETE FROM players WHERE game_id = %(g)s",
    "UPDATE hub_games SET source = 'me' WHERE game_id = %(g)s",
    "DELETE FROM hub_table_roles WHERE game_id = %(g)s",
    "UPDATE hub_judges SET pin_hash = 'x'",
    "INSERT INTO hub_judges (name, pin_hash, created_at) VALUES ('Me', 'x', 'now')",
    "INSERT INTO hub_marks (game_id, at, kind, text, by) VALUES "
    "(%(g)s, '2026-11-21', 'ruling', 'my result counts', 'me')",
    "TRUNCATE hub_marks",
    "CREATE TABLE mine (x int)",
])
def test_a_tables_role_cannot_change_or_remove_even_its_own_rows(
        admin_url: str, two_tables: tuple[str, str], statement: str) -> None:
    said = refused(admin_url, "banker_table_1", statement, {"g": two_tables[0]})
    assert "permission denied" in said or "row-level security" in said


@pytest.mark.parametrize("statement", [
    "INSERT INTO hub_judges (name, pin_hash, created_at) VALUES ('Me', 'x', 'now')",
    "UPDATE hub_games SET label = 'x'",
    "DELETE FROM hub_table_roles",
    "INSERT INTO hub_table_roles (game_id, role) VALUES ('x', current_user)",
    "INSERT INTO hub_marks (game_id, at, kind, text, by) VALUES ('x', 'now', 'note', 'n', 'me')",
])
def test_the_reader_cannot_write(admin_url: str, two_tables: tuple[str, str],
                                 statement: str) -> None:
    assert "permission denied" in refused(admin_url, READER_LOGIN, statement)
    assert sql(admin_url, READER_LOGIN, "SELECT count(*) FROM games") == [(2,)]


def test_the_desk_registers_judges_and_sees_every_game(
        admin_url: str, two_tables: tuple[str, str]) -> None:
    with Hub.open(as_role(admin_url, DESK_LOGIN)) as desk:
        desk.register_judge("Kim", "135791")
        assert sorted(desk.game_ids()) == sorted(two_tables)
    assert "must be owner" in refused(admin_url, DESK_LOGIN, "DROP TABLE hub_judges")


def test_the_desk_checks_judges_pins_and_the_reader_opens_a_tables_game(
        admin_url: str, two_tables: tuple[str, str]) -> None:
    with Hub.open(as_role(admin_url, DESK_LOGIN)) as desk:
        desk.register_judge("Kim", "135791")
        with pytest.raises(JudgeAuthError):  # the wrong try is logged (pin_failures), as at a table
            desk.annotate("table 1", "Kim", "000000", "seen", sleep=lambda _s: None)
        with pytest.raises(HubError, match="DIVERGED"):
            desk.annotate("table 1", "Kim", "135791", "seen", sleep=lambda _s: None)
    seen = TableGame.open(as_role(admin_url, READER_LOGIN), two_tables[0], create=False,
                          readonly=True)
    assert seen.problems == [] and seen.head_seq > 0
    seen.close()


def test_init_twice_is_fine_and_keeps_the_passwords(admin_url: str) -> None:
    made = CliRunner().invoke(main, ["hub", "init", "--url", admin_url, "--tables", "2"])
    assert made.exit_code == 0, made.output
    again = CliRunner().invoke(main, ["hub", "init", "--url", admin_url, "--table", "final",
                                      "--tables", "2"])
    assert again.exit_code == 0, again.output
    assert "banker_table_2  (banker_table)  exists already (password unchanged)" in again.output
    assert "banker_table_final  (banker_table)  " in again.output
    # A table added later (a new login, a new table's grants) works after the second run.
    assert sql(admin_url, "banker_table_final", "SELECT count(*) FROM games") == [(0,)]
    # The test server has TLS off (tests/postgres.py starts it on 127.0.0.1 only): init says
    # no laptop off the server could connect, since their URLs need sslmode=require.
    assert sql(admin_url, "banker_desk_login", "SHOW ssl") == [("off",)]
    assert "note: this server has TLS off (SHOW ssl: off)" in again.output


def test_init_says_when_the_server_has_no_room_for_the_halls_tables(admin_url: str) -> None:
    # A table's laptop holds two connections on the hub all through a round (its copier's, and
    # the round's, listened to and read on one: tests/ui/test_round_news_follow.py counts it).
    # The test server takes max_connections=60 (tests/postgres.py), 3 of them kept for
    # superusers: 57 for the hall's logins. Twenty tables need 20 x 2 + 20 (the desk, judges,
    # displays) = 60 at least: more than 57.
    made = CliRunner().invoke(main, ["hub", "init", "--url", admin_url, "--tables", "20"])
    assert made.exit_code == 0, made.output
    [(most,)] = sql(admin_url, DESK_LOGIN, "SHOW max_connections")
    [(kept,)] = sql(admin_url, DESK_LOGIN, "SHOW superuser_reserved_connections")
    [(tables,)] = sql(admin_url, DESK_LOGIN, (
        "SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "JOIN pg_roles r ON r.oid = m.member WHERE g.rolname = 'banker_table' "
        "AND r.rolcanlogin"))
    assert (int(most), int(kept)) == (60, 3) and tables >= 20  # roles are the server's: other
    # tests' tables count too, as another tournament's would on a hall's server
    needed = 2 * tables + 20
    assert (f"note: this server takes 57 connections from the hall's logins (max_connections "
            f"60, 3 kept for superusers); its {tables} table logins hold about {needed} "
            f"(2 a table's laptop,") in made.output
    assert f"ALTER SYSTEM SET max_connections = {-(-(needed + 3) // 50) * 50}" in made.output
    # A server with room says nothing of it: 64 tables hold 148 of a 200-connection server's 197.
    facts = ServerFacts(tls=True, max_connections=200, reserved=3, tables=64)
    assert (facts.room, facts.needed) == (197, 148) and facts.room >= facts.needed
    assert needed_connections(0) == 20


def test_init_on_a_sqlite_hub_says_roles_need_postgresql(tmp_path: Path) -> None:
    with pytest.raises(HubError, match="roles need a PostgreSQL hub"):
        init_roles(str(tmp_path / "hub.db"), ["1"])
    result = CliRunner().invoke(main, ["hub", "init", "--url", str(tmp_path / "hub.db")])
    assert result.exit_code == 4
    assert "no roles were made: roles need a PostgreSQL hub" in result.output
    assert not (tmp_path / "hub.db").exists()  # refused before any file was made


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://banker_table_1:pw@hall-server/tournament",
    "postgresql+psycopg://banker_table_1:pw@192.0.2.10:5432/tournament?sslmode=prefer",
    "postgresql+psycopg://banker_table_1:pw@localhost/tournament?host=192.0.2.10",
])
def test_a_hub_on_another_machine_without_tls_is_refused_before_connecting(url: str) -> None:
    with pytest.raises(HubError, match="on another machine: its URL needs sslmode=require"):
        Hub.open(url)
    result = CliRunner().invoke(main, ["hub", "status", "--hub", url])
    assert result.exit_code == 4
    assert "sslmode=require" in result.output


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://b@hall-server/tournament?sslmode=require",
    "postgresql+psycopg://b@hall-server/tournament?sslmode=verify-full",
    "postgresql+psycopg://b@127.0.0.1:5432/tournament",
    "postgresql+psycopg://b@localhost/tournament",
    "postgresql+psycopg://b@[::1]:5432/tournament",
    "postgresql+psycopg://b@/tournament?host=/var/run/postgresql",
])
def test_tls_or_this_machine_is_accepted(url: str) -> None:
    require_tls(url)


def test_an_older_hub_is_brought_up_to_date_by_its_owner_not_by_a_login(
        tmp_path: Path) -> None:
    # A hub made by the previous version (its tables at migration 0010) with the roles made
    # then: a desk's, a table's or the reader's login may not create tables, so it is told
    # plainly who brings them up to date; after the owner's `hub init`, each login opens it.
    from alembic import command  # noqa: PLC0415
    from sqlalchemy import create_engine  # noqa: PLC0415

    from app.hub.errors import HubUnreachable  # noqa: PLC0415
    from app.ledger.migration import alembic_config  # noqa: PLC0415
    from tests.postgres import hub_url as made_url  # noqa: PLC0415

    admin = made_url("postgresql", tmp_path)
    init_roles(admin, ["1"], password=lambda: "not-used-here")  # the owner: up to date
    engine = create_engine(admin)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0010")  # as a hub of the last version
    engine.dispose()
    for role in (DESK_LOGIN, READER_LOGIN, table_login("1")):
        with pytest.raises(HubUnreachable, match=r"its tables are older than this version of "
                                               r"the app \(0010, not \d{4}\) and this login may "
                                               r"not change them.*`banker hub init` as the "
                                               r"owner"):
            Hub.open(as_role(admin, role)).close()
        out = CliRunner().invoke(main, ["hub", "status", "--hub", as_role(admin, role)])
        assert out.exit_code == 4 and "Traceback" not in out.output
    made = CliRunner().invoke(main, ["hub", "init", "--url", admin])
    assert made.exit_code == 0, made.output
    for role in (DESK_LOGIN, READER_LOGIN, table_login("1")):
        Hub.open(as_role(admin, role)).close()
