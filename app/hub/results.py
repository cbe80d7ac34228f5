"""The hub's word on a stage's results: a DIVERGED game counts only on the head judge's ruling;
a table whose file is ahead of the hub's copy is said as that, not as a sheet not collected."""

from __future__ import annotations

from app.hub.errors import HubError
from app.hub.hub import Hub, hub_url
from app.ledger import LedgerError
from models.tournament.records import TableGameRef


def ruled_out(refs: list[TableGameRef], url: str | None, notes: list[str],
              opened: Hub | None = None) -> list[TableGameRef]:
    """The tables' games whose results may be read: each game the hub (`url`, else
    BANKER_HUB_URL; none set: every game) marks DIVERGED is left out with a note until the
    head judge rules on it (`banker hub rule`), then taken with a note naming the ruling.
    `opened`: the hub at `url` already open (the marks are read on its connection).

    Raises LedgerError when the hub named by `url` cannot be read (the results were to come
    from it); a hub set only in the environment that does not answer is noted instead."""
    found = hub_url(url)
    if found is None:
        return refs
    try:
        if opened is not None:
            judged = opened.judged()
        else:
            with Hub.open(found) as hub:
                judged = hub.judged()
    except HubError as e:
        if url is not None:
            raise LedgerError(f"the hub's marks cannot be read: {e}") from e
        notes.append(f"the hub could not be asked whether a game diverged ({e}); the tables' "
                     "files were read as they are")
        return refs
    flags, ours = judged.flags, {ref.game_id for ref in refs}
    notes += [f"not followed: {p.words}" for p in judged.problems
              if any(game and game in p.ref for game in ours)]
    kept = []
    for ref in refs:
        flag = flags.get(ref.game_id) if ref.game_id else None
        if flag is None:
            kept.append(ref)
        elif flag.ruling is not None:
            notes.append(f"table {ref.table}: DIVERGED on the hub ({flag.diverged.text}); taken "
                         f"on {flag.ruling.by}'s ruling: {flag.ruling.text}")
            kept.append(ref)
        else:
            notes.append(f"table {ref.table}: DIVERGED on the hub: {flag.diverged.text}; its "
                         "result waits for the head judge's ruling (banker hub rule "
                         f"{ref.game_id} --judge NAME --reason ...)")
    return kept


def behind_notes(hub: Hub, refs: list[TableGameRef], notes: list[str]) -> None:
    """Say each "not collected yet" of `notes` whose cause is the hub's copy: the table last
    reported a head of its file (hub_games.reported_entries) beyond the entries the hub holds,
    so the missing entries are on its laptop (a window closed before its last copy)."""
    waiting = {f"table {r.table}: the scoresheet is not collected yet": r
               for r in refs if r.game_id}
    if not any(note in waiting for note in notes):
        return
    try:
        held = {t.game_id: t for t in hub.tables()}
    except (HubError, LedgerError):
        return  # the notes stand as they are: the hub's own rows could not be read
    for index, note in enumerate(notes):
        ref = waiting.get(note)
        copy = held.get(ref.game_id or "") if ref is not None else None
        if ref is None or copy is None or copy.reported is None:
            continue
        behind = copy.reported[0] - copy.entries
        if behind > 0:
            where = copy.file or "FILE"
            notes[index] = (f"table {ref.table}: the scoresheet is not collected yet on the hub: "
                            f"the hub is behind this table's file by {behind} "
                            f"entr{'y' if behind == 1 else 'ies'}: push from its laptop "
                            f"(banker hub push --db {where})")
