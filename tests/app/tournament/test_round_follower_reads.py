"""A table following the hall's round reads the round whole only when a row or a judge's key
was added (one statement says nothing changed in between), and what it follows is what a whole
reading finds: after every entry of the head judge, for a stray row no judge signed, and for an
entry whose judge's key reaches the hub after it."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import insert

import app.tournament.rounds as following_module
from app.hub import Hub
from app.hub import rounds as hub_rounds_module
from app.hub.rounds import read_round
from app.hub.schema import hub_rounds
from app.signing.decisions import next_seal
from app.table.service import TableGame
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


def _followed(tid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
              ) -> tuple[TableGame, rounds.RoundFollower, list[str]]:
    """Table 1's game, its round's follower, and the round's whole readings from now on (one
    "read" each)."""
    game = table_game(tid, 1, tmp_path / "table-1", SetClock(at=START))
    follower = rounds.RoundFollower.for_game(game)
    assert follower is not None
    whole_reads: list[str] = []
    reading = following_module.read_round
    monkeypatch.setattr(following_module, "read_round",
                        lambda *args: whole_reads.append("read") or reading(*args))
    return game, follower, whole_reads


@pytest.mark.parametrize("kind", HUBS)
def test_the_followed_round_is_the_whole_reading_after_every_entry_and_read_whole_only_then(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = fresh_hub(kind, tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    game, follower, whole_reads = _followed(tid, tmp_path, monkeypatch)
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
    game, follower, whole_reads = _followed(tid, tmp_path, monkeypatch)
    try:
        follower.read()
        follower.read()
        assert len(whole_reads) == 1
        monkeypatch.setattr(following_module, "REREAD_S", 0.0)  # what the mark cannot see
        follower.read()
        assert len(whole_reads) == 2
    finally:
        follower.close()
        game.close()


@pytest.mark.parametrize("kind", HUBS)
def test_an_entry_whose_judges_key_comes_later_is_followed_at_the_next_reading(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A judge registered on another hub (their key made there) signs the round's pause; the
    # row reaches this hub before the key does. Until the key is here the seal cannot be
    # checked: the pause is named in the round's problems and not followed. The key's arrival
    # (take_judges, as a tournament's file pushed to the hub brings its judges) changes the
    # round's mark, so the very next reading reads the round whole and follows the pause,
    # without waiting for REREAD_S (10 minutes).
    url = fresh_hub(kind, tmp_path)
    tid = hall_of_twelve(url, tmp_path, monkeypatch)
    rounds.record(tid, STAGE, "start", "", HEAD, HEAD_PIN, sleep=no_wait)
    elsewhere = fresh_hub("sqlite", tmp_path / "elsewhere")
    lim, lim_pin = "Judge Lim", "975310"
    with Hub.open(elsewhere) as other:
        other.register_judge(lim, lim_pin)
        signer = other.signer(lim, lim_pin, no_wait)
        brought = [j for j in other.judges() if j.name == lim]
    game, follower, whole_reads = _followed(tid, tmp_path, monkeypatch)
    try:
        with Hub.open(url) as hub:
            with hub.database.write() as connection:
                found = hub_rounds_module._read(connection, tid, STAGE,
                                                lambda: START + timedelta(minutes=20))
                at = "2026-11-25T09:20:00.000000Z"
                sealed = next_seal(found.chain, signer, "pause",
                                   hub_rounds_module.says(tid, STAGE, "pause", at, "fire alarm"),
                                   at)
                connection.execute(insert(hub_rounds).values(
                    tournament_id=tid, stage=STAGE, entry=2, kind="pause", at=at,
                    text="fire alarm", by=lim, seal=json.dumps(sealed.as_dict())))
            before = follower.read()
            assert [e.kind for e in before.entries] == ["start"]  # the pause not obeyed
            assert before.problems and any("row" in p for p in before.problems)
            assert follower.read().problems == before.problems
            assert len(whole_reads) == 1  # nothing added since: one statement, not read whole
            assert hub.take_judges(brought) == [lim]
            after = follower.read()
            assert len(whole_reads) == 2  # the key counted by the mark: read whole at once
            assert [(e.kind, e.text, e.by) for e in after.entries] == [
                ("start", "", HEAD), ("pause", "fire alarm", lim)]
            assert after.problems == ()
            _same(after, read_round(hub, tid, STAGE))
    finally:
        follower.close()
        game.close()
