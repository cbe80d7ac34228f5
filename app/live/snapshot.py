"""One snapshot of every tournament on the hub for the public page, as plain JSON-ready data.

Built from the reader's login only and from the app's own services: the standings as the
tournament service and the publishing of a stage give them (`publishing.published`, which
ranks through models.tournament.standings: nothing ranked here), the judges' decisions as
their readers follow them (`HubTournaments.checked`: a ruling, withdrawal or move that does not
verify is left out and listed as not standing), the hall's round as the hub's signed entries
hold it (`rounds.status_on`, `hall_time`), and each table's game folded from the hub's copy
(`HubGames`, `table_view`, `feed_entries`, `models.scoring.score`). Field by field: a player's
contact is never read into it.

The hub is read whole only when its change mark moved (`app.hub.changes.change_mark`, one
statement); every phone is served from the one snapshot the last reading made."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.hub import Hub, TableOnHub
from app.hub.changes import Mark, change_mark
from app.hub.games import HubGames
from app.table.service import TableGame
from app.table.view_build import feed_entries, table_view
from app.table.views import PlayerView, TableView
from app.tournament import rounds
from app.tournament.hall import round_length
from app.tournament.hub_store import HubTournaments
from app.tournament.publishing import DECIDED, published
from models.errors import BankerError
from models.scoring import score
from models.tournament.hall_time import hall_time
from models.tournament.records import Tournament

Clock = Callable[[], datetime]
LAST_ENTRIES = 8
"""The last entries of a table's game shown in words."""
REREAD_S = 30.0
"""The hub is read whole at least this often, changed or not (a round's clock runs on; the
change mark, which counts the judges' keys, says the rest at once)."""

Data = dict[str, Any]


@dataclass(frozen=True)
class Snapshot:
    """One reading of the hub: its data (JSON-ready), its serial number (each reading whose
    data differs from the one before gets the next), when it was read, and the hub's mark."""

    data: Data
    serial: int
    at: datetime
    mark: Mark


class LiveReader:
    """Reads the hub for the page: the change mark every call of `refresh`, the whole hub only
    when the mark moved (or REREAD_S after the last whole reading). Raises HubError (the
    hub's HubUnreachable when it does not answer) from `refresh`."""

    def __init__(self, hub_url: str, now: Clock | None = None,
                 opener: Callable[[str], Hub] | None = None) -> None:
        self.hub_url = hub_url
        self.now = now or (lambda: datetime.now(UTC))
        self.opener = opener or (lambda url: Hub.open(url, self.now))
        self._hub: Hub | None = None
        self._games = HubGames(hub_url, self.now)
        self.snapshot: Snapshot | None = None
        self.readings = 0  # whole readings of the hub, for the load test
        self._whole_at = 0.0
        self.secrets = secrets_of(hub_url)

    def refresh(self) -> Snapshot:
        """The snapshot as the hub stands now (the same object when nothing changed)."""
        try:
            hub = self._open()
            mark = change_mark(hub)
            held = self.snapshot
            if (held is not None and held.mark == mark
                    and time.monotonic() - self._whole_at < REREAD_S):
                return held
            data = read_hub(hub, self._games, self.now())
        except BaseException:
            self.close()  # the next reading connects afresh
            raise
        data = scrubbed(data, self.secrets)
        self.readings += 1
        self._whole_at = time.monotonic()
        if held is not None and _same(held.data, data):
            self.snapshot = Snapshot(held.data, held.serial, held.at, mark)
            return self.snapshot
        self.snapshot = Snapshot(data, 1 if held is None else held.serial + 1, self.now(), mark)
        return self.snapshot

    def _open(self) -> Hub:
        if self._hub is None:
            self._hub = self.opener(self.hub_url)
        return self._hub

    def close(self) -> None:
        """Release the hub's connections (a later `refresh` opens them again)."""
        self._games.close()
        if self._hub is not None:
            self._hub.close()
        self._hub = None


def secrets_of(hub_url: str) -> tuple[str, ...]:
    """What of the hub's address may never reach a page: the address itself (with and
    without its password), the login, the password, the host and port."""
    try:
        url = make_url(hub_url)
    except ArgumentError:
        return (hub_url,)
    found = {hub_url, url.render_as_string(hide_password=True),
             url.render_as_string(hide_password=False), url.username or "",
             str(url.password or ""), f"{url.host}:{url.port}" if url.host and url.port else "",
             url.host or ""}
    if url.drivername.startswith("sqlite") and url.database:
        found.add(url.database)
    return tuple(sorted((s for s in found if len(s) >= 4), key=len, reverse=True))


def scrubbed(data: Data, secrets: tuple[str, ...]) -> Data:
    """`data` with every one of `secrets` replaced by "the hub" (a hub's own words, an error's,
    may name its address: none reaches a page)."""
    text = json.dumps(data, ensure_ascii=False)
    found = [s for s in secrets if json.dumps(s, ensure_ascii=False)[1:-1] in text]
    if not found:
        return data
    for secret in found:
        text = text.replace(json.dumps(secret, ensure_ascii=False)[1:-1], "the hub")
    loaded: Data = json.loads(text)
    return loaded


def _same(before: Data, after: Data) -> bool:
    """Whether two readings say the same but for what only the passing of time changes (the
    time of reading, the clocks' time left: a page counts them down from the reading's time)."""
    return bool(_steady(before) == _steady(after))


def _steady(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items() if k not in ("read_at", "left_ms")}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def read_hub(hub: Hub, games: HubGames, now: datetime) -> Data:
    """Every tournament on the hub as the page shows it."""
    held = HubTournaments(hub)
    tables = {t.game_id: t for t in hub.tables()}
    found = []
    for tid in held.ids():
        checked = held.checked(tid)
        if checked is None:
            continue
        found.append(tournament_data(hub, checked.tournament, tuple(checked.words), tables,
                                     games, now))
    marks_passed = [p.words for p in hub.judged().problems]
    return {"read_at": _iso(now, "milliseconds"), "tournaments": found,
            "not_standing": marks_passed}


def tournament_data(hub: Hub, t: Tournament, not_followed: tuple[str, ...],
                    tables: dict[str, TableOnHub], games: HubGames, now: datetime) -> Data:
    """One tournament: each stage's standings, draw, round and tables; its judges' decisions
    that do not verify, in words (shown as not standing)."""
    drawn = [s.name for s in t.stages if t.draw(s.name) is not None]
    stages = [stage_data(hub, t, s.name, tables, games, now) if s.name in drawn else
              {"name": s.name, "drawn": False, "current": False} for s in t.stages]
    for stage in stages:
        stage["current"] = bool(drawn) and stage["name"] == drawn[-1]
    return {"id": t.id, "name": t.name, "stages": stages, "not_standing": list(not_followed),
            "current": drawn[-1] if drawn else None}


def stage_data(hub: Hub, t: Tournament, stage: str, tables: dict[str, TableOnHub],
               games: HubGames, now: datetime) -> Data:
    """A drawn stage: its standings (as published: rows, ties, rulings that stand, categories;
    provisional until decided), its round and every table of its draw."""
    standings = published(t, stage, now)
    standings.pop("tournament", None)
    standings["provisional"] = standings["state"] != DECIDED
    standings["read_at"] = standings.pop("published_at")
    status = rounds.status_on(hub, t, stage)
    made = t.draw(stage)
    assert made is not None  # only drawn stages come here
    clocks = {c.table: c for c in status.tables}
    found = []
    for drawn in made.tables:
        game_id = clocks[drawn.number].game_id if drawn.number in clocks else None
        seats = [{"seat": i, "name": t.seat_name(p), "id": p, "latin": t.player(p).latin}
                 for i, p in enumerate(drawn.players, start=1)]
        found.append({"number": drawn.number, "seats": seats,
                      **table_data(game_id, tables.get(game_id or ""), games)})
    return {"name": t.stage(stage).name, "drawn": True, "standings": standings,
            "round": round_data(t, status.hall, status.flagged), "tables": found}


def round_data(t: Tournament, hall: Any, flagged: tuple[int, ...]) -> Data:
    """The hall's round: its phase and time left when read, the pause in force and why, the
    announcements (latest first), and the rows not followed (no judge signed them)."""
    try:
        minutes, marks = round_length(t)
    except BankerError:
        minutes, marks = None, ()
    clock = hall_time(hall, minutes, marks) if minutes else None
    return {
        "started_at": _iso(hall.started.at) if hall.started is not None else None,
        "phase": clock.phase if clock is not None else (
            "running" if hall.started is not None else "waiting"),
        "timed": clock is not None,
        "left_ms": clock.left_ms if clock is not None else None,
        "pause": hall.paused.text if hall.paused is not None else None,
        "paused_at": _iso(hall.paused.at) if hall.paused is not None else None,
        "announcements": [{"at": _iso(e.at), "text": e.text, "by": e.by}
                          for e in reversed(hall.entries) if e.kind == "announce"],
        "not_standing": list(hall.problems),
        "flagged": list(flagged) if hall.started is not None else [],
    }


def table_data(game_id: str | None, on_hub: TableOnHub | None, games: HubGames) -> Data:
    """A table's game as the hub's checks let it be shown: nothing of a copy whose chain the
    hub found broken, or that DIVERGED (unless the head judge's signed ruling settled it), or
    that does not read; else its live state."""
    if game_id is None or on_hub is None or on_hub.entries == 0:
        return {"status": "waiting", "flag": None, "game": None}
    if on_hub.broken:
        return {"status": "unverified", "game": None,
                "flag": f"the hub's copy does not check out ({on_hub.broken}): nothing shown"}
    if on_hub.diverged and not on_hub.ruling:
        return {"status": "diverged", "game": None,
                "flag": f"DIVERGED: {on_hub.diverged}. Nothing of this game is shown until "
                        "the head judge rules on it."}
    try:
        game = games.game(game_id)
        if game.problems or game.state is None:
            raise BankerError(game.problems[0] if game.problems else "no opening")
        view = table_view(game)
    except BankerError:
        games.forget(game_id)
        return {"status": "unverified", "game": None,
                "flag": "the hub's copy of this game does not read just now: nothing shown"}
    ruled = (f"DIVERGED, ruled by {on_hub.ruling}" if on_hub.diverged and on_hub.ruling
             else None)
    status = "over" if view.ended is not None else "live"
    return {"status": status, "flag": ruled, "game": game_data(game, view)}


def game_data(game: TableGame, view: TableView) -> Data:
    """A game's live state: the clock, whose turn, each player's cash, net worth (the
    scoresheet's own figure) and deeds by colour set, the board, the last entries in words."""
    assert game.table is not None and game.state is not None
    worth = {s.name: s.net_worth for s in score(game.table, game.state)}
    clock = view.clock
    return {
        "game_id": view.game_id,
        "entries": view.head_seq,
        "board": view.board_name,
        "currency": view.currency,
        "turn": view.turn_no,
        "to_act": next((p.name for p in view.players if p.to_act), None),
        "current": view.current,
        "ended": view.ended,
        "winner": view.winner,
        "dice": list(view.last_dice) if view.last_dice else None,
        "clock": None if clock is None else {
            "minutes": clock.minutes, "left_ms": clock.remaining_ms, "started": clock.started,
            "paused": clock.paused, "pause": clock.pause_reason, "running": clock.running,
            "time_called": clock.time_called, "final_round": clock.final_round},
        "players": [player_data(p, worth.get(p.name)) for p in view.players],
        "spaces": [{"index": s.index, "name": s.name, "kind": s.kind, "set": s.set_name,
                    "set_order": s.set_order, "owner": s.owner, "mortgaged": s.mortgaged,
                    "houses": s.houses, "hotel": s.hotel,
                    "tokens": [p.seat for p in view.tokens_on(s.index)]}
                   for s in view.spaces],
        "last": [{"seq": e.seq, "at": _iso(e.time), "text": e.text, "voided": e.voided}
                 for e in reversed(feed_entries(game, LAST_ENTRIES))],
    }


def player_data(p: PlayerView, worth: int | None) -> Data:
    """One player at a table: never more than the table's display shows."""
    return {
        "seat": p.seat, "name": p.name, "cash": p.cash,
        "net_worth": 0 if p.bankrupt else worth, "space": p.space_name,
        "to_act": p.to_act, "in_jail": p.in_jail, "bankrupt": p.bankrupt,
        "disqualified": p.disqualified, "away": p.away,
        "sets": [{"name": h.name, "set_order": h.set_order, "size": h.size, "full": h.full,
                  "deeds": [{"name": d.name, "mortgaged": d.mortgaged,
                             "houses": d.steps if d.steps < 5 else 0, "hotel": d.steps == 5}
                            for d in h.deeds]} for h in p.holdings],
        "owes": [{"to": d.creditor, "amount": d.amount} for d in p.debts],
    }


def _iso(at: datetime, timespec: str = "seconds") -> str:
    return at.astimezone(UTC).isoformat(timespec=timespec).replace("+00:00", "Z")
