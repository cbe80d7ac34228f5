"""The hall display at 1920x1080 mid-championship (for looking at, and the docs).

xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m ui.hall.screenshot \
    docs/screenshots/hall-display.png [tables]
("tables": the page of the draw's tables rather than the first page of standings.)
"""

from __future__ import annotations

import sys
from pathlib import Path

from ui.hall.board import HallBoard, HallSource, Line, TableLine

SIZE = (1920, 1080)
NAMES = ("Tan Wei Ming", "Nur Aisyah binte Rahman", "Rajesh Kumar", "Lim Hui Shan",
         "Muhammad Hafiz", "Chloe Ng", "Arun Pillai", "Goh Jia Hui", "Daniel Ong",
         "Siti Nurhaliza", "Wong Kai Xiang", "Priya Menon", "Benjamin Teo", "Farah Iskandar",
         "Kelvin Chua", "Mei Ling Koh")
SCORES = (4820, 4515, 4210, 3990, 3990, 3645, 3380, 3105, 2890, 2640, 2310, 1985, 1720, 1450,
          0, 0)


def board() -> HallBoard:
    """Sixteen players after four tables of a qualifying round, two level at the line of 4."""
    lines = []
    for n, (name, score) in enumerate(zip(NAMES, SCORES, strict=True), start=1):
        position = "=4" if score == 3990 else str(n)
        status = ("tie at the line" if score == 3990 else "advances" if n <= 3
                  else "bankrupt (place 4)" if not score else "out")
        lines.append(Line(position=position, name=name, score=f"{score:,}", status=status,
                          advances=n <= 3))
    tables = tuple(TableLine(number=t, seats=NAMES[t - 1::4]) for t in range(1, 5))
    return HallBoard(heading="SG Monopoly Championship 2026 · Qualifying",
                     note="provisional: a tie for the head judge to rule", lines=tuple(lines),
                     tables=tables)


class Shown(HallSource):
    """A source that gives the one board above (no tournament file, no hub)."""

    def __init__(self) -> None:
        super().__init__("screenshot")

    def read(self) -> HallBoard:
        return board()


def main(path: Path, tables: bool = False) -> None:
    from PySide6.QtTest import QTest  # noqa: PLC0415 (Qt only when drawing)

    from ui.app import application  # noqa: PLC0415
    from ui.hall.window import HallWindow  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    path.parent.mkdir(parents=True, exist_ok=True)
    window = HallWindow(Shown(), threaded=False, poll_ms=None)
    window.resize(*SIZE)
    window.show()
    window.refresh()
    if tables:
        while not window.pages[window.page].title.startswith("Tables"):
            window.next_page()
    QTest.qWait(200)  # laid out and painted
    window.grab().save(str(path))
    print(path)
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/hall-display.png"),
         tables=len(sys.argv) > 2 and sys.argv[2] == "tables")
