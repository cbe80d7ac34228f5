"""The ledger on real SQLite files migrated by Alembic: atomic, append-only, hash-chained."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from app.ledger import (
    GENESIS,
    Actor,
    ConcurrentWrite,
    GameNotFound,
    Ledger,
    LedgerBusy,
    LedgerCorrupt,
    LedgerError,
    LedgerRejected,
    LedgerWriteError,
    NewEvent,
    SchemaTooNew,
    StaleSequence,
    open_ledger,
)
from app.ledger import database as ledger_database
from app.ledger.hashing import event_hash
from app.ledger.migration import alembic_config

BANKER = Actor("banker", "Grace")
PLAYERS = ["Ann", "Bob", "Cleo"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "tables" / "ledger.db"


@pytest.fixture
def ledger(path: Path) -> Iterator[Ledger]:
    opened = open_ledger(path)
    yield opened
    opened.close()


def start(ledger: Ledger) -> str:
    """A three-player game whose first command pays each player their starting cash."""
    game_id, _ = ledger.start_game(
        profile_id="classic",
        board_id="us-standard",
        profile_json='{"id": "classic"}',
        board_json='{"id": "us-standard"}',
        decks_json='{"chance": []}',
        players=PLAYERS,
        label="Final, table 1",
        command={"type": "start_game", "players": PLAYERS},
        events=[
            NewEvent(
                "game_started",
                {"players": PLAYERS},
                tuple(("bank", name, 1500) for name in PLAYERS),
            )
        ],
        actor=BANKER,
        clock_ms=0,
    )
    return game_id


def pay_rent(ledger: Ledger, game_id: str, expected_seq: int, amount: int = 200) -> None:
    ledger.append(
        game_id,
        expected_seq=expected_seq,
        command={"type": "collect_rent", "space": 39},
        events=[NewEvent("rent_paid", {"space": 39, "amount": amount}, (("Ann", "Bob", amount),))],
        actor=BANKER,
        clock_ms=61_000,
    )


def sql(path: Path, *statements: str | tuple[str, tuple[object, ...]]) -> list[tuple[object, ...]]:
    """Run statements through plain sqlite3, outside the ledger, as a tamperer would; last rows."""
    rows: list[tuple[object, ...]] = []
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for statement in statements:
            text, params = (statement, ()) if isinstance(statement, str) else statement
            rows = connection.execute(text, params).fetchall()
    return rows


# -- recording and reading back ------------------------------------------------------------------


def test_a_started_game_and_its_appended_commands_read_back_exactly_as_recorded(
    ledger: Ledger,
) -> None:
    game_id = start(ledger)
    payload = {"space": 39, "note": "Zürich ✓", "ratio": 0.25, "flags": [True, None], "n": 2**40}
    appended = ledger.append(
        game_id,
        expected_seq=1,
        command={"type": "collect_rent", "space": 39},
        events=[
            NewEvent("rent_paid", payload, (("Ann", "Bob", 50), ("Ann", "bank", 10))),
            NewEvent("turn_ended", {"player": "Ann"}),
        ],
        actor=Actor("judge", "Hal"),
        clock_ms=61_000,
    )
    pay_rent(ledger, game_id, expected_seq=3)

    events = ledger.events(game_id)
    assert [event.seq for event in events] == [1, 2, 3, 4]
    assert [event.command_no for event in events] == [1, 2, 2, 3]
    assert events[1:3] == appended
    assert events[1].payload == payload
    assert events[1].transfers == (("Ann", "Bob", 50), ("Ann", "bank", 10))
    assert events[0].transfers == tuple(("bank", name, 1500) for name in PLAYERS)
    assert events[2].transfers == ()
    rent = events[1]
    assert (rent.actor_role, rent.actor_name, rent.clock_ms) == ("judge", "Hal", 61_000)
    assert events[0].prev_hash == GENESIS
    assert all(later.prev_hash == earlier.hash for earlier, later in pairwise(events))
    assert ledger.head(game_id) == (4, events[-1].hash)
    assert ledger.events(game_id, upto_seq=2) == events[:2]
    assert [command.payload["type"] for command in ledger.commands(game_id)] == [
        "start_game",
        "collect_rent",
        "collect_rent",
    ]
    assert ledger.verify_chain(game_id) == []


def test_the_game_header_keeps_its_players_in_seat_order_and_its_rule_data_verbatim(
    ledger: Ledger,
) -> None:
    assert ledger.latest_game_id() is None
    first = start(ledger)
    with pytest.raises(LedgerRejected, match="already holds a game"):
        start(ledger)  # one game per file

    info = ledger.game(first)
    assert info.players == tuple(PLAYERS)
    assert (info.profile_id, info.board_id) == ("classic", "us-standard")
    assert info.label == "Final, table 1"
    assert (info.profile_json, info.board_json, info.decks_json) == (
        '{"id": "classic"}',
        '{"id": "us-standard"}',
        '{"chance": []}',
    )
    assert info.created_at.tzinfo is not None
    assert [game.id for game in ledger.games()] == [first]
    assert ledger.latest_game_id() == first


def test_a_ledger_reopened_from_its_file_still_holds_its_games(path: Path) -> None:
    with open_ledger(path) as ledger:
        game_id = start(ledger)
        pay_rent(ledger, game_id, expected_seq=1)
    with open_ledger(path) as reopened:
        assert reopened.head(game_id)[0] == 2
        assert reopened.verify_chain(game_id) == []


def test_recorded_at_is_stored_in_utc_with_microseconds(ledger: Ledger, path: Path) -> None:
    game_id = start(ledger)
    moment = datetime(2025, 6, 1, 14, 30, 5, 7, tzinfo=UTC)
    [event] = ledger.append(
        game_id,
        expected_seq=1,
        command={"type": "end_turn"},
        events=[NewEvent("turn_ended", {"player": "Ann"})],
        actor=BANKER,
        clock_ms=None,
        recorded_at=moment,
    )
    assert event.recorded_at == moment
    stored = sql(path, "SELECT recorded_at FROM events WHERE seq = 2")
    assert stored == [("2025-06-01T14:30:05.000007+00:00",)]


def test_the_hash_is_sha256_of_the_documented_canonical_json() -> None:
    canonical = (
        '{"actor_name":"Ann","actor_role":"banker","clock_ms":1234,"command_no":1,'
        '"game_id":"g-1","payload":{"amount":200,"note":"Zürich"},"prev_hash":"' + GENESIS + '",'
        '"recorded_at":"2025-01-02T03:04:05.000006+00:00","seq":1,'
        '"transfers":[["Bob","Ann",200]],"type":"rent_paid"}'
    )
    digest = event_hash(
        game_id="g-1",
        seq=1,
        command_no=1,
        type="rent_paid",
        payload={"note": "Zürich", "amount": 200},
        actor_role="banker",
        actor_name="Ann",
        recorded_at="2025-01-02T03:04:05.000006+00:00",
        clock_ms=1234,
        prev_hash=GENESIS,
        transfers=[("Bob", "Ann", 200)],
    )
    assert digest == hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# -- one command, one transaction ----------------------------------------------------------------


def test_a_command_whose_second_event_breaks_the_amount_check_leaves_no_trace(
    ledger: Ledger,
) -> None:
    game_id = start(ledger)
    head = ledger.head(game_id)

    with pytest.raises(LedgerRejected, match="amount"):
        ledger.append(
            game_id,
            expected_seq=1,
            command={"type": "collect_rent"},
            events=[
                NewEvent("rent_paid", {"amount": 50}, (("Ann", "Bob", 50),)),
                NewEvent("rent_paid", {"amount": 0}, (("Ann", "Cleo", 0),)),
            ],
            actor=BANKER,
            clock_ms=None,
        )

    assert ledger.head(game_id) == head
    assert len(ledger.events(game_id)) == 1
    assert len(ledger.commands(game_id)) == 1
    pay_rent(ledger, game_id, expected_seq=1)
    assert [command.command_no for command in ledger.commands(game_id)] == [1, 2]


def test_a_command_whose_second_payload_cannot_be_stored_leaves_no_trace(ledger: Ledger) -> None:
    game_id = start(ledger)

    with pytest.raises(LedgerRejected, match="event 3"):
        ledger.append(
            game_id,
            expected_seq=1,
            command={"type": "buy_deed"},
            events=[
                NewEvent("deed_bought", {"space": 1}, (("Ann", "bank", 60),)),
                NewEvent("colour_set_completed", {"spaces": {1, 3}}),
            ],
            actor=BANKER,
            clock_ms=None,
        )

    assert ledger.head(game_id)[0] == 1
    assert len(ledger.commands(game_id)) == 1


def test_a_repeated_command_with_a_stale_expected_seq_is_refused_and_changes_nothing(
    ledger: Ledger,
) -> None:
    game_id = start(ledger)
    pay_rent(ledger, game_id, expected_seq=1)
    head = ledger.head(game_id)

    with pytest.raises(StaleSequence, match="expected the last event to be seq 1, but it is seq 2"):
        pay_rent(ledger, game_id, expected_seq=1)

    assert ledger.head(game_id) == head
    assert len(ledger.commands(game_id)) == 2


def test_a_second_window_on_the_same_file_cannot_record_over_the_first(path: Path) -> None:
    with open_ledger(path) as first, open_ledger(path) as second:
        game_id = start(first)
        seen = second.head(game_id)[0]
        pay_rent(first, game_id, expected_seq=seen)
        with pytest.raises(StaleSequence):
            pay_rent(second, game_id, expected_seq=seen)
        assert second.head(game_id)[0] == 2


def test_a_command_without_events_records_nothing(ledger: Ledger) -> None:
    game_id = start(ledger)
    stored = ledger.append(
        game_id, expected_seq=1, command={"type": "noop"}, events=[], actor=BANKER, clock_ms=None
    )
    assert stored == []
    assert len(ledger.commands(game_id)) == 1


def test_an_unknown_game_is_reported_by_name(ledger: Ledger) -> None:
    with pytest.raises(GameNotFound, match="no-such-game"):
        pay_rent(ledger, "no-such-game", expected_seq=0)
    with pytest.raises(GameNotFound):
        ledger.events("no-such-game")


def test_a_primary_key_collision_is_translated_into_concurrent_write(
    ledger: Ledger, path: Path
) -> None:
    # Under SQLite's BEGIN IMMEDIATE a second writer meets StaleSequence first; the collision
    # itself is what PostgreSQL writers meet, so the real driver error is translated here.
    game_id = start(ledger)
    with pytest.raises(sqlite3.IntegrityError) as collision:
        sql(path, ("INSERT INTO commands VALUES (?, 1, '{}', 'banker', 'Eve', 'x')", (game_id,)))
    assert isinstance(ledger_database.translate(collision.value, str(path)), ConcurrentWrite)


# -- append-only and tamper-evident --------------------------------------------------------------


@pytest.mark.parametrize("table", ["events", "transfers", "commands"])
@pytest.mark.parametrize(
    "statement", ["UPDATE {table} SET game_id = game_id", "DELETE FROM {table}"]
)
def test_plain_sqlite_cannot_change_or_remove_recorded_history(
    ledger: Ledger, path: Path, table: str, statement: str
) -> None:
    start(ledger)
    with pytest.raises(sqlite3.DatabaseError, match=f"{table} are append-only"):
        sql(path, statement.format(table=table))


def test_a_payload_changed_behind_the_ledgers_back_is_named_by_its_seq(
    ledger: Ledger, path: Path
) -> None:
    game_id = start(ledger)
    pay_rent(ledger, game_id, expected_seq=1)
    pay_rent(ledger, game_id, expected_seq=2)
    pay_rent(ledger, game_id, expected_seq=3)

    [(payload,)] = sql(path, "SELECT payload FROM events WHERE seq = 3")
    assert isinstance(payload, str)
    assert '"amount":200' in payload
    one_byte_changed = payload.replace("200", "100", 1)
    sql(
        path,
        "DROP TRIGGER events_no_update",
        ("UPDATE events SET payload = ? WHERE seq = 3", (one_byte_changed,)),
    )

    problems = ledger.verify_chain(game_id)
    assert problems == ["event 3 (rent_paid): stored hash does not match its contents"]


def test_a_transfer_amount_changed_behind_the_ledgers_back_is_caught(
    ledger: Ledger, path: Path
) -> None:
    game_id = start(ledger)
    pay_rent(ledger, game_id, expected_seq=1)
    pay_rent(ledger, game_id, expected_seq=2)

    sql(
        path,
        "DROP TRIGGER transfers_no_update",
        "UPDATE transfers SET amount = 300 WHERE seq = 2",
    )

    problems = ledger.verify_chain(game_id)
    assert problems == ["event 2 (rent_paid): stored hash does not match its contents"]


def test_an_event_rehashed_after_tampering_breaks_the_link_from_the_next_event(
    ledger: Ledger, path: Path
) -> None:
    game_id = start(ledger)
    pay_rent(ledger, game_id, expected_seq=1)
    pay_rent(ledger, game_id, expected_seq=2)

    sql(
        path,
        "DROP TRIGGER events_no_update",
        ("UPDATE events SET hash = ? WHERE seq = 2", ("f" * 64,)),
    )

    problems = ledger.verify_chain(game_id)
    assert problems[0] == "event 2 (rent_paid): stored hash does not match its contents"
    assert problems[1].startswith("event 3 (rent_paid): prev_hash does not match")


def test_a_payload_that_is_no_longer_json_is_reported_not_crashed_on(
    ledger: Ledger, path: Path
) -> None:
    game_id = start(ledger)
    pay_rent(ledger, game_id, expected_seq=1)
    sql(
        path,
        "DROP TRIGGER events_no_update",
        "UPDATE events SET payload = substr(payload, 2) WHERE seq = 2",
    )

    assert ledger.verify_chain(game_id)[0].startswith("event 2 (rent_paid): stored payload")
    with pytest.raises(LedgerCorrupt, match="event 2"):
        ledger.events(game_id)


# -- the file itself -----------------------------------------------------------------------------


def test_the_ledgers_connections_use_wal_full_sync_foreign_keys_and_a_busy_timeout(
    ledger: Ledger,
) -> None:
    with ledger.database.engine.connect() as connection:
        pragma = connection.exec_driver_sql
        assert pragma("PRAGMA journal_mode").scalar() == "wal"
        assert pragma("PRAGMA synchronous").scalar() == 2
        assert pragma("PRAGMA foreign_keys").scalar() == 1
        assert pragma("PRAGMA busy_timeout").scalar() == 5000


def test_a_file_from_a_newer_version_is_refused_with_both_schema_versions(path: Path) -> None:
    with open_ledger(path) as made:
        start(made)  # a new file is put in place with its first game
    sql(path, "UPDATE alembic_version SET version_num = '0042_tournaments'")

    with pytest.raises(SchemaTooNew) as refused:
        open_ledger(path)
    assert str(refused.value) == (
        "this file was written by a newer Championship Banker (schema 0042_tournaments); "
        f"this version knows up to {', '.join(ScriptDirectory.from_config(alembic_config()).get_heads())}"
    )


def test_a_file_of_random_bytes_is_reported_as_corrupt(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(8192))
    with pytest.raises(LedgerCorrupt, match=r"junk\.db"):
        open_ledger(junk)


def test_another_programs_database_is_not_taken_over(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    sql(other, "CREATE TABLE recipes (name TEXT)")
    with pytest.raises(LedgerError, match="not a Championship Banker ledger"):
        open_ledger(other)
    tables = sql(other, "SELECT name FROM sqlite_master WHERE type = 'table'")
    assert tables == [("recipes",)]


def test_a_ledger_opened_read_only_refuses_to_record(ledger: Ledger, path: Path) -> None:
    # We run as root, where chmod 0o444 does not stop writes; SQLite's URI `mode=ro` opens
    # the file read-only whoever we are, and fails the write the same way a read-only file does.
    game_id = start(ledger)
    with open_ledger(f"sqlite:///file:{path}?mode=ro&uri=true") as read_only:
        assert read_only.head(game_id)[0] == 1
        with pytest.raises(LedgerWriteError, match="read-only"):
            pay_rent(read_only, game_id, expected_seq=1)
    assert ledger.head(game_id)[0] == 1


def test_a_lock_held_too_long_by_another_program_is_reported_as_busy(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger_database, "BUSY_TIMEOUT_MS", 50)
    with open_ledger(path) as ledger:
        game_id = start(ledger)
        with closing(sqlite3.connect(path, isolation_level=None)) as holder:
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(LedgerBusy, match="locked"):
                pay_rent(ledger, game_id, expected_seq=1)
            holder.execute("ROLLBACK")
        pay_rent(ledger, game_id, expected_seq=1)


def test_a_naive_recorded_at_is_refused_before_anything_is_written(ledger: Ledger) -> None:
    game_id = start(ledger)
    with pytest.raises(LedgerRejected, match="time zone"):
        ledger.append(
            game_id,
            expected_seq=1,
            command={"type": "end_turn"},
            events=[NewEvent("turn_ended", {})],
            actor=BANKER,
            clock_ms=None,
            recorded_at=datetime(2025, 1, 1, 12, 0),  # naive on purpose
        )
    assert ledger.head(game_id)[0] == 1
