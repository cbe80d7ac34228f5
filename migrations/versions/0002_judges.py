"""Judges' PINs (slow salted hashes, never the PIN) and the log of wrong PINs."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0002; revises 0001.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """A judge is a name and an argon2 hash; every wrong PIN leaves a row."""
    op.create_table(
        "judges",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("pin_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_judges")),
    )
    op.create_table(
        "pin_failures",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pin_failures")),
    )


def downgrade() -> None:
    """Drop both tables (development only)."""
    op.drop_table("pin_failures")
    op.drop_table("judges")
