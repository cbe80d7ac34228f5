"""The hub: one database holding every game of a tournament, fed by the tables, checked on arrival."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.hub import chains, keys, receiving
from app.hub.batch import Batch
from app.hub.errors import HubError, HubForbidden, HubNeedsTls, HubRefused, HubUnreachable
from app.hub.marks import (
    Flag,
    Judged,
    Mark,
    add_judges_mark,
    game_named,
    judged_marks,
    mark_diverged,
)
from app.hub.records import Receipt, Refusal, TableOnHub, label_order
from app.hub.schema import hub_games, hub_judge_keys, hub_judges, hub_refusals
from app.hub.times import machine_clock
from app.ledger import schema
from app.ledger.database import Database, ledger_url
from app.ledger.errors import LedgerError, LedgerNotFound
from app.ledger.hashing import GENESIS, format_timestamp
from app.ledger.migration import schema_status
from app.ledger.opening import open_database
from app.ledger.transport import remote_without_tls
from app.signing.keys import Signer
from app.table.judges import hash_pin
from models.commands import JudgeEntry

HUB_URL_ENV = "BANKER_HUB_URL"
_NO_HUB = ("no hub at {where} (nothing was created): check --hub or {env}; a hub is made by "
           "the first `banker hub push` or `banker hub add-judge`").replace("{env}", HUB_URL_ENV)
CONNECT_TIMEOUT_S = 5
"""How long a PostgreSQL connection attempt waits before the hub counts as unreachable."""
GONE = {"keepalives": "1", "keepalives_idle": "10", "keepalives_interval": "5",
        "keepalives_count": "3", "tcp_user_timeout": "20000"}
"""libpq's settings that find a hub gone without a word (its power cut, a cable pulled: no
packet says the connection ended): an idle connection (the round's, listening) is found dead
within 25 s by the kernel's keepalives, and a statement sent into the void within 20 s
(`tcp_user_timeout`, in ms), instead of TCP's own quarter of an hour. A busy server is not
gone: its kernel answers both."""

Clock = Callable[[], datetime]
Sleep = Callable[[float], None]


def hub_url(url: str | None = None) -> str | None:
    """The hub's URL: `url` when given, else BANKER_HUB_URL (None when neither is set)."""
    found = url if url is not None else os.environ.get(HUB_URL_ENV, "")
    return found.strip() or None


class Hub:
    """The tournament's hub database (PostgreSQL; a SQLite file serves for tests and a hall
    without a server). Every method raises HubUnreachable when the database cannot be used."""

    def __init__(self, database: Database, now: Clock | None = None) -> None:
        self._db = database
        self._now = now or (lambda: datetime.now(UTC))

    @classmethod
    def open(cls, url: str | None = None, now: Clock | None = None, *,
             create: bool = False) -> Hub:
        """Connect to the hub at `url` (default BANKER_HUB_URL) and bring its schema to this
        version's. Only with `create` (a push, a judge's registration) is a missing SQLite file
        made or an empty database given the hub's tables: reading a hub (status, import, the
        head judge's window) at a mistyped path must not leave an empty hub there.

        Raises HubError without a URL, with a URL that is not one, or (without `create`) when
        no hub is there; HubUnreachable when it cannot be opened."""
        found = hub_url(url)
        if found is None:
            raise HubError(f"no hub is set: give --hub or set {HUB_URL_ENV} "
                           "(e.g. postgresql+psycopg://banker_table_1:PASSWORD@hall-server/tournament"
                           "?sslmode=require)")
        require_tls(found)
        target = with_timeout(found)
        try:
            if not create:
                _must_exist(target)
            return cls(open_database(target, create=True, readonly=False), now)
        except LedgerNotFound as e:
            raise HubError(_NO_HUB.format(where=e.path)) from e
        except LedgerError as e:
            raise HubUnreachable(f"the hub cannot be opened: {e}") from e

    @property
    def location(self) -> str:
        """The hub's URL without its password (or its file's path)."""
        return self._db.location

    @property
    def database(self) -> Database:
        """The underlying database (`banker verify` and the ledger's readers use it)."""
        return self._db

    def close(self) -> None:
        """Release the connections."""
        self._db.close()

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # -- tables' entries --------------------------------------------------------------------

    def head(self, game_id: str) -> tuple[int, str]:
        """The last entry the hub holds of the game: (0, GENESIS) for a game it does not hold."""
        with self._reachable(), self._db.read() as connection:
            return receiving.head_of(connection, game_id)

    def receive(self, batch: Batch, source: str, *, file: str | None = None) -> Receipt:
        """Check a batch against its own chain and the hub's copy, and store its new entries
        (idempotent by game and seq: an entry the hub holds is compared, never stored twice);
        the head the table reported with it is kept (and `file`, where it was read from).

        Raises HubRefused (recorded on the hub, nothing of the batch stored) for a broken chain
        or a batch that differs from the hub's copy (rewritten or shortened: the game is then
        marked DIVERGED, whoever sent it); HubGap when the batch starts past the hub's head;
        HubUnreachable."""
        try:
            with self._reachable(), self._db.write() as connection:
                # Arrivals are timed by the hub's clock (PostgreSQL's now()): a laptop's
                # clock is compared with it (records.TableOnHub.clock_off).
                return receiving.receive(connection, batch, source, self._stamp(), file,
                                         machine_clock)
        except HubRefused as refused:
            self._record_refusal(refused, source)
            raise

    def _record_refusal(self, refused: HubRefused, source: str) -> None:
        stamp = self._stamp()
        with self._reachable(), self._db.write() as connection:
            receiving.lock_game(connection, refused.game_id)
            # A table's role records refusals of its own games only: a first batch refused
            # claims the game as a sound one would.
            receiving.claim_game(connection, refused.game_id)
            last = connection.execute(
                select(hub_refusals.c.kind, hub_refusals.c.reason)
                .where(hub_refusals.c.game_id == refused.game_id)
                .order_by(hub_refusals.c.id.desc()).limit(1)).first()
            if last is None or tuple(last) != (refused.kind, refused.reason):
                connection.execute(insert(hub_refusals).values(
                    game_id=refused.game_id, at=stamp, kind=refused.kind, seq=refused.seq,
                    reason=refused.reason, source=source))
            if refused.kind == "diverged":
                mark_diverged(connection, refused.game_id, refused.seq, refused.reason, source,
                              stamp)

    # -- the head judge's view --------------------------------------------------------------

    def tables(self) -> list[TableOnHub]:
        """Every game the hub holds or refused, by label (table 2 before table 10) then id: its
        entries, head and last entry's time taken from its entries themselves (never from
        hub_games' columns, which a table's login writes), its chain checked by the hub up to
        that head (chains.py)."""
        with self._reachable(), self._db.read() as connection:
            counts: dict[str, int] = dict(connection.execute(
                select(hub_refusals.c.game_id, func.count()).group_by(hub_refusals.c.game_id)
            ).all())
            rows = sorted(connection.execute(select(hub_games, *_held())).all(),
                          key=lambda row: (label_order(row.label), row.game_id))
            flags = judged_marks(connection).flags
            checked = {row.game_id: chains.checked_upto(connection, self.location, row.game_id,
                                                        row.held or 0) for row in rows}
        found = [_table(row, flags.get(row.game_id), int(counts.pop(row.game_id, 0)),
                        checked[row.game_id]) for row in rows]
        return found + [self._unheld(game_id, count) for game_id, count in sorted(counts.items())]

    def _unheld(self, game_id: str, count: int) -> TableOnHub:
        """A game the hub refused before holding any of it (its first batch was broken)."""
        last = self.refusals(game_id)[-1]
        return TableOnHub(game_id=game_id, label=None, source=last.source, entries=0,
                          last_recorded_at=None, last_arrival_at=last.at, diverged=None,
                          refusals=count)

    def refusals(self, game_id: str | None = None) -> list[Refusal]:
        """The refused batches, oldest first (of one game when `game_id` is given)."""
        query = select(hub_refusals).order_by(hub_refusals.c.id)
        if game_id is not None:
            query = query.where(hub_refusals.c.game_id == game_id)
        with self._reachable(), self._db.read() as connection:
            rows = connection.execute(query).all()
        return [Refusal(game_id=r.game_id, at=datetime.fromisoformat(r.at), kind=r.kind,
                        seq=r.seq, reason=r.reason, source=r.source) for r in rows]

    # -- the DIVERGED flag: marks, notes, rulings ------------------------------------------

    def marks(self, game_id: str | None = None) -> list[Mark]:
        """The marks a reader follows (diverged, and the judges' notes and rulings whose
        signatures verify), oldest first (of one game if given)."""
        return list(self.judged(game_id).marks)

    def judged(self, game_id: str | None = None) -> Judged:
        """The marks followed and the judges' marks passed over, each named with why."""
        with self._reachable(), self._db.read() as connection:
            return judged_marks(connection, game_id)

    def flags(self) -> dict[str, Flag]:
        """Each DIVERGED game's flag as it stands (by the marks followed), by game id."""
        return self.judged().flags

    def game_named(self, named: str) -> str:
        """The id of the game `named` (its id, or its table's label); raises HubError."""
        with self._reachable(), self._db.read() as connection:
            return game_named(connection, named)

    def annotate(self, game: str, judge: str, pin: str, note: str,
                 sleep: Sleep = time.sleep) -> Flag:
        """A registered judge's note on a DIVERGED game's flag (PIN checked as at a table,
        wrong tries slowed down). Raises JudgeAuthError, HubError (no flag, no words)."""
        return self._judges_mark("note", game, judge, pin, note, sleep)

    def rule(self, game: str, judge: str, pin: str, reason: str,
             sleep: Sleep = time.sleep) -> Flag:
        """The head judge's ruling on a DIVERGED game: its result may then count in the
        tournament (the flag stays, ruled). Raises JudgeAuthError, HubError (no flag, no
        reason, ruled already)."""
        return self._judges_mark("ruling", game, judge, pin, reason, sleep)

    def _judges_mark(self, kind: str, game: str, judge: str, pin: str, text: str,
                     sleep: Sleep) -> Flag:
        game_id = self.game_named(game)
        signed_in = self.signer(judge, pin, sleep)
        with self._reachable(), self._db.write() as connection:
            receiving.lock_game(connection, game_id)
            return add_judges_mark(connection, game_id, kind, signed_in, text, self._stamp())

    # -- judges -----------------------------------------------------------------------------

    def register_judge(self, name: str, pin: str) -> None:
        """Register a tournament judge (the PIN's argon2 hash, never the PIN); raises
        JudgeAuthError for a PIN that is not 6+ digits, HubError for a name taken or invalid."""
        entry = JudgeEntry(name=name, pin_hash=hash_pin(pin)) if _name_ok(name) else None
        if entry is None:
            raise HubError(f"judge name {name!r} is empty or longer than 40 characters")
        with self._reachable(), self._db.write() as connection:
            taken = connection.execute(select(hub_judges.c.name)
                                       .where(hub_judges.c.name == entry.name)).first()
            if taken is not None:
                raise HubError(f"judge {entry.name!r} is already registered on the hub")
            connection.execute(insert(hub_judges).values(
                name=entry.name, pin_hash=entry.pin_hash, created_at=self._stamp()))
            connection.execute(insert(hub_judge_keys).values(
                **keys.new_key_row(entry.name, pin, self._stamp())))

    def take_judges(self, judges: list[JudgeEntry]) -> list[str]:
        """Register judges made elsewhere (a tournament's file pushed to the hub) with their
        keys, so the decisions they signed verify here; a judge the hub holds with the same key
        is left as is. Returns the names added. Raises HubError, nothing added, when a name is
        held with another key or none (the hub's judge is another person, or must sign in)."""
        added: list[str] = []
        with self._reachable(), self._db.write() as connection:
            held = keys.sealed_keys(connection)
            names = set(connection.execute(select(hub_judges.c.name)).scalars())
            for entry in judges:
                if entry.public_key is None or entry.sealed_key is None:
                    continue
                if entry.name in names:
                    if held.get(entry.name) is None or \
                            held[entry.name].public_key != entry.public_key:
                        raise HubError(
                            f"judge {entry.name!r} is registered on the hub with another key: "
                            "their decisions in the file would not verify there; register "
                            "the file's judge under another name first")
                    continue
                connection.execute(insert(hub_judges).values(
                    name=entry.name, pin_hash=entry.pin_hash, created_at=self._stamp()))
                connection.execute(insert(hub_judge_keys).values(
                    name=entry.name, public_key=entry.public_key, sealed_key=entry.sealed_key,
                    added_at=self._stamp()))
                added.append(entry.name)
        return added

    def judges(self) -> list[JudgeEntry]:
        """The tournament's judges, by name, each with their key when they have one."""
        with self._reachable(), self._db.read() as connection:
            rows = connection.execute(select(hub_judges.c.name, hub_judges.c.pin_hash)
                                      .order_by(hub_judges.c.name)).all()
            found = keys.sealed_keys(connection)
        return [JudgeEntry(name=name, pin_hash=pin_hash,
                           public_key=found[name].public_key if name in found else None,
                           sealed_key=found[name].sealed if name in found else None)
                for name, pin_hash in rows]

    def public_keys(self) -> dict[str, str]:
        """Each judge's public key (name → base64): what a reader checks signatures with."""
        with self._reachable(), self._db.read() as connection:
            return keys.public_keys(connection)

    def signer(self, judge: str, pin: str, sleep: Sleep = time.sleep) -> Signer:
        """Judge `judge` signed in on the hub with the PIN, their key opened (a judge registered
        before signatures gets one now). Raises JudgeAuthError, DamagedKey, SigningError,
        HubUnreachable."""
        registered = {entry.name: entry.pin_hash for entry in self.judges()}
        with self._reachable():
            return keys.signer(self._db, self.location, registered, judge, pin, sleep,
                               self._now)

    def game_ids(self) -> list[str]:
        """Every game whose entries the hub holds, oldest first."""
        with self._reachable(), self._db.read() as connection:
            return list(connection.execute(select(schema.games.c.id).order_by(
                schema.games.c.created_at, schema.games.c.id)).scalars())

    def _stamp(self) -> str:
        return format_timestamp(self._now())

    def _reachable(self) -> _Translated:
        return _Translated(self.location)


class _Translated:
    """The ledger's errors from the hub's database become HubUnreachable (the hub's own
    refusals and errors pass through)."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if isinstance(error, LedgerError) and "(42501)" in str(error):
            raise HubForbidden(f"the hub at {self.where} refused this role: {error} (a table's "
                               "role writes its own game's rows only; a game first sent by "
                               "another role stays theirs unless the hub's owner moves it)"
                               ) from error
        if isinstance(error, LedgerError):
            raise HubUnreachable(f"the hub at {self.where} cannot be used just now: {error}"
                                 ) from error


def require_tls(url: str) -> None:
    """Refuse, before any connection, a PostgreSQL hub URL to another machine without
    sslmode=require (or verify-ca, verify-full): a table's role's password and every entry
    would cross the hall's network in clear. Local hosts and sockets need no TLS.

    Raises HubNeedsTls naming the host and what to add (HubError for a URL that is not one)."""
    if "://" not in url:
        return
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as e:
        raise HubError(f"{HUB_URL_ENV}: {url!r} is not a database URL: {e}") from e
    remote = remote_without_tls(parsed)
    if remote is not None:
        raise HubNeedsTls(f"the hub at {remote} is on another machine: its URL needs "
                          "sslmode=require (or verify-full), e.g. ...@hall-server/tournament"
                          "?sslmode=require, and the server a certificate (docs/commands.md, "
                          "`banker hub init`); nothing was sent")


def with_timeout(url: str) -> str:
    """A PostgreSQL URL that gives up connecting after CONNECT_TIMEOUT_S (a hall's network
    that drops packets would otherwise hold the replicator for minutes), and whose connections
    find a hub gone without a word (GONE); a setting the URL gives is kept."""
    if "://" not in url:
        return url
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as e:  # a bad port is a ValueError from the parser
        raise HubError(f"{HUB_URL_ENV}: {url!r} is not a database URL: {e}") from e
    if parsed.get_backend_name() != "postgresql":
        return url
    added = {key: value for key, value in
             {"connect_timeout": str(CONNECT_TIMEOUT_S), **GONE}.items()
             if key not in parsed.query}
    if not added:
        return url
    return parsed.update_query_dict(added).render_as_string(hide_password=False)


def _must_exist(target: str) -> None:
    """Raise LedgerNotFound unless a hub (a ledger with its tables) is at `target`: a SQLite
    file that exists and is not empty, or a database that has the ledger's tables."""
    where = ledger_url(target)
    if isinstance(where, Path):
        if not where.is_file() or where.stat().st_size == 0:
            raise LedgerNotFound(str(where))
        return
    database = Database(where, readonly=True)
    try:
        if schema_status(database) == "empty":
            raise LedgerNotFound(f"{database.location} (the database has no hub tables)")
    finally:
        database.close()


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _held() -> tuple[Any, ...]:
    """The hub's own head of each hub_games row's game, from its entries: last seq, its hash and
    when it was recorded (one index look-up each)."""
    events = schema.events.c

    def last(column: Any, name: str) -> Any:
        return (select(column).where(events.game_id == hub_games.c.game_id)
                .order_by(events.seq.desc()).limit(1).scalar_subquery().label(name))

    return last(events.seq, "held"), last(events.hash, "held_hash"), last(
        events.recorded_at, "held_at")


def _table(row: Any, flag: Flag | None, refusals: int, checked: chains.Checked
           ) -> TableOnHub:
    """A hub_games row with the hub's own head and check of its game and its flag, as the head
    judge's view and `hub status` show it."""
    ruling = flag.ruling if flag is not None else None
    return TableOnHub(
        game_id=row.game_id, label=row.label, source=row.source, entries=row.held or 0,
        last_recorded_at=_when(row.held_at),
        last_arrival_at=datetime.fromisoformat(row.last_arrival_at),
        diverged=flag.diverged.text if flag is not None else None, refusals=refusals,
        head_hash=row.held_hash or GENESIS, checked=checked.seq, broken=checked.words(),
        version=checked.version,
        ruling=f"{ruling.by}: {ruling.text}" if ruling else None,
        notes=len(flag.notes) if flag is not None else 0,
        reported=None if row.reported_entries is None else (
            int(row.reported_entries), str(row.reported_hash)),
        reported_at=_when(row.reported_at), file=row.file)


def _name_ok(name: str) -> bool:
    return isinstance(name, str) and 0 < len(name.strip()) <= 40 and name == name.strip()
