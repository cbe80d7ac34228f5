"""The QR code of the live page's address: SVG for the page, and the modules as rows of booleans
for the hall display and the table cards to paint (segno makes it; nothing of ours encodes)."""

from __future__ import annotations

import os
from html import escape

import segno

LIVE_URL_ENV = "BANKER_LIVE_URL"
"""The live page's public address, for the QR code on the hall display and the table cards
(`banker live-page --public-url` gives the page its own)."""


def live_url(url: str | None = None) -> str | None:
    """The live page's address: `url`, else BANKER_LIVE_URL, else None (no QR code shown)."""
    found = url if url is not None else os.environ.get(LIVE_URL_ENV, "")
    found = found.strip()
    return found or None


def modules(url: str, border: int = 2) -> list[list[bool]]:
    """The code's modules, row by row (True: dark), with a quiet zone of `border` modules."""
    code = segno.make_qr(url, error="m")
    return [[bool(cell) for cell in row] for row in code.matrix_iter(border=border)]


def svg(url: str, label: str) -> str:
    """The code as an inline SVG (one path, dark on light whatever the page's colours), named
    for a screen reader by `label` (the address itself is written beside it on the page)."""
    rows = modules(url)
    size = len(rows)
    path = "".join(f"M{x},{y}h1v1h-1z" for y, row in enumerate(rows)
                   for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
            f'role="img" aria-label="{escape(label)}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#ffffff"/>'
            f'<path fill="#000000" d="{path}"/></svg>')
