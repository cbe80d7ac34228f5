"""The hub: which tables' games it holds, what it refused from them, and the tournament's judges."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0006; revises 0005. Both engines: a table's SQLite file carries the (empty)
# hub tables too, so one schema version names every ledger.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.String(32)
APPEND_ONLY = ("hub_refusals",)
"""A refusal is the head judge's evidence that a table's file was forged or rewritten: like the
ledger's history, it is only ever added to (0001's triggers, the same messages)."""


def upgrade() -> None:
    """hub_games: one row per game the hub holds (its head, where it came from, whether it
    diverged); hub_refusals: every batch the hub refused, with the reason; hub_judges: the
    tournament's judges (name and argon2 hash of the PIN, never the PIN)."""
    op.create_table(
        "hub_games",
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("label", sa.Text(), nullable=True),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("entries", sa.Integer(), nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("last_recorded_at", TIMESTAMP, nullable=True),
        sa.Column("last_arrival_at", TIMESTAMP, nullable=False),
        sa.Column("diverged_at", TIMESTAMP, nullable=True),
        sa.Column("diverged", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_hub_games")),
    )
    op.create_table(
        "hub_refusals",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hub_refusals")),
        sa.CheckConstraint("kind IN ('broken', 'diverged')", name=op.f("ck_hub_refusals_kind")),
    )
    op.create_index(op.f("ix_hub_refusals_game_id"), "hub_refusals", ["game_id"])
    op.create_table(
        "hub_judges",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("pin_hash", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_hub_judges")),
    )
    _append_only(op.get_context().dialect.name)


def _append_only(dialect: str) -> None:
    for table in APPEND_ONLY:
        if dialect == "sqlite":
            for action in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: {action} refused; "
                    "record a correcting entry instead'); END"
                )
        elif dialect == "postgresql":
            # ledger_refuse_change() is created by 0001.
            op.execute(f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                       "FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
            op.execute(f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                       "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
        else:
            raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Drop the triggers and the three tables (development only)."""
    dialect = op.get_context().dialect.name
    for table in APPEND_ONLY:
        if dialect == "sqlite":
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
        elif dialect == "postgresql":
            op.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table}")
    op.drop_table("hub_judges")
    op.drop_index(op.f("ix_hub_refusals_game_id"), table_name="hub_refusals")
    op.drop_table("hub_refusals")
    op.drop_table("hub_games")
