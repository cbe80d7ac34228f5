"""Snapshots: a game's state at regular points beside its events (derived data, never the truth)."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0005; revises 0004.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """One row per (game, seq): the state folded from events 1..seq, which event hash it was
    folded up to, the state format it is written in, and the SHA-256 of all of it."""
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("event_hash", sa.String(64), nullable=False),
        sa.Column("format", sa.String(64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                                name=op.f("fk_snapshots_event")),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_snapshots")),
    )


def downgrade() -> None:
    """Drop the table (development only)."""
    op.drop_table("snapshots")
