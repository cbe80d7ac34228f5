"""The tournament service, the one door the CLI and the windows use (`from app.tournament import
service as tournaments`): a tournament made, pushed to the hub, exported, its players entered
and withdrawn here; the rest by concern in its own module, whose public names are this
module's too: where it is kept and changed (keeping.py), the roll call (roll_call.py), the draw
and the tables' games (draws.py), results, standings and rulings (results.py), the sign-up
sheet (signup.py); publishing is publishing.py's."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from app.editions import rulebook
from app.games.folder import utc_now
from app.hub.hub import hub_url
from app.tournament.draws import (
    attach,
    cards_of,
    copy_to_hub,
    current_stage,
    draw,
    roll_off_from_throws,
    start_table,
    table_card,
    table_cards,
)
from app.tournament.editions import editions_here, share_editions
from app.tournament.files import document, load_file, save, tournament_path
from app.tournament.judging import Judge, Sleep
from app.tournament.keeping import (
    Now,
    add_judge,
    change,
    list_tournaments,
    load,
    load_checked,
    undo,
    update,
)
from app.tournament.results import (
    collect_results,
    read_sheets,
    rule_tie,
    ruled_ties,
    standings,
    standings_of,
)
from app.tournament.roll_call import call_standby, check_in, mark_absent, roll_call, roll_call_of
from app.tournament.signup import players_from_csv
from app.tournament.store import on_hub
from models.commands import JudgeEntry
from models.errors import BankerError
from models.tournament.changes import add_players as _add_players
from models.tournament.changes import new_tournament
from models.tournament.changes import withdraw as _withdraw
from models.tournament.moves import move_game as _move_game
from models.tournament.records import DrawOptions, Player, Stage, Tournament, TournamentError

__all__ = [
    "BankerError",
    "DrawOptions",
    "Judge",
    "Now",
    "Player",
    "Sleep",
    "Stage",
    "Tournament",
    "TournamentError",
    "add_judge",
    "add_players",
    "attach",
    "call_standby",
    "cards_of",
    "change",
    "check_in",
    "collect_results",
    "copy_to_hub",
    "create",
    "current_stage",
    "draw",
    "editions_here",
    "export",
    "list_tournaments",
    "load",
    "load_checked",
    "load_file",
    "mark_absent",
    "move_game",
    "players_from_csv",
    "push",
    "read_sheets",
    "roll_call",
    "roll_call_of",
    "roll_off_from_throws",
    "rule_tie",
    "ruled_ties",
    "save",
    "standings",
    "standings_of",
    "start_table",
    "table_card",
    "table_cards",
    "tournament_path",
    "undo",
    "update",
    "withdraw",
]


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
    return update(tid, lambda t: _add_players(t, list(players), now()),
                   f"players entered: {', '.join(p.id for p in players)}")


def withdraw(tid: str, player: str, reason: str, judge: Judge | None = None,
             now: Now = utc_now, sleep: Sleep = time.sleep) -> Tournament:
    """A late withdrawal or no-show before the player's next round starts: a judge's
    decision, signed by `judge` (name, PIN)."""
    return update(tid, lambda t: _withdraw(t, player, reason, now()), f"{player} withdrawn",
                   judge, sleep)


def move_game(tid: str, stage: str, game_id: str, table: int, reason: str, judge: Judge | None,
              now: Now = utc_now, sleep: Sleep = time.sleep) -> Tournament:
    """Record that the hub's game `game_id`, sent under another table's login, is `table`'s
    game of `stage` (the desk's take-in then follows it): a judge's decision, signed by
    `judge` (name, PIN), as withdrawals are."""
    by = judge[0] if judge is not None else "the desk"
    return update(tid, lambda t: _move_game(t, stage, table, game_id, reason, by, now()),
                  f"{stage}: game {game_id} moved to table {table} by {by}", judge, sleep)
