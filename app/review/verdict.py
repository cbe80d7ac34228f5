"""The judge's verify, in words: the hash chain and the replay, and a signed sheet's head against
the file (the same checks as `banker verify` and `banker verify --head`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import select

from app.ledger import schema as ledger_schema
from app.review.verify import verify_game
from app.table.anchors import head_text, parse_head
from app.table.service import TableGame
from models.errors import BadInput, BankerError

_ENTRY = re.compile(r"event (\d+)\b")
_COMMAND = re.compile(r"command (\d+)\b")


@dataclass(frozen=True)
class Verdict:
    """What verify found: sound or not, the head as the scoresheet prints it, in words."""

    sound: bool
    entries: int
    head: str  # COUNT:HEX16
    text: str
    problems: list[str] = field(default_factory=list)
    first_bad: int | None = None  # the first entry found wrong, if an entry is


def verdict(game: TableGame) -> Verdict:
    """The file as a whole, the game's hash chain, then every command replayed through the rules
    and compared with its stored events (as `banker verify`); never raises for a damaged file."""
    if game.game_id is None:
        return Verdict(True, 0, "", "no game in this ledger yet: nothing to verify")
    ledger, game_id = game.ledger, game.game_id
    problems = _checked(ledger.file_problems) + _checked(lambda: verify_game(ledger, game_id))
    try:
        count, digest = ledger.head(game_id)
        head = head_text(count, digest)
    except BankerError:
        count, head = game.head_seq, "unknown"
    if not problems:
        return Verdict(True, count, head,
                       f"sound: {count:,} entries, the chain and the replay agree")
    return Verdict(False, count, head, f"not sound: {problems[0]}", problems,
                   _first_bad(game, problems[0]))


def _checked(check: Callable[[], list[str]]) -> list[str]:
    """The check's problems, or the ledger's own error as one (a damaged row, a lost game)."""
    try:
        return check()
    except BankerError as e:
        return [str(e)]


def _first_bad(game: TableGame, problem: str) -> int | None:
    """The entry a problem names: `event N`, or the first entry of `command N`; a snapshot or
    the file as a whole is no entry."""
    if problem.startswith("snapshot"):
        return None
    found = _ENTRY.match(problem)
    if found:
        return int(found[1])
    found = _COMMAND.match(problem)
    if found:
        number = int(found[1])
        return next((m.first for m in game.timeline.marks if m.number == number), None)
    return None


def head_check(game: TableGame, typed: str) -> tuple[bool, str]:
    """Whether this file holds the game whose head (COUNT:HEX, from a signed scoresheet) was
    typed, in words: the same game, a deleted tail, a different (rewritten) game, or a file
    that holds the head but does not verify. A head that is not COUNT:HEX: (False, why)."""
    try:
        count, prefix = parse_head(typed)
    except BadInput as e:
        return False, str(e)
    if game.game_id is None:
        return False, "no game in this ledger: it cannot be the game that was signed"
    try:
        last, _ = game.ledger.head(game.game_id)
        stored = _hash_at(game, count) if count <= last else None
        chain = game.ledger.verify_chain(game.game_id)
    except BankerError as e:
        return False, f"this file cannot be read to compare: {e}"
    if count > last:
        return False, (f"a deleted tail: the signed sheet has {count:,} entries, this file "
                       f"{last:,}")
    if stored is None or not stored.startswith(prefix):
        shown = (stored or "missing")[:len(prefix)]
        return False, (f"a different game: entry {count:,}'s hash is {shown} not {prefix} "
                       "(the game was rewritten after the sheet was printed)")
    if chain:
        return False, (f"entry {count:,} has the signed hash, but this file does not verify: "
                       f"{chain[0]}")
    later = last - count
    return True, (f"this file is the game that was signed: entry {count:,} has hash {prefix}"
                  + (f"; {later:,} entr{'y was' if later == 1 else 'ies were'} recorded after "
                     "the sheet was printed" if later else ""))


def _hash_at(game: TableGame, seq: int) -> str | None:
    events = ledger_schema.events
    with game.ledger.database.read() as connection:
        found = connection.execute(select(events.c.hash).where(
            events.c.game_id == game.game_id, events.c.seq == seq)).scalar_one_or_none()
    return found if isinstance(found, str) else None
