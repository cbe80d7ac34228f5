"""Names as data: a name may hold any script, but no control character and no character that
reorders or hides the text around it (issue 30): a right-to-left override in a player's name
would reverse the window's lines that quote it. Joiners that scripts need (U+200C, U+200D in
Tamil, Persian and emoji) stay allowed."""

from __future__ import annotations

import unicodedata

# The explicit bidirectional formatting characters (Unicode's UAX #9, section 2), the
# byte-order mark used as a zero-width no-break space, and the line and paragraph separators.
REFUSED = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\u2028\u2029")


def refused_characters(text: str) -> list[str]:
    """The characters of `text` a name may not hold, in order, each once."""
    found: list[str] = []
    for c in text:
        if (c in REFUSED or unicodedata.category(c) == "Cc") and c not in found:
            found.append(c)
    return found


def named(c: str) -> str:
    """A character as `U+202E RIGHT-TO-LEFT OVERRIDE`."""
    return f"U+{ord(c):04X} {unicodedata.name(c, 'a control character')}"


def plain_name(value: str) -> str:
    """`value` unchanged when it holds none of the refused characters; else ValueError naming
    each (pydantic reports it as the field's error)."""
    bad = refused_characters(value)
    if bad:
        which = ", ".join(named(c) for c in bad)
        raise ValueError(f"a name may not hold {which}: a control or text-direction character "
                         "that hides or reorders what is written around it; type the name "
                         "without it")
    return value
