"""Screenshots of the hall's names as a laptop with no fonts but the app's shows and prints them:
the table window (and at 1920x1080 the table display) mid-game with Chinese, Tamil, Arabic, Malay
and accented Latin players, and the first table card and the standings of a draw of them (the
PDFs drawn by poppler's pdftoppm).
Run with a fontconfig that offers no system font, so only the shipped fonts draw:

    printf '<fontconfig><cachedir>/tmp/nofc</cachedir></fontconfig>' > /tmp/nofonts.conf
    FONTCONFIG_FILE=/tmp/nofonts.conf QT_QPA_PLATFORM=offscreen \\
        .venv/bin/python -m ui.tools.hall_names_screenshots docs/screenshots
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ui.tools.table_moments import Clock, play_until

TABLE = ["陈伟明", "முருகன் செல்வம்", "أحمد", "Siti Aminah", "José Müller-Øberg"]
HALL = ["林美玲", "கவிதா", "Nur Aisyah binti Rahman", "Zoë Ñúñez", "דוד", *TABLE[:3]]
START: dict[str, Any] = {"type": "new_game", "profile": "classic", "players": TABLE,
                         "roll_off": [{name: [n + 1, 1] for n, name in enumerate(TABLE)}],
                         "tournament": "Singapore Open 2026", "round": "Heat 2", "table": "4"}


def table_window(folder: Path, scratch: Path, size: tuple[int, int]) -> Path:
    from PySide6.QtCore import QSettings  # noqa: PLC0415 (Qt only when drawing)
    from PySide6.QtTest import QTest  # noqa: PLC0415

    from ui.table.session import TableSession  # noqa: PLC0415
    from ui.table.window import TableWindow  # noqa: PLC0415

    game = play_until(scratch / f"hall-{size[0]}.db", [START], 7, Clock(),
                      lambda state: state.current == "أحمد" and bool(state.claims), least=80)
    session = TableSession(game, tick_ms=None)
    window = TableWindow(session, QSettings(str(scratch / "ui.ini"),
                                            QSettings.Format.IniFormat))
    window.resize(*size)
    window.show()
    window.settle()
    QTest.qWait(150)
    out = folder / f"hall-names-table-{size[0]}.png"
    window.grab().save(str(out))
    if size == (1920, 1080):  # the table display, on the hall's screen
        window.toggle_display()
        assert window.display is not None
        window.display.resize(*size)
        QTest.qWait(200)
        window.display.grab().save(str(folder / "hall-names-display-1920.png"))
        print(folder / "hall-names-display-1920.png")
        window.display.close()
    window.close()
    session.close()
    return out


def printed(folder: Path, scratch: Path) -> list[Path]:
    """The first table card and the standings of a draw of the hall's names, as pdftoppm
    draws their PDFs."""
    from datetime import UTC, datetime  # noqa: PLC0415

    from app.tournament import service as tournaments  # noqa: PLC0415
    from app.tournament.hall import hall_print  # noqa: PLC0415
    from app.tournament.publishing import published  # noqa: PLC0415
    from models.tournament.records import Player  # noqa: PLC0415
    from ui.tournament.hall_pdf import cards_pdf  # noqa: PLC0415
    from ui.tournament.standings_pdf import write_pdf  # noqa: PLC0415

    t = tournaments.create("Singapore Open 2026", "sg-championship")
    tournaments.add_players(t.id, [Player(id=f"P{n}", name=name)
                                   for n, name in enumerate(HALL, start=1)])
    tournaments.draw(t.id, "Qualifying", seed=5)
    cards_pdf(hall_print(tournaments.load(t.id), "Qualifying"), scratch / "cards.pdf")
    at = datetime(2026, 11, 21, 15, 0, tzinfo=UTC)
    write_pdf(published(tournaments.load(t.id), "Qualifying", at), scratch / "standings.pdf")
    shots = []
    for pdf, name in (("cards.pdf", "hall-names-card"), ("standings.pdf", "hall-names-standings")):
        subprocess.run(["pdftoppm", "-png", "-r", "50" if pdf == "cards.pdf" else "60", "-f", "1",
                        "-l", "1", "-singlefile", str(scratch / pdf), str(folder / name)],
                       check=True)
        shots.append(folder / f"{name}.png")
    return shots


def main(folder: Path) -> None:
    from app.datafolder.paths import DATA_DIR_ENV  # noqa: PLC0415
    from ui.app import application  # noqa: PLC0415

    _app = application(sys.argv[:1])  # kept while drawing
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ[DATA_DIR_ENV] = str(Path(scratch) / "data")
        for size in ((1366, 768), (1920, 1080)):
            print(table_window(folder, Path(scratch), size))
        for shot in printed(folder, Path(scratch)):
            print(shot)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
