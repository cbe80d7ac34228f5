"""A checkout's version, worked out from `git describe` without importing setuptools-scm (70 ms
of CPU a process start), is the one setuptools-scm gives the wheel built there: on the tagged
commit, commits after it, with uncommitted changes, and without any tag."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from app import version


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Lee", "-c", "user.email=lee@example.org", *args],
                   cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "pyproject.toml")
    _git(tmp_path, "commit", "-qm", "first")
    return tmp_path


def _both(repo: Path) -> tuple[str | None, str | None]:
    return version._described(repo), version._asked_of_setuptools_scm(repo)


def test_the_described_version_is_setuptools_scms_at_every_kind_of_commit(repo: Path) -> None:
    # No tag: describe names nothing, and setuptools-scm (0.1.devN) is asked instead.
    assert version._described(repo) is None
    _git(repo, "tag", "v1.4.9")
    assert _both(repo) == ("1.4.9", "1.4.9")  # the tagged commit: its release number
    for n in (1, 2):
        (repo / "f.txt").write_text(str(n), encoding="utf-8")
        _git(repo, "add", "f.txt")
        _git(repo, "commit", "-qm", f"change {n}")
    described, asked = _both(repo)
    assert described == asked and described is not None
    assert described.startswith("1.4.10.dev2+g")  # the next release's second development build
    (repo / "f.txt").write_text("uncommitted", encoding="utf-8")
    described, asked = _both(repo)
    assert described == asked and described is not None and ".d" in described


def test_this_checkout_says_its_own_version_as_setuptools_scm_would() -> None:
    root = Path(version.__file__).resolve().parent.parent
    assert version.app_version() == version._asked_of_setuptools_scm(root)
