"""A ledger deleted or replaced under an open game: noticed by the file's identity, the game
saved through its open connection (SQLite's online backup) to a new file in the data folder's
games/, and recorded there from then on, with every entry."""

from __future__ import annotations

import os
from pathlib import Path
from random import Random

from app.games.rescue import rescue_if_lost
from app.review.verify import verify_game
from app.table.service import TableGame
from tests.app.hub_tables import new_table, play


def gone(path: Path) -> None:
    """The file and its -wal and -shm companions removed, as a careless `rm table-1.db*` does."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        name.unlink(missing_ok=True)


def entries(game: TableGame) -> list[tuple[int, str, str]]:
    assert game.game_id is not None
    return [(e.seq, e.type, e.hash) for e in game.ledger.events(game.game_id)]


def test_a_file_in_place_is_left_alone(tmp_path: Path) -> None:
    game = new_table(tmp_path, 1)
    assert rescue_if_lost(game, tmp_path / "games") is None
    game.close()


def test_a_deleted_file_is_saved_with_every_entry_and_the_game_goes_on_in_the_new_file(
        tmp_path: Path) -> None:
    game = new_table(tmp_path, 1)
    play(game, 6, Random(1))
    before = entries(game)
    lost = Path(game.ledger.location)
    gone(lost)
    found = rescue_if_lost(game, tmp_path / "games")
    assert found is not None and found.lost == lost
    assert found.saved.parent == tmp_path / "games" and found.saved.is_file()
    assert found.saved.name.startswith("table-1-rescued-")
    assert str(found.saved) in found.words() and "deleted or replaced" in found.words()
    assert game.ledger.location == str(found.saved)
    assert rescue_if_lost(game, tmp_path / "games") is None  # the new file is in place
    play(game, 4, Random(2))  # recorded into the new file
    head, game_id = game.head_seq, game.game_id
    assert head > len(before)
    game.close()
    assert not lost.exists()  # nothing was put back at the lost name
    reopened = TableGame.open(str(found.saved), create=False)
    assert reopened.head_seq == head and reopened.game_id == game_id
    assert entries(reopened)[:len(before)] == before
    assert verify_game(reopened.ledger, game_id or "") == []
    reopened.close()


def test_a_file_replaced_by_another_is_noticed_and_the_open_game_saved(tmp_path: Path) -> None:
    game = new_table(tmp_path, 1)
    play(game, 3, Random(3))
    before = entries(game)
    lost = Path(game.ledger.location)
    other = tmp_path / "other.db"
    other.write_bytes(b"not this game")
    gone(lost)
    os.replace(other, lost)  # another file under the game's name
    found = rescue_if_lost(game, tmp_path / "games")
    assert found is not None
    assert lost.read_bytes() == b"not this game"  # the other file is left as it is
    assert entries(game) == before
    game.close()
    reopened = TableGame.open(str(found.saved), create=False)
    assert entries(reopened) == before
    reopened.close()
