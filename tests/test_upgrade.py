"""Upgrades that upgrade: each commit builds a wheel of its own version, and a plain `pip install`
of a newer wheel over an older one replaces the installed code (issue 32).

In a temporary clone of the repository (local: its objects hard-linked) whose tags are replaced by
one release tag of the test's own, v5.0.0 on the clone's head (the checkout at hand may hold the
project's tags or, as CI's clean clone, none), two commits are made, the second changing a
module's constant; a wheel is built at each with this environment's setuptools and setuptools-scm
(`pip wheel --no-deps --no-build-isolation`, no network), then the first is installed into a fresh
virtual environment and the second over it with a plain `pip install` (no --force-reinstall). As
in tests/test_install.py, the dependencies are this environment's, seen through a `.pth` line
after the new site-packages; the line is taken away while pip installs, so pip sees only the new
environment's own install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from packaging.version import Version

from tests.test_install import site_packages, venv_python

ROOT = Path(__file__).resolve().parents[1]
MARK = "UPGRADE_MARK"  # the constant the second commit changes, in app/__init__.py
RELEASE_TAG = "v5.0.0"  # the clone's one tag, on its head before the two commits


def git(clone: Path, *argv: str) -> str:
    return subprocess.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.org",
                           "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", *argv],
                          cwd=clone, capture_output=True, text=True, check=True,
                          timeout=120).stdout.strip()


def commit_mark(clone: Path, value: str) -> str:
    """Set the mark in app/__init__.py and commit it; the commit's hash."""
    init = clone / "app" / "__init__.py"
    kept = [line for line in init.read_text(encoding="utf-8").splitlines()
            if not line.startswith(MARK)]
    init.write_text("\n".join([*kept, f"{MARK} = {value!r}", ""]), encoding="utf-8")
    git(clone, "commit", "-q", "-am", f"the mark: {value}")
    return git(clone, "rev-parse", "HEAD")


def names_commit(version: object, commit: object) -> bool:
    """Whether a development version's local part names `commit` (g and its hash, shortened)."""
    local = Version(str(version)).local or ""
    return local.startswith("g") and len(local) > 7 and str(commit).startswith(local[1:])


def wheel_at(clone: Path, out: Path) -> Path:
    env = {key: value for key, value in os.environ.items() if not key.startswith("SETUPTOOLS_SCM")}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(clone)], check=True, capture_output=True,
                   timeout=300, env=env)
    (wheel,) = out.glob("championship_banker-*.whl")
    return wheel


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path | str]:
    """The clone, and a wheel at each of its two new commits (built once for the module)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("the upgrade test needs git and the repository (a checkout)")
    tmp = tmp_path_factory.mktemp("upgrade")
    clone = tmp / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True, timeout=300,
                   capture_output=True)
    for tag in git(clone, "tag", "--list").split():
        git(clone, "tag", "-d", tag)
    git(clone, "tag", "-a", RELEASE_TAG, "-m", "the test's release")
    first_hash = commit_mark(clone, "first")
    first = wheel_at(clone, tmp / "first")
    shutil.rmtree(clone / "build", ignore_errors=True)  # the next build starts clean
    second_hash = commit_mark(clone, "second")
    second = wheel_at(clone, tmp / "second")
    return {"tmp": tmp, "clone": clone, "first": first, "second": second,
            "first_hash": first_hash, "second_hash": second_hash}


def version_of(wheel: Path) -> Version:
    return Version(wheel.name.split("-")[1])


def test_each_commit_builds_a_version_of_its_own_the_later_one_newer(built) -> None:
    first, second = version_of(built["first"]), version_of(built["second"])
    # setuptools-scm's guess-next-dev: 1 and 2 commits past v5.0.0 are 5.0.1.dev1 and .dev2,
    # each naming its commit (the local part: g and the hash's first 9 hex digits).
    assert first == Version(f"5.0.1.dev1+g{str(built['first_hash'])[:9]}")
    assert second == Version(f"5.0.1.dev2+g{str(built['second_hash'])[:9]}")
    assert second > first > Version("5.0.0")
    assert names_commit(first, built["first_hash"]) and names_commit(second, built["second_hash"])


def test_a_clone_without_tags_still_builds_a_version_naming_its_commit(built,
                                                                       tmp_path: Path) -> None:
    """A clone that fetched no tags (CI's clean clone) counts from the fallback_version,
    0.0.0+unknown: N commits from the root are 0.0.1.devN, its local part `unknown.gHASH`
    (docs/decisions.md, 'A version per build'); never a release number it cannot know."""
    clone = tmp_path / "tagless"
    subprocess.run(["git", "clone", "-q", "--no-tags", str(built["clone"]), str(clone)],
                   check=True, timeout=120, capture_output=True)
    assert git(clone, "tag", "--list") == ""
    head = git(clone, "rev-parse", "HEAD")
    commits = int(git(clone, "rev-list", "--count", "HEAD"))
    said = subprocess.run([sys.executable, "-m", "setuptools_scm"], cwd=clone,
                          capture_output=True, text=True, check=True).stdout.strip()
    assert Version(said) == Version(f"0.0.1.dev{commits}+unknown.g{head[:9]}")
    assert Version(said).is_devrelease and Version(said) < Version("0.1.0")


def test_a_tagged_commit_gives_its_release_number(built, tmp_path: Path) -> None:
    clone = tmp_path / "tagged"
    subprocess.run(["git", "clone", "-q", str(built["clone"]), str(clone)], check=True,
                   timeout=120, capture_output=True)
    git(clone, "tag", "-a", "v7.3.1", "-m", "7.3.1")
    ask = [sys.executable, "-m", "setuptools_scm"]
    said = subprocess.run(ask, cwd=clone, capture_output=True, text=True, check=True).stdout
    assert said.strip() == "7.3.1"
    after = commit_mark(clone, "after the release")
    said = subprocess.run(ask, cwd=clone, capture_output=True, text=True, check=True).stdout
    assert said.strip().startswith("7.3.2.dev1+g") and names_commit(said.strip(), after)


def test_pip_install_of_the_newer_wheel_replaces_the_older_ones_code(built) -> None:
    tmp = built["tmp"]
    assert isinstance(tmp, Path)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv_python(venv)
    new_site = site_packages(python)
    deps = new_site / "zz-dependencies.pth"
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "BANKER_", "VIRTUAL_ENV", "QT_"))}
    env["PYTHONNOUSERSITE"] = "1"

    def install(wheel: object) -> str:
        deps.unlink(missing_ok=True)  # pip sees only the new environment's own install
        done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                               "--no-deps", "--no-index", str(wheel)], capture_output=True,
                              text=True, timeout=300, check=True)
        deps.write_text("".join(f"{p}\n" for p in sorted(ours)))
        return done.stdout

    def installed() -> tuple[str, str]:
        mark = subprocess.run([str(python), "-c", f"import app; print(app.{MARK}, app.__file__)"],
                              capture_output=True, text=True, check=True, env=env, cwd=tmp,
                              timeout=60).stdout.split()
        assert Path(mark[1]).is_relative_to(new_site)
        said = subprocess.run([str(venv / "bin" / "banker"), "--version"], capture_output=True,
                              text=True, check=True, env=env, cwd=tmp, timeout=60).stdout
        return mark[0], said.strip()

    install(built["first"])
    assert installed() == ("first", f"Championship Banker {version_of(built['first'])}")
    said = install(built["second"])  # a plain install: no --force-reinstall, no --upgrade
    assert "already installed" not in said.lower()
    assert installed() == ("second", f"Championship Banker {version_of(built['second'])}")
    dist_infos = sorted(p.name for p in new_site.glob("championship_banker-*.dist-info"))
    assert dist_infos == [f"championship_banker-{version_of(built['second'])}.dist-info"]
