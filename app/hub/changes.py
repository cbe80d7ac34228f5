"""What any change on the hub moves, in one cheap statement (a public page reads the hub whole only
when it moved), and what the connected login may do (the live page runs on the reader's login)."""

from __future__ import annotations

from sqlalchemy import Connection, func, select, text

from app.hub.errors import HubUnreachable
from app.hub.hub import Hub
from app.hub.schema import (
    hub_games,
    hub_judge_keys,
    hub_marks,
    hub_refusals,
    hub_rounds,
    hub_tournaments,
)
from app.ledger.errors import LedgerError

Mark = tuple[int, ...]


def change_mark(hub: Hub) -> Mark:
    """Numbers that every change a reader could see moves: the tournaments' versions, the
    hall's round rows, the games' entries held and their count, the marks (DIVERGED, notes,
    rulings), the refusals and the judges' keys (a key registered late makes a seal good).
    Every one of those tables is append-only or only grows, so a count and a sum are enough.
    Raises HubUnreachable."""
    counted = [select(func.count()).select_from(t).scalar_subquery()
               for t in (hub_tournaments, hub_rounds, hub_marks, hub_refusals, hub_judge_keys,
                         hub_games)]
    entries = select(func.coalesce(func.sum(hub_games.c.entries), 0)).scalar_subquery()
    try:
        with hub.database.read() as connection:
            row = connection.execute(select(*counted, entries)).one()
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e
    return tuple(int(v or 0) for v in row)


def login_may(hub: Hub, table: str, privilege: str) -> bool:
    """Whether the connected login holds `privilege` on the hub's `table` (PostgreSQL's
    has_table_privilege; a SQLite hub has no logins: always). Raises HubUnreachable."""
    try:
        with hub.database.read() as connection:
            return _may(connection, table, privilege)
    except LedgerError as e:
        raise HubUnreachable(f"the hub at {hub.location} cannot be used just now: {e}") from e


def _may(connection: Connection, table: str, privilege: str) -> bool:
    if connection.dialect.name != "postgresql":
        return True
    return bool(connection.execute(text("SELECT has_table_privilege(current_user, :table, "
                                        ":privilege)"), {"table": table, "privilege": privilege}
                                   ).scalar())
