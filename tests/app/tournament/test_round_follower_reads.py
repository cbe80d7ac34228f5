"""A table following the hall's round reads the round whole only when a row was added (one
statement says nothing changed in between), and what it follows is what a whole reading finds:
after every entry of the head judge, and for a stray row no judge signed."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert

import app.tournament.rounds as following_module
from app.hub import Hub
from app.hub.rounds import read_round
from app.hub.schema import hub_rounds
from app.tournament import rounds
from tests.app.hub_tables import HUBS, fresh_hub
from tests.app.recorded_games import SetClock
from tests.app.tournament.test_round_clock import (
    HEAD,
    HEAD_PIN,
    START,
    hall_of_twelve,
    no_wait,
    table_game,
)

STAGE = "Qualifying"


def _same(followed, whole) -> None:  # type: ignore[no-untyped-def]
    assert followed.model_dump(exclude={"now"}) == whole.model_dump(exclude={"now"})
    assert followed.now.tzinfo is not None


@pytest.mark.parametrize("kind", HUBS)
def test_the_followed_round_is_the_whole_reading_after_every_entry_and_read_whole_only_then(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    whole_reads: list[str] = []
    reading = following_module.read_round

    def counted(hub, tid_, stage, now=None):  # type: ignore[no-untyped-def]
        whole_reads.append(stage)
        return reading(hub, tid_, stage, now)

    monkeypatch.setattr(following_module, "read_round", counted)
    try:
        with Hub.open(url) as hub:
            for step, (entry, words) in enumerate([
                    (None, ""), ("start", ""), ("announce", "ten minutes to the break"),
                    ("pause", "fire alarm"), ("resume", ""), ("stray", "")]):
                if entry == "stray":  # a row nobody signed: named in problems, never obeyed
                    with hub.database.write() as connection:
                        connection.execute(insert(hub_rounds).values(
                            tournament_id=tid, stage=STAGE, entry=99, kind="pause",
                            at="2026-11-25T09:30:00.000000Z", text="forged", by=HEAD,
                            seal=None))
                elif entry is not None:
                    rounds.record(tid, STAGE, entry, words, HEAD, HEAD_PIN, sleep=no_wait)
                before = len(whole_reads)
                first = follower.read()
                assert len(whole_reads) == before + 1, step  # a row added: read whole
                for _ in range(3):  # nothing added since: one statement each, no whole read
                    _same(follower.read(), first)
                assert len(whole_reads) == before + 1, step
                _same(first, read_round(hub, tid, STAGE))
            assert read_round(hub, tid, STAGE).problems
    finally:
        follower.close()
        game.close()


def test_the_round_is_read_whole_again_after_a_while_even_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub("sqlite", tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    whole_reads: list[str] = []
    reading = following_module.read_round
    monkeypatch.setattr(following_module, "read_round",
                        lambda *args: whole_reads.append("read") or reading(*args))
    try:
        follower.read()
        follower.read()
        assert len(whole_reads) == 1
        monkeypatch.setattr(following_module, "REREAD_S", 0.0)  # a judge's key may come later
        follower.read()
        assert len(whole_reads) == 2
    finally:
        follower.close()
        game.close()
