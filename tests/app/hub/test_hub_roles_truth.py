"""No login makes the hub lie (issue 28) on a real PostgreSQL with `banker hub init`'s roles: a
table's own login typing SQL cannot append an entry that does not link, cannot make `hub status`
say complete by rewriting its report, and a hash-broken row it appends is named; the desk's login
only adds to what is append-only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli.main import main
from app.hub.roles import DESK_LOGIN, READER_LOGIN
from app.ledger import open_ledger
from app.table.service import TableGame
from tests.app.hub.test_hub_roles import refused, sql
from tests.app.hub_tables import as_role, play

TABLE = "banker_table_1"
COLUMNS = ("game_id, seq, command_no, type, payload, actor_role, actor_name, recorded_at, "
           "clock_ms, prev_hash, hash")
NEXT_ROW = (f"INSERT INTO events ({COLUMNS}) SELECT game_id, seq + %(step)s, command_no, type, "
            "payload, actor_role, actor_name, recorded_at, clock_ms, {prev}, %(hash)s FROM events "
            "WHERE game_id = %(g)s ORDER BY seq DESC LIMIT 1")
"""The game's last entry typed again as the next (or a later) one, as a table's laptop could."""


def status(url: str, *extra: str) -> str:
    result = CliRunner().invoke(main, ["hub", "status", "--hub", url, *extra])
    assert result.exit_code == 0, result.output
    return result.output


def head(url: str, game_id: str) -> tuple[int, str]:
    [(seq, digest)] = sql(url, "banker", "SELECT seq, hash FROM events WHERE game_id = %(g)s "
                          "ORDER BY seq DESC LIMIT 1", {"g": game_id})
    return int(seq), str(digest)


@pytest.mark.parametrize(("prev", "step"), [("%(hash)s", 1), ("hash", 2)],
                         ids=["wrong prev_hash", "seq gap"])
@pytest.mark.parametrize("role", [TABLE, DESK_LOGIN, "banker"])
def test_an_entry_that_does_not_link_is_refused_by_postgresql_whichever_login_types_it(
        admin_url: str, two_tables: tuple[str, str], role: str, prev: str, step: int) -> None:
    mine, _ = two_tables
    seq, digest = head(admin_url, mine)
    said = refused(admin_url, role, NEXT_ROW.format(prev=prev),
                   {"g": mine, "step": step, "hash": "f" * 64})
    assert f"entry {seq + step} of game {mine} does not link to the last entry held, entry " \
           f"{seq}: " in said and ": refused" in said
    assert head(admin_url, mine) == (seq, digest)


def test_a_tables_login_rewriting_its_report_does_not_make_its_copy_complete(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    mine, _ = two_tables
    held, _ = head(admin_url, mine)
    game = TableGame.open(str(tmp_path / "table-1.db"))
    play(game, 10, Random(11))
    entries, digest = game.head_seq, game.ledger.head(mine)[1]
    game.close()
    assert entries > held
    claim = {"g": mine, "n": entries, "h": digest}
    sql(admin_url, TABLE, "UPDATE hub_games SET entries = %(n)s, head_hash = %(h)s, "
        "reported_entries = %(n)s, reported_hash = %(h)s WHERE game_id = %(g)s", claim)
    assert sql(admin_url, READER_LOGIN, "SELECT entries FROM hub_games WHERE game_id = %(g)s",
               claim) == [(entries,)]  # the claim is stored: hub status does not believe it
    reader = as_role(admin_url, READER_LOGIN)
    line = next(line for line in status(reader).splitlines() if "table 1" in line)
    assert f"{held} entries on the hub" in line
    assert f"behind by {entries - held} (its file holds {entries})" in line
    shutil.move(tmp_path / "table-1.db", tmp_path / "elsewhere.db")  # out of reach: the report
    line = next(line for line in status(reader).splitlines() if "table 1" in line)
    assert f"behind by {entries - held} (as the table last reported" in line
    assert "complete" not in line


def test_a_hash_broken_row_a_tables_login_appends_is_named_by_status_and_verify(
        admin_url: str, two_tables: tuple[str, str]) -> None:
    mine, theirs = two_tables
    seq, _ = head(admin_url, mine)
    sql(admin_url, TABLE, NEXT_ROW.format(prev="hash"), {"g": mine, "step": 1, "hash": "f" * 64})
    assert head(admin_url, mine)[0] == seq + 1  # it links: only its hash is wrong
    shown = status(as_role(admin_url, READER_LOGIN))
    line = next(line for line in shown.splitlines() if "table 1" in line)
    assert f"the hub's copy is broken at entry {seq + 1}: entry {seq + 1} (" in line
    assert "its hash does not match its contents" in line and "complete" not in line
    assert "complete" in next(line for line in shown.splitlines() if "table 2" in line)
    rows = json.loads(status(as_role(admin_url, READER_LOGIN), "--json"))
    assert {r["game"]: r["standing"] for r in rows} == {mine: "broken", theirs: "complete"}
    checked = CliRunner().invoke(main, ["hub", "verify", "--hub",
                                        as_role(admin_url, READER_LOGIN)])
    assert checked.exit_code == 1, checked.output
    assert (f"chain: game {mine} (table 1), event {seq + 1} (" in checked.output
            and "stored hash does not match its contents" in checked.output)
    assert theirs not in checked.output
    assert "2 games checked: NOT SOUND (1 problem in 1 game)" in checked.output


@pytest.mark.parametrize("statement", [
    "UPDATE hub_tournaments SET document = '{{}}'",
    "DELETE FROM hub_tournaments",
    "UPDATE hub_rounds SET text = 'paused'",
    "DELETE FROM hub_rounds",
    "UPDATE hub_table_roles SET role = 'banker_table_2' WHERE game_id = '{mine}'",
    "DELETE FROM hub_table_roles WHERE game_id = '{mine}'",
    "UPDATE hub_editions SET text = 'x'",
    "DELETE FROM pin_failures",
    "UPDATE hub_judge_keys SET public_key = 'x'",
    "INSERT INTO hub_signatures (id, since, rounds_held, marks_held, versions_upto) "
    "VALUES (2, 'now', '[]', '[]', '{{}}')",
])
def test_the_desk_only_adds_to_what_is_append_only(
        admin_url: str, two_tables: tuple[str, str], statement: str) -> None:
    sql(admin_url, DESK_LOGIN, "INSERT INTO hub_tournaments (tournament_id, version, document, "
        "changed_at, change) VALUES ('t', 1, '{}', '2026-11-21', 'made')")
    sql(admin_url, DESK_LOGIN, "INSERT INTO hub_rounds (tournament_id, stage, entry, kind, at, "
        "text, by) VALUES ('t', 'Qualifying', 1, 'start', '2026-11-21', 'started', 'Lee')")
    said = refused(admin_url, DESK_LOGIN, statement.format(mine=two_tables[0]))
    assert "permission denied" in said
    assert sql(admin_url, DESK_LOGIN, "SELECT role FROM hub_table_roles WHERE game_id = %(g)s",
               {"g": two_tables[0]}) == [(TABLE,)]


def test_the_reader_sees_judges_public_keys_and_never_the_sealed_ones(
        admin_url: str, two_tables: tuple[str, str]) -> None:
    key: dict[str, Any] = {"n": "Kim", "p": "public", "s": "sealed", "a": "2026-11-21"}
    sql(admin_url, DESK_LOGIN, "INSERT INTO hub_judge_keys (name, public_key, sealed_key, "
        "added_at) VALUES (%(n)s, %(p)s, %(s)s, %(a)s)", key)
    assert sql(admin_url, READER_LOGIN, "SELECT name, public_key, added_at FROM "
               "hub_judge_keys") == [("Kim", "public", "2026-11-21")]
    assert "permission denied" in refused(admin_url, READER_LOGIN,
                                          "SELECT sealed_key FROM hub_judge_keys")
    assert sql(admin_url, TABLE, "SELECT sealed_key FROM hub_judge_keys") == [("sealed",)]
    for role in (TABLE, READER_LOGIN):
        assert "permission denied" in refused(admin_url, role, "INSERT INTO hub_judge_keys "
                                              "VALUES (%(n)s, %(p)s, %(s)s, %(a)s)",
                                              {**key, "n": "Me"})
    assert sql(admin_url, READER_LOGIN, "SELECT count(*) FROM hub_signatures") == [(1,)]


def test_the_table_still_copies_its_game_after_each_refusal(
        admin_url: str, two_tables: tuple[str, str], tmp_path: Path) -> None:
    mine, _ = two_tables
    refused(admin_url, TABLE, NEXT_ROW.format(prev="%(hash)s"),
            {"g": mine, "step": 1, "hash": "f" * 64})
    game = TableGame.open(str(tmp_path / "table-1.db"))
    play(game, 5, Random(12))
    game.close()
    pushed = CliRunner().invoke(main, ["hub", "push", "--db", str(tmp_path / "table-1.db"),
                                       "--hub", as_role(admin_url, TABLE)])
    assert pushed.exit_code == 0, pushed.output
    with open_ledger(tmp_path / "table-1.db", create=False, readonly=True) as ledger:
        assert head(admin_url, mine) == ledger.head(mine)
    assert "complete (its file holds" in status(as_role(admin_url, READER_LOGIN))
