"""The games shared with forked copies of the process (app/tournament/forked.py): the outcomes
are the plain loop's, in order, whatever a copy does: read well, hand an item back, fail, die
or never answer. No copy is left behind."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from app.tournament import forked

ITEMS = list(range(30))


class Elsewhere(BaseException):
    """What a fenced read raises in a copy (as NotReadAhead does)."""


@pytest.fixture
def three_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three processes for 30 items: this one and two copies, ten items each."""
    monkeypatch.setattr(forked, "PER_COPY", 10)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2})


def squared(item: int) -> list[int]:
    return [item * item, os.getpid()]


def no_copy_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def shares_by_pid(found: list[Any]) -> dict[int, list[int]]:
    by_pid: dict[int, list[int]] = {}
    for item, (_, pid) in zip(ITEMS, found, strict=True):
        by_pid.setdefault(pid, []).append(item)
    return by_pid


def test_copies_read_their_shares_and_the_outcomes_come_in_order(three_cores: None) -> None:
    found = forked.each(ITEMS, squared, fence=lambda: None, elsewhere=Elsewhere)
    assert [value for value, _ in found] == [item * item for item in ITEMS]
    # This process read the first ten; each copy ten more, in a process of its own.
    by_pid = shares_by_pid(found)
    assert by_pid.pop(os.getpid()) == list(range(10))
    assert sorted(by_pid.values()) == [list(range(10, 20)), list(range(20, 30))]
    assert no_copy_left()


def test_the_fence_is_put_up_in_the_copies_alone(three_cores: None) -> None:
    fenced: list[bool] = []
    found = forked.each(ITEMS, lambda item: [bool(fenced), os.getpid()],
                        fence=lambda: fenced.append(True), elsewhere=Elsewhere)
    assert [here for here, _ in found] == [False] * 10 + [True] * 20
    assert fenced == []  # this process never fenced


def test_an_item_a_copy_hands_back_is_read_here(three_cores: None) -> None:
    parent = os.getpid()

    def read(item: int) -> list[int]:
        if item % 7 == 3 and os.getpid() != parent:
            raise Elsewhere
        return squared(item)

    found = forked.each(ITEMS, read, fence=lambda: None, elsewhere=Elsewhere)
    assert [value for value, _ in found] == [item * item for item in ITEMS]
    by_pid = shares_by_pid(found)
    # Items 3, 10, 17 and 24 (item % 7 == 3): 3 is this process's own; the copies hand
    # back 10 and 17 (the first copy's) and 24 (the second's).
    assert by_pid.pop(parent) == [*range(10), 10, 17, 24]
    assert sorted(by_pid.values()) == [[n for n in range(10, 20) if n not in (10, 17)],
                                       [n for n in range(20, 30) if n != 24]]
    assert no_copy_left()


@pytest.mark.parametrize("how", ["fails", "dies", "sends nonsense"])
def test_a_copy_that_fails_or_dies_has_its_share_read_here(three_cores: None, how: str) -> None:
    parent = os.getpid()

    def read(item: int) -> Any:
        if item == 25 and os.getpid() != parent:  # the second copy's share
            if how == "fails":
                raise ValueError("a bug met in a copy only")
            if how == "dies":
                os.kill(os.getpid(), signal.SIGKILL)
            return {1, 2}  # not JSON: the copy cannot send its outcomes
        return squared(item)

    found = forked.each(ITEMS, read, fence=lambda: None, elsewhere=Elsewhere)
    assert [value for value, _ in found] == [item * item for item in ITEMS]
    by_pid = shares_by_pid(found)
    assert by_pid.pop(parent) == [*range(10), *range(20, 30)]
    assert list(by_pid.values()) == [list(range(10, 20))]
    assert no_copy_left()


def test_a_copy_that_never_answers_is_stopped_and_its_share_read_here(
        three_cores: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "WAIT_S", 0.5)
    parent = os.getpid()

    def read(item: int) -> list[int]:
        if item == 12 and os.getpid() != parent:
            time.sleep(600)  # stuck (a lock another thread held at the fork, say)
        return squared(item)

    began = time.monotonic()
    found = forked.each(ITEMS, read, fence=lambda: None, elsewhere=Elsewhere)
    assert time.monotonic() - began < 60
    assert [value for value, _ in found] == [item * item for item in ITEMS]
    assert shares_by_pid(found)[parent] == list(range(20))
    assert no_copy_left()


def test_an_error_here_leaves_as_from_a_loop_and_stops_the_copies(three_cores: None) -> None:
    parent = os.getpid()

    def read(item: int) -> list[int]:
        if os.getpid() != parent:
            time.sleep(600)  # the copies would still be reading
        if item == 4:
            raise LookupError("the hub went away")
        return squared(item)

    with pytest.raises(LookupError, match="the hub went away"):
        forked.each(ITEMS, read, fence=lambda: None, elsewhere=Elsewhere)
    assert no_copy_left()


def test_fewer_items_than_a_copy_is_worth_are_read_here_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1})
    # PER_COPY (100) games at least a process: 199 are read by this one alone.
    assert [forked.copies_for(n) for n in (0, 1, 199, 200, 10_000)] == [1, 1, 1, 2, 2]
    found = forked.each(list(range(199)), squared, fence=lambda: None, elsewhere=Elsewhere)
    assert {pid for _, pid in found} == {os.getpid()}
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(64)))
    assert forked.copies_for(10_000) == forked.MOST_COPIES == 8
    assert forked.copies_for(450) == 4
    monkeypatch.setattr(forked.sys, "platform", "darwin")  # fork without exec is not safe
    assert forked.copies_for(10_000) == 1
