"""The hall's round told to the tables as it changes (PostgreSQL's LISTEN/NOTIFY): a table's
window listens on the hub's `banker_round` channel and reads the round only when told, instead
of asking every 2 s (app/hub/round_news.py). SQLite hubs have no such channel: their tables
keep reading the round every 2 s, and this migration leaves them as they are."""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

# Revision ID: 0015; revises 0014. PostgreSQL only (nothing to do on SQLite).
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNEL = "banker_round"
"""app/hub/round_news.py's CHANNEL, written out: a migration is frozen."""


def upgrade() -> None:
    """A trigger after every row added to hub_rounds (whoever adds it: the desk's window, the
    `banker round` command, SQL typed by any login) notifies the channel with the round's
    tournament and stage; one after any change to the judges' keys notifies it with an empty
    payload (a key registered later may make an entry's seal good: every round is read again).
    A notification is sent when its transaction commits, never for one rolled back."""
    if op.get_context().dialect.name != "postgresql":
        return
    op.execute(
        f"""
        CREATE FUNCTION hub_round_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', NEW.tournament_id || chr(10) || NEW.stage);
            RETURN NULL;
        END;
        $$
        """
    )
    op.execute(
        f"""
        CREATE FUNCTION hub_round_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', '');
            RETURN NULL;
        END;
        $$
        """
    )
    op.execute("CREATE TRIGGER hub_rounds_notify AFTER INSERT ON hub_rounds "
               "FOR EACH ROW EXECUTE FUNCTION hub_round_changed()")
    op.execute("CREATE TRIGGER hub_judge_keys_notify AFTER INSERT OR UPDATE OR DELETE ON "
               "hub_judge_keys FOR EACH STATEMENT EXECUTE FUNCTION hub_round_keys_changed()")


def downgrade() -> None:
    """Back to 0014 (development only): the triggers and their functions dropped."""
    if op.get_context().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS hub_judge_keys_notify ON hub_judge_keys")
    op.execute("DROP TRIGGER IF EXISTS hub_rounds_notify ON hub_rounds")
    op.execute("DROP FUNCTION IF EXISTS hub_round_keys_changed()")
    op.execute("DROP FUNCTION IF EXISTS hub_round_changed()")
