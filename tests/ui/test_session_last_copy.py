"""A closing table window's session makes a last copy to the hub: the entries recorded since
the copier last looked reach the hub before the window is gone, and a hub that cannot take them
is said in words with the number of entries it lacks."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path
from random import Random

import pytest

from app.hub import Hub, Replicator
from tests.app.hub_tables import fresh_hub, new_table, play
from ui.table.session import TableSession

NEVER = 3600.0


def session_copying_to(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                       ) -> TableSession:
    monkeypatch.delenv("BANKER_HUB_URL", raising=False)
    game = new_table(tmp_path, 1)
    session = TableSession(game, tick_ms=None, hall_ms=None, file_ms=None)
    session.replicator = Replicator(game.ledger.location, url, game_id=game.game_id,
                                    poll=NEVER).start()
    assert session.replicator.wait_copied(game.head_seq, timeout=20)
    return session


def test_closing_the_window_copies_the_last_entries_to_the_hub(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    session = session_copying_to(url, tmp_path, monkeypatch)
    game = session.game
    play(game, 5, Random(7))  # recorded with no word to the copier
    head, game_id = game.head_seq, game.game_id or ""
    assert session.close() is None
    with Hub.open(url) as hub:
        assert hub.head(game_id)[0] == head


def test_a_last_copy_the_hub_cannot_take_is_said_when_the_window_closes(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    session = session_copying_to(url, tmp_path, monkeypatch)
    game = session.game
    copied = game.head_seq
    play(game, 2, Random(8))
    lacking = game.head_seq - copied
    monkeypatch.setattr("ui.table.session.LAST_COPY_S", 0.3)
    with closing(sqlite3.connect(url, timeout=10)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        words = session.close()
        holder.rollback()
    assert words is not None and f"last {lacking} entr" in words
    assert "banker hub push" in words


def test_the_window_looking_at_its_file_wakes_its_sleeping_copier(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A window's copier looks at the file itself only every REVISIT_S (60 s): the window's own
    # check of its file (every FILE_CHECK_MS) wakes it when the file changed. Entries another
    # program wrote into the file (here: recorded past the session, which tells nobody)
    # reach the hub well before the copier's own 60 s.
    from app.hub.replicator import REVISIT_S  # noqa: PLC0415

    url = fresh_hub("sqlite", tmp_path)
    monkeypatch.setenv("BANKER_HUB_URL", url)
    game = new_table(tmp_path, 1)
    session = TableSession(game, tick_ms=None, hall_ms=None, file_ms=50)
    copier = session.replicator
    assert copier is not None and copier.poll == REVISIT_S
    try:
        assert copier.wait_copied(game.head_seq, timeout=20)
        play(game, 5, Random(8))
        head = game.head_seq
        # (the window's event loop runs its file check meanwhile)
        qtbot.waitUntil(lambda: copier.status().copied >= head, timeout=REVISIT_S * 1000 / 3)
    finally:
        session.close()


def test_a_look_at_an_unchanged_file_leaves_the_copier_asleep(tmp_path: Path) -> None:
    # Looked at unchanged since the last copy: no wake. A new entry (the file or its -wal
    # changed): woken. A last copy older than REVISIT_S: woken, changed or not.
    from app.hub.replicator import REVISIT_S  # noqa: PLC0415

    game = new_table(tmp_path, 2)
    copier = Replicator(game.ledger.location, str(tmp_path / "hub.db"), poll=REVISIT_S)
    copier._copied, copier._copied_at = copier._file(), time.monotonic()  # as after a copy
    copier.look()
    assert not copier._wake.is_set()
    play(game, 3, Random(9))
    copier.look()
    assert copier._wake.is_set()
    copier._wake.clear()
    copier._copied = copier._file()
    copier._copied_at = time.monotonic() - REVISIT_S - 1
    copier.look()
    assert copier._wake.is_set()
    game.close()
