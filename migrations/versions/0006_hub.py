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


def downgrade() -> None:
    """Drop the three tables (development only)."""
    op.drop_table("hub_judges")
    op.drop_index(op.f("ix_hub_refusals_game_id"), table_name="hub_refusals")
    op.drop_table("hub_refusals")
    op.drop_table("hub_games")
