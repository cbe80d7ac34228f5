"""Snapshots: any position folds from the nearest sound snapshot, and verify catches a false one."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from random import Random

import pytest

from app.ledger.snapshots import snapshot_hash
from app.review.verify import verify_game
from app.simulator.simulate import roll_off
from app.table import judges, positions, voids
from app.table.service import TableGame
from benchmarks.games import SteppingClock
from models.choices import random_command
from models.commands import NewGame, RaiseDispute, Rewind, Undo
from models.engine import decide
from models.errors import BankerError

JUDGE, PIN = "Lee", "246802"
PROFILES = ("classic", "sg-championship", "propnex-championship")


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A snapshot every 9 events, so a short game holds many (and voids cross them)."""
    monkeypatch.setattr(positions, "SNAPSHOT_EVERY", 9)
    yield


def played(db: Path, profile: str, seed: int, commands: int = 150) -> TableGame:
    """A random game recorded through the table, an undo tried every 11th command and a rewind
    of a few entries every 29th (each only where the rules allow it)."""
    game = TableGame.open(str(db), now=SteppingClock())
    names = ["P1", "P2", "P3", "P4"]
    rng = Random(seed)
    game.submit(NewGame(type="new_game", profile=profile, players=names,
                        roll_off=roll_off(names, rng), judges=[judges.registration(JUDGE, PIN)]))
    game.sign_in_judge(JUDGE, PIN)
    for number in range(1, commands):
        assert game.table is not None and game.state is not None
        if game.state.phase == "over":
            break
        tries = random_command(game.table, game.state, rng)
        if number % 11 == 0:
            tries.insert(0, Undo(type="undo"))
        if number % 29 == 0 and game.head_seq > 8:
            tries.insert(0, Rewind(type="rewind", to_seq=game.head_seq - rng.randint(1, 8),
                                   reason="a wrong roll"))
        for command in tries:
            try:
                if not isinstance(command, Undo | Rewind):
                    decide(game.table, game.state, command)
                game.submit(command)
            except BankerError:
                continue
            break
    return game


@pytest.mark.parametrize("profile", PROFILES)
def test_the_position_from_a_snapshot_and_the_tail_is_the_full_fold_at_every_entry(
    tmp_path: Path, profile: str
) -> None:
    game = played(tmp_path / "ledger.db", profile, seed=3)
    assert game.table is not None
    stored = game.events()
    assert len(game.snapshots) >= 5
    assert any(s.type == "commands_voided" for s in stored)  # voids crossed the snapshots
    for seq in range(1, game.head_seq + 1):
        # The table as it stood right after entry `seq`: voids recorded later not yet applied.
        assert game.state_at(seq) == voids.fold(game.table, stored[:seq]), f"entry {seq}"
    reopened = TableGame.open(str(tmp_path / "ledger.db"))
    assert reopened.state == game.state == voids.fold(game.table, stored)
    assert verify_game(game.ledger, game.game_id or "") == []


@pytest.mark.parametrize(("profile", "every"), [(p, 1) for p in PROFILES] + [("classic", 4)])
def test_positions_kept_in_memory_fold_as_the_whole_ledger_in_any_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str, every: int) -> None:
    # A position kept at every entry (or every 4th) a fold passes (positions.Marks), snapshots
    # every 9, undos and rewinds crossing both; entries asked in a random order, twice, so
    # later folds start from marks kept by earlier ones. Kept at every entry, some marks fall
    # between a voided command and its void (a judge's entry the undo passed over): a fold
    # through them to a later entry skipped the voided command, so they must not be kept.
    monkeypatch.setattr(positions, "MARK_EVERY", every)
    game = played(tmp_path / "ledger.db", profile, seed=5)
    assert game.table is not None and game.state is not None
    # A command, a dispute raised over it (kept by any rewind: voids.KEPT), then a rewind to
    # before the command: the dispute's entry stands between a voided command and its void.
    before = game.head_seq
    rng = Random(9)
    for command in random_command(game.table, game.state, rng):
        try:
            decide(game.table, game.state, command)
            game.submit(command)
        except BankerError:
            continue
        break
    game.submit(RaiseDispute(type="raise_dispute", raised_by="P2", about="the last roll",
                             entries=[game.head_seq]))
    game.submit(Rewind(type="rewind", to_seq=before, reason="the dispute upheld"))
    stored = game.events()
    assert stored[-2].type == "dispute_raised" and stored[-1].type == "commands_voided"
    assert sum(1 for s in stored if s.type == "commands_voided") >= 3
    seqs = list(range(1, game.head_seq + 1))
    for order in range(2):
        Random(order).shuffle(seqs)
        for seq in seqs:
            assert game.state_at(seq) == voids.fold(game.table, stored[:seq]), f"entry {seq}"
    assert len(game.marks.seqs) > game.head_seq // (2 * every)  # kept, and folded from
    assert all(seq % every == 0 for seq in game.marks.seqs)
    # A position handed out is a copy: changing it changes no kept mark.
    kept = game.marks.seqs[0]
    shown = game.state_at(kept)
    assert shown is not None
    shown.players[0].cash += 1000
    assert game.state_at(kept) == voids.fold(game.table, stored[:kept])


@pytest.mark.parametrize("profile", PROFILES)
def test_folding_ahead_keeps_a_position_every_few_entries_and_each_is_the_whole_fold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str) -> None:
    # The judge's window, idle, folds the game ahead a stretch at a time (mark_ahead: a
    # snapshot's stretch, 9 entries here, each call), keeping a position every 4th entry
    # (where no void in the stretch took back what it holds): each kept one, and each
    # position folded from them, is the whole ledger's fold, across the undos and rewinds.
    monkeypatch.setattr(positions, "MARK_EVERY", 4)
    game = played(tmp_path / "ledger.db", profile, seed=7)
    assert game.table is not None
    stored = game.events()
    calls = 0
    while game.mark_ahead():
        calls += 1
        assert game.marks.ahead == min(9 * calls, game.head_seq - 1)
    assert calls >= game.head_seq // 9 - 1 and not game.mark_ahead()  # done: it stays done
    # A mark is kept where no later void in its stretch took back what it holds: most are.
    assert len(game.marks.seqs) > game.head_seq // 8
    assert all(seq % 4 == 0 and seq < game.head_seq for seq in game.marks.seqs)
    for seq in range(1, game.head_seq + 1):
        assert game.state_at(seq) == voids.fold(game.table, stored[:seq]), f"entry {seq}"
    game.reload()  # read again: the marks are forgotten and folding ahead starts again
    assert game.marks.seqs == [] and game.marks.ahead == 0 and game.mark_ahead()


def _doctor(db: Path, seq: int, rehash: bool) -> None:
    """Give P1 1,000 more in the snapshot at `seq`, its hash recomputed (a forger) or not
    (damage)."""
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        game_id, event_hash, form, text = connection.execute(
            "SELECT game_id, event_hash, format, state FROM snapshots WHERE seq = ?",
            (seq,)).fetchone()
        data = json.loads(text)
        data["state"]["players"][0]["cash"] += 1000
        doctored = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        digest = snapshot_hash(game_id, seq, event_hash, form, doctored) if rehash else "0" * 64
        connection.execute("UPDATE snapshots SET state = ?, hash = ? WHERE seq = ?",
                           (doctored, digest, seq))


def test_a_snapshot_doctored_with_a_fresh_hash_is_named_by_verify(tmp_path: Path) -> None:
    # The chain pins the snapshot's hash (in the row of the command after it): a fresh hash
    # does not match the pin, and verify says which command pinned it.
    db = tmp_path / "ledger.db"
    game = played(db, "classic", seed=5, commands=60)
    seq = game.snapshots[1]
    game.close()
    _doctor(db, seq, rehash=True)
    opened = TableGame.open(str(db), readonly=True)
    [problem] = verify_game(opened.ledger, opened.game_id or "")
    assert problem.startswith(f"snapshot at event {seq} was changed after it was stored: its "
                              "hash is not the one command ")


def test_a_damaged_snapshot_is_named_by_verify_and_never_folded_from(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    game = played(db, "classic", seed=5, commands=60)
    assert game.table is not None
    stored = game.events()
    seq = game.snapshots[-1]
    game.close()
    _doctor(db, seq, rehash=False)
    opened = TableGame.open(str(db), readonly=True)
    # The damaged snapshot is passed over: reopening and the position at it fold from earlier.
    assert opened.state == voids.fold(opened.table, stored)  # type: ignore[arg-type]
    assert opened.state_at(seq) == voids.fold(opened.table, stored[:seq])  # type: ignore[arg-type]
    assert verify_game(opened.ledger, opened.game_id or "") == [
        f"snapshot at event {seq} is damaged: its hash does not match its contents"]


def test_a_position_outside_the_ledger_is_bad_input(tmp_path: Path) -> None:
    game = played(tmp_path / "ledger.db", "classic", seed=1, commands=5)
    with pytest.raises(BankerError, match="entries 1 to"):
        game.state_at(game.head_seq + 1)
    assert game.state_at(0) is None


def test_a_command_that_stores_a_snapshot_checkpoints_the_file_with_it(tmp_path: Path) -> None:
    # With no idle moment between commands, the -wal file is copied into the ledger file by the
    # command that stores a snapshot (every 9 events here): the ledger file alone, copied
    # without its -wal file, then holds every entry up to that snapshot.
    db = tmp_path / "ledger.db"
    game = played(db, "classic", seed=5, commands=40)
    assert len(game.snapshots) >= 3
    copy = tmp_path / "copy.db"
    copy.write_bytes(db.read_bytes())  # the ledger file only: no -wal, no -shm
    with closing(sqlite3.connect(copy)) as alone:
        (held,) = alone.execute("SELECT max(seq) FROM events").fetchone()
        (kept,) = alone.execute("SELECT max(seq) FROM snapshots").fetchone()
    assert kept == game.snapshots[-1]
    assert game.snapshots[-1] <= held <= game.head_seq
