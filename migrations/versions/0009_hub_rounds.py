"""The hall's round clock on the hub: the head judge's start, pause, resume and announcements."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0009; revises 0008. Both engines, as 0006.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.String(32)


def upgrade() -> None:
    """hub_rounds: one append-only row per entry of a stage's round (start, pause, resume,
    announce), timed by the hub's clock; every table's window follows them. The UNIQUE
    (tournament_id, stage, entry) key makes two head judges who read the same round and each
    add its next entry collide instead of both writing (a start twice, a pause twice)."""
    op.create_table(
        "hub_rounds",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(64), nullable=False),
        sa.Column("stage", sa.Text(), nullable=False),
        sa.Column("entry", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("by", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hub_rounds")),
        sa.UniqueConstraint("tournament_id", "stage", "entry", name=op.f("uq_hub_rounds_tournament_id_stage")),
        sa.CheckConstraint("kind IN ('start', 'pause', 'resume', 'announce')",
                           name=op.f("ck_hub_rounds_kind")),
        sa.CheckConstraint("entry >= 1", name=op.f("ck_hub_rounds_entry")),
    )
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER hub_rounds_no_{action.lower()} BEFORE {action} ON hub_rounds "
                f"BEGIN SELECT RAISE(ABORT, 'hub_rounds are append-only: {action} refused; "
                f"record a new entry instead'); END"
            )
    elif dialect == "postgresql":
        op.execute("CREATE TRIGGER hub_rounds_append_only BEFORE UPDATE OR DELETE ON "
                   "hub_rounds FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
        op.execute("CREATE TRIGGER hub_rounds_no_truncate BEFORE TRUNCATE ON hub_rounds "
                   "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Back to 0008 (development only): the rounds' entries are dropped."""
    op.drop_table("hub_rounds")
