"""The chain's head as the scoresheet prints it (COUNT:HEX16), and checking a file against one."""

from __future__ import annotations

import re

from app.ledger import Ledger
from models.errors import BadInput

HEAD_DIGITS = 16
"""Hex digits of the last hash a head shows: enough to compare by eye, too many to forge."""

_HEAD = re.compile(r"(\d{1,9}):([0-9a-fA-F]{8,64})")


def head_text(count: int, digest: str) -> str:
    """The head as printed: the event count and the first 16 hex digits of the last hash."""
    return f"{count}:{str(digest)[:HEAD_DIGITS]}"


def parse_head(text: str) -> tuple[int, str]:
    """A head as COUNT:HEX (8 to 64 hex digits, 16 as printed); raises BadInput otherwise."""
    found = _HEAD.fullmatch(text.strip())
    if found is None or int(found[1]) < 1:
        raise BadInput(f"{text!r} is not a head: write it as on the sheet, COUNT:HEX, "
                       "e.g. 1204:3fa9c1d2e4b5a6f7")
    return int(found[1]), found[2].lower()


def anchor_problems(ledger: Ledger, game_id: str, count: int, prefix: str) -> list[str]:
    """What the file says against a head held elsewhere (the signed sheet); [] if it agrees.

    A deleted tail leaves fewer events than the sheet's count; a rewritten game (even one whose
    chain was rebuilt to hold together) has another hash at that count. Events recorded after
    the sheet was printed are allowed."""
    last, _ = ledger.head(game_id)
    sheet = f"{count}:{prefix}"
    if last < count:
        return [f"the sheet's head is {sheet}, but the ledger ends at event {last}: "
                f"{count - last} entr{'y was' if count - last == 1 else 'ies were'} removed "
                "from the end"]
    event = ledger.events(game_id, upto_seq=count)[-1]
    if event.seq != count or not event.hash.startswith(prefix):
        return [f"the sheet's head is {sheet}, but event {count} of the ledger has hash "
                f"{event.hash[:len(prefix)]}: the game was rewritten since the sheet was printed"]
    return []
