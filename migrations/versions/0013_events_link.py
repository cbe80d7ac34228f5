"""Every new entry links to its game's last: a trigger refuses one that does not, for every login."""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

# Revision ID: 0013; revises 0012. Both engines, as 0006.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GENESIS = "0" * 64  # app.ledger.hashing.GENESIS, written out: a migration is frozen in time
REFUSAL = "does not link to"
"""The words every refusal holds (app/hub/receiving.py recognises the refusal by them)."""

# SQLite's RAISE takes a fixed text (before 3.47): the receiver names the entry itself.
_WORDS = (f"an entry that {REFUSAL} its game''s last entry: refused (its seq must be the next "
          "and its prev_hash the last entry''s hash)")
_SQLITE = f"""
CREATE TRIGGER events_link BEFORE INSERT ON events
WHEN NOT EXISTS (SELECT 1 FROM events WHERE game_id = NEW.game_id AND seq = NEW.seq)
 AND (NEW.seq IS NOT coalesce((SELECT max(seq) FROM events WHERE game_id = NEW.game_id), 0) + 1
  OR NEW.prev_hash IS NOT (CASE WHEN NEW.seq = 1 THEN '{GENESIS}' ELSE (SELECT hash FROM events
      WHERE game_id = NEW.game_id AND seq = NEW.seq - 1) END))
BEGIN
 SELECT RAISE(ABORT, '{_WORDS}');
END
"""

# No % placeholders: the DB-API driver would read them as its own parameters (as 0001).
_POSTGRESQL = f"""
CREATE FUNCTION ledger_event_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last_seq integer;
    last_hash text;
    why text;
BEGIN
    IF EXISTS (SELECT 1 FROM events WHERE game_id = NEW.game_id AND seq = NEW.seq) THEN
        RETURN NEW;  -- a number taken: the primary key refuses it (two writers collide)
    END IF;
    SELECT seq, hash INTO last_seq, last_hash FROM events WHERE game_id = NEW.game_id
        ORDER BY seq DESC LIMIT 1;
    IF last_seq IS NULL THEN
        last_seq := 0;
        last_hash := '{GENESIS}';
    END IF;
    IF NEW.seq IS DISTINCT FROM last_seq + 1 THEN
        why := 'its number is not the next (' || (last_seq + 1) || ')';
    ELSIF NEW.prev_hash IS DISTINCT FROM last_hash THEN
        why := 'its prev_hash is not that entry''s hash';
    ELSE
        RETURN NEW;
    END IF;
    RAISE EXCEPTION USING
        MESSAGE = 'entry ' || NEW.seq || ' of game ' || NEW.game_id || ' {REFUSAL} the '
            || 'last entry held, ' || CASE WHEN last_seq = 0 THEN 'none (the chain''s start)'
            ELSE 'entry ' || last_seq END || ': ' || why || ': refused',
        ERRCODE = 'integrity_constraint_violation';
END;
$$
"""


def upgrade() -> None:
    """A BEFORE INSERT trigger on events: a new row's seq must be its game's last + 1 (1 for
    the first) and its prev_hash that entry's hash (GENESIS for entry 1). A seq already held
    is left to the primary key, so two writers still collide as they did (ConcurrentWrite).
    The trigger cannot recompute a hash: `banker hub verify` and `hub status` do."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute(_SQLITE)
    elif dialect == "postgresql":
        op.execute(_POSTGRESQL)
        op.execute("CREATE TRIGGER events_link BEFORE INSERT ON events FOR EACH ROW "
                   "EXECUTE FUNCTION ledger_event_links()")
    else:
        raise NotImplementedError(f"no link trigger written for {dialect!r}")


def downgrade() -> None:
    """Back to 0012 (development only): the trigger dropped."""
    if op.get_context().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS events_link ON events")
        op.execute("DROP FUNCTION IF EXISTS ledger_event_links()")
    else:
        op.execute("DROP TRIGGER IF EXISTS events_link")
