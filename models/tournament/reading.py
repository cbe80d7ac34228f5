"""Names in the order people read them: accents in place ("Émile" with the Es, "Łukasz" with the
Ls), case ignored, and a name in another script by its Latin form when the sign-up sheet gives
one ("陈伟明" as "Chen Weiming", with the Cs). A name in another script without one follows the
Latin names, in its own script's order."""

from __future__ import annotations

import unicodedata

# Letters that do not come apart into a base letter and a mark, read as people read them.
SPELLED = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
                         "ð": "d", "þ": "th", "ı": "i"})

__all__ = ["reading_key"]


def _plain(text: str) -> str:
    """`text` case-folded, its accents and marks taken off."""
    apart = unicodedata.normalize("NFKD", text.casefold().translate(SPELLED))
    return "".join(c for c in apart if not unicodedata.combining(c)).translate(SPELLED)


def _latin(text: str) -> bool:
    """Whether `text` reads in Latin letters (its first letter is one, or it has no letter)."""
    first = next((c for c in text if c.isalpha()), None)
    return first is None or "LATIN" in unicodedata.name(first, "")


def reading_key(name: str, latin: str | None = None, tiebreak: str = "") -> tuple[object, ...]:
    """The sort key of a name as people read it: its Latin form when given, else the name,
    without accents and case; then the name as written, then `tiebreak` (an id), so the order
    is the same on every machine."""
    read = _plain(latin or name)
    return (not _latin(latin or name), " ".join(read.split()), name.casefold(), name, tiebreak)
