"""The hall display's pages: the standings, then the tables, in pieces that fit a screen.
Plain data (no Qt), so the paging is worked out and tested apart from the drawing."""

from __future__ import annotations

from dataclasses import dataclass

from ui.hall.board import HallBoard

STANDINGS_HEADS = ("Pos", "Player", "Score", "Status")
TABLES_HEADS = ("Table", "Player", "Seat", "")


@dataclass(frozen=True)
class PageRow:
    """One line on a page: four cells and whether it stands out (a player who advances)."""

    cells: tuple[str, str, str, str]
    marked: bool = False


@dataclass(frozen=True)
class Page:
    """One screenful: what it is ("Standings 1 of 2"), its column heads and its lines."""

    title: str
    heads: tuple[str, str, str, str]
    rows: tuple[PageRow, ...]


def _chunks(rows: list[PageRow], size: int) -> list[tuple[PageRow, ...]]:
    return [tuple(rows[i:i + size]) for i in range(0, len(rows), size)] or [()]


def _titled(what: str, chunks: list[tuple[PageRow, ...]],
            heads: tuple[str, str, str, str]) -> list[Page]:
    count = len(chunks)
    return [Page(title=what if count == 1 else f"{what} {n} of {count}", heads=heads, rows=rows)
            for n, rows in enumerate(chunks, start=1)]


def pages(board: HallBoard, size: int) -> tuple[Page, ...]:
    """The standings in pages of `size` lines, then the tables (one line a table) likewise;
    the tables only once the stage is drawn."""
    standing = [PageRow((ln.position, ln.name, ln.score, ln.status), ln.advances)
                for ln in board.lines]
    found = _titled("Standings", _chunks(standing, size), STANDINGS_HEADS)
    if board.tables:
        found += _titled("Tables", _tables(board, size), TABLES_HEADS)
    return tuple(found)


def _tables(board: HallBoard, size: int) -> list[tuple[PageRow, ...]]:
    """One line a seat (a whole name, however long, in large type), the table's number on its
    first; a table is never split across pages unless it alone is longer than a page."""
    chunks: list[list[PageRow]] = [[]]
    for table in board.tables:
        seated = [PageRow((f"{table.number}" if n == 1 else "", name, f"seat {n}", ""))
                  for n, name in enumerate(table.seats, start=1)]
        if chunks[-1] and len(chunks[-1]) + len(seated) > size:
            chunks.append([])
        chunks[-1].extend(seated)
    return [tuple(rows) for chunk in chunks for rows in _chunks(chunk, size)]
