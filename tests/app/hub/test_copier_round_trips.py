"""The copier's push to the hub is one transaction, whatever it carries: on PostgreSQL two round
trips on the wire (BEGIN, the game's lock and the read of what the hub holds together; the store
and its COMMIT together), counted by a relay between the hub's engine and the server; on SQLite
a few statements. Counted, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from sqlalchemy import Connection, event
from sqlalchemy.exc import DBAPIError

from app.hub import Hub, HubUnreachable, Replicator, push_game, receiving
from app.hub.arrival import Held, begin_and_read, driver_errors, explicit, pipelined
from app.hub.batch import Batch, read_batch
from app.hub.errors import HubGap, HubRefused
from app.ledger import open_ledger
from app.table.service import TableGame
from tests.app.hub.wire import Heard, Relay
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play
from tests.postgres import server, skip_reason

NEVER = 3600.0  # the copier looks only when told


@dataclass
class Counted:
    """Statements sent to a SQLite hub and transactions committed, as the engine saw them."""

    statements: list[str] = field(default_factory=list)
    commits: int = 0


@contextmanager
def counting(hub: Hub) -> Iterator[Counted]:
    counted = Counted()
    engine = hub.database.engine

    def statement(_conn: Connection, _cursor: Any, sql: str, *_args: Any) -> None:
        counted.statements.append(sql)

    def commit(_conn: Connection) -> None:
        counted.commits += 1

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", commit)
    try:
        yield counted
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", commit)


@pytest.fixture
def relay() -> Iterator[Relay]:
    found = server()
    if found is None:
        pytest.skip(f"hub on PostgreSQL not tested: {skip_reason()}")
    relay = Relay(found.port)
    yield relay
    relay.close()


@pytest.fixture(params=HUBS)
def hub_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _push(hub: Hub, table_file: Path, game_id: str, held: int) -> int:
    with open_ledger(table_file, create=False, readonly=True) as ledger:
        return push_game(hub, ledger.database, game_id, "table 1", held=held).held


def _table_of_five(tmp_path: Path) -> tuple[TableGame, str, Path]:
    """Table 1 with five commands played: its game, the game's id and its file."""
    table = new_table(tmp_path, 1)
    play(table, 5, Random(1))
    return table, table.game_id or "", tmp_path / "table-1.db"


def _copier_hub(url: str) -> Hub:
    """The hub as the copier opens it (replicator._open_hub: no ping before each push)."""
    hub = Hub.open(url, create=True)
    hub.database.unchecked()
    return hub


@pytest.mark.parametrize("commands", [1, 60])
def test_a_push_of_a_game_the_hub_holds_is_one_transaction_of_two_round_trips(
        relay: Relay, tmp_path: Path, commands: int) -> None:
    url = relay.url(fresh_hub("postgresql", tmp_path))
    table, game_id, path = _table_of_five(tmp_path)
    with _copier_hub(url) as hub:
        held = _push(hub, path, game_id, 0)
        before = table.head_seq
        play(table, commands, Random(2))
        assert table.head_seq > before
        with relay.counting() as heard:
            assert _push(hub, path, game_id, held) == table.head_seq
        # BEGIN, the game's lock and the read in one; the store and its COMMIT in the other.
        assert heard.round_trips == 2
        # The one Sync answered, after the COMMIT: no transaction open before it, none after.
        assert heard.ready == ["I"]
    table.close()


@pytest.mark.parametrize("commands", [1, 60])
def test_a_push_to_a_sqlite_hub_is_one_transaction_of_a_few_statements(
        tmp_path: Path, commands: int) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table, game_id, path = _table_of_five(tmp_path)
    with Hub.open(url) as hub:
        held = _push(hub, path, game_id, 0)
        play(table, commands, Random(2))
        with counting(hub) as counted:
            assert _push(hub, path, game_id, held) == table.head_seq
        assert counted.commits == 1
        # SQLite is in the process (no round trip): its BEGIN IMMEDIATE, one read, one
        # executemany a table with rows, one update of hub_games, whatever the batch's size.
        assert len(counted.statements) <= 6, counted.statements
    table.close()


def test_a_copier_following_a_table_sends_each_push_in_one_transaction(
        hub_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = fresh_hub(hub_kind, tmp_path)
    relay: Relay | None = None
    if hub_kind == "postgresql":
        relay = request.getfixturevalue("relay")
        url = relay.url(url)
    table = new_table(tmp_path, 1)
    hubs: list[Hub] = []

    def opener(where: str) -> Hub:
        hubs.append(_copier_hub(where))
        return hubs[-1]

    copier = Replicator(table.ledger.location, url, game_id=table.game_id, poll=NEVER,
                        opener=opener).start()
    try:
        assert copier.wait_copied(table.head_seq, timeout=20)
        with counting(hubs[0]) as counted, (
                relay.counting() if relay is not None else nullcontext(Heard())) as heard:
            for round_no in range(3):
                commits = counted.commits
                play(table, 2, Random(round_no))
                copier.notify()
                assert copier.wait_copied(table.head_seq, timeout=20)
                while counted.commits == commits:  # the receipt is heard before the commit ends
                    copier.wait_copied(table.head_seq + 1, timeout=0.01)
        # No question of the hub's head between pushes: each push is its batch's transaction.
        assert counted.commits == 3
        if relay is not None:
            assert heard.round_trips == 3 * 2
            assert heard.ready == ["I"] * 3
        else:
            assert len(counted.statements) <= 3 * 6, counted.statements
    finally:
        copier.stop()
        table.close()
    with Hub.open(url) as hub:
        assert hub.head(table.game_id or "")[0] == table.head_seq


def test_a_store_the_hubs_database_refuses_leaves_nothing_and_the_connection_usable(
        relay: Relay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = relay.url(fresh_hub("postgresql", tmp_path))
    table, game_id, path = _table_of_five(tmp_path)
    with _copier_hub(url) as hub:
        held = _push(hub, path, game_id, 0)
        play(table, 10, Random(2))
        with open_ledger(path, create=False, readonly=True) as ledger:
            rest = read_batch(ledger.database, game_id, held, 200)
        # A sender that skips its own checks: its first row does not link, and the 0013
        # trigger refuses it in the store, after the other rows of the statement were sent.
        with monkeypatch.context() as patched:
            patched.setattr(receiving, "chain_break", lambda _batch, _prev: None)
            events = list(rest.events)
            events[0] = (*events[0][:9], "0" * 64, events[0][10])
            with relay.counting() as heard, pytest.raises(HubRefused, match="does not link"):
                hub.receive(replace(rest, events=tuple(events)), "table 1")
        assert "E" in heard.ready and heard.ready[-1] == "I"  # rolled back, then the refusal
        assert hub.head(game_id)[0] == held
        assert [r.kind for r in hub.refusals(game_id)] == ["broken"]
        # The same pooled connection, back to work: the sound batch in two round trips.
        with relay.counting() as heard:
            assert hub.receive(rest, "table 1").head == rest.head
        assert heard.round_trips == 2
        assert hub.head(game_id)[0] == table.head_seq
    table.close()


def test_entries_another_sender_stored_without_the_lock_are_compared_and_the_rest_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("postgresql", tmp_path)
    table, game_id, path = _table_of_five(tmp_path)
    with Hub.open(url) as hub:
        held = _push(hub, path, game_id, 0)
        play(table, 20, Random(2))
        with open_ledger(path, create=False, readonly=True) as ledger:
            whole = read_batch(ledger.database, game_id, held, 200)
            part = read_batch(ledger.database, game_id, held, 3)
        # What a sender read before the other stored (a read left without its COMMIT: rolled
        # back).
        with hub.database.write() as connection, explicit(connection) as driver, \
                pipelined(connection):
            stale = begin_and_read(driver, whole)
        hub.receive(part, "import")  # the other sender: entries held+1 to part.last
        reads: list[Held] = []

        def stale_read(driver: Any, batch: Batch) -> Held:
            reads.append(begin_and_read(driver, batch))
            return stale if len(reads) <= stale_reads else reads[-1]

        monkeypatch.setattr(receiving, "begin_and_read", stale_read)
        stale_reads = 2  # read stale again: the batch is given up, nothing of it stored
        with pytest.raises(HubGap, match="moved twice"):
            hub.receive(whole, "table 1")
        assert len(reads) == 2
        assert hub.head(game_id)[0] == part.last
        reads.clear()
        stale_reads = 1
        receipt = hub.receive(whole, "table 1")
        assert len(reads) == 2  # the store's guard saw the head move: nothing stored, read again
        assert receipt.stored == whole.last - part.last
        assert receipt.head == whole.head
        assert hub.head(game_id)[0] == table.head_seq
        assert hub.refusals(game_id) == []
    table.close()


@pytest.mark.parametrize(("cut_at", "cut_answer"), [(1, False), (2, False), (1, True),
                                                   (2, True)])
def test_a_hub_gone_in_the_middle_of_a_push_is_unreachable_and_the_next_push_copies_it(
        relay: Relay, tmp_path: Path, cut_at: int, cut_answer: bool) -> None:
    # The connection ends as the push's first (BEGIN, lock, read) or second (store, COMMIT)
    # round trip begins, or once it is sent with its answers still to come: the copier hears
    # HubUnreachable, as for any hub gone away (not an error of SQLAlchemy's own, which ended
    # its thread), and the next push copies everything on a new connection.
    url = relay.url(fresh_hub("postgresql", tmp_path))
    table, game_id, path = _table_of_five(tmp_path)
    with _copier_hub(url) as hub:
        held = _push(hub, path, game_id, 0)
        play(table, 10, Random(2))
        with relay.counting() as heard:
            heard.cut_at, heard.cut_answer = cut_at, cut_answer
            with pytest.raises(HubUnreachable):
                _push(hub, path, game_id, held)
        # Only a COMMIT that reached the server stored the batch (its answer lost on the way).
        stored = (cut_at, cut_answer) == (2, True)
        assert hub.head(game_id)[0] == (table.head_seq if stored else held)
        assert _push(hub, path, game_id, held) == table.head_seq
    table.close()


def test_a_driver_error_after_the_connection_was_dropped_is_a_driver_error(
        relay: Relay, tmp_path: Path) -> None:
    # The hub stopped with the push's answers due: leaving psycopg's pipeline fails, the ROLLBACK
    # cannot be sent and drops the connection, then the pipeline's error comes out. It must come
    # out as the driver's error (the copier's HubUnreachable), not as SQLAlchemy's
    # PendingRollbackError for a connection asked after it was dropped, which ended the copier.
    import psycopg  # noqa: PLC0415 (the hub's driver, in the dev extra)

    url = relay.url(fresh_hub("postgresql", tmp_path))
    with _copier_hub(url) as hub, hub.database.engine.connect() as connection:
        connection.begin()
        with pytest.raises(DBAPIError) as raised, driver_errors(connection):
            connection.invalidate()
            raise psycopg.OperationalError("cannot exit pipeline mode while busy")
        assert raised.value.connection_invalidated
