"""Dependencies point inward: ui → app → models, and the game itself knows no ORM and no Qt."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imports(package: str) -> dict[str, set[str]]:
    """Each module file of `package` with the top-level packages it imports (absolute imports)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def offenders(package: str, forbidden: set[str]) -> dict[str, set[str]]:
    return {module: names & forbidden for module, names in imports(package).items()
            if names & forbidden}


def test_the_import_scan_sees_the_imports_it_should() -> None:
    scanned = imports("app")
    assert scanned, "no modules found under app/"
    assert "sqlalchemy" in set().union(*scanned.values())
    assert "models" in set().union(*scanned.values())


def test_models_import_no_database_or_migration_or_qt_library() -> None:
    assert offenders("models", {"sqlalchemy", "alembic", "PySide6", "PySide2", "PyQt5", "PyQt6"}) == {}


def test_models_import_nothing_from_app_or_ui() -> None:
    assert offenders("models", {"app", "ui"}) == {}


def test_app_imports_no_qt() -> None:
    assert offenders("app", {"PySide6", "PySide2", "PyQt5", "PyQt6", "shiboken6"}) == {}


def test_app_imports_nothing_from_ui() -> None:
    assert offenders("app", {"ui"}) == {}


@pytest.mark.parametrize("package", ["models", "app"])
def test_loading_a_package_loads_no_qt_and_models_load_no_sqlalchemy(package: str) -> None:
    # The static scan misses imports made by third-party code on our behalf; this catches them.
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / package).rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(' '.join(sorted(m.split('.')[0] for m in sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    loaded = set(result.stdout.split())
    assert not loaded & {"PySide6", "shiboken6", "ui"}
    if package == "models":
        assert not loaded & {"sqlalchemy", "alembic", "app"}
