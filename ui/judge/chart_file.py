"""The net-worth chart drawn offscreen into a file: PNG pixels, or PDF vectors on A4 landscape."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

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
    part = path.with_name(f".{path.name}.part")
    os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666))  # OSError says why
    try:
        if kind == "png":
            _png(part, title, series, by)
        else:
            _pdf(part, title, series, by)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


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
    writer = QPdfWriter(str(part))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("Championship Banker")
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
    data = part.read_bytes()
    if not (data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]):
        raise OSError(f"{part.name[1:-5]}: the PDF could not be written (is the disk full?)")


__all__ = ["chart_widget", "save_chart"]
