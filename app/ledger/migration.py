"""Opening checks: SQLite's quick_check, then Alembic brings the schema to this version's head.

A ledger file already at head is told so by its `alembic_version` row alone, read here without
Alembic: Alembic (about a tenth of a second to import) is loaded only for a file that needs a
migration, a file it cannot place (empty, foreign, newer) and PostgreSQL."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, inspect

import migrations
from app.ledger.database import Database
from app.ledger.errors import LedgerCorrupt, LedgerError, SchemaTooNew, SchemaTooOld

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

MIGRATIONS_FOLDER = Path(migrations.__file__).parent
_MIGRATION_LOCK = 0x4C6564676572  # PostgreSQL advisory lock key for migrating ("Ledger")
# The revision(s) this version's migrations end at: a SQLite file stamped with exactly these is
# current (tests/app/ledger/test_schema_head.py checks them against Alembic's own scripts).
HEADS = frozenset({"0015"})


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config built in code (no alembic.ini), optionally bound to `connection`."""
    from alembic.config import Config  # noqa: PLC0415 (Alembic only where a migration is)

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_FOLDER))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def check_integrity(database: Database) -> None:
    """Raise LedgerCorrupt unless SQLite's quick_check says ok (PostgreSQL: nothing to do)."""
    if database.dialect != "sqlite":
        return
    with database.read() as connection:
        report = [str(line) for line in connection.exec_driver_sql("PRAGMA quick_check").scalars()]
    if report != ["ok"]:
        raise LedgerCorrupt(
            f"{database.location}: the file failed SQLite's integrity check: "
            + "; ".join(report[:5])
        )


def schema_status(database: Database) -> str:
    """"current", "older" (this version can upgrade it) or "empty" (no tables yet), read only.

    Raises SchemaTooNew for a newer file and LedgerError for another program's database."""
    if at_head(database):
        return "current"
    script = _scripts()
    with database.read() as connection:
        current = _current_revisions(connection, script)
        if set(current) == set(script.get_heads()):
            return "current"
        if current:
            return "older"
        _refuse_foreign(connection, database.location)
    return "empty"


def ensure_schema(database: Database) -> None:
    """Upgrade a new or older ledger to head; refuse one from a newer version or a foreign file.

    Raises SchemaTooNew, LedgerError (not a ledger), or the translated driver errors.
    """
    if at_head(database):
        return
    script = _scripts()
    with database.read() as connection:
        current = _current_revisions(connection, script)
    if set(current) == set(script.get_heads()):
        return
    with database.write() as connection:
        if database.dialect == "postgresql":
            # SQLite's BEGIN IMMEDIATE already serialises writers; PostgreSQL needs a lock
            # so two programs opening a new database do not both create the tables.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        # Read again under the write lock: another program may have migrated meanwhile.
        current = _current_revisions(connection, script)
        if set(current) == set(script.get_heads()):
            return
        if not current:
            _refuse_foreign(connection, database.location)
        elif database.dialect == "postgresql" and not connection.exec_driver_sql(
                "SELECT has_schema_privilege(current_user, 'public', 'CREATE')").scalar():
            # A login that may not create tables (a hub's desk, table or reader role): only the
            # owner brings the tables up to date.
            raise SchemaTooOld(f"{database.location}: its tables are older than this version "
                               f"of the app ({', '.join(current)}, not "
                               f"{', '.join(script.get_heads())}) and this login may not "
                               "change them: the database's owner brings them up to date "
                               "(`banker hub init` as the owner, which also grants the new "
                               "tables to the hub's roles)")
        from alembic import command  # noqa: PLC0415

        command.upgrade(alembic_config(connection), "heads")


def at_head(database: Database) -> bool:
    """Whether a SQLite ledger's `alembic_version` holds exactly this version's HEADS, read in
    one query without Alembic; False when it cannot tell so cheaply (no such table, another
    revision, PostgreSQL), and the caller asks Alembic."""
    if database.dialect != "sqlite":
        return False
    with database.read() as connection:
        if connection.exec_driver_sql(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                "AND name = 'alembic_version'").scalar() != 1:
            return False
        stamped = [str(row) for row in connection.exec_driver_sql(
            "SELECT version_num FROM alembic_version").scalars()]
    return len(stamped) == len(HEADS) and set(stamped) == HEADS


@cache
def _scripts() -> ScriptDirectory:
    """The migration scripts, read once per process (every opening asks for them)."""
    from alembic.script import ScriptDirectory  # noqa: PLC0415

    return ScriptDirectory.from_config(alembic_config())


@cache
def _known(script: ScriptDirectory) -> frozenset[str]:
    return frozenset(revision.revision for revision in script.walk_revisions())


def _current_revisions(connection: Connection, script: ScriptDirectory) -> tuple[str, ...]:
    from alembic.runtime.migration import MigrationContext  # noqa: PLC0415

    current = tuple(MigrationContext.configure(connection).get_current_heads())
    known = _known(script)
    unknown = [revision for revision in current if revision not in known]
    if unknown:
        raise SchemaTooNew(found=", ".join(unknown), known=", ".join(script.get_heads()))
    return current


def _refuse_foreign(connection: Connection, where: str) -> None:
    """A file with tables but no schema version belongs to some other program."""
    tables = sorted(inspect(connection).get_table_names())
    if tables:
        raise LedgerError(foreign_message(where, tables))


def foreign_message(where: str, tables: list[str]) -> str:
    """Why a database with tables but no schema version is refused."""
    return (f"{where}: not a Championship Banker ledger (it has tables {', '.join(tables)} "
            "but no schema version); choose another file")
