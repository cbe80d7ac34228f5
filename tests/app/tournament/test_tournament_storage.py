"""A tournament's file: named by id, never by path; changes from two programs at once both kept."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from app.tournament import service as tournaments
from models.tournament.records import Player, TournamentError


@pytest.mark.parametrize("tid", ["../x", "/etc/passwd", "Cup", "a/b", ""])
def test_a_tournament_is_named_by_id_never_by_path(tid: str) -> None:
    with pytest.raises(TournamentError, match="is not an id"):
        tournaments.load(tid)


def _enter(data_dir: str, start: int) -> None:
    import os  # noqa: PLC0415

    os.environ["BANKER_DATA_DIR"] = data_dir
    for i in range(start, start + 10):
        tournaments.add_players("cup", [Player(id=f"p{i}", name=f"Player {i}")])


def test_two_programs_entering_players_at_once_lose_nobody(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Two processes each enter 10 players, one at a time, into the same tournament: every
    # read-change-write holds the tournament's lock, so all 20 are entered (without the lock, a
    # write made from an older read drops the other program's player).
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path))
    tournaments.create("Cup", "classic", tid="cup")
    context = multiprocessing.get_context("spawn")
    runs = [context.Process(target=_enter, args=(str(tmp_path), start)) for start in (0, 100)]
    for run in runs:
        run.start()
    for run in runs:
        run.join(60)
        assert run.exitcode == 0
    entered = {p.id for p in tournaments.load("cup").players}
    assert entered == {f"p{i}" for i in [*range(10), *range(100, 110)]}
