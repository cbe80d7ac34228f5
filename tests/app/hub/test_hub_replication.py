"""Eight tables copy to one hub at once while the hub goes away mid-copy and comes back: nothing
lost or doubled, every chain verifies on the hub. On PostgreSQL the server is stopped and started
again; on a SQLite hub (always run) the outage is another program holding the hub file's lock.
The tables' command latency with and without the copier is measured in benchmarks/hub.py."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from app.cli.main import main
from app.hub import Backoff, Hub, Replicator, hub_url
from app.ledger import LedgerRejected, open_ledger, schema
from tests import postgres
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play
from tests.app.ledger.test_ledger import start

TABLES = 8


@contextmanager
def outage(kind: str, url: str) -> Iterator[None]:
    """The hub unreachable for the block: its server stopped (PostgreSQL), or its file locked
    by another program (SQLite)."""
    if kind == "postgresql":
        server = postgres.server()
        assert server is not None
        server.stop("fast")  # every session ends mid-transaction
        try:
            yield
        finally:
            server.start()
        return
    with closing(sqlite3.connect(url, timeout=10)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        yield
        holder.rollback()


def wait_for(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@pytest.mark.parametrize("kind", HUBS)
def test_eight_tables_replicate_through_a_hub_outage_with_nothing_lost_or_doubled(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    monkeypatch.setenv("BANKER_BUSY_TIMEOUT_MS", "500")  # the SQLite hub's lock: give up fast
    Hub.open(url).close()  # the hub's schema, before the outage can hide it
    tables = [new_table(tmp_path, n) for n in range(1, TABLES + 1)]
    rngs = [Random(n) for n in range(TABLES)]

    def round_of_play(commands: int) -> None:
        for table, rng in zip(tables, rngs, strict=True):
            play(table, commands, rng)
        for copier in copiers:
            copier.notify()

    copiers: list[Replicator] = []
    round_of_play(150)  # a backlog (copied a command a batch), so the copy is under way when the hub goes
    copiers = [Replicator(t.ledger.location, url, poll=0.05, backoff=Backoff(0.05, 0.4),
                          commands=1, seed=n).start() for n, t in enumerate(tables)]
    try:
        wait_for(lambda: any(c.status().copied > 0 for c in copiers))
        with outage(kind, url):
            # Each copier with entries still to send finds the hub gone; one already caught up
            # asks again only when its file changes (issue 31: an idle table's copier is quiet).
            wait_for(lambda: all(c.status().failures > 0 or c.status().copied == t.head_seq
                                 for c, t in zip(copiers, tables, strict=True)))
            assert any(0 < c.status().copied < t.head_seq for c, t in zip(copiers, tables, strict=True))
            before = [t.head_seq for t in tables]
            round_of_play(6)  # the tables keep recording while the hub is away
            assert all(t.head_seq > b for t, b in zip(tables, before, strict=True))
        round_of_play(6)
        for table, copier in zip(tables, copiers, strict=True):
            assert copier.wait_copied(table.head_seq, timeout=30), copier.status()
    finally:
        for copier in copiers:
            copier.stop()
    with Hub.open(url) as hub:
        for table in tables:
            assert table.game_id is not None
            assert hub.head(table.game_id) == (table.head_seq, table.head_hash)
            with hub.database.read() as connection:
                stored = connection.execute(select(func.count()).select_from(schema.events)
                                            .where(schema.events.c.game_id == table.game_id))
                assert stored.scalar_one() == table.head_seq  # nothing doubled, nothing lost
        assert {t.label for t in hub.tables()} == {f"table {n}" for n in range(1, TABLES + 1)}
        assert hub.refusals() == []
    runner = CliRunner()
    for table in tables:
        result = runner.invoke(main, ["verify", "--db", url, "--game", str(table.game_id)])
        assert result.exit_code == 0, result.output
        assert f"sound ({table.head_seq} events, chain and fold agree)" in result.output
        table.close()


@pytest.mark.parametrize("kind", HUBS)
def test_a_copier_whose_file_was_shortened_stops_and_the_hub_shows_it_diverged(
        kind: str, tmp_path: Path) -> None:
    url = fresh_hub(kind, tmp_path)
    table = new_table(tmp_path, 3)
    play(table, 30, Random(3))
    copier = Replicator(table.ledger.location, url, poll=0.05).start()
    assert copier.wait_copied(table.head_seq, timeout=20)
    copier.stop()
    held = table.head_seq
    table.close()
    with closing(sqlite3.connect(tmp_path / "table-3.db")) as db:
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            db.execute(f'DROP TRIGGER "{name}"')
        last = db.execute("SELECT max(command_no) FROM commands").fetchone()[0]
        db.execute("DELETE FROM transfers WHERE seq IN (SELECT seq FROM events WHERE command_no = ?)",
                   (last,))
        db.execute("DELETE FROM snapshots WHERE seq IN (SELECT seq FROM events "
                   "WHERE command_no = ?)", (last,))
        db.execute("DELETE FROM events WHERE command_no = ?", (last,))
        db.execute("DELETE FROM commands WHERE command_no = ?", (last,))
        db.commit()
    again = Replicator(tmp_path / "table-3.db", url, poll=0.05).start()
    wait_for(lambda: again.status().state == "refused")
    assert "shortened" in (again.status().detail or "")
    again.stop()
    with Hub.open(url) as hub:
        [shown] = hub.tables()
        assert shown.diverged is not None and "shortened" in shown.diverged
        assert shown.entries == held


def test_a_table_opened_in_the_window_copies_when_the_hub_is_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The session's hook: replicator_for starts a copier only with BANKER_HUB_URL set.
    from app.hub import replicator_for  # noqa: PLC0415

    table = new_table(tmp_path, 4)
    play(table, 5, Random(4))
    assert replicator_for(table.ledger.location, table.game_id) is None
    url = str(tmp_path / "hub.db")
    monkeypatch.setenv("BANKER_HUB_URL", url)
    assert hub_url() == url
    copier = replicator_for(table.ledger.location, table.game_id)
    assert copier is not None
    try:
        assert copier.wait_copied(table.head_seq, timeout=20)
    finally:
        copier.stop()
    table.close()
    with open_ledger(url, create=False, readonly=True) as hub_ledger:
        assert hub_ledger.game_ids() == [table.game_id]


def test_a_postgresql_ledger_holds_many_games_while_a_file_keeps_one(tmp_path: Path) -> None:
    url = fresh_hub("postgresql", tmp_path)
    with open_ledger(url) as ledger:
        first, second = start(ledger), start(ledger)
        assert ledger.game_ids() == [first, second]
    with open_ledger(tmp_path / "table.db") as ledger:
        start(ledger)
        with pytest.raises(LedgerRejected, match="already holds a game"):
            start(ledger)


def test_the_wait_after_a_break_doubles_up_to_its_cap_and_is_spread() -> None:
    backoff, rng = Backoff(first=0.5, cap=30.0), Random(1)
    # Full waits 0.5, 1, 2, 4, ... 30 (capped); each drawn between half and all of that.
    for failures, full in [(1, 0.5), (2, 1.0), (3, 2.0), (6, 16.0), (7, 30.0), (40, 30.0)]:
        waits = [backoff.delay(failures, rng) for _ in range(50)]
        assert all(full / 2 <= wait <= full for wait in waits)
        assert max(waits) - min(waits) > full / 4  # spread, so tables do not return together
