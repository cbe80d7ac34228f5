"""A tournament's versions on the hub as deltas: each version may hold its change against the
one before instead of the whole document (app/tournament/hub_versions.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

# Revision ID: 0014; revises 0013. Both engines, as 0006.
revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """hub_tournaments gains `base`: NULL, the row's document is the version whole (every row
    held before, and a snapshot now and then); N, the document is the delta from version N (the
    version before). A nullable column added: no row is rewritten, the append-only triggers
    stay as they are."""
    op.add_column("hub_tournaments", sa.Column("base", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Back to 0013 (development only): every delta written out whole again (0013 reads only
    whole documents), then `base` dropped (SQLite 3.35+ drops a column in place, triggers kept)."""
    bind = op.get_bind()
    rows = list(bind.execute(sa.text(
        "SELECT tournament_id, version, base, document FROM hub_tournaments "
        "ORDER BY tournament_id, version")))
    whole: dict[str, Any] = {}
    rewritten = []
    for tid, version, base, text in rows:
        if base is None:
            whole[tid] = json.loads(text)
            continue
        whole[tid] = _patched(whole[tid], json.loads(text))
        rewritten.append((tid, version, json.dumps(whole[tid], indent=1, ensure_ascii=False)))
    dialect = op.get_context().dialect.name
    if rewritten:
        if dialect == "sqlite":
            op.execute("DROP TRIGGER hub_tournaments_no_update")
        else:
            op.execute("ALTER TABLE hub_tournaments DISABLE TRIGGER hub_tournaments_append_only")
        for tid, version, text in rewritten:
            bind.execute(sa.text("UPDATE hub_tournaments SET document = :d WHERE tournament_id "
                                 "= :t AND version = :v"), {"d": text, "t": tid, "v": version})
        if dialect == "sqlite":
            op.execute(SQLITE_UPDATE_TRIGGER)
        else:
            op.execute("ALTER TABLE hub_tournaments ENABLE TRIGGER hub_tournaments_append_only")
    op.drop_column("hub_tournaments", "base")


# 0008's UPDATE trigger (SQLite), made again exactly as 0008 made it.
SQLITE_UPDATE_TRIGGER = (
    "CREATE TRIGGER hub_tournaments_no_update BEFORE UPDATE ON hub_tournaments BEGIN SELECT "
    "RAISE(ABORT, 'hub_tournaments are append-only: UPDATE refused; record a new version "
    "instead'); END")


def _patched(before: Any, change: Any) -> Any:
    """app.tournament.deltas.patched as it was at 0014, written out: a migration is frozen."""
    if "=" in change:
        return change["="]
    if "o" in change:
        out = {k: v for k, v in before.items() if k not in change.get("-", ())}
        for key, d in change["o"].items():
            out[key] = _patched(before.get(key), d)
        return out
    items = list(before[:change["a"]]) + [None] * max(0, change["a"] - len(before))
    for index, d in change["i"].items():
        i = int(index)
        items[i] = _patched(before[i] if i < len(before) else None, d)
    return items
