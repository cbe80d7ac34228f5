"""A reading that differs from the one before only by the passing of time (the clocks' time left,
the time of reading) is no new snapshot: nothing is pushed to the phones, which count the
clocks down themselves from the reading's time."""

from __future__ import annotations

import copy

from app.live.snapshot import _same


def reading(left_ms: int, at: str, phase: str = "running") -> dict:
    return {"read_at": at, "tournaments": [{"stages": [{"round": {
        "phase": phase, "left_ms": left_ms}, "standings": {"read_at": at[:16]}}]}],
        "not_standing": []}


def test_only_the_clocks_moving_is_the_same_reading_and_a_pause_is_not() -> None:
    first = reading(600_000, "2026-11-27T10:00:00.000Z")
    later = reading(570_000, "2026-11-27T10:00:30.000Z")
    assert _same(first, later)
    assert not _same(first, reading(570_000, "2026-11-27T10:00:30.000Z", phase="paused"))
    moved = copy.deepcopy(later)
    moved["tournaments"][0]["stages"][0]["round"]["pause"] = "fire alarm"
    assert not _same(first, moved)
