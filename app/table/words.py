"""The table's words for its entries: cards as printed, voids by the entry numbers the log shows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from app.ledger import StoredEvent
from app.table.voids import Timeline, stored_to_event
from models.describe import describe
from models.engine import Table
from models.events import Event


class TimelineEntries(Mapping[int, range]):
    """Command number -> the entries it recorded, looked up on the service's timeline."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline

    def __getitem__(self, number: int) -> range:
        found = self.timeline.entries(number)
        if not found:
            raise KeyError(number)
        return found

    def __iter__(self) -> Iterator[int]:
        return (mark.number for mark in self.timeline.marks)

    def __len__(self) -> int:
        return len(self.timeline.marks)


def entries_by_command(rows: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    """Command number -> its entries' seqs, from (seq, command number) pairs."""
    found: dict[int, list[int]] = {}
    for seq, number in rows:
        found.setdefault(number, []).append(seq)
    return found


def say(table: Table, event: Event, entries: Mapping[int, Sequence[int]] | None = None) -> str:
    """`event` in the table's words: the game's cards by their printed words, voided commands by
    their entries (`entries`, command number -> seqs)."""
    return describe(event, table.board, decks=table.decks, entries=entries)


RECORDED_SHOWN = 4  # a status line says the first few entries of a command, then "…"


def recorded_words(table: Table, stored: Iterable[StoredEvent], timeline: Timeline | None = None
                   ) -> str:
    """What one command recorded, in words, for the status line: "Chloe bids 160"; a roll's
    first entries ("Ann rolls 3+5; Ann moves from GO to Chance; …")."""
    entries = TimelineEntries(timeline) if timeline is not None else None
    said = [say(table, stored_to_event(s), entries) for s in stored]
    shown = "; ".join(said[:RECORDED_SHOWN])
    return shown + ("; …" if len(said) > RECORDED_SHOWN else "")
