"""The tournament service: kept on the hub when a hub is set (app/tournament/hub_store.py), else
as one JSON file per tournament in the data folder (files.py); each change the same pure change
(models.tournament.changes) in one transaction; each table's game made from the draw; results
read from collected scoresheets."""

from __future__ import annotations

import csv
import fcntl
import secrets
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from app.editions import rulebook
from app.games import folder as games
from app.games.folder import default_label, roll_off_contenders, utc_now
from app.hub.errors import HubError
from app.hub.hub import hub_url
from app.ledger.errors import LedgerError
from app.tournament.decisions import Checked, seal_new
from app.tournament.editions import editions_here, share_editions
from app.tournament.files import document, load_file, save, tournament_path, tournaments_dir
from app.tournament.hub_store import TournamentWriteRefused
from app.tournament.judging import Judge, Sleep, checked_file, file_signer
from app.tournament.judging import add_judge as add_judge_to
from app.tournament.store import HUB_GAME, HUB_SOURCE, on_hub, started_on_hub
from models.commands import JudgeEntry
from models.errors import BadInput, BankerError
from models.tournament.changes import add_players as _add_players
from models.tournament.changes import attach_game as _attach_game
from models.tournament.changes import call_standby as _call_standby
from models.tournament.changes import check_in as _check_in
from models.tournament.changes import draw as _draw
from models.tournament.changes import drawn_table, new_tournament, superseded
from models.tournament.changes import mark_absent as _mark_absent
from models.tournament.changes import record_results as _record_results
from models.tournament.changes import rule_tie as _rule_tie
from models.tournament.changes import withdraw as _withdraw
from models.tournament.checkin import RollCallLine
from models.tournament.checkin import roll_call as _roll_call
from models.tournament.records import (
    DrawOptions,
    Player,
    Ruling,
    Stage,
    TableGameRef,
    Tournament,
    TournamentError,
)
from models.tournament.standings import StageStandings, Tie
from models.tournament.standings import standings as _standings

if TYPE_CHECKING:
    from app.ledger import Ledger
    from app.table.service import TableGame

Now = Callable[[], datetime]


# Storage -----------------------------------------------------------------------------------

def load(tid: str, hub: str | None = None) -> Tournament:
    """The tournament `tid` as its readers follow it (only its judges' decisions that verify:
    app/tournament/decisions.py): the hub's (`hub`, else BANKER_HUB_URL) when a hub is set and
    holds it, else its file; TournamentError names the ones there are when it is not found."""
    return load_checked(tid, hub).tournament


def load_checked(tid: str, hub: str | None = None) -> Checked:
    """`load`, with the decisions not followed (each named with why)."""
    with on_hub(hub) as held:
        found = held.checked(tid) if held is not None else None
    return found if found is not None else checked_file(load_file(tid))


def list_tournaments(hub: str | None = None) -> list[Tournament]:
    """Every tournament the hub holds (when a hub is set), then every other one in the data
    folder's files (unreadable files left out)."""
    found: list[Tournament] = []
    with on_hub(hub) as held:
        if held is not None:
            found = [t for t in map(held.get, held.ids()) if t is not None]
    on_the_hub = {t.id for t in found}
    for path in sorted(tournaments_dir().glob("*.json")):
        if path.stem in on_the_hub:
            continue
        try:
            found.append(load_file(path.stem))
        except TournamentError:
            continue
    return found


def _update(tid: str, change: Callable[[Tournament], Tournament], what: str,
            judge: Judge | None = None, sleep: Sleep = time.sleep) -> Tournament:
    """Read, change and write the tournament as followed (a judge's decision the change adds
    sealed by `judge`, signed in with the PIN first): on the hub (when it holds it) in one
    transaction that fails with TournamentChangedMeanwhile if another desk changed it first;
    else its file under a lock on its own lock file, so two programs changing it at once (the
    head judge's CLI and a banker's window starting a table) take turns instead of one losing
    the other's change."""
    with on_hub() as held:
        if held is not None and held.version(tid) > 0:
            if judge is not None:
                held.may_change(tid)
            signer = None if judge is None else held.hub.signer(*judge, sleep=sleep)
            return held.update(tid, change, what, signer)
    lock = tournament_path(tid).with_name(f".{tid}.lock")
    with open(lock, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            raw = load_file(tid)
            followed = checked_file(raw)
            signer = None if judge is None else file_signer(raw, judge, sleep)
            changed = seal_new(followed, change(followed.tournament), signer)
            if changed.signed_since is None:  # signed from now on: older ones are legacy
                changed = changed.model_copy(update={"signed_since": utc_now()})
            save(changed)
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
    return changed


def add_judge(tid: str, name: str, pin: str, now: Now = utc_now) -> str:
    """Register a judge who signs the tournament's decisions: on the hub when it holds the
    tournament (every table's game takes the hub's judges), else in its file. Returns where.
    Raises JudgeAuthError (a PIN not 6+ digits), TournamentError or HubError (name taken)."""
    with on_hub() as held:
        if held is not None and held.version(tid) > 0:
            held.hub.register_judge(name, pin)
            return f"on the hub at {held.hub.location}"
    _update(tid, lambda t: add_judge_to(t, name, pin, now()), f"judge {name} registered")
    return "in the tournament's file"


def change(tid: str, changed: Callable[[Tournament], Tournament], what: str) -> Tournament:
    """A change of the tournament decided elsewhere in the app (a pure function of it), made as
    every change here is: one transaction on the hub, or under the file's lock."""
    return _update(tid, changed, what)


# Making and entering -----------------------------------------------------------------------

def create(name: str, profile: str, *, tid: str | None = None, minutes: int | None = None,
           stages: Sequence[Stage] | None = None, board: str | None = None) -> Tournament:
    """A new tournament with the profile's default stages (SG Advancement Criteria) unless
    `stages` are given, every table on `board` (a shipped board or the user's own edition;
    None: the profile's); refused if a tournament with its id exists or the board is unknown
    or cannot be played (BadInput, DataFileError), before anything is written."""
    rules = rulebook.profile(profile)
    if board is not None:
        rulebook.table(rules.id, board)  # raises for an unknown board or one that cannot load
    sizes = tuple(n for n in (4, 5) if rules.players_min <= n <= rules.players_max)
    t = new_tournament(name, rules.id, sizes, stages=tuple(stages) if stages else None,
                       minutes=minutes, tid=tid)
    t = t.model_copy(update={"signed_since": utc_now()} | ({"board": board} if board else {}))
    with on_hub(create=hub_url() is not None) as held:
        if held is not None:  # with a hub set, the tournament is the hub's from the start
            share_editions(held.hub, t)  # the organiser's own board, for every table's laptop
            held.put(t, "created", new=True)
            return t
    if tournament_path(t.id).exists():
        raise TournamentError(f"a tournament {t.id!r} exists already")
    save(t)
    return t


def push(tid: str, hub: str | None = None) -> int:
    """Put the data folder's file of tournament `tid` on the hub (`hub`, else BANKER_HUB_URL)
    as its next version; returns the version stored. From then on the hub's copy is the
    tournament (the file stays, as it was)."""
    t = load_file(tid)
    with on_hub(hub, create=True) as held:
        if held is None:
            raise TournamentError(f"no hub is set to push {tid!r} to: give --hub or set "
                                  "BANKER_HUB_URL")
        share_editions(held.hub, t)
        # The file's judges go with it, keys and all, so what they signed verifies on the hub.
        held.hub.take_judges([JudgeEntry(name=j.name, pin_hash=j.pin_hash,
                                         public_key=j.public_key, sealed_key=j.sealed_key)
                              for j in t.judges])
        return held.put(t, "pushed from a file")


def export(tid: str, target: Path, hub: str | None = None) -> Tournament:
    """Write the tournament as the hub (`hub`, else BANKER_HUB_URL) holds it, or as its file
    holds it, to the JSON file `target` (the same format as the data folder's files)."""
    t = load(tid, hub)
    try:
        target.write_text(document(t) + "\n", encoding="utf-8")
    except OSError as e:
        raise TournamentError(f"{target}: cannot be written: {e.strerror}") from e
    return t


def add_players(tid: str, players: Sequence[Player], now: Now = utc_now) -> Tournament:
    """Enter players (before the first round starts)."""
    return _update(tid, lambda t: _add_players(t, list(players), now()),
                   f"players entered: {', '.join(p.id for p in players)}")


def players_from_csv(path: Path) -> list[Player]:
    """Players from a sign-up sheet: a CSV with the columns id, name and (optional) contact
    and latin (a name in another script written in Latin letters, for the lists sorted by
    name)."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as sheet:
            rows = list(csv.DictReader(sheet))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise BadInput(f"{path}: cannot be read: {e}") from e
    found = []
    for number, row in enumerate(rows, start=2):
        try:
            found.append(Player(id=(row.get("id") or "").strip(),
                                name=(row.get("name") or "").strip(),
                                contact=(row.get("contact") or "").strip() or None,
                                latin=(row.get("latin") or "").strip() or None))
        except ValidationError as e:
            raise BadInput(f"{path} line {number}: needs an id (letters, digits, . _ -) and a "
                           f"name: {e.errors()[0]['msg']}") from e
    return found


def withdraw(tid: str, player: str, reason: str, judge: Judge | None = None,
             now: Now = utc_now, sleep: Sleep = time.sleep) -> Tournament:
    """A late withdrawal or no-show before the player's next round starts: a judge's
    decision, signed by `judge` (name, PIN)."""
    return _update(tid, lambda t: _withdraw(t, player, reason, now()), f"{player} withdrawn",
                   judge, sleep)


def draw(tid: str, stage: str, seed: int | None = None, now: Now = utc_now,
         options: DrawOptions | None = None) -> Tournament:
    """Seat the stage with `options` (default: at random): a seeded snake, rematches avoided,
    groups kept apart; the seed (a fresh random one unless given) and the options are
    recorded with the draw (its `words` say them)."""
    chosen = secrets.randbits(63) if seed is None else seed
    return _update(tid, lambda t: _draw(t, stage, chosen, now(), options), f"{stage} drawn")


# The roll call before a draw (models.tournament.checkin) -----------------------------------

def roll_call(tid: str, stage: str) -> tuple[RollCallLine, ...]:
    """The stage's entrants with their marks: present, absent, standby, withdrawn, unmarked."""
    return roll_call_of(load(tid), stage)


def roll_call_of(t: Tournament, stage: str) -> tuple[RollCallLine, ...]:
    """`roll_call` of a tournament already read."""
    return _roll_call(t, stage)


def check_in(tid: str, stage: str, players: Sequence[str], by: str,
             now: Now = utc_now) -> Tournament:
    """Mark the stage's entrants present; the draw then seats those present."""
    return _update(tid, lambda t: _check_in(t, stage, list(players), by, now()),
                   f"{stage}: checked in by {by}")


def mark_absent(tid: str, stage: str, players: Sequence[str], by: str,
                now: Now = utc_now) -> Tournament:
    """Mark players absent from the stage's round (a draw that seated them is superseded)."""
    return _update(tid, lambda t: _mark_absent(t, stage, list(players), by, now()),
                   f"{stage}: marked absent by {by}")


def call_standby(tid: str, stage: str, absent: str, judge: Judge | None,
                 standby: str | None = None, now: Now = utc_now,
                 sleep: Sleep = time.sleep) -> Tournament:
    """Call in the standby next in line (or `standby`, if next in line) for `absent`'s seat: a
    judge's decision, signed by `judge` (name, PIN)."""
    by = judge[0] if judge is not None else "the desk"
    return _update(tid, lambda t: _call_standby(t, stage, absent, by, now(), standby),
                   f"{stage}: standby called in by {by}", judge, sleep)


# The tables' games -------------------------------------------------------------------------

def table_card(t: Tournament, stage: str, table: int) -> dict[str, Any]:
    """What the new-game form needs for a table, from the draw: the new_game command (players
    in seat order, profile, labels) without the roll-off, which is thrown at the table."""
    name = t.stage(stage).name
    seats = [t.seat_name(p) for p in drawn_table(t, name, table).players]
    card = {"type": "new_game", "profile": t.profile, "players": seats,
            "label": default_label(t.name, name, str(table)), "tournament": t.name,
            "round": name, "table": str(table)}
    # The tournament's board, when it has one, is every table's (else the profile's).
    return card | ({"board": t.board} if t.board else {})


def table_cards(tid: str, stage: str) -> list[dict[str, Any]]:
    """Every table's card of the stage's current draw, with the game length and whether the
    table's game is made. A tournament on the hub brings its own editions this laptop lacks
    (editions_here), so the cards' board is one the new-game form lists."""
    t = load(tid)
    editions_here(t)
    cards = cards_of(t, stage)
    waiting = started_on_hub(t, stage)
    # A game the hub holds but the tournament does not record yet: its source as the desk's
    # take-in will record it, marked as waiting for that.
    return [entry | {"game": HUB_SOURCE + waiting[entry["card"]["table"]], "waiting": True}
            if entry["game"] is None and entry["card"]["table"] in waiting else entry
            for entry in cards]


def cards_of(t: Tournament, stage: str) -> list[dict[str, Any]]:
    """`table_cards` of a tournament already read (the window's, read off its thread)."""
    made = t.draw(stage)
    if made is None:
        raise TournamentError(f"the {t.stage(stage).name} is not drawn yet")
    games_of = {g.table: g.source for g in t.games if g.stage == made.stage}
    return [{"card": table_card(t, made.stage, n.number), "minutes": t.minutes,
             "game": games_of.get(n.number)} for n in made.tables]


def roll_off_from_throws(players: Sequence[str], throws: str) -> list[dict[str, list[int]]]:
    """The roll-off as thrown, typed in seat order: "6+5 4+3 2+2 5+1", a "/" before each
    further round, which only those tied for the highest total throw ("... / 3+1 4+4")."""
    rounds: list[dict[str, list[int]]] = []
    for typed in throws.split("/"):
        contenders = roll_off_contenders(players, rounds) if rounds else list(players)
        dice = typed.split()
        if not contenders:
            raise BadInput(f"the roll-off was decided after round {len(rounds)}; "
                           f"round {len(rounds) + 1} is one too many")
        if len(dice) != len(contenders):
            raise BadInput(f"roll-off round {len(rounds) + 1}: {len(contenders)} throws "
                           f"({', '.join(contenders)}), not {len(dice)}")
        try:
            rounds.append({who: [int(x) for x in pair.split("+")]
                           for who, pair in zip(contenders, dice, strict=True)})
        except ValueError as e:
            raise BadInput(f"roll-off round {len(rounds) + 1}: a throw is typed as 6+5") from e
    return rounds


def start_table(tid: str, stage: str, table: int, roll_off: list[dict[str, list[int]]],
                banker: str, judge: tuple[str, str] | None = None, now: Now = utc_now,
                folder: Path | None = None, *, copy: bool = True) -> Path:
    """Make the table's game from its card and the roll-off (the banker confirms and starts):
    a new ledger file in the games folder, recorded as the table's game (with a table's own
    role on the hub, which may not change the tournament, the desk records it: from_hub.py),
    and, unless `copy` is False (the caller copies it and says how that went), copied to the
    hub holding the tournament (copy_to_hub)."""
    t = load(tid)
    card = table_card(t, stage, table)
    _attach_game(t, stage, table, "check")  # refused here, before any file is made
    waiting = started_on_hub(t, stage).get(str(table))
    if waiting is not None:
        raise TournamentError(f"{t.stage(stage).name} table {table} is started already: "
                              f"{HUB_GAME.format(game=waiting)}")
    editions_here(t)
    path = games.create_game(card | {"roll_off": roll_off}, banker, judge, t.minutes, now, folder)
    # The game's id is kept too, so its copy on the hub can be read without this file.
    game_id = _game_id_of(str(path))
    # A table's own role may not change the tournament: the desk takes its game in from the
    # hub (from_hub.py), so the game is copied there at once (the table's window copies the
    # entries that follow), and a second start of the table is refused meanwhile.
    with suppress(TournamentWriteRefused):
        _update(tid, lambda current: _attach_game(current, stage, table, str(path), game_id),
                f"{stage} table {table} started")
    if copy:
        copy_to_hub(t, path)
    return path


def copy_to_hub(t: Tournament, path: Path) -> str | None:
    """Copy the table's game at `path` to the hub holding `t` (a tournament only in its file:
    nothing). Returns None when the hub holds it now, else why not (the hub out of reach, the
    game refused): the game stands in its file, and its window or `banker hub push --db`
    copies it once the hub answers."""
    from app.hub import push_file  # noqa: PLC0415 (the hub loads only when needed)

    try:
        with on_hub() as held:
            if held is None or held.version(t.id) == 0:
                return None
            push_file(held.hub, path)
    except (HubError, LedgerError) as e:
        return str(e)
    return None


def current_stage(t: Tournament) -> str | None:
    """The stage the hall is playing: the last one with a draw (None before the first draw)."""
    drawn = [s.name for s in t.stages if t.draw(s.name) is not None]
    return drawn[-1] if drawn else None


def _game_id_of(source: str) -> str | None:
    from app.ledger import open_ledger  # noqa: PLC0415

    with open_ledger(source, create=False, readonly=True) as ledger:
        return ledger.latest_game_id()


def attach(tid: str, stage: str, table: int, path: Path) -> Tournament:
    """Take in a table's game played on a file of its own (handed in from a table with no
    network): its opening must be the table's card (players in seat order, round, table)."""
    from app.table.service import TableGame  # noqa: PLC0415 (the ledger loads only when needed)

    t = load(tid)
    card = table_card(t, stage, table)
    game = TableGame.open(str(path), create=False, readonly=True)
    try:
        if game.game_id is None:
            raise TournamentError(f"{path}: holds no game")
        opening = game.ledger.commands(game.game_id)[0].payload
        game_id = game.game_id
    finally:
        game.close()
    differ = [k for k in ("players", "round", "table", "profile", *(("board",) if t.board else ()))
              if opening.get(k) != card.get(k)]
    if differ:
        raise TournamentError(f"{path}: not {card['label']}'s game: its {', '.join(differ)} "
                              "differ from the draw")
    return _update(tid, lambda current: _attach_game(current, stage, table, str(path), game_id),
                   f"{stage} table {table}: game attached")


# Results, standings, rulings ---------------------------------------------------------------

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
        t = _update(tid, lambda current: _record_results(current, name, sheets),
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
    """The sheets of `refs` from the hub's open ledger, every game's rows read in one go."""
    from app.ledger.prefetch import PrefetchedLedger  # noqa: PLC0415

    sheets: dict[int, dict[str, Any]] = {}
    held = set(opened.game_ids())
    ledger = PrefetchedLedger(opened, (r.game_id for r in refs if r.game_id in held))
    for ref in refs:
        game = _opened(ref, notes, lambda r: _open_on_hub(ledger, held, r))
        if game is not None:  # not closed: it shares the hub's ledger
            _read_sheet(ref.table, game, sheets, notes)
    return sheets


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

    game_id = ref.game_id or (_game_id_of(ref.source) if Path(ref.source).is_file() else None)
    if game_id is None:
        raise TournamentError(f"no game id is recorded and {ref.source} is not here to read it")
    if game_id not in held:
        raise TournamentError(f"the hub holds no copy of game {game_id} yet")
    game = TableGame(ledger=ledger, game_id=game_id, table=None, state=None)
    game.reload()
    return game


def _read_sheet(table: int, game: TableGame, sheets: dict[int, dict[str, Any]],
                notes: list[str]) -> None:
    from app.table.scoresheet import scoresheet  # noqa: PLC0415

    if game.problems:
        notes.append(f"table {table}: the ledger does not verify: {game.problems[0]}")
    elif game.state is None or not game.state.locked:
        notes.append(f"table {table}: the scoresheet is not collected yet")
    else:
        sheets[table] = scoresheet(game)


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
    return _update(tid, lambda t: _rule_tie(t, stage, list(order), name, reason, now(),
                                            supersede),
                   f"{stage}: tie {'ruled again' if supersede else 'ruled'} by {name}",
                   judge, sleep)
