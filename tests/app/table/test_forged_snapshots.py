"""A snapshot forged with a recomputed hash (cash +5,000, a judge's PIN replaced) is never the game."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from app.ledger.snapshots import snapshot_hash
from app.table import judges, positions, snapshot_pins, voids
from app.table.anchors import head_text
from app.table.service import TableGame
from models.state import GameState
from tests.app.conftest import Banker
from tests.app.table.test_snapshots import JUDGE, PIN, played
from tests.app.tamper_tools import drop_triggers, rechain

FORGER_PIN = "135799"
FORGED_CASH = 5000


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A snapshot every 9 events, so a short game holds many, most of them pinned."""
    monkeypatch.setattr(positions, "SNAPSHOT_EVERY", 9)
    yield


def recorded(db: Path) -> tuple[GameState, str]:
    """A game recorded through the table, closed; its true state (every entry folded, no
    snapshot) and its head as the scoresheet prints it."""
    game = played(db, "classic", seed=5, commands=60)
    assert game.table is not None
    truth = voids.fold(game.table, game.events())
    assert truth is not None and game.state == truth
    head = head_text(game.head_seq, game.head_hash)
    game.close()
    return truth, head


def pinned_seqs(db: Path) -> list[int]:
    """The seqs of the stored snapshots whose hash a command row pins, in order."""
    with closing(sqlite3.connect(db)) as connection:
        texts = [text for (text,) in connection.execute("SELECT payload FROM commands")]
        stored = {seq for (seq,) in connection.execute("SELECT seq FROM snapshots")}
    pins = [json.loads(t)[snapshot_pins.PIN_KEY]["seq"] for t in texts
            if snapshot_pins.PIN_KEY in t]
    return sorted(seq for seq in pins if seq in stored)


def _forged(text: str) -> str:
    """A snapshot's state with P1 given 5,000 more and judge Lee's PIN hash the forger's."""
    data = json.loads(text)
    data["state"]["players"][0]["cash"] += FORGED_CASH
    data["judges"][JUDGE] = judges.hash_pin(FORGER_PIN)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def forge(db: Path, seq: int) -> None:
    """Rewrite the snapshot at `seq` and store its hash recomputed, as a forger with the file would."""
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        game_id, event_hash, form, text = connection.execute(
            "SELECT game_id, event_hash, format, state FROM snapshots WHERE seq = ?",
            (seq,)).fetchone()
        forged = _forged(text)
        connection.execute("UPDATE snapshots SET state = ?, hash = ? WHERE seq = ?",
                           (forged, snapshot_hash(game_id, seq, event_hash, form, forged), seq))


def _plant_at_head(db: Path, truth: GameState) -> int:
    """Store a forged snapshot of the head's state at the head (where none is), hash and all:
    the one a fold of the head would start from if unpinned snapshots were believed."""
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        game_id, seq, event_hash = connection.execute(
            "SELECT game_id, seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        connection.execute("DELETE FROM snapshots WHERE seq = ?", (seq,))
        forged, form = _forged(positions.state_text(truth)), positions.state_format()
        connection.execute(
            "INSERT INTO snapshots (game_id, seq, event_hash, format, state, hash) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seq, event_hash, form, forged,
             snapshot_hash(game_id, seq, event_hash, form, forged)))
    return int(seq)


def _cash(state: GameState | dict[str, object]) -> int:
    if isinstance(state, GameState):
        return state.players[0].cash
    players = state["players"]
    assert isinstance(players, list)
    return int(players[0]["cash"])


def _refuses_the_forger(db: Path) -> None:
    """Judge sign-in at a table opened on the file: the forger's PIN is wrong, Lee's is right."""
    game = TableGame.open(str(db))
    game.sleep = lambda seconds: None  # the wrong-PIN delay is not what is tested here
    try:
        with pytest.raises(judges.JudgeAuthError):
            game.sign_in_judge(JUDGE, FORGER_PIN)
        game.sign_in_judge(JUDGE, PIN)
    finally:
        game.close()


def test_a_forged_pinned_snapshot_is_passed_over_with_a_warning_naming_it(
    tmp_path: Path, banker: Banker
) -> None:
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    seq = pinned_seqs(db)[-1]  # the one a fold of the head starts from
    forge(db, seq)
    named = f"snapshot at event {seq} was changed after it was stored"

    opened = TableGame.open(str(db), readonly=True)  # what the windows open
    assert opened.state == truth and _cash(opened.state) == _cash(truth)
    assert opened.state.judges == truth.judges
    assert seq not in opened.snapshots and opened.problems[0].startswith(named)
    assert opened.state_at(seq) == voids.fold(  # type: ignore[arg-type]
        opened.table, opened.events()[:seq])  # type: ignore[arg-type]
    opened.close()

    shown = banker("state", "--db", db, "--json")
    assert shown.exit_code == 0, shown.output
    assert _cash(json.loads(shown.stdout)) == _cash(truth)
    assert shown.stderr.startswith(f"WARNING: this ledger does not verify: {named}")

    _refuses_the_forger(db)

    checked = banker("verify", "--db", db)
    assert checked.exit_code == 1
    assert f"  {named}: its hash is not the one command " in checked.stdout


def test_a_forged_snapshot_the_chain_never_pinned_is_never_folded_from(
    tmp_path: Path, banker: Banker
) -> None:
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    seq = _plant_at_head(db, truth)

    opened = TableGame.open(str(db), readonly=True)
    assert opened.state == truth and _cash(opened.state) == _cash(truth)
    assert seq not in opened.snapshots
    opened.close()

    shown = banker("state", "--db", db, "--json")
    assert shown.exit_code == 0 and _cash(json.loads(shown.stdout)) == _cash(truth)

    _refuses_the_forger(db)

    checked = banker("verify", "--db", db)
    assert checked.exit_code == 1
    assert f"  snapshot at event {seq} does not match the fold" in checked.stdout


def test_a_file_written_before_pins_folds_from_its_entries_and_ignores_a_forged_snapshot(
    tmp_path: Path, banker: Banker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game recorded before snapshots were pinned: none of its snapshots is folded from.
    monkeypatch.setattr(snapshot_pins, "pinned", lambda command, pin: command)
    db = tmp_path / "ledger.db"
    truth, _ = recorded(db)
    monkeypatch.undo()
    assert pinned_seqs(db) == []
    with closing(sqlite3.connect(db)) as connection:
        (seq,) = connection.execute("SELECT max(seq) FROM snapshots").fetchone()
    forge(db, seq)

    opened = TableGame.open(str(db), readonly=True)
    assert opened.state == truth and opened.snapshots == [] and opened.problems == []
    opened.close()
    shown = banker("state", "--db", db, "--json")
    assert shown.exit_code == 0 and _cash(json.loads(shown.stdout)) == _cash(truth)
    _refuses_the_forger(db)


def test_a_forger_who_rewrites_the_pin_too_rewrites_the_chain_and_the_signed_head_says_so(
    tmp_path: Path, banker: Banker
) -> None:
    db = tmp_path / "ledger.db"
    _, head = recorded(db)
    seq = pinned_seqs(db)[-1]
    forge(db, seq)
    with closing(sqlite3.connect(db, isolation_level=None)) as connection:
        (digest,) = connection.execute("SELECT hash FROM snapshots WHERE seq = ?",
                                       (seq,)).fetchone()
        game_id, number, text = next(
            row for row in connection.execute("SELECT game_id, command_no, payload FROM commands")
            if snapshot_pins.PIN_KEY in row[2]
            and json.loads(row[2])[snapshot_pins.PIN_KEY]["seq"] == seq)
        said = json.loads(text)
        said[snapshot_pins.PIN_KEY]["hash"] = digest
        drop_triggers(connection)
        connection.execute("UPDATE commands SET payload = ? WHERE command_no = ?",
                           (json.dumps(said, separators=(",", ":"), sort_keys=True), number))
        (first,) = connection.execute("SELECT min(seq) FROM events WHERE command_no = ?",
                                      (number,)).fetchone()
        rechain(connection, game_id, first)

    against_sheet = banker("verify", "--db", db, "--head", head)
    assert against_sheet.exit_code == 1
    assert "the game was rewritten since the sheet was printed" in against_sheet.stdout
    assert f"  snapshot at event {seq} does not match the fold" in against_sheet.stdout
