"""Who may write what on a PostgreSQL hub: `banker hub init` makes the roles, grants and policies.

Three NOLOGIN group roles decide what SQL can touch (judges' PINs still decide every ruling):
banker_desk (the tournament: every table's rows, judges, marks; alone reads the players'
contacts), banker_table (a table's own game only: SELECT and INSERT, row-level security by
hub_table_roles) and banker_reader (SELECT only, the players' contacts excepted: displays, the
head judge's reading). Login roles join them, each with a password made here and shown once.
Everything is idempotent: run again after a migration adds tables, and they are granted too."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, text

from app.hub.errors import HubError, HubUnreachable
from app.hub.hub import Hub, hub_url
from app.ledger.errors import LedgerError

DESK, TABLE, READER = "banker_desk", "banker_table", "banker_reader"
DESK_LOGIN, READER_LOGIN = "banker_desk_login", "banker_reader_login"
CLAIMS = "hub_table_roles"
"""Which login role first sent each game (receiving.claim_game adds the row): a table's role
sees and appends only the rows of games it claimed."""

# Each table holding a game's rows, and the column naming the game.
GAME_TABLES = {"games": "id", "players": "game_id", "commands": "game_id", "events": "game_id",
               "transfers": "game_id", "snapshots": "game_id", "hub_games": "game_id",
               "hub_refusals": "game_id", "hub_marks": "game_id"}
# The players' contacts of each tournament version: the desk's alone (not even SELECT for the rest).
CONTACTS = "hub_tournament_contacts"
SIGNATURES, KEYS = "hub_signatures", "hub_judge_keys"
PUBLIC_KEY_COLUMNS = ("name", "public_key", "added_at")
"""What the reader sees of each judge's key (never the private key sealed under the PIN)."""
# A table reports its head with each batch: the only UPDATE it may make, on its own row.
REPORT_COLUMNS = ("label", "entries", "head_hash", "last_recorded_at", "last_arrival_at",
                  "reported_entries", "reported_hash", "reported_at", "file")
_OWN = f"{{column}} IN (SELECT game_id FROM {CLAIMS} WHERE role = current_user)"
# A table may mark its own game DIVERGED (its refused batch does), never note or rule on it.
_TABLE_MARKS = "kind = 'diverged'"

Password = Callable[[], str]
_SQLITE = ("roles need a PostgreSQL hub: a SQLite hub is one file, and who may write it is its "
           "folder's permissions")


@dataclass(frozen=True)
class Login:
    """A login role of the hub: `password` is None when it existed already (left unchanged)."""

    role: str
    group: str
    password: str | None


def table_login(label: str) -> str:
    """The login role of the table `label` (a number or a short name)."""
    name = "".join(c if c.isalnum() else "_" for c in label.strip().lower())
    if not name or len(name) > 40:
        raise HubError(f"table {label!r}: give a number or a short name (up to 40 letters)")
    return f"banker_table_{name}"


def init_roles(url: str | None, tables: list[str], password: Password | None = None
               ) -> list[Login]:
    """Bring the hub at `url` (an owner's connection, with CREATEROLE) to this version's schema,
    then make the group roles, the desk's and the reader's login roles and one per table in
    `tables`, grant on every table there is, and turn on row-level security.

    Raises HubError for a hub that is not PostgreSQL, HubUnreachable when the database refuses
    (not the tables' owner, no CREATEROLE)."""
    make = password or (lambda: secrets.token_urlsafe(18))
    found = hub_url(url)
    if found is not None and not found.startswith("postgresql"):  # refused before any file
        raise HubError(_SQLITE)
    with Hub.open(url, create=True) as hub:
        if hub.database.dialect != "postgresql":
            raise HubError(_SQLITE)
        try:
            with hub.database.write() as connection:
                _groups(connection)
                logins = [_login(connection, DESK_LOGIN, DESK, make),
                          _login(connection, READER_LOGIN, READER, make)]
                logins += [_login(connection, table_login(t), TABLE, make) for t in tables]
                _claims(connection)
                _grant(connection, _tables(connection))
        except LedgerError as e:
            raise HubUnreachable(f"the hub's roles were not made (connect as the database's "
                                 f"owner, with CREATEROLE): {e}") from e
    return logins


TABLE_CONNECTIONS = 2
"""The connections a table's laptop holds on a PostgreSQL hub all through a round: its copier's,
and the round's (listened to and read on one: app/hub/round_news.py)."""
OTHER_CONNECTIONS = 20
"""Room kept for the rest of the hall: the desk's windows, the head judge's, the displays and the
judges' windows on the hub (each holds one to three)."""


@dataclass(frozen=True)
class ServerFacts:
    """What `banker hub init` tells of the hub's PostgreSQL server: whether it has TLS on, and how
    many connections it takes from the hall's logins against how many the hall's tables need."""

    tls: bool
    max_connections: int
    reserved: int  # of those, kept for superusers (superuser_reserved_connections, and
    # reserved_connections from PostgreSQL 16 on): none of the hall's logins is one
    tables: int  # the table logins the server has (the banker_table group's login roles)

    @property
    def room(self) -> int:
        """The connections the hall's logins may hold at once."""
        return self.max_connections - self.reserved

    @property
    def needed(self) -> int:
        """The connections a hall of `tables` tables holds at once (needed_connections)."""
        return needed_connections(self.tables)


def needed_connections(tables: int) -> int:
    """The connections a hall of `tables` tables holds at once on its PostgreSQL hub."""
    return TABLE_CONNECTIONS * tables + OTHER_CONNECTIONS


def server_facts(url: str | None) -> ServerFacts:
    """The facts of the PostgreSQL server of the hub at `url`: TLS (without it a laptop off the
    server cannot connect at all, since every such URL needs sslmode=require), and its
    connections against the table logins made on it (a server refuses a connection past
    max_connections: a table's copier or round would then wait for the hub)."""
    with Hub.open(url) as hub:
        try:
            with hub.database.read() as connection:
                def setting(name: str) -> str:
                    found = connection.execute(text("SELECT current_setting(:n, true)"),
                                               {"n": name}).scalar()
                    return str(found or "0")

                tables = connection.execute(text(
                    "SELECT count(*) FROM pg_auth_members m "
                    "JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member "
                    "WHERE g.rolname = :group AND r.rolcanlogin"), {"group": TABLE}).scalar()
                return ServerFacts(
                    tls=setting("ssl") == "on", max_connections=int(setting("max_connections")),
                    reserved=int(setting("superuser_reserved_connections"))
                    + int(setting("reserved_connections")),
                    tables=int(tables or 0))
        except LedgerError as e:
            raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e


def _exists(connection: Connection, role: str) -> bool:
    return connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                              {"r": role}).first() is not None


def _groups(connection: Connection) -> None:
    for group in (DESK, TABLE, READER):
        if not _exists(connection, group):
            connection.execute(text(f"CREATE ROLE {group} NOLOGIN"))


def _login(connection: Connection, role: str, group: str, make: Password) -> Login:
    if _exists(connection, role):
        connection.execute(text(f"GRANT {group} TO {role}"))
        return Login(role, group, None)
    made = make()
    if not made.replace("-", "").replace("_", "").isalnum():
        raise HubError("a generated password must be letters, digits, - and _")
    connection.execute(text(f"CREATE ROLE {role} LOGIN PASSWORD '{made}' IN ROLE {group}"))
    return Login(role, group, made)


def _claims(connection: Connection) -> None:
    """hub_table_roles: the access set-up's own table (PostgreSQL only, made here, not by a
    migration: the policies that read it name roles only this command makes)."""
    connection.execute(text(f"CREATE TABLE IF NOT EXISTS {CLAIMS} (game_id VARCHAR(36) "
                            "PRIMARY KEY, role NAME NOT NULL, claimed_at TIMESTAMPTZ NOT NULL "
                            "DEFAULT now())"))


def _tables(connection: Connection) -> list[str]:
    return list(connection.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
    )).scalars())


def _grant(connection: Connection, tables: list[str]) -> None:
    groups = f"{DESK}, {TABLE}, {READER}"
    run = ["REVOKE CREATE ON SCHEMA public FROM PUBLIC",
           f"GRANT USAGE ON SCHEMA public TO {groups}",
           f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {DESK}, {TABLE}"]
    for table in tables:
        # Afresh each time: what an earlier version granted (an UPDATE, a DELETE) is taken back.
        run += [f"REVOKE ALL ON {table} FROM {groups}", *_grants(table)]
    report = ", ".join(REPORT_COLUMNS)
    if "hub_games" in tables:
        run += [f"GRANT UPDATE ({report}) ON hub_games TO {TABLE}",
                f"GRANT UPDATE ON hub_games TO {DESK}"]
    for statement in run:
        connection.execute(text(statement))


def _grants(table: str) -> list[str]:
    """Who may do what on one table: only SELECT and INSERT on what is append-only (every
    table but hub_games' report columns), nothing at all but the owner's on hub_signatures."""
    if table in GAME_TABLES:
        return [f"GRANT SELECT ON {table} TO {READER}",
                f"GRANT SELECT, INSERT ON {table} TO {TABLE}, {DESK}",
                *_policies(table, GAME_TABLES[table])]
    if table == CLAIMS:  # nobody but the owner moves a game to another table's login
        return [f"GRANT SELECT ON {table} TO {READER}",
                f"GRANT SELECT, INSERT ON {table} TO {TABLE}, {DESK}", *_claim_policies()]
    if table == CONTACTS:  # the desk's alone: not even SELECT for the others
        return [f"GRANT SELECT, INSERT ON {table} TO {DESK}"]
    if table == SIGNATURES:  # written by its migration only
        return [f"GRANT SELECT ON {table} TO {DESK}, {TABLE}, {READER}"]
    if table == KEYS:  # the sealed private keys are read by the desk and the tables only
        return [f"GRANT SELECT ({', '.join(PUBLIC_KEY_COLUMNS)}) ON {table} TO {READER}",
                f"GRANT SELECT ON {table} TO {TABLE}",
                f"GRANT SELECT, INSERT ON {table} TO {DESK}"]
    # The judges, the tournament's tables, the hall's rounds, the editions, pin_failures (the
    # desk checks judges' PINs): append-only, added by the desk.
    return [f"GRANT SELECT ON {table} TO {TABLE}, {READER}",
            f"GRANT SELECT, INSERT ON {table} TO {DESK}"]


def _policies(table: str, column: str) -> list[str]:
    own = _OWN.format(column=column)
    added = f"{own} AND {_TABLE_MARKS}" if table == "hub_marks" else own
    run = [f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
           *_replace(table, "banker_table_reads", f"FOR SELECT TO {TABLE} USING ({own})"),
           *_replace(table, "banker_table_appends", f"FOR INSERT TO {TABLE} WITH CHECK ({added})"),
           *_replace(table, "banker_all_read", f"FOR SELECT TO {DESK}, {READER} USING (true)"),
           *_replace(table, "banker_desk_writes", f"FOR INSERT TO {DESK} WITH CHECK (true)")]
    if table == "hub_games":
        run += [*_replace(table, "banker_table_reports",
                          f"FOR UPDATE TO {TABLE} USING ({own}) WITH CHECK ({own})"),
                *_replace(table, "banker_desk_reports",
                          f"FOR UPDATE TO {DESK} USING (true) WITH CHECK (true)")]
    return run


def _claim_policies() -> list[str]:
    mine = "role = current_user"
    return [f"ALTER TABLE {CLAIMS} ENABLE ROW LEVEL SECURITY",
            *_replace(CLAIMS, "banker_table_reads", f"FOR SELECT TO {TABLE} USING ({mine})"),
            *_replace(CLAIMS, "banker_table_claims", f"FOR INSERT TO {TABLE} WITH CHECK ({mine})"),
            *_replace(CLAIMS, "banker_all_read", f"FOR SELECT TO {DESK}, {READER} USING (true)"),
            *_replace(CLAIMS, "banker_desk_writes", f"FOR INSERT TO {DESK} WITH CHECK (true)")]


def _replace(table: str, name: str, rule: str) -> list[str]:
    """A policy made afresh (so a later version's rule replaces an earlier one's)."""
    return [f"DROP POLICY IF EXISTS {name} ON {table}", f"CREATE POLICY {name} ON {table} {rule}"]
