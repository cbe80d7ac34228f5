"""The tournament on the hub: each change of a tournament one new version of its document."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0008; revises 0007. Both engines, as 0006.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.String(32)


def upgrade() -> None:
    """hub_tournaments: one append-only row per version of a tournament, the document the
    tournament's JSON file holds. PRIMARY KEY (tournament_id, version), so two desks that read
    the same version and each write the next collide instead of both winning."""
    op.create_table(
        "hub_tournaments",
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("changed_at", TIMESTAMP, nullable=False),
        sa.Column("change", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "version", name=op.f("pk_hub_tournaments")),
        sa.CheckConstraint("version >= 1", name=op.f("ck_hub_tournaments_version")),
    )
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER hub_tournaments_no_{action.lower()} BEFORE {action} ON "
                f"hub_tournaments BEGIN SELECT RAISE(ABORT, 'hub_tournaments are append-only: "
                f"{action} refused; record a new version instead'); END"
            )
    elif dialect == "postgresql":
        op.execute("CREATE TRIGGER hub_tournaments_append_only BEFORE UPDATE OR DELETE ON "
                   "hub_tournaments FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
        op.execute("CREATE TRIGGER hub_tournaments_no_truncate BEFORE TRUNCATE ON "
                   "hub_tournaments FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Back to 0007 (development only): the tournaments' versions are dropped."""
    op.drop_table("hub_tournaments")
