"""The hub's marks on a game (diverged, a judge's note, a ruling) as rows, and each table's report."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# Revision ID: 0007; revises 0006. Both engines, as 0006.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.String(32)


def upgrade() -> None:
    """hub_marks: a game's DIVERGED flag, judges' notes on it and the head judge's rulings, one
    append-only row each (the flag was two columns of hub_games, overwritten in place: its
    first reason is carried over). hub_games gains the head each table last reported with a
    batch, and the file it was read from, so `hub status` can say how far behind a copy is."""
    op.create_table(
        "hub_marks",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("by", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hub_marks")),
        sa.CheckConstraint("kind IN ('diverged', 'note', 'ruling')",
                           name=op.f("ck_hub_marks_kind")),
    )
    op.create_index(op.f("ix_hub_marks_game_id"), "hub_marks", ["game_id"])
    op.execute("INSERT INTO hub_marks (game_id, at, kind, seq, text, by) "
               "SELECT game_id, diverged_at, 'diverged', NULL, diverged, source FROM hub_games "
               "WHERE diverged IS NOT NULL")
    with op.batch_alter_table("hub_games") as table:
        table.drop_column("diverged_at")
        table.drop_column("diverged")
        table.add_column(sa.Column("reported_entries", sa.Integer(), nullable=True))
        table.add_column(sa.Column("reported_hash", sa.String(64), nullable=True))
        table.add_column(sa.Column("reported_at", TIMESTAMP, nullable=True))
        table.add_column(sa.Column("file", sa.Text(), nullable=True))
    _append_only(op.get_context().dialect.name)


def _append_only(dialect: str) -> None:
    """As 0006 does for hub_refusals: a mark is evidence, only ever added to."""
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER hub_marks_no_{action.lower()} BEFORE {action} ON hub_marks "
                f"BEGIN SELECT RAISE(ABORT, 'hub_marks are append-only: {action} refused; "
                "record a correcting entry instead'); END"
            )
    elif dialect == "postgresql":
        op.execute("CREATE TRIGGER hub_marks_append_only BEFORE UPDATE OR DELETE ON hub_marks "
                   "FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
        op.execute("CREATE TRIGGER hub_marks_no_truncate BEFORE TRUNCATE ON hub_marks "
                   "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
    else:
        raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Back to 0006: the first DIVERGED mark of each game into its columns (development only)."""
    with op.batch_alter_table("hub_games") as table:
        table.drop_column("file")
        table.drop_column("reported_at")
        table.drop_column("reported_hash")
        table.drop_column("reported_entries")
        table.add_column(sa.Column("diverged_at", TIMESTAMP, nullable=True))
        table.add_column(sa.Column("diverged", sa.Text(), nullable=True))
    op.execute("UPDATE hub_games SET diverged = (SELECT text FROM hub_marks m WHERE "
               "m.game_id = hub_games.game_id AND m.kind = 'diverged' ORDER BY m.id LIMIT 1), "
               "diverged_at = (SELECT at FROM hub_marks m WHERE m.game_id = hub_games.game_id "
               "AND m.kind = 'diverged' ORDER BY m.id LIMIT 1)")
    op.drop_index(op.f("ix_hub_marks_game_id"), table_name="hub_marks")
    op.drop_table("hub_marks")
