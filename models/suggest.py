"""'Did you mean ...?': the nearest known names to a mistyped one, for clear refusals."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

SHOWN = 40  # characters of a mistyped value quoted back; the rest is elided


def shown(value: str) -> str:
    """`value` quoted for a message, cut short when it is long."""
    if len(value) <= SHOWN:
        return repr(value)
    return repr(value[:SHOWN]) + f"... ({len(value)} characters)"


def nearest(word: str, known: Iterable[str], most: int = 3) -> list[str]:
    """The known names closest to `word`: the same but for case, then (at most `most`) those it
    begins or is part of (`sg` for `sg-championship`), else the one spelled most alike (`rol`
    for `roll`)."""
    names = sorted(set(known))
    lowered = word.lower()
    same = [n for n in names if n.lower() == lowered]
    if same:
        return same[:most]
    if len(lowered) >= 2:
        parts = [n for n in names if n.lower().startswith(lowered)] or [
            n for n in names if lowered in n.lower()]
        if parts:
            return parts[:most]
    by_lower = {n.lower(): n for n in names}
    alike = difflib.get_close_matches(lowered, list(by_lower), n=1, cutoff=0.6)
    return [by_lower[n] for n in alike]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """'; did you mean 'x'?' (or 'x' or 'y'), or '' when nothing known is close."""
    close = nearest(word, known)
    if not close:
        return ""
    quoted = [repr(n) for n in close]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"; did you mean {listed}?"
