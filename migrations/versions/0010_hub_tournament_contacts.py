"""Players' contacts apart from the tournament's document, in a table only the desk may read."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from alembic import op

# Revision ID: 0010; revises 0009. Both engines, as 0006.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The UPDATE trigger 0008 put on hub_tournaments (SQLite), made again exactly as 0008 made it.
SQLITE_UPDATE_TRIGGER = (
    "CREATE TRIGGER hub_tournaments_no_update BEFORE UPDATE ON hub_tournaments BEGIN SELECT "
    "RAISE(ABORT, 'hub_tournaments are append-only: UPDATE refused; record a new version "
    "instead'); END")


def upgrade() -> None:
    """hub_tournament_contacts: one append-only row per version of a tournament, the contacts
    of its players as JSON {player id: contact}, keyed as hub_tournaments is. `banker hub init`
    lets only the desk read it (a table's and the reader's role read hub_tournaments).

    The contacts of every version already on the hub move here: each document is written again
    with `"contact": null` for every player (as the app writes a player without a contact),
    everything else as it was. This one rewrite of an append-only table is the migration's, as
    the tables' owner, with its trigger off for the rewrite only (in the same transaction)."""
    op.create_table(
        "hub_tournament_contacts",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("contacts", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "version",
                                name=op.f("pk_hub_tournament_contacts")),
        sa.ForeignKeyConstraint(["tournament_id", "version"],
                                ["hub_tournaments.tournament_id", "hub_tournaments.version"],
                                name=op.f("fk_hub_tournament_contacts_tournament_id_hub_tournaments")),
    )
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER hub_tournament_contacts_no_{action.lower()} BEFORE {action} ON "
                f"hub_tournament_contacts BEGIN SELECT RAISE(ABORT, 'hub_tournament_contacts "
                f"are append-only: {action} refused; record a new version instead'); END"
            )
    elif dialect == "postgresql":
        op.execute("CREATE TRIGGER hub_tournament_contacts_append_only BEFORE UPDATE OR DELETE "
                   "ON hub_tournament_contacts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
        op.execute("CREATE TRIGGER hub_tournament_contacts_no_truncate BEFORE TRUNCATE ON "
                   "hub_tournament_contacts FOR EACH STATEMENT EXECUTE FUNCTION "
                   "ledger_refuse_change()")
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")
    _move_contacts_out(dialect)


def downgrade() -> None:
    """Back to 0009 (development only): the contacts go back into their documents."""
    bind = op.get_bind()
    held = {(tid, version): json.loads(contacts) for tid, version, contacts in bind.execute(
        sa.text("SELECT tournament_id, version, contacts FROM hub_tournament_contacts"))}
    with _rewriting(op.get_context().dialect.name):
        for (tid, version), contacts in held.items():
            if not contacts:
                continue
            text = _document(bind, tid, version)
            _store(bind, tid, version, _with_contacts(text, contacts))
    op.drop_table("hub_tournament_contacts")


def _move_contacts_out(dialect: str) -> None:
    bind = op.get_bind()
    rows = list(bind.execute(sa.text(
        "SELECT tournament_id, version, document FROM hub_tournaments "
        "ORDER BY tournament_id, version")))
    blanked = []
    for tid, version, text in rows:
        document = json.loads(text)
        contacts = {p["id"]: p["contact"] for p in document.get("players", [])
                    if p.get("contact") is not None}
        bind.execute(sa.text("INSERT INTO hub_tournament_contacts (tournament_id, version, "
                             "contacts) VALUES (:t, :v, :c)"),
                     {"t": tid, "v": version, "c": json.dumps(contacts, ensure_ascii=False)})
        if contacts:
            blanked.append((tid, version, _with_contacts(text, {})))
    if blanked:
        with _rewriting(dialect):
            for tid, version, text in blanked:
                _store(bind, tid, version, text)


def _with_contacts(text: str, contacts: dict[str, Any]) -> str:
    """The document with each player's contact set from `contacts` (null when not there),
    written as the app writes it (indent 1, non-ASCII as itself: app.tournament.files)."""
    document = json.loads(text)
    for player in document.get("players", []):
        player["contact"] = contacts.get(player["id"])
    return json.dumps(document, indent=1, ensure_ascii=False)


def _document(bind: sa.Connection, tid: str, version: int) -> str:
    return str(bind.execute(sa.text("SELECT document FROM hub_tournaments WHERE tournament_id = "
                                    ":t AND version = :v"), {"t": tid, "v": version}).scalar_one())


def _store(bind: sa.Connection, tid: str, version: int, text: str) -> None:
    bind.execute(sa.text("UPDATE hub_tournaments SET document = :d WHERE tournament_id = :t "
                         "AND version = :v"), {"d": text, "t": tid, "v": version})


@contextmanager
def _rewriting(dialect: str) -> Iterator[None]:
    """hub_tournaments' UPDATE trigger off while the block runs, inside the migration's
    transaction: a failure anywhere leaves the trigger and every document as they were."""
    if dialect == "sqlite":
        op.execute("DROP TRIGGER hub_tournaments_no_update")
    else:
        op.execute("ALTER TABLE hub_tournaments DISABLE TRIGGER hub_tournaments_append_only")
    yield
    if dialect == "sqlite":
        op.execute(SQLITE_UPDATE_TRIGGER)
    else:
        op.execute("ALTER TABLE hub_tournaments ENABLE TRIGGER hub_tournaments_append_only")
