"""Judges' signatures on the hub: each judge's key (public, and the private sealed under the
PIN), a seal on each round entry and judge's mark, and where signatures begin."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

# Revision ID: 0012; revises 0011. Both engines, as 0006.
revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """hub_judge_keys: one append-only row per judge (a key is never replaced: a changed key
    is a new judge). hub_rounds and hub_marks gain `seal` (the judge's signed proof, JSON).
    hub_signatures, one row written here and never again: the rows and tournament versions
    already held, which readers show as "recorded before signatures" (every later row without
    a valid seal is named and not followed)."""
    op.create_table(
        "hub_judge_keys",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("public_key", sa.Text(), nullable=False),
        sa.Column("sealed_key", sa.Text(), nullable=False),
        sa.Column("added_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_hub_judge_keys")),
    )
    op.add_column("hub_rounds", sa.Column("seal", sa.Text(), nullable=True))
    op.add_column("hub_marks", sa.Column("seal", sa.Text(), nullable=True))
    op.create_table(
        "hub_signatures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("since", sa.String(32), nullable=False),
        sa.Column("rounds_held", sa.Text(), nullable=False),
        sa.Column("marks_held", sa.Text(), nullable=False),
        sa.Column("versions_upto", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hub_signatures")),
        sa.CheckConstraint("id = 1", name=op.f("ck_hub_signatures_one")),
    )
    bind = op.get_bind()
    # The ids held, each one (not the highest: a later row typed into a gap below it, left by a
    # rolled-back insert, must not pass for an old one).
    rounds = [int(i) for i in bind.execute(sa.text("SELECT id FROM hub_rounds ORDER BY id"))
              .scalars()]
    marks = [int(i) for i in bind.execute(sa.text(
        "SELECT id FROM hub_marks WHERE kind <> 'diverged' ORDER BY id")).scalars()]
    versions = dict(bind.execute(sa.text(
        "SELECT tournament_id, max(version) FROM hub_tournaments GROUP BY tournament_id")).all())
    bind.execute(sa.text(
        "INSERT INTO hub_signatures (id, since, rounds_held, marks_held, versions_upto) "
        "VALUES (1, :since, :rounds, :marks, :versions)"),
        {"since": datetime.now(UTC).isoformat(timespec="microseconds"),
         "rounds": json.dumps(rounds), "marks": json.dumps(marks),
         "versions": json.dumps(versions, sort_keys=True)})
    dialect = op.get_context().dialect.name
    for table in ("hub_judge_keys", "hub_signatures"):
        if dialect == "sqlite":
            for action in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: {action} refused'); END"
                )
        elif dialect == "postgresql":
            op.execute(f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON "
                       f"{table} FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()")
            op.execute(f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                       "FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()")
        else:
            raise NotImplementedError(f"no append-only triggers written for {dialect!r}")


def downgrade() -> None:
    """Back to 0011 (development only): keys, seals and the start of signatures dropped."""
    op.drop_table("hub_signatures")
    op.drop_column("hub_marks", "seal")
    op.drop_column("hub_rounds", "seal")
    op.drop_table("hub_judge_keys")
