"""The hub's arrival checks: sound games land whole and once; forged, reordered, rewritten and
shortened ones are refused and recorded. Each test runs on a SQLite hub and, when the server can
start, on PostgreSQL (else that half is skipped with the reason)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from app.cli.hub import hub_group
from app.cli.main import main
from app.hub import Hub, HubGap, HubRefused, push_file, read_batch
from app.ledger import LedgerError, open_ledger, schema
from app.ledger.hashing import canonical_json
from app.table.service import TableGame
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play
from tests.app.tamper_tools import drop_triggers, rechain

assert main.get_command(None, "hub") is hub_group  # type: ignore[arg-type]  # registered


@pytest.fixture(params=HUBS)
def hub_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_hub(request.param, tmp_path)


@pytest.fixture
def hub(hub_url: str) -> Hub:
    with Hub.open(hub_url) as opened:
        yield opened


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Table 1's file after 120 random commands (copied by each test that changes it)."""
    folder = tmp_path_factory.mktemp("tables")
    game = new_table(folder, 1)
    play(game, 120, Random(5))
    game.close()
    return folder / "table-1.db"


def copy_of(played: Path, folder: Path) -> Path:
    target = folder / "table-1.db"
    with closing(sqlite3.connect(played)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target


def file_head(path: Path) -> tuple[int, str]:
    with open_ledger(path, create=False, readonly=True) as ledger:
        return ledger.head(ledger.game_ids()[0])


def game_of(path: Path) -> str:
    with open_ledger(path, create=False, readonly=True) as ledger:
        return ledger.game_ids()[0]


def hub_events(hub: Hub, game_id: str) -> int:
    with hub.database.read() as connection:
        return int(connection.execute(select(func.count()).select_from(schema.events).where(
            schema.events.c.game_id == game_id)).scalar_one())


def verify_on_hub(hub_url: str, game_id: str) -> str:
    result = CliRunner().invoke(main, ["verify", "--db", hub_url, "--game", game_id])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_pushed_game_lands_whole_once_and_verifies_on_the_hub(
        hub: Hub, hub_url: str, played: Path, tmp_path: Path) -> None:
    count, digest = file_head(played)
    [first] = push_file(hub, played)
    assert (first.entries, first.stored, first.held) == (count, count, count)
    # Sent again, whole (an import) and from the hub's head (a push): nothing is doubled.
    [again] = push_file(hub, played, from_start=True)
    assert (again.stored, again.held) == (0, count)
    assert push_file(hub, played)[0].stored == 0
    assert hub.head(first.game_id) == (count, digest)
    assert hub_events(hub, first.game_id) == count
    # A second table's game on the same hub: the hub holds every game of the tournament.
    other = new_table(tmp_path, 2)
    play(other, 10, Random(2))
    other.close()
    push_file(hub, tmp_path / "table-2.db")
    assert sorted(t.label for t in hub.tables()) == ["table 1", "table 2"]
    assert f"({count} events, chain and fold agree)" in verify_on_hub(hub_url, first.game_id)
    # Any game on the hub opens read-only as a table would (the head judge's window).
    seen = TableGame.open(hub_url, first.game_id, create=False, readonly=True)
    assert (seen.head_seq, seen.head_hash, seen.problems) == (count, digest, [])
    seen.close()


def test_the_copy_goes_in_batches_of_whole_commands(hub: Hub, played: Path) -> None:
    with open_ledger(played, create=False, readonly=True) as ledger:
        game_id = ledger.game_ids()[0]
        batch = read_batch(ledger.database, game_id, 0, 7)
        assert {row[1] for row in batch.commands} == set(range(1, 8))
        assert {row[2] for row in batch.events} == set(range(1, 8))
        receipt = hub.receive(batch, "test")
        assert receipt.head == (batch.last, batch.events[-1][10])
        # Entries 1..last again with the next 7 commands: the held ones compared, not stored.
        rest = read_batch(ledger.database, game_id, batch.last - 3, 7)
        with pytest.raises(HubGap):  # a batch past the hub's head is never stored
            hub.receive(read_batch(ledger.database, game_id, rest.last, 7), "test")
    assert hub.head(game_id)[0] == batch.last
    assert hub.refusals() == []


def test_an_entry_forged_in_transit_is_refused_as_broken_and_nothing_is_stored(
        hub: Hub, played: Path) -> None:
    with open_ledger(played, create=False, readonly=True) as ledger:
        batch = read_batch(ledger.database, ledger.game_ids()[0], 0, 40)
    events = list(batch.events)
    row = list(events[20])
    row[4] = canonical_json({**json.loads(row[4]), "forged": 1})  # canonical, hash left as is
    events[20] = tuple(row)
    with pytest.raises(HubRefused) as refused:
        hub.receive(replace(batch, events=tuple(events)), "test")
    assert refused.value.kind == "broken"
    assert refused.value.seq == 21
    assert "hash does not match its contents" in refused.value.reason
    assert hub.head(batch.game_id)[0] == 0  # nothing of the batch was stored
    [table] = hub.tables()
    assert (table.entries, table.refusals, table.diverged) == (0, 1, None)
    assert hub.refusals(batch.game_id)[0].kind == "broken"


def test_reordered_entries_are_refused_as_broken(hub: Hub, played: Path) -> None:
    with open_ledger(played, create=False, readonly=True) as ledger:
        batch = read_batch(ledger.database, ledger.game_ids()[0], 0, 40)
    events = list(batch.events)
    events[10], events[11] = events[11], events[10]
    with pytest.raises(HubRefused) as refused:
        hub.receive(replace(batch, events=tuple(events)), "test")
    assert (refused.value.kind, refused.value.seq) == ("broken", 12)
    assert "entry 11 was expected here" in refused.value.reason
    assert hub.head(batch.game_id)[0] == 0


def test_a_game_rewritten_after_the_hub_took_it_is_refused_and_shown_diverged(
        hub: Hub, played: Path, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path)
    game_id = game_of(path)
    push_file(hub, path)
    held = hub.head(game_id)
    # A forger with the file rewrites entry 30 and rebuilds every hash after it: the file's own
    # chain is sound again, but the hub holds the original.
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        (number,) = db.execute("SELECT command_no FROM events WHERE seq = 30").fetchone()
        for table in ("events", "commands"):
            db.execute(f"UPDATE {table} SET actor_name = 'someone else' WHERE command_no = ?",
                       (number,))
        rechain(db, game_id, 1)
        db.commit()
    with pytest.raises(HubRefused) as refused:
        push_file(hub, path, from_start=True)
    assert refused.value.kind == "diverged"
    assert "rewritten" in refused.value.reason
    assert hub.head(game_id) == held  # the hub's copy stands
    [table] = hub.tables()
    assert table.diverged is not None and "rewritten" in table.diverged


def test_a_file_shortened_after_replication_shows_as_diverged(
        hub: Hub, hub_url: str, played: Path, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path)
    game_id = game_of(path)
    count = push_file(hub, path)[0].held
    with closing(sqlite3.connect(path)) as db:
        drop_triggers(db)
        last_command = db.execute("SELECT max(command_no) FROM commands").fetchone()[0]
        for table in ("transfers", "snapshots", "events"):
            db.execute(f"DELETE FROM {table} WHERE seq > ?", (count - 8,))
        db.execute("DELETE FROM events WHERE command_no = ?", (last_command,))
        db.execute("DELETE FROM commands WHERE command_no NOT IN (SELECT command_no FROM events)")
        db.commit()
    kept = file_head(path)[0]
    result = CliRunner().invoke(main, ["hub", "push", "--db", str(path), "--hub", hub_url])
    assert result.exit_code == 1, result.output
    assert f"the table's file holds {kept} entries, the hub holds {count}" in result.output
    assert "(shortened)" in result.output
    status = CliRunner().invoke(main, ["hub", "status", "--hub", hub_url])
    assert status.exit_code == 0, status.output
    assert "table 1" in status.output and "DIVERGED" in status.output
    assert hub.head(game_id)[0] == count  # what the hub took is kept whole


def test_import_hands_in_a_file_with_the_same_checks(hub_url: str, played: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["hub", "import", "--db", str(played), "--hub", hub_url])
    assert result.exit_code == 0, result.output
    count = file_head(played)[0]
    assert f"the file holds {count} entries; {count} new on the hub" in result.output
    again = runner.invoke(main, ["hub", "import", "--db", str(played), "--hub", hub_url])
    assert f"0 new on the hub, which now holds {count}" in again.output
    status = runner.invoke(main, ["hub", "status", "--hub", hub_url, "--json"])
    assert '"label": "table 1"' in status.output and f'"entries": {count}' in status.output


def test_an_unreachable_hub_is_said_plainly_with_exit_4(played: Path) -> None:
    url = "postgresql+psycopg://banker@127.0.0.1:9/nothing"  # port 9: nothing listens
    result = CliRunner().invoke(main, ["hub", "push", "--db", str(played), "--hub", url])
    assert result.exit_code == 4
    assert "the hub cannot be opened" in result.output


def test_reading_a_mistyped_hub_path_creates_nothing_and_only_a_push_makes_a_hub(
        played: Path, tmp_path: Path) -> None:
    typo = tmp_path / "hbu.db"
    runner = CliRunner()
    for args in (["hub", "status"], ["hub", "import", "--db", str(played)]):
        result = runner.invoke(main, [*args, "--hub", str(typo)])
        assert result.exit_code == 4, result.output
        assert f"no hub at {typo} (nothing was created)" in result.output
        assert not typo.exists()
    pushed = runner.invoke(main, ["hub", "push", "--db", str(played), "--hub", str(typo)])
    assert pushed.exit_code == 0, pushed.output
    assert runner.invoke(main, ["hub", "status", "--hub", str(typo)]).exit_code == 0


def test_a_hub_url_that_does_not_parse_or_answer_is_exit_4_without_a_traceback() -> None:
    runner = CliRunner()
    for url in ("postgresql+psycopg://banker@127.0.0.1:no-port/hub",
                "postgresql+psycopg://banker:wrong@127.0.0.1:9/hub"):  # port 9: nothing listens
        result = runner.invoke(main, ["hub", "status", "--hub", url])
        assert result.exit_code == 4, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output and "wrong" not in result.output  # no password
        assert "hub" in result.output


def test_a_refusal_on_the_hub_cannot_be_changed_or_deleted(hub: Hub, played: Path) -> None:
    with open_ledger(played, create=False, readonly=True) as ledger:
        batch = read_batch(ledger.database, ledger.game_ids()[0], 0, 40)
    events = list(batch.events)
    events[3], events[4] = events[4], events[3]
    with pytest.raises(HubRefused):
        hub.receive(replace(batch, events=tuple(events)), "test")
    for statement in ("UPDATE hub_refusals SET reason = 'nothing happened'",
                      "DELETE FROM hub_refusals"):
        with (pytest.raises(LedgerError, match="hub_refusals are append-only"),
              hub.database.write() as connection):
            connection.exec_driver_sql(statement)
    assert len(hub.refusals(batch.game_id)) == 1  # the evidence stands
