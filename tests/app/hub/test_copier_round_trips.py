"""The copier's push to the hub is one transaction of a few statements, whatever it carries: on
PostgreSQL one statement reads what the hub holds (the game's lock taken), one stores and
reports, then the commit (three round trips); counted, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import pytest
from sqlalchemy import Connection, event

from app.hub import Hub, Replicator, push_game, receiving
from app.hub.arrival import Held, read_held
from app.hub.batch import Batch, read_batch
from app.ledger import open_ledger
from tests.app.hub_tables import HUBS, fresh_hub, new_table, play

NEVER = 3600.0  # the copier looks only when told


@dataclass
class Counted:
    """Statements sent to the hub's database and transactions committed, as the engine saw them."""

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


@pytest.fixture(params=HUBS)
def hub_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _push(hub: Hub, table_file: Path, game_id: str, held: int) -> int:
    with open_ledger(table_file, create=False, readonly=True) as ledger:
        return push_game(hub, ledger.database, game_id, "table 1", held=held).held


@pytest.mark.parametrize("commands", [1, 60])
def test_a_push_of_a_game_the_hub_holds_is_one_transaction_of_at_most_three_round_trips(
        hub_kind: str, tmp_path: Path, commands: int) -> None:
    url = fresh_hub(hub_kind, tmp_path)
    table = new_table(tmp_path, 1)
    play(table, 5, Random(1))
    game_id = table.game_id or ""
    with Hub.open(url) as hub:
        held = _push(hub, tmp_path / "table-1.db", game_id, 0)
        before = table.head_seq
        play(table, commands, Random(2))
        assert table.head_seq > before
        with counting(hub) as counted:
            assert _push(hub, tmp_path / "table-1.db", game_id, held) == table.head_seq
        assert counted.commits == 1
        if hub_kind == "postgresql":
            # The read (with the lock) and the store: with the commit, three round trips.
            assert len(counted.statements) == 2, counted.statements
        else:
            # SQLite is in the process (no round trip): its BEGIN IMMEDIATE, one read, one
            # executemany a table with rows, one update of hub_games, whatever the batch's size.
            assert len(counted.statements) <= 6, counted.statements
    table.close()


def test_a_copier_following_a_table_sends_each_push_in_one_transaction(
        hub_kind: str, tmp_path: Path) -> None:
    url = fresh_hub(hub_kind, tmp_path)
    table = new_table(tmp_path, 1)
    hubs: list[Hub] = []

    def opener(where: str) -> Hub:
        hubs.append(Hub.open(where, create=True))
        return hubs[-1]

    copier = Replicator(table.ledger.location, url, game_id=table.game_id, poll=NEVER,
                        opener=opener).start()
    try:
        assert copier.wait_copied(table.head_seq, timeout=20)
        with counting(hubs[0]) as counted:
            for round_no in range(3):
                commits = counted.commits
                play(table, 2, Random(round_no))
                copier.notify()
                assert copier.wait_copied(table.head_seq, timeout=20)
                while counted.commits == commits:  # the receipt is heard before the commit ends
                    copier.wait_copied(table.head_seq + 1, timeout=0.01)
        # No question of the hub's head between pushes: each push is its batch's transaction.
        assert counted.commits == 3
        per_push = 2 if hub_kind == "postgresql" else 6
        assert len(counted.statements) <= 3 * per_push, counted.statements
    finally:
        copier.stop()
        table.close()
    with Hub.open(url) as hub:
        assert hub.head(table.game_id or "")[0] == table.head_seq


def test_entries_another_sender_stored_before_the_lock_are_compared_and_the_rest_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("postgresql", tmp_path)
    table = new_table(tmp_path, 1)
    play(table, 5, Random(1))
    game_id = table.game_id or ""
    path = tmp_path / "table-1.db"
    with Hub.open(url) as hub:
        held = _push(hub, path, game_id, 0)
        play(table, 20, Random(2))
        with open_ledger(path, create=False, readonly=True) as ledger:
            whole = read_batch(ledger.database, game_id, held, 200)
            part = read_batch(ledger.database, game_id, held, 3)
        with hub.database.read() as connection:
            stale = read_held(connection, whole)  # what a sender read before the other stored
        hub.receive(part, "import")  # the other sender: entries held+1 to part.last
        reads: list[Held] = []

        def first_stale(connection: Connection, batch: Batch) -> Held:
            reads.append(read_held(connection, batch))
            return stale if len(reads) == 1 else reads[-1]

        monkeypatch.setattr(receiving, "read_held", first_stale)
        receipt = hub.receive(whole, "table 1")
        assert len(reads) == 2  # the store's guard saw the head move: read again, under the lock
        assert receipt.stored == whole.last - part.last
        assert receipt.head == whole.head
        assert hub.head(game_id)[0] == table.head_seq
        assert hub.refusals(game_id) == []
    table.close()
