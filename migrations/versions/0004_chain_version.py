"""Chain version 2: games say how their chain is hashed; games and players become append-only."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0004; revises 0003.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FROZEN = ("games", "players")


def upgrade() -> None:
    """Existing games keep version 1 (their hashes leave out the command rows); new games say 2."""
    op.add_column(
        "games",
        sa.Column("chain_version", sa.Integer(), nullable=False, server_default=sa.text("1")),
    )
    dialect = op.get_context().dialect.name
    for table in FROZEN:
        if dialect == "sqlite":
            for action in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: {action} refused; "
                    "record a correcting entry instead'); END"
                )
        elif dialect == "postgresql":
            # ledger_refuse_change() is created by 0001.
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()"
            )


def downgrade() -> None:
    """Drop the triggers and the column (development only)."""
    dialect = op.get_context().dialect.name
    for table in FROZEN:
        if dialect == "sqlite":
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
        elif dialect == "postgresql":
            op.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("chain_version")
