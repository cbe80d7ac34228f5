"""Render the app's icon (resources/icons/championship-banker.svg) to the PNG sizes beside it, with
Qt's own SVG renderer; run again after changing the SVG:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
NAME = "championship-banker"
SIZES = (64, 128, 256)


def render(svg: Path, size: int, out: Path) -> None:
    """Draw `svg` at size×size pixels on a transparent PNG."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    if not image.save(str(out)):
        raise SystemExit(f"{out}: could not be written")


def main() -> None:
    app = QGuiApplication(sys.argv[:1])  # noqa: F841 (QImage's fonts and painting need one)
    svg = ICONS / f"{NAME}.svg"
    for size in SIZES:
        out = ICONS / f"{NAME}-{size}.png"
        render(svg, size, out)
        print(out)


if __name__ == "__main__":
    main()
