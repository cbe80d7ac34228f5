"""The live page's templates (resources/live/templates): one Jinja2 environment, strict (a
name a template asks of the snapshot that is not there fails the page, never shows blank), its
words for money, clocks and times, and where each space sits on the board drawn."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
TEMPLATES = RESOURCES / "live" / "templates"


def environment() -> Environment:
    """The templates, HTML escaped, with the page's filters."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    env.filters["money"] = money
    env.filters["clock"] = clock
    env.filters["hhmm"] = hhmm
    env.filters["board_xy"] = board_xy
    return env


def board_xy(index: int) -> tuple[int, int]:
    """Where space `index` (0 = GO, clockwise) sits on the drawn board, 11 squares a side of
    10 units: GO at the bottom right, Jail at the bottom left, as the printed board has them."""
    side, step = divmod(index % 40, 10)
    if side == 0:
        return (10 - step) * 10, 100
    if side == 1:
        return 0, (10 - step) * 10
    if side == 2:
        return step * 10, 0
    return 100, step * 10


def money(amount: int | None, currency: str = "M") -> str:
    if amount is None:
        return "–"
    sign = "−" if amount < 0 else ""
    return f"{sign}{currency}{abs(amount):,}"


def clock(ms: int | None) -> str:
    if ms is None:
        return "–"
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def hhmm(stamp: str | None) -> str:
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).strftime("%H:%M:%S UTC")
