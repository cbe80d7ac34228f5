"""The net-worth chart drawn offscreen into a file: PNG pixels, or PDF vectors on A4 landscape."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from ui import printing
from ui.judge.chart import NetWorthChart

PNG_SIZE = (1600, 900)
PDF_CHART = (1150, 680)  # laid out at this size, then scaled onto the page as vectors


def chart_widget(title: str, series: tuple[Sequence[Any], Sequence[Any], Sequence[str]],
                 by: str, size: tuple[int, int]) -> NetWorthChart:
    """A chart laid out at `size` pixels, ready to draw (never shown)."""
    widget = NetWorthChart()
    points, markers, players = series
    widget.set_by("minute" if by == "minute" else "entry")
    widget.show_series(points, markers, players)
    font = QFont(widget.chart.titleFont())
    font.setPointSizeF(font.pointSizeF() * 1.4)
    font.setBold(True)
    widget.chart.setTitleFont(font)
    widget.chart.setTitle(title)
    widget.chart.resize(QSizeF(*size))  # drawn from its scene, never shown
    return widget


def save_chart(path: Path, kind: str, title: str,
               series: tuple[Sequence[Any], Sequence[Any], Sequence[str]], by: str) -> None:
    """Write the chart to `path` (kind "png" or "pdf"), all or nothing: written beside it, then
    moved into place. Raises OSError when it could not be written."""
    draw = _png if kind == "png" else _pdf
    printing.write_atomically(path, lambda part: draw(part, title, series, by))


def _png(part: Path, title: str, series: Any, by: str) -> None:
    widget = chart_widget(title, series, by, PNG_SIZE)
    image = QImage(*PNG_SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        widget.view.scene().render(painter, QRectF(image.rect()), QRectF(0, 0, *PNG_SIZE))
    finally:
        painter.end()
    # The stub wants bytes for the format; PySide takes (only) a str.
    if not image.save(str(part), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"{part.name[1:-5]}: the PNG could not be written (is the disk full?)")


def _pdf(part: Path, title: str, series: Any, by: str) -> None:
    widget = chart_widget(title, series, by, PDF_CHART)
    writer = printing.pdf_writer(part, title, "a4", margin_mm=12, landscape=True)
    page = writer.pageLayout().paintRectPixels(writer.resolution())
    scene = widget.view.scene()
    source = QRectF(0, 0, *PDF_CHART)
    scale = min(page.width() / source.width(), page.height() / source.height())
    target = QRectF(0, 0, source.width() * scale, source.height() * scale)
    painter = QPainter(writer)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, target, source)
    finally:
        painter.end()
    del writer
    printing.check_pdf(part, part.name[1:-5])


__all__ = ["chart_widget", "save_chart"]
