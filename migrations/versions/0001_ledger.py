"""The ledger: games, players, commands, hash-chained events and their transfers; append-only."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0001; revises: nothing (the first schema).
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APPEND_ONLY = ("commands", "events", "transfers")
TIMESTAMP = sa.String(32)  # ISO-8601 UTC text with microseconds; the hashed bytes are stored


def upgrade() -> None:
    """Create the tables, then the triggers that refuse UPDATE and DELETE on the history."""
    _create_tables()
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        _sqlite_triggers()
    elif dialect == "postgresql":
        _postgresql_triggers()
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Drop the triggers and the tables (only for development; a ledger is never downgraded)."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for table in APPEND_ONLY:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
    elif dialect == "postgresql":
        for table in APPEND_ONLY:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table}")
        op.execute("DROP FUNCTION IF EXISTS ledger_refuse_change()")
    for table in ("transfers", "events", "commands", "players", "games"):
        op.drop_table(table)


def _create_tables() -> None:
    # op.f(): these are final names, not to be run through the metadata's naming convention.
    op.create_table(
        "games",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("label", sa.Text(), nullable=True),
        sa.Column("profile_id", sa.String(64), nullable=False),
        sa.Column("board_id", sa.String(64), nullable=False),
        sa.Column("profile_json", sa.Text(), nullable=False),
        sa.Column("board_json", sa.Text(), nullable=False),
        sa.Column("decks_json", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_table(
        "players",
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_players")),
        sa.UniqueConstraint("game_id", "name", name=op.f("uq_players_game_id_name")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_players_game_id_games")),
    )
    op.create_table(
        "commands",
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("command_no", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("actor_role", sa.String(32), nullable=False),
        sa.Column("actor_name", sa.Text(), nullable=False),
        sa.Column("recorded_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "command_no", name=op.f("pk_commands")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_commands_game_id_games")),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("command_no", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(64), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("actor_role", sa.String(32), nullable=False),
        sa.Column("actor_name", sa.Text(), nullable=False),
        sa.Column("recorded_at", TIMESTAMP, nullable=False),
        sa.Column("clock_ms", sa.Integer(), nullable=True),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        # (game_id, seq) is the key so two writers that saw the same head collide.
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_events")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_events_game_id_games")),
        sa.ForeignKeyConstraint(
            ["game_id", "command_no"],
            ["commands.game_id", "commands.command_no"],
            name=op.f("fk_events_command"),
        ),
    )
    op.create_table(
        "transfers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("from_account", sa.String(64), nullable=False),
        sa.Column("to_account", sa.String(64), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transfers")),
        sa.CheckConstraint("amount > 0", name=op.f("ck_transfers_amount_positive")),
        sa.ForeignKeyConstraint(
            ["game_id", "seq"], ["events.game_id", "events.seq"], name=op.f("fk_transfers_event")
        ),
        sa.UniqueConstraint("game_id", "seq", "idx", name=op.f("uq_transfers_event_idx")),
    )


def _sqlite_triggers() -> None:
    for table in APPEND_ONLY:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: {action} refused; "
                "record a correcting entry instead'); END"
            )


def _postgresql_triggers() -> None:
    op.execute(
        """
        CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            -- No % placeholders: the DB-API driver would read them as its own parameters.
            RAISE EXCEPTION USING
                MESSAGE = TG_TABLE_NAME || ' are append-only: ' || TG_OP
                    || ' refused; record a correcting entry instead',
                ERRCODE = 'integrity_constraint_violation';
        END;
        $$
        """
    )
    for table in APPEND_ONLY:
        op.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()"
        )
