"""Judges move into the game's hash chain (judge_added entries): the old judges table goes."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0003; revises 0002.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """A judge outside the chain could be added or changed unseen, so the table is dropped;
    the wrong-PIN log (pin_failures) stays: it is a security log, not game history."""
    op.drop_table("judges")


def downgrade() -> None:
    """Recreate the empty table (development only; the registrations stay in the chain)."""
    op.create_table(
        "judges",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("pin_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_judges")),
    )
