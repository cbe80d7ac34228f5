"""The ledger's tables as SQLAlchemy Core metadata (Alembic's migrations create them)."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

# Named constraints so migrations can refer to them and errors can be recognised by name.
metadata = MetaData(
    naming_convention={
        "pk": "pk_%(table_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s_%(column_1_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "ix": "ix_%(table_name)s_%(column_0_name)s",
    }
)

# Timestamps are ISO-8601 text in UTC with microseconds ("...T12:00:00.000000+00:00") so the
# hashed bytes are the stored bytes on SQLite and PostgreSQL alike.
TIMESTAMP_LENGTH = 32

games = Table(
    "games",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("created_at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("label", Text, nullable=True),
    Column("profile_id", String(64), nullable=False),
    Column("board_id", String(64), nullable=False),
    Column("profile_json", Text, nullable=False),
    Column("board_json", Text, nullable=False),
    Column("decks_json", Text, nullable=False),
    # How the game's chain is hashed (hashing.CHAIN_VERSION); games from before 0004 are 1.
    Column("chain_version", Integer, nullable=False, server_default="1"),
)

players = Table(
    "players",
    metadata,
    Column("game_id", String(36), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", Text, nullable=False),
    PrimaryKeyConstraint("game_id", "seat"),
    UniqueConstraint("game_id", "name"),
)

commands = Table(
    "commands",
    metadata,
    Column("game_id", String(36), ForeignKey("games.id"), nullable=False),
    Column("command_no", Integer, nullable=False),
    Column("payload", Text, nullable=False),
    Column("actor_role", String(32), nullable=False),
    Column("actor_name", Text, nullable=False),
    Column("recorded_at", String(TIMESTAMP_LENGTH), nullable=False),
    PrimaryKeyConstraint("game_id", "command_no"),
)

events = Table(
    "events",
    metadata,
    Column("game_id", String(36), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("command_no", Integer, nullable=False),
    Column("type", String(64), nullable=False),
    Column("payload", Text, nullable=False),
    Column("actor_role", String(32), nullable=False),
    Column("actor_name", Text, nullable=False),
    Column("recorded_at", String(TIMESTAMP_LENGTH), nullable=False),
    Column("clock_ms", Integer, nullable=True),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    # Two writers that both saw seq n collide here instead of both appending n + 1.
    PrimaryKeyConstraint("game_id", "seq"),
    ForeignKeyConstraint(
        ["game_id", "command_no"],
        ["commands.game_id", "commands.command_no"],
        name="fk_events_command",
    ),
)

transfers = Table(
    "transfers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(36), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("idx", Integer, nullable=False),
    Column("from_account", String(64), nullable=False),
    Column("to_account", String(64), nullable=False),
    Column("amount", Integer, nullable=False),
    CheckConstraint("amount > 0", name="amount_positive"),
    ForeignKeyConstraint(
        ["game_id", "seq"], ["events.game_id", "events.seq"], name="fk_transfers_event"
    ),
    UniqueConstraint("game_id", "seq", "idx", name="uq_transfers_event_idx"),
)

# The state folded from events 1..seq (migration 0005): derived data beside the events, so a
# position is folded from the nearest snapshot; `verify` refolds and compares every one.
snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(36), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("event_hash", String(64), nullable=False),
    Column("format", String(64), nullable=False),
    Column("state", Text, nullable=False),
    Column("hash", String(64), nullable=False),
    PrimaryKeyConstraint("game_id", "seq"),
    ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                         name="fk_snapshots_event"),
)

APPEND_ONLY_TABLES = ("commands", "events", "transfers")
"""Tables whose rows are never changed or removed once written (triggers enforce it)."""

# Every wrong judge's PIN (migration 0002): a security log, not game history. The judges
# themselves are judge_added entries of their game's chain (migration 0003 dropped their table).
pin_failures = Table(
    "pin_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("at", String(TIMESTAMP_LENGTH), nullable=False),
)
