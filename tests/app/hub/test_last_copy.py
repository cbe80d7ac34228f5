"""Nothing stays behind on a laptop: a copier stopping (a window closing, a `banker` process
ending) makes a last copy of everything its file holds within a bounded time, and says what the
hub lacks when it could not; a sheet not collected on the hub because the hub's copy is behind
the table's file (the head the table reported is ahead of the hub's) is said as that cause."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from random import Random

import pytest

from app.hub import Hub, Replicator, push_file
from app.hub.batch import read_batch
from app.hub.results import behind_notes
from models.tournament.records import TableGameRef
from tests.app.hub_tables import fresh_hub, new_table, play

NEVER = 3600.0  # a poll so long the copier never looks by itself during the test


def test_a_stopping_copier_makes_a_last_copy_of_the_entries_recorded_since(tmp_path: Path
                                                                          ) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    play(table, 3, Random(1))
    copier = Replicator(table.ledger.location, url, game_id=table.game_id, poll=NEVER).start()
    assert copier.wait_copied(table.head_seq, timeout=20)
    copied = table.head_seq
    play(table, 4, Random(2))  # recorded with no notify: the copier does not know
    assert table.head_seq > copied
    status = copier.stop(timeout=20)
    assert status.state == "stopped" and status.copied == table.head_seq
    assert status.left_behind(table.head_seq) is None
    with Hub.open(url) as hub:
        assert hub.head(table.game_id or "")[0] == table.head_seq
    table.close()


def test_a_last_copy_the_hub_cannot_take_in_time_is_said_with_the_entries_it_lacks(
        tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    copier = Replicator(table.ledger.location, url, game_id=table.game_id, poll=NEVER).start()
    assert copier.wait_copied(table.head_seq, timeout=20)
    copied = table.head_seq
    play(table, 2, Random(3))
    # Another program holds the hub file's lock: the last copy cannot finish in 0.3 s.
    with closing(sqlite3.connect(url, timeout=10)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        status = copier.stop(timeout=0.3)
        holder.rollback()
    words = status.left_behind(table.head_seq)
    assert status.copied == copied and words is not None
    lacking = table.head_seq - copied
    assert f"this table's last {lacking} entr" in words
    assert "did not answer within 0.3 s" in words and "banker hub push" in words
    table.close()


def test_a_sheet_not_collected_on_the_hub_because_its_copy_is_behind_says_so(
        tmp_path: Path) -> None:
    url = fresh_hub("sqlite", tmp_path)
    table = new_table(tmp_path, 1)
    play(table, 3, Random(1))
    game_id = table.game_id or ""
    with Hub.open(url) as hub:
        # One batch of the first command only: it reports the file's whole head with it.
        first = read_batch(table.ledger.database, game_id, 0, 1)
        hub.receive(first, "test", file=str(table.ledger.location))
        held = hub.head(game_id)[0]
        assert first.head[0] == table.head_seq > held
        ref = TableGameRef(stage="Qualifying", table=1, source=str(table.ledger.location),
                           game_id=game_id)
        other = TableGameRef(stage="Qualifying", table=2, source="elsewhere.db", game_id="g-2")
        notes = ["table 1: the scoresheet is not collected yet",
                 "table 2: the scoresheet is not collected yet"]
        behind_notes(hub, [ref, other], notes)
    lacking = table.head_seq - held
    assert notes[0] == (
        "table 1: the scoresheet is not collected yet on the hub: the hub is behind this "
        f"table's file by {lacking} entries: push from its laptop (banker hub push --db "
        f"{table.ledger.location})")
    assert notes[1] == "table 2: the scoresheet is not collected yet"  # no copy: as it was
    table.close()


def test_results_from_the_hub_say_the_hub_is_behind_the_tables_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.tournament import service as tournaments  # noqa: PLC0415
    from tests.app.recorded_games import SetClock  # noqa: PLC0415
    from tests.app.tournament.test_round_clock import (  # noqa: PLC0415
        START,
        hall_of_twelve,
        table_game,
    )

    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    game_id = game.game_id or ""
    with Hub.open(url) as hub:
        push_file(hub, game.ledger.location)  # the game as it started
        play(game, 4, Random(4))
        # The window closed after one more batch of one command: it reported the whole head.
        partial = read_batch(game.ledger.database, game_id, hub.head(game_id)[0], 1)
        hub.receive(partial, "test", file=str(game.ledger.location))
        held = hub.head(game_id)[0]
    lacking = game.head_seq - held
    assert lacking > 0
    _, notes = tournaments.collect_results(tid, "Qualifying", hub=url)
    assert any(note.startswith(
        "table 1: the scoresheet is not collected yet on the hub: the hub is behind this "
        f"table's file by {lacking} entr") and "push from its laptop" in note for note in notes)
    game.close()
