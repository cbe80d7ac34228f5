"""A closing table window's session makes a last copy to the hub: the entries recorded since
the copier last looked reach the hub before the window is gone, and a hub that cannot take them
is said in words with the number of entries it lacks."""

from __future__ import annotations

import sqlite3
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
