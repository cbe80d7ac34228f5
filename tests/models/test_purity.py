"""The models package is pure: importing all of it loads no ORM, no migrations and no Qt."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import models

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("sqlalchemy", "PySide6", "alembic")
MODULES = sorted(f"models.{m.name}" for m in pkgutil.iter_modules(models.__path__))


def test_every_module_of_models_is_found() -> None:
    # STYLE.md Our layout: models/ holds the engine; at least these modules make it up.
    assert {"models.engine", "models.turn", "models.market", "models.cards", "models.fold",
            "models.state", "models.commands", "models.events"} <= set(MODULES)


def test_importing_every_module_of_models_leaves_orm_migrations_and_qt_unloaded() -> None:
    # STYLE.md Our layout: models/ is pure Python and pydantic; no Qt, no SQLAlchemy (and no
    # Alembic, which would drag SQLAlchemy in). A fresh interpreter imports all of them and
    # reports any forbidden top-level package in sys.modules.
    script = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted({{m.split('.')[0] for m in sys.modules}} & {set(FORBIDDEN)!r})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
