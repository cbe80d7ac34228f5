"""A stage's results, standings and rulings: each table's collected scoresheet read from its
file or the hub's copy, the standings and advancement (models.tournament.standings), the head
judge's tie rulings (signed)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from app.games.folder import utc_now
from app.hub.hub import hub_url
from app.tournament.draws import game_id_of
from app.tournament.judging import Judge, Sleep
from app.tournament.keeping import Now, load, update
from app.tournament.store import HUB_SOURCE
from models.errors import BankerError
from models.tournament.changes import record_results as _record_results
from models.tournament.changes import rule_tie as _rule_tie
from models.tournament.records import Ruling, TableGameRef, Tournament, TournamentError
from models.tournament.rulings import superseded
from models.tournament.standings import StageStandings, Tie
from models.tournament.standings import standings as _standings

if TYPE_CHECKING:
    from app.ledger import Ledger
    from app.table.service import TableGame


def collect_results(tid: str, stage: str, hub: str | None = None) -> tuple[Tournament, list[str]]:
    """Read every table's game of the stage: a collected scoresheet becomes the table's result;
    a game not over, not collected or not verifying is listed (and left out) with why.

    With `hub` (a hub's URL), each game is read from the hub's copy by its game id (one
    connection for them all) instead of from the table's file. A game the hub (`hub`, else
    BANKER_HUB_URL) marks DIVERGED is left out, said why, until the head judge rules on it."""
    from app.table.loading import collector_paused  # noqa: PLC0415

    # The collector held off for the whole of it, as for the sheets alone (read_sheets): the
    # records read, the tournament checked and its new version written hold no cycles.
    with collector_paused():
        t = load(tid)
        name = t.stage(stage).name
        notes: list[str] = []
        sheets = read_sheets([g for g in t.games if g.stage == name], hub, notes)
        t = update(tid, lambda current: _record_results(current, name, sheets),
                    f"{name}: results")
    return t, notes


def read_sheets(games: Sequence[TableGameRef], hub: str | None,
                notes: list[str]) -> dict[int, dict[str, Any]]:
    """The collected scoresheet of each of `games` by table, read from its file or (with `hub`)
    the hub's copy; without `hub`, a game taken in from the hub (no file here) is read from the
    hub set for this laptop. Each game left out is noted with why (see collect_results).
    Changes nothing; raises LedgerError when the hub cannot be read."""
    from app.hub.results import ruled_out  # noqa: PLC0415

    if hub is not None:
        return _sheets_on_hub(games, hub, notes)
    # Without --hub, a game taken in from the hub (no file at the desk) is read from the hub
    # set for this laptop (BANKER_HUB_URL), the others from their files.
    taken_in = [g for g in games if g.source.startswith(HUB_SOURCE)]
    games = [g for g in games if not g.source.startswith(HUB_SOURCE)]
    sheets: dict[int, dict[str, Any]] = {}
    if taken_in:
        url = hub_url()
        if url is None:
            notes.extend(f"table {g.table}: its game is on the hub ({g.source}): give --hub or "
                         "set BANKER_HUB_URL to read it" for g in taken_in)
        else:
            sheets |= _sheets_on_hub(taken_in, url, notes)
    for ref in ruled_out(list(games), hub, notes):
        game = _opened(ref, notes, _open_file)
        if game is not None:
            try:
                _read_sheet(ref.table, game, sheets, notes)
            finally:
                game.close()
    return sheets


def _sheets_on_hub(games: Sequence[TableGameRef], hub: str,
                   notes: list[str]) -> dict[int, dict[str, Any]]:
    """read_sheets from the hub's copies: one connection for the marks and every game, and
    every game's rows read in one go (PrefetchedLedger), not a dozen queries a game."""
    from app.hub.hub import Hub  # noqa: PLC0415
    from app.hub.results import behind_notes, ruled_out  # noqa: PLC0415
    from app.ledger import open_ledger  # noqa: PLC0415
    from app.table.loading import collector_paused  # noqa: PLC0415

    # The collector held off, as a game's reopening does: hundreds of games' new rows and
    # records hold no cycles, and each collection would walk everything the program holds.
    # The rows read ahead are gone before it runs again (_sheets_read has returned), so its
    # first collection walks the sheets, not every row of the stage.
    with open_ledger(hub, create=False, readonly=True) as opened, collector_paused():
        on_hub = Hub(opened.database)
        refs = ruled_out(list(games), hub, notes, on_hub)
        sheets = _sheets_read(refs, opened, notes)
        behind_notes(on_hub, refs, notes)
        return sheets


def _sheets_read(refs: list[TableGameRef], opened: Ledger,
                 notes: list[str]) -> dict[int, dict[str, Any]]:
    """The sheets of `refs` from the hub's open ledger, every game's rows read in one go. A
    game whose every row (and the hub's stray rows) equals what an earlier read of it found
    is not checked, folded and scored again: that read's outcome is given (_KeptSheets). The
    others are read on every core (app/tournament/forked.py); the sheets and notes come in
    the order of `refs` whichever process read them."""
    from app.ledger.prefetch import NotReadAhead, PrefetchedLedger  # noqa: PLC0415
    from app.tournament import forked  # noqa: PLC0415

    held = set(opened.game_ids())
    ledger = PrefetchedLedger(opened, (r.game_id for r in refs if r.game_id in held))

    def read(ref: TableGameRef) -> Outcome:
        said: list[str] = []
        game = _opened(ref, said, lambda r: _open_on_hub(ledger, held, r))
        # Not closed: it shares the hub's ledger.
        return None if game is None else _read_sheet(ref.table, game, {}, said), said

    outcomes: list[Outcome | None] = []
    to_read: list[int] = []
    keys: dict[int, tuple[tuple[str, int, str], tuple[Any, ...]]] = {}
    for n, ref in enumerate(refs):
        rows = ledger.stored_rows(ref.game_id) if ref.game_id else None
        kept = None
        if rows is not None and ref.game_id is not None:
            key = (ledger.location, ref.table, ref.game_id)
            keys[n] = key, rows
            kept = KEPT_SHEETS.given(key, rows)
        outcomes.append(kept)
        if kept is None:
            to_read.append(n)
    # Shared only when the rows were read ahead (a PostgreSQL hub): a copy reads nothing else.
    found = (forked.each([refs[n] for n in to_read], read, fence=ledger.fence,
                         elsewhere=NotReadAhead) if ledger.read_ahead
             else [read(refs[n]) for n in to_read])
    for n, (sheet, said) in zip(to_read, found, strict=True):
        outcomes[n] = sheet, said
        if n in keys:
            KEPT_SHEETS.keep(*keys[n], sheet, said)
    sheets: dict[int, dict[str, Any]] = {}
    for ref, outcome in zip(refs, outcomes, strict=True):
        assert outcome is not None
        sheet, said = outcome
        if sheet is not None:
            sheets[ref.table] = sheet
        notes.extend(said)
    return sheets


Outcome = tuple[dict[str, Any] | None, list[str]]
"""A game's reading: its sheet (None: not collected, or not read) and the notes saying why."""


class _KeptSheets:
    """The outcome of each game's last reading from a hub (its sheet, or the notes saying why
    there is none), kept with every row it was read from: a later read whose rows are all
    equal gets the same outcome without the chain's check, the fold and the scoring again.
    Reading a game is a function of its rows alone, so an equal outcome is certain; a row
    added, changed or removed (a tampered one too) is a different key, read and checked in
    full. The desk reads a stage's results again and again through the day (each table that
    finishes, each look at the standings): each re-read costs the rows' SQL and comparing
    them. A game is kept from its second reading on (a one-off read, `banker tournament
    results` say, keeps nothing and pays nothing for it); the last KEPT games are kept."""

    KEPT = 4096

    def __init__(self) -> None:
        self._lock = threading.Lock()  # the desk's windows read on threads of their own
        self._kept: dict[tuple[str, int, str],
                         tuple[tuple[Any, ...], bytes | None, tuple[str, ...]]] = {}
        self._met: set[tuple[str, int, str]] = set()  # read once already

    def given(self, key: tuple[str, int, str], rows: tuple[Any, ...]) -> Outcome | None:
        """The outcome kept for `key` if it was read from rows equal to `rows`, else None."""
        with self._lock:
            kept = self._kept.get(key)
        if kept is None or kept[0] != rows:
            return None
        # A sheet of its own: the caller may edit it.
        return None if kept[1] is None else orjson.loads(kept[1]), list(kept[2])

    def keep(self, key: tuple[str, int, str], rows: tuple[Any, ...],
             sheet: dict[str, Any] | None, said: list[str]) -> None:
        """Keep the outcome of reading `key` from `rows`, if `key` was read before: `sheet`
        (or none) and the notes it added. A sheet is JSON through and through (`banker`
        prints it): kept as its text."""
        with self._lock:
            if key not in self._met:
                if len(self._met) >= 4 * self.KEPT:
                    self._met.clear()
                self._met.add(key)
                return
        text = None if sheet is None else orjson.dumps(sheet)
        with self._lock:
            self._kept.pop(key, None)
            while len(self._kept) >= self.KEPT:
                del self._kept[next(iter(self._kept))]  # the longest kept first
            self._kept[key] = (rows, text, tuple(said))

    def forget(self) -> None:
        """Keep nothing, as a fresh process: the next reading checks every game again and
        keeps none (the benchmarks' first read, and tests)."""
        with self._lock:
            self._kept.clear()
            self._met.clear()


KEPT_SHEETS = _KeptSheets()


def _opened(ref: TableGameRef, notes: list[str],
            opener: Callable[[TableGameRef], TableGame]) -> TableGame | None:
    try:
        return opener(ref)
    except BankerError as e:
        notes.append(f"table {ref.table}: cannot be opened: {e}")
        return None


def _open_file(ref: TableGameRef) -> TableGame:
    from app.table.service import TableGame  # noqa: PLC0415

    return TableGame.open(ref.source, ref.game_id, create=False, readonly=True)


def _open_on_hub(ledger: Ledger, held: set[str], ref: TableGameRef) -> TableGame:
    """The table's game as the hub holds it, on the hub's open ledger."""
    from app.table.service import TableGame  # noqa: PLC0415

    game_id = ref.game_id or (game_id_of(ref.source) if Path(ref.source).is_file() else None)
    if game_id is None:
        raise TournamentError(f"no game id is recorded and {ref.source} is not here to read it")
    if game_id not in held:
        raise TournamentError(f"the hub holds no copy of game {game_id} yet")
    game = TableGame(ledger=ledger, game_id=game_id, table=None, state=None)
    game.reload()
    return game


def _read_sheet(table: int, game: TableGame, sheets: dict[int, dict[str, Any]],
                notes: list[str]) -> dict[str, Any] | None:
    """Put the game's collected sheet in `sheets` (and return it), or note why there is none."""
    from app.table.scoresheet import scoresheet  # noqa: PLC0415

    if game.problems:
        notes.append(f"table {table}: the ledger does not verify: {game.problems[0]}")
    elif game.state is None or not game.state.locked:
        notes.append(f"table {table}: the scoresheet is not collected yet")
    else:
        sheets[table] = scoresheet(game)
        return sheets[table]
    return None


def standings(tid: str, stage: str, hub: str | None = None) -> StageStandings:
    """The stage's standings and advancement (see models.tournament.standings)."""
    return _standings(load(tid, hub), stage)


def standings_of(t: Tournament, stage: str) -> StageStandings:
    """`standings` of a tournament already read."""
    return _standings(t, stage)


def ruled_ties(t: Tournament, stage: str) -> list[tuple[Ruling, Tie]]:
    """The stage's ties already ruled, for ruling one again (`rule_tie(..., supersede=True)`):
    the ruling that stands on each, with the tie as the standings show it without any ruling
    on it (its players, positions and seats). Read-only."""
    name = t.stage(stage).name
    replaced = {id(r) for r in superseded(t)}
    found = []
    for ruling in (r for r in t.rulings if r.stage == name and id(r) not in replaced):
        players = set(ruling.tied or ruling.order)
        basis = t.model_copy(update={"rulings": tuple(
            r for r in t.rulings if not (r.stage == name and r.table == ruling.table
                                         and set(r.tied or r.order) == players))})
        tie = next((x for x in _standings(basis, name).ties
                    if set(ruling.order) <= set(x.players)), None)
        if tie is not None:
            found.append((ruling, tie))
    return found


def rule_tie(tid: str, stage: str, order: Sequence[str], judge: Judge, reason: str,
             now: Now = utc_now, supersede: bool = False,
             sleep: Sleep = time.sleep) -> Tournament:
    """Record the head judge's ruling on a tie the standings show, signed by `judge` (name,
    PIN); with `supersede`, a later ruling on a tie already ruled, which replaces it."""
    name = judge[0]
    return update(tid, lambda t: _rule_tie(t, stage, list(order), name, reason, now(),
                                            supersede),
                   f"{stage}: tie {'ruled again' if supersede else 'ruled'} by {name}",
                   judge, sleep)
