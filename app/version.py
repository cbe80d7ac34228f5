"""The app's version: the one `banker --version` prints, the ledger records and the sheets show.

Built and installed (the wheel, with pip or pipx), it is the installed distribution's version,
which setuptools-scm derived from the repository when the wheel was built: a commit tagged vX.Y.Z
gives X.Y.Z, any other commit a development version of its own (X.Y.Z+1.devN+gHASH). Run from a
git checkout (the developers' `./dev`, an editable install), the distribution's version is the one
of the last install and goes stale with every commit, so the checkout's own version is worked out
from `git describe` as setuptools-scm would (without importing it: 70 ms a process start).
The standalone bundle has neither: its build writes the version beside this module
(`_version.txt`, packaging/banker.spec). Without any of them (a source tree without git):
FALLBACK, pyproject.toml's fallback_version. docs/decisions.md says why.

What a ledger records (`recorded_version`) is the same, except under the test harness: the tests
set BANKER_TEST_APP_VERSION (tests/conftest.py), so the ledgers they compare byte for byte (the
pinned write path) do not change with every commit. Nothing else sets it.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path
from typing import Any

DISTRIBUTION = "championship-banker"
FALLBACK = "0.0.0+unknown"  # pyproject.toml [tool.setuptools_scm] fallback_version
BUILT_FILE = "_version.txt"
TEST_VERSION_ENV = "BANKER_TEST_APP_VERSION"


@functools.cache
def app_version() -> str:
    """This running app's version (worked out once per process)."""
    return _checkout_version() or _built_version() or _installed_version() or FALLBACK


def recorded_version() -> str:
    """The version a ledger records as the one writing it: app_version(), or the test
    harness's pinned version (TEST_VERSION_ENV)."""
    return os.environ.get(TEST_VERSION_ENV) or app_version()


def printed_by(foot: dict[str, Any]) -> str:
    """A printed sheet's words for the app's version that printed it (a scoresheet's footer:
    `printed_by`), and the one its game was last recorded by where that is another."""
    printed, recorded = foot.get("printed_by"), foot.get("recorded_by")
    other = f"; its game last recorded by {recorded}" if recorded and recorded != printed else ""
    return f"Printed by Championship Banker {printed}{other}"


def components() -> list[tuple[str, str]]:
    """What this app runs on, besides Qt (the window's layer says Qt's and PySide6's): Python,
    SQLite (the ledger's), SQLAlchemy and pydantic, without importing the last two."""
    import platform  # noqa: PLC0415 (`banker --version` alone needs neither)
    import sqlite3  # noqa: PLC0415

    return [("Python", platform.python_version()), ("SQLite", sqlite3.sqlite_version),
            ("SQLAlchemy", _package("SQLAlchemy", "sqlalchemy")),
            ("pydantic", _package("pydantic", "pydantic"))]


def _package(distribution: str, module: str) -> str:
    from importlib import metadata  # noqa: PLC0415 (tens of ms: only where asked)

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:  # the bundle keeps no metadata: ask the module
        return str(getattr(import_module(module), "__version__", "unknown"))


def _checkout_version() -> str | None:
    root = Path(__file__).resolve().parent.parent
    # A worktree's .git is a file, a clone's a folder; pyproject.toml says it is this project's.
    if not (root / ".git").exists() or not (root / "pyproject.toml").is_file():
        return None
    return _described(root) or _asked_of_setuptools_scm(root)


_DESCRIBED = re.compile(r"^v?(?P<tag>\d[\w.]*?)-(?P<distance>\d+)-g(?P<node>[0-9a-f]+)"
                        r"(?P<dirty>-dirty)?$")


def _described(root: Path) -> str | None:
    """The checkout's version as setuptools-scm's default scheme words it (guess-next-dev with
    node-and-date: the tag's X.Y.Z on the tagged commit, else X.Y.(Z+1).devN+gHASH, with
    .dYYYYMMDD when the tree has uncommitted changes), from one `git describe`: importing
    setuptools-scm costs every process start some 70 ms of CPU. None when no tag names a
    release (setuptools-scm is asked then: tests/test_version_scheme.py holds the two equal)."""
    try:
        done = subprocess.run(
            ["git", "describe", "--dirty", "--tags", "--long", "--abbrev=40", "--match",
             "*[0-9]*"], cwd=root, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    found = _DESCRIBED.match(done.stdout.strip()) if done.returncode == 0 else None
    if found is None:
        return None
    tag, distance, dirty = found["tag"], int(found["distance"]), bool(found["dirty"])
    if distance == 0 and not dirty:
        return tag
    bumped = re.match(r"(.*?)(\d+)$", tag.split("+")[0])
    if bumped is None:
        return None
    version = f"{bumped[1]}{int(bumped[2]) + 1}.dev{distance}+g{found['node'][:9]}"
    if dirty:
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        when = (datetime.fromtimestamp(int(epoch), UTC) if epoch and epoch.isdigit()
                else datetime.now(UTC))
        version += f".d{when:%Y%m%d}"
    return version


def _asked_of_setuptools_scm(root: Path) -> str | None:
    try:
        import setuptools_scm  # noqa: PLC0415 (a developer's tool, the dev extra; only in a checkout)
    except ImportError:
        return None
    try:
        return str(setuptools_scm.get_version(root=str(root), fallback_version=FALLBACK))
    except Exception:  # git missing or failing: the installed version is the next best
        return None


def _built_version() -> str | None:
    try:
        text = Path(__file__).with_name(BUILT_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return text or None


def _installed_version() -> str | None:
    from importlib import metadata  # noqa: PLC0415 (the bundle's answer comes before it)

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
