"""Whole-file checks: SQLite's full integrity and foreign-key checks, and rows of no game."""

from __future__ import annotations

from app.ledger import reading
from app.ledger.database import Database


def file_problems(database: Database) -> list[str]:
    """What is wrong with the file as a whole, in plain words; [] when nothing is.

    SQLite files run the full `PRAGMA integrity_check` (every index against its table, NOT
    NULL and CHECK constraints) and `PRAGMA foreign_key_check`; every database is searched for
    rows whose game_id names no game.
    """
    problems: list[str] = []
    with database.read() as connection:
        if database.dialect == "sqlite":
            report = [str(line) for line in
                      connection.exec_driver_sql("PRAGMA integrity_check(20)").scalars()]
            if report != ["ok"]:
                problems += [f"the file fails SQLite's integrity check: {line}"
                             for line in report]
            for table, rowid, parent, _ in connection.exec_driver_sql(
                    "PRAGMA foreign_key_check").all()[:20]:
                problems.append(f"row {rowid} of {table} refers to a row of {parent} "
                                "that is not there")
        problems += reading.stray_rows(connection)
    return problems
