"""The stage's results read from the hub in one go (app/ledger/prefetch.py) are the results the
per-game reads give: each game's rows, records and scoresheet the same, on PostgreSQL (the
only hub it reads ahead on; skipped, saying why, without a server)."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from app.hub import Hub, push_file
from app.ledger import LedgerCorrupt, open_ledger
from app.ledger.prefetch import NotReadAhead, PrefetchedLedger
from app.tournament import forked, results
from app.tournament import service as tournaments
from tests.app.hub_tables import fresh_hub
from tests.app.tournament.test_tournament_games import QUALIFYING, START, start_and_play, twelve

__all__ = ["twelve"]  # the fixture, used by name


def played_on_hub(tid: str, folder: Path, kind: str = "postgresql") -> str:
    """Every qualifying table played in its own file and copied to a fresh hub (PostgreSQL
    unless `kind` says otherwise)."""
    url = fresh_hub(kind, folder)
    tables = folder / "tables"
    tables.mkdir()
    paths = [start_and_play(tid, "Qualifying", table, totals, START + timedelta(hours=table),
                            tables) for table, totals in QUALIFYING.items()]
    with Hub.open(url) as hub:
        for path in paths:
            push_file(hub, path)
    return url


def test_each_games_rows_read_in_one_go_are_the_rows_and_records_read_one_game_at_a_time(
        twelve: str, tmp_path: Path) -> None:
    url = played_on_hub(twelve, tmp_path)
    ids = [g.game_id for g in tournaments.load(twelve).games if g.game_id]
    assert len(ids) == 3
    with open_ledger(url, create=False, readonly=True) as ledger:
        ahead = PrefetchedLedger(ledger, ids[:2])  # the third is read as usual
        for game_id in ids:
            assert ahead.history(game_id) == ledger.history(game_id)
            assert ahead.game(game_id) == ledger.game(game_id)
            for upto, start in ((None, None), (1, None), (5, 2), (None, 3), (0, None)):
                assert ahead.events(game_id, upto, start) == ledger.events(game_id, upto, start)
            for upto in (None, 1, 2):
                assert ahead.commands(game_id, upto) == ledger.commands(game_id, upto)
            # The few events a scoresheet names: those of a full read, whichever read first.
            for types, roles in ((("player_bankrupt", "judge_added"), ("judge",)),
                                 (("deed_bought", "dice_rolled"), ()), ((), ("banker",))):
                picked = ahead.events_of(game_id, types, roles)
                assert picked == ledger.events_of(game_id, types, roles) == [
                    e for e in ledger.events(game_id)
                    if e.type in types or e.actor_role in roles]
        bought = ahead.events_of(ids[0], ("deed_bought",))
        assert len(bought) == 1 and bought[0].transfers != ()  # the purchase, with its payment
        assert ahead.stray_rows() == ledger.stray_rows() == []
        assert ahead.verify_chain(ids[0]) == []


def test_the_sheets_read_from_the_hub_in_one_go_are_those_read_from_the_tables_files(
        twelve: str, tmp_path: Path) -> None:
    url = played_on_hub(twelve, tmp_path)
    games = tournaments.load(twelve).games
    from_files: list[str] = []
    from_hub: list[str] = []
    sheets = tournaments.read_sheets(games, url, from_hub)
    assert sheets == tournaments.read_sheets(games, None, from_files)
    assert sorted(sheets) == [1, 2, 3] and from_hub == from_files == []
    assert [p["total"] for p in sheets[2]["players"]] == sorted(QUALIFYING[2], reverse=True)


def test_a_damaged_row_read_in_one_go_is_refused_as_when_read_alone(
        twelve: str, tmp_path: Path) -> None:
    url = played_on_hub(twelve, tmp_path)
    ids = [g.game_id for g in tournaments.load(twelve).games if g.game_id]
    with open_ledger(url, create=False) as ledger, ledger.database.write() as connection:
        # A forger who owns the database: the append-only trigger off, one payload broken.
        connection.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        connection.execute(text("UPDATE events SET payload = 'not json' WHERE game_id = :g "
                                "AND seq = 3"), {"g": ids[1]})
    with open_ledger(url, create=False, readonly=True) as ledger:
        ahead = PrefetchedLedger(ledger, ids)
        for read in (ledger, ahead):
            with pytest.raises(LedgerCorrupt, match=r"event 3 .*not valid JSON"):
                read.events(ids[1])
            assert len(read.events(ids[1], upto_seq=2)) == 2  # the entries before it still read
            kind = read.history(ids[1]).events[2][3]  # event 3's type (its column is sound)
            with pytest.raises(LedgerCorrupt, match=r"event 3 .*not valid JSON"):
                read.events_of(ids[1], (kind,))
            assert [e.type for e in read.events_of(ids[1], ("deed_bought",))] == ["deed_bought"]
        assert ahead.history(ids[1]) == ledger.history(ids[1])
        assert ahead.chain_problems_of(ahead.history(ids[1])) == ledger.verify_chain(ids[1]) != []


def _forge(url: str, statement: str, game_id: str) -> None:
    """A forger who owns the hub's database: the append-only triggers off, one statement."""
    with open_ledger(url, create=False) as ledger, ledger.database.write() as connection:
        for table in ("events", "transfers"):
            connection.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only"))
        connection.execute(text(statement), {"g": game_id})


def test_a_stage_read_again_unchanged_gives_the_same_sheets_without_reading_each_game_again(
        twelve: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = played_on_hub(twelve, tmp_path)
    games = tournaments.load(twelve).games
    opened: list[str | None] = []
    opener = results._open_on_hub

    def counted(ledger: Any, held: set[str], ref: Any) -> Any:
        opened.append(ref.game_id)
        return opener(ledger, held, ref)

    monkeypatch.setattr(results, "_open_on_hub", counted)
    # The first read keeps nothing (a one-off read pays nothing for keeping); the second
    # keeps each game's outcome; the third gives them without opening a game.
    first = tournaments.read_sheets(games, url, [])
    assert len(opened) == 3 and sorted(first) == [1, 2, 3]
    second_notes: list[str] = []
    second = tournaments.read_sheets(games, url, second_notes)
    assert len(opened) == 6 and second == first and second_notes == []
    second[2]["players"][0]["total"] = 0  # a caller's own copy: nothing kept changes
    again_notes: list[str] = []
    again = tournaments.read_sheets(games, url, again_notes)
    assert len(opened) == 6, "an unchanged game was opened, checked and scored again"
    assert again_notes == [] and again == first
    # Table 2's totals as played (QUALIFYING), highest first: the kept sheet, not the edit.
    assert [p["total"] for p in again[2]["players"]] == sorted(QUALIFYING[2], reverse=True)
    again[2]["players"][0]["total"] = 0
    assert tournaments.read_sheets(games, url, []) == first
    assert len(opened) == 6
    results.KEPT_SHEETS.forget()
    assert tournaments.read_sheets(games, url, []) == first  # every game checked again
    assert len(opened) == 9


@pytest.mark.parametrize(("forged", "said"), [
    # One payload's text changed (a space): its hash no longer matches.
    ("UPDATE events SET payload = replace(payload, '}', ' }') WHERE game_id = :g AND seq = 3",
     "the ledger does not verify: "),
    # The game's last event (its collection) taken away: its command records no event.
    ("DELETE FROM events WHERE game_id = :g AND seq = (SELECT max(seq) FROM events "
     "WHERE game_id = :g)", "no event in the chain records it"),
])
def test_a_game_changed_on_the_hub_after_a_read_is_checked_again_and_refused(
        twelve: str, tmp_path: Path, forged: str, said: str) -> None:
    url = played_on_hub(twelve, tmp_path)
    games = tournaments.load(twelve).games
    for _ in range(2):  # read twice: each game's outcome kept
        assert sorted(tournaments.read_sheets(games, url, [])) == [1, 2, 3]
    table_two = next(g for g in games if g.table == 2)
    assert table_two.game_id is not None
    _forge(url, forged, table_two.game_id)
    notes: list[str] = []
    sheets = tournaments.read_sheets(games, url, notes)
    assert sorted(sheets) == [1, 3]  # tables 1 and 3 unchanged: their kept sheets
    assert len(notes) == 1 and notes[0].startswith("table 2: ") and said in notes[0]


def test_a_fenced_ledger_serves_the_rows_read_ahead_and_nothing_from_the_database(
        twelve: str, tmp_path: Path) -> None:
    # A forked copy's ledger (app/tournament/forked.py): its connection is the parent's, so
    # any read the rows read ahead do not serve raises NotReadAhead instead of using it.
    url = played_on_hub(twelve, tmp_path)
    ids = [g.game_id for g in tournaments.load(twelve).games if g.game_id]
    with open_ledger(url, create=False, readonly=True) as ledger:
        ahead = PrefetchedLedger(ledger, ids[:2])
        assert ahead.stray_rows() == []  # asked before the fence goes up, as stored_rows does
        ahead.fence()
        assert ahead.location == ledger.location
        assert ahead.stray_rows() == []
        assert ahead.history(ids[0]) == ledger.history(ids[0])
        assert ahead.events(ids[1]) == ledger.events(ids[1])
        for fenced in (lambda: ahead.history(ids[2]), lambda: ahead.snapshot(ids[0], 1),
                       lambda: ahead.events(ids[2]), ahead.game_ids):
            with pytest.raises(NotReadAhead):
                fenced()
        unasked = PrefetchedLedger(ledger, ids[:2])
        unasked.fence()  # reads nothing itself
        with pytest.raises(NotReadAhead):
            unasked.stray_rows()
        assert len(ledger.events(ids[2])) > 0  # the ledger it read ahead for is as it was


def test_the_sheets_read_by_forked_copies_are_those_one_process_reads(
        twelve: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game read in a process of its own (one game a copy, four processes), one of them
    # forged and one not on the hub: the same sheets, in the same order, and the same notes,
    # in the same order, as one process reading them all.
    url = played_on_hub(twelve, tmp_path)
    games = tournaments.load(twelve).games
    table_two = next(g for g in games if g.table == 2)
    assert table_two.game_id is not None
    _forge(url, "UPDATE events SET payload = replace(payload, '}', ' }') WHERE game_id = :g "
                "AND seq = 3", table_two.game_id)
    refs = [*games, games[0].model_copy(update={"table": 4, "game_id": "g-not-on-the-hub"})]
    readers = tmp_path / "readers"
    opener = results._open_on_hub

    def logged(ledger: Any, held: set[str], ref: Any) -> Any:
        with readers.open("a") as log:
            log.write(f"{os.getpid()}\n")
        return opener(ledger, held, ref)

    monkeypatch.setattr(results, "_open_on_hub", logged)
    monkeypatch.setattr(forked, "copies_for", lambda _count: 1)
    alone_notes: list[str] = []
    alone = tournaments.read_sheets(refs, url, alone_notes)
    assert set(readers.read_text().split()) == {str(os.getpid())}
    readers.unlink()
    monkeypatch.undo()
    monkeypatch.setattr(results, "_open_on_hub", logged)
    monkeypatch.setattr(forked, "PER_COPY", 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    shared_notes: list[str] = []
    shared = tournaments.read_sheets(refs, url, shared_notes)
    assert len(set(readers.read_text().split())) == 4  # each game in a process of its own
    assert list(shared) == list(alone) == [1, 3]
    assert json.dumps(shared) == json.dumps(alone)
    assert shared_notes == alone_notes
    assert [note.split(":")[0] for note in shared_notes] == ["table 2", "table 4"]


def test_a_hub_whose_rows_are_not_read_ahead_is_read_by_one_process(
        twelve: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A SQLite hub reads no rows ahead: a copy would find every game fenced off and hand it
    # back, so none is made, however many games and cores.
    url = played_on_hub(twelve, tmp_path, "sqlite")
    games = tournaments.load(twelve).games
    monkeypatch.setattr(forked, "PER_COPY", 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    monkeypatch.setattr(forked, "_started", lambda *_: pytest.fail("a copy was made"))
    notes: list[str] = []
    sheets = tournaments.read_sheets(games, url, notes)
    assert sorted(sheets) == [1, 2, 3] and notes == []
    assert [p["total"] for p in sheets[2]["players"]] == sorted(QUALIFYING[2], reverse=True)
