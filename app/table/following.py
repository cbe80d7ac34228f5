"""Following another window's entries: the rows recorded after this game's head, checked and
folded on, instead of the whole game read again (the judge's window on a live table)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from app.ledger import LedgerError
from app.ledger.chain import tail_sound
from app.ledger.history import History
from app.table import positions, seals, snapshot_pins, versions
from models.fold import apply
from models.state import GameState

if TYPE_CHECKING:
    from app.table.service import TableGame

_COMMAND_NO = itemgetter(2)


def follow_tail(game: TableGame, refold: Callable[[int], GameState | None]
                ) -> History | None:
    """Fold on `game` the entries recorded after its head (by another window), as reading the
    whole game again (`TableGame.reload`) would leave it: the state, the timeline, the facts,
    the judges' chain, the snapshots a fold may start from, the head and the version on the
    record. A void among them has the state folded again by `refold` (the service's fold of
    entry N from the nearest snapshot, voids skipped), as the table's own undo has it.

    The rows followed when they were. None when they cannot be followed this way and the
    caller must read the game again, which names what is wrong: no rows after the head (the file
    holds another game now), rows that do not carry the chain on from this head (a file
    replaced or changed), a judge's entry not followed, a pinned snapshot that does not match
    its pin, a payload that is not an event, or a snapshot of this table's own not pinned yet.
    `game` may be left part-way on None.

    Rows before the head are not read again: what was checked when they were read stands (the
    file's whole check is `banker verify`, and any reopening)."""
    if (game.game_id is None or game.state is None or game.head_seq == 0
            or game.folds_from.unpinned is not None or not game.timeline.marks):
        return None
    last_command = game.timeline.marks[-1].number
    try:
        tail = game.ledger.history_after(game.game_id, game.head_seq, last_command)
    except LedgerError:
        return None
    if not tail.events:
        return None
    if not tail_sound(tail, game.head_seq, game.head_hash, last_command):
        return None
    pins = _pinned(game, tail)
    if pins is None:
        return None
    problems = len(game.signatures.problems)
    seals.follow_rows(game.signatures, tail)
    if len(game.signatures.problems) != problems:
        return None
    try:
        events = positions.decoded([row[1:5] for row in tail.events])
    except LedgerError:
        return None
    voids = _on_timeline(game, tail)
    if voids is None:
        return None
    for row in tail.events:
        game.facts.add(row[1], row[2], row[3], row[4])
    if voids:
        game.facts.voided(game.timeline.voided)
    for seq, digest in pins.items():
        game.folds_from.seqs.append(seq)
        game.folds_from.pins[seq] = digest
    game.folds_from.seqs.sort()
    last = tail.events[-1]
    game.head_seq, game.head_hash = last[1], last[10]
    game.last_at = datetime.fromisoformat(last[7])
    game.version = versions.latest(None, tail.commands) or game.version
    try:
        if voids:  # the voided commands' events are skipped from a snapshot before them on
            game.state = refold(game.head_seq)
        else:
            for event in events:
                apply(game.state, event)
    except Exception:  # a stored event the engine cannot fold: the whole read names it
        return None
    return tail


def _pinned(game: TableGame, tail: History) -> dict[int, str] | None:
    """The snapshots the tail's commands pin that a fold may start from (seq -> hash); None
    when one of them does not match its pin (a full read names it)."""
    assert game.game_id is not None
    pins = snapshot_pins.pins_of(tail)
    if not pins:
        return {}
    stored = {row[0]: row for row in tail.snapshots}
    usable: dict[int, str] = {}
    chain = {row[1]: row[10] for row in tail.events}
    head = tail.events[-1][1]
    for seq, pin in pins.items():
        row = stored.get(seq)
        if row is None or seq in game.folds_from.pins:
            continue  # pinned, not stored (not used, as by a full read), or followed already
        _, event_hash, form, digest = row
        at = chain.get(seq)  # the chain's own hash of the snapshot's entry
        if at is None and type(seq) is int and 0 < seq <= head:
            found = game.ledger.snapshot(game.game_id, seq)
            at = found[1] if found is not None else None
        if digest != pin.hash or at is None or at != event_hash:
            return None
        if form == positions.state_format():
            usable[seq] = digest
    return usable


def _on_timeline(game: TableGame, tail: History) -> bool | None:
    """Put the tail's commands on the game's timeline as a full read does; whether any voids
    commands (None: a void's list is damaged, said by a full read)."""
    texts = {row[1]: row[2] for row in tail.commands}
    voids = False
    try:
        for number, run in groupby(tail.events, _COMMAND_NO):
            rows = list(run)
            types = frozenset([row[3] for row in rows])
            if "commands_voided" in types:
                voids = True
                game.timeline.add(number, None, [
                    (row[1], row[3], _payload(row) if row[3] == "commands_voided" else None)
                    for row in rows], texts.get(number))
            else:
                game.timeline.add_read(number, rows[0][1], rows[-1][1], types, texts.get(number))
    except LedgerError:
        return None
    return voids


def _payload(row: tuple[Any, ...]) -> Any:
    return json.loads(row[4])
