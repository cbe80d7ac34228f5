"""${message}"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
${imports if imports else ""}
# Revision ID: ${up_revision}; revises: ${down_revision | comma,n}; created ${create_date}.
revision: str = ${repr(up_revision)}
down_revision: str | Sequence[str] | None = ${repr(down_revision)}
branch_labels: str | Sequence[str] | None = ${repr(branch_labels)}
depends_on: str | Sequence[str] | None = ${repr(depends_on)}


def upgrade() -> None:
    """Move the schema forward to this revision."""
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    """Move the schema back to the previous revision."""
    ${downgrades if downgrades else "pass"}
