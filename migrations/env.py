"""Alembic environment: runs on a connection the app passes in, or on alembic.ini's URL."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection, engine_from_config, pool

from app.ledger.schema import metadata

config = context.config

# Only a developer's alembic.ini sets up logging; the app (no ini) configures its own.
if config.config_file_name is not None and config.file_config.has_section("loggers"):
    fileConfig(config.config_file_name)


def _run(connection: Connection) -> None:
    """Run the pending revisions on `connection` inside one transaction."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things; batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    """Emit the SQL for the revisions instead of running it (`alembic upgrade --sql`)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run on the app's connection when given one, else on a fresh engine from alembic.ini."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with engine.connect() as fresh:
        _run(fresh)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
