"""The editions a tournament plays with (its own board, profile, decks) kept on the hub, so a
table's laptop that lacks the organiser's file takes it from there."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0011; revises 0010. Both engines, as 0006.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """hub_editions: one append-only row per user's edition the desk shares (kind, id, the file's
    text and its SHA-256). UNIQUE (kind, edition_id): an edition on the hub never changes under
    the tables; a changed file must take a new id."""
    op.create_table(
        "hub_editions",
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("edition_id", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("added_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("kind", "edition_id", name=op.f("pk_hub_editions")),
        sa.CheckConstraint("kind IN ('board', 'profile', 'decks')",
                           name=op.f("ck_hub_editions_kind")),
    )
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER hub_editions_no_{action.lower()} BEFORE {action} ON "
                f"hub_editions BEGIN SELECT RAISE(ABORT, 'hub_editions are append-only: "
                f"{action} refused; share a changed edition under a new id'); END"
            )
    elif dialect == "postgresql":
        op.execute("CREATE TRIGGER hub_editions_append_only BEFORE UPDATE OR DELETE ON "
                   "hub_editions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
        op.execute("CREATE TRIGGER hub_editions_no_truncate BEFORE TRUNCATE ON hub_editions "
                   "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Back to 0010 (development only): the shared editions are dropped."""
    op.drop_table("hub_editions")
