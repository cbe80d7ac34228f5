"""Counts in words agree with their noun: "1 command", never "1 commands"."""

from __future__ import annotations

from models.plural import counted


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [counted(n, "table") for n in (0, 1, 2)] == ["0 tables", "1 table", "2 tables"]
    assert counted(1, "table result") == "1 table result"
    assert [counted(n, "entry", "entries") for n in (1, 3)] == ["1 entry", "3 entries"]
