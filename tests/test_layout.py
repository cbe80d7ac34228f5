"""The layout keeps its contract: ui → app → models, app's packages downward, and the map in
docs/architecture.md names exactly the packages in the tree."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")
MAP = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def lint(tree: Path, config: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports over the packages under `tree` with the contracts in `config`."""
    return subprocess.run([str(LINT), "--no-cache", str(config)], cwd=tree, capture_output=True,
                          text=True, check=False, timeout=120, env={"PYTHONPATH": str(tree)})


def packages(top: str) -> set[str]:
    return {p.parent.relative_to(ROOT).as_posix() for p in (ROOT / top).glob("*/__init__.py")}


def test_the_tree_keeps_every_import_contract() -> None:
    result = lint(ROOT, ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


@pytest.fixture
def small_tree(tmp_path: Path) -> Path:
    """A tree with every package of the real one, empty, and the real contracts."""
    for top in ("app", "models", "ui"):
        for package in [ROOT / top, *(p.parent for p in (ROOT / top).glob("*/__init__.py"))]:
            folder = tmp_path / package.relative_to(ROOT)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "__init__.py").write_text("")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(text[text.index("\n[tool.importlinter]\n"):])
    return tmp_path


def test_the_small_tree_with_nothing_forbidden_keeps_the_contracts(small_tree: Path) -> None:
    (small_tree / "ui" / "table" / "window.py").write_text("import app.table\n")
    (small_tree / "app" / "review" / "entries.py").write_text("import app.table\nimport models\n")
    result = lint(small_tree, small_tree / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(("module", "code", "broken"), [
    ("models/engine.py", "import PySide6.QtCore\n", "models imports no Qt"),
    ("models/engine.py", "import sqlalchemy\n", "models imports no Qt, no SQLAlchemy"),
    ("models/engine.py", "import app.table\n", "ui → app → models"),
    ("app/table/service.py", "from PySide6 import QtCore\n", "app imports no Qt"),
    ("app/table/service.py", "import ui.table\n", "ui → app → models"),
    ("ui/table/window.py", "from app.ledger import store\n", "ui reaches the ledger only"),
    ("app/ledger/store.py", "import app.table\n", "app's packages import each other only"),
    ("app/table/service.py", "import app.review\n", "app's packages import each other only"),
    ("app/hub/hub.py", "import app.review\n", "app's packages import each other only"),
    ("app/table/service.py", "def later():\n    import app.games\n",
     "app's packages import each other only"),
])
def test_a_forbidden_import_breaks_its_contract(small_tree: Path, module: str, code: str,
                                                broken: str) -> None:
    # One forbidden import in an otherwise empty tree: lint-imports fails and names the contract.
    (small_tree / module).write_text(code)
    result = lint(small_tree, small_tree / "pyproject.toml")
    assert result.returncode != 0
    assert re.search(re.escape(broken) + r".*BROKEN", result.stdout), result.stdout


def test_the_map_lists_exactly_the_packages_of_app_and_models() -> None:
    mapped = set(re.findall(r"^\| `((?:app|models)/[a-z_]+)` \|", MAP, flags=re.M))
    assert mapped == packages("app") | packages("models")


def test_every_package_says_what_it_owns_and_may_import_in_its_first_line() -> None:
    for package in sorted(packages("app") | packages("models")):
        text = (ROOT / package / "__init__.py").read_text(encoding="utf-8")
        first = text.split("\n", 1)[0]
        # The summary line says both; the hub's and the ledger's go on with their public names.
        assert first.startswith('"""') and "Imports" in first, package


def test_the_map_names_the_app_layers_in_the_contracts_order() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c["layers"] for c in contracts["tool"]["importlinter"]["contracts"]
                  if c["id"] == "app-packages")
    in_contract = [name.strip() for layer in layers for name in layer.split("|")]
    in_map = re.findall(r"^\| `app/([a-z_]+)` \|", MAP, flags=re.M)
    assert in_map == in_contract


def test_the_readme_links_the_map() -> None:
    assert "docs/architecture.md" in (ROOT / "README.md").read_text(encoding="utf-8")
