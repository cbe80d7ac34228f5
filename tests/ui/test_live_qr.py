"""The live page's QR code (BANKER_LIVE_URL): on the hall display beside the clock, and on each
printed table card with the address written under it; read back from what is drawn (the
display's pixels, the PDF's page rendered by pdftoppm) as the modules segno made."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.live.qr import LIVE_URL_ENV, modules
from tests.ui.test_hall_clock_display import Fixed, Steady, board, entry
from tests.ui.test_hall_pdf import hall, pages  # noqa: F401 (the fixture)
from ui.hall.window import HallWindow
from ui.sounds import Sounds
from ui.tournament.hall_pdf import cards_pdf

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
URL = "http://hall.local:8080/live/"


def read_modules(image: QImage, left: int, top: int, side: float, count: int) -> list[list[bool]]:
    """The modules of a code drawn `side` pixels square at (left, top): each cell's centre."""
    cell = side / count
    return [[image.pixelColor(int(left + (x + 0.5) * cell), int(top + (y + 0.5) * cell))
             .lightness() < 128 for x in range(count)] for y in range(count)]


def test_the_hall_display_shows_the_live_pages_code_beside_the_clock(
        qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(LIVE_URL_ENV, URL)
    window = HallWindow(Fixed(board(60, entry(1, "start", 0))), threaded=False, poll_ms=None,
                        tick_ms=None, sounds=Sounds(audio=False), elapsed=Steady())
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    window.refresh()
    assert window.qr is not None and window.qr.isVisible() and window.qr.width() >= 150
    assert window.qr_words is not None and window.qr_words.text() == "Live on your phone"
    qr = window.qr.grab().toImage()
    assert read_modules(qr, 0, 0, qr.width(), len(modules(URL))) == modules(URL)
    window.grab().save(str(tmp_path / "hall-display-qr.png"))
    monkeypatch.delenv(LIVE_URL_ENV)
    plain = HallWindow(Fixed(board(60)), threaded=False, poll_ms=None, tick_ms=None,
                       sounds=Sounds(audio=False), elapsed=Steady())
    qtbot.addWidget(plain)
    assert plain.qr is None  # no address, no code


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_each_table_card_carries_the_code_and_the_address(hall, tmp_path: Path) -> None:  # noqa: F811
    cards_pdf(hall, tmp_path / "cards.pdf", live=URL)
    for text, table in zip(pages(tmp_path / "cards.pdf"), hall.tables, strict=True):
        assert f"Follow the hall live: {URL}" in text and f"TABLE {table.number}" in text
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                    str(tmp_path / "cards.pdf"), str(tmp_path / "card")], check=True)
    image = QImage(str(tmp_path / "card.png"))
    # The code's dark modules, right of the table's number and above its caption: their bounds
    # are the code without its quiet zone.
    dark = [(x, y) for y in range(int(image.height() * 0.12), int(image.height() * 0.33))
            for x in range(int(image.width() * 0.7), image.width())
            if image.pixelColor(x, y).lightness() < 128]
    left, top = min(x for x, _ in dark), min(y for _, y in dark)
    side = max(x for x, _ in dark) - left + 1
    bare = modules(URL, border=0)
    assert abs(side - (max(y for _, y in dark) - top + 1)) <= 1  # square
    assert side >= image.height() * 0.12  # about 4 cm on A4: read from across the table
    assert read_modules(image, left, top, side, len(bare)) == bare
