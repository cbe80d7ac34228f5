"""The wheel is the whole app: built from the tree, installed into a fresh virtual environment
outside the checkout, it runs `banker --help`, `banker start`, `banker verify` on a shipped
example and opens the banker's window offscreen, from a folder where the checkout is not
importable, reading no file of the checkout.

How, and why it is fast (about 10 s) and needs no network:

1. The tracked files of the packages (and untracked ones not ignored: work in progress) are
   copied to a temporary source folder, so the build writes nothing into the checkout, and
   `pip wheel --no-deps --no-build-isolation` builds the wheel there with this environment's
   setuptools (the dev extra's setuptools>=70.1 carries `bdist_wheel`). Where this environment
   cannot build without isolation, pip builds with isolation, which fetches setuptools from the
   index; if that fails for want of a network or a package index, the test is skipped and says so.
2. `python -m venv --without-pip` makes a fresh environment under tmp_path, and this
   environment's pip installs the wheel into it (`pip --python NEW install --no-deps
   --no-index`): its packages and its `banker` script land in the new site-packages.
3. The dependencies (PySide6 alone is hundreds of megabytes) are not installed again: one
   `.pth` line puts this environment's site-packages *after* the new one on the new one's path.
   A plain path line does not run the `.pth` files there, so the checkout's editable install
   (a finder hook in a `.pth`) stays out; the test checks every package resolves into the new
   site-packages, and an audit hook checks that nothing under the checkout is opened or listed.
4. Every command runs with its working folder in tmp_path, PYTHONPATH and the user's
   site-packages off, BANKER_DATA_DIR, HOME and XDG_CONFIG_HOME in tmp_path, and Qt offscreen.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from app.version import app_version

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "models", "ui", "migrations", "resources")
SHIPPED = ("pyproject.toml", "README.md", *PACKAGES)
# Qt's offscreen platform says so when a window asks for size hints; nothing is wrong.
QUIET = "This plugin does not support propagateSizeHints"


def source_files() -> list[str]:
    """The files a wheel is built from: git's tracked and untracked-not-ignored files."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("git is needed to list the checkout's files for the wheel (not a checkout)")
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "--", *SHIPPED], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    return [name for name in listed if (ROOT / name).is_file()]


def build_wheel(tmp: Path) -> Path:
    """The wheel built from a copy of the tree (see the module's docstring, step 1)."""
    source, out = tmp / "source", tmp / "dist"
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)]
    # The copy has no git to take its version from: setuptools-scm is told the checkout's.
    env = {**os.environ, "SETUPTOOLS_SCM_PRETEND_VERSION_FOR_CHAMPIONSHIP_BANKER": app_version()}
    offline = subprocess.run([*pip, "--no-build-isolation"], capture_output=True, text=True,
                             check=False, timeout=300, env=env)
    if offline.returncode != 0:
        isolated = subprocess.run(pip, capture_output=True, text=True, check=False, timeout=300,
                                  env=env)
        if isolated.returncode != 0:
            said = isolated.stdout + isolated.stderr
            if any(text in said for text in ("No matching distribution", "Could not find a version",
                                              "NewConnectionError", "Network is unreachable")):
                pytest.skip("cannot build the wheel here: this environment's setuptools cannot "
                            "build without isolation (pip install 'setuptools>=70.1') and no "
                            "package index is reachable for an isolated build")
            pytest.fail(f"the wheel did not build:\n{offline.stderr}\n{said}")
    wheels = list(out.glob("championship_banker-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def site_packages(python: Path) -> Path:
    return Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                                "get_paths()['purelib'])"], capture_output=True, text=True,
                               check=True).stdout.strip())


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fresh environment holding only the wheel, the dependencies seen through a .pth line."""
    tmp = tmp_path_factory.mktemp("install")
    wheel = build_wheel(tmp)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv_python(venv)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, timeout=300,
                   capture_output=True)
    new_site = site_packages(python)
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (new_site / "zz-dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    work = tmp / "work"
    work.mkdir()
    return {"venv": venv, "python": python, "site": new_site, "work": work,
            "banker": venv / ("Scripts/banker.exe" if os.name == "nt" else "bin/banker"),
            "data": tmp / "data", "wheel": wheel}


def run(installed: dict[str, Path], *argv: str | Path,
        ok: bool = True) -> subprocess.CompletedProcess[str]:
    """Run a program from the working folder outside the checkout, in a clean environment."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "BANKER_", "VIRTUAL_ENV", "QT_"))}
    home = installed["work"].parent / "home"
    env.update({"BANKER_DATA_DIR": str(installed["data"]), "QT_QPA_PLATFORM": "offscreen",
                "PYTHONNOUSERSITE": "1", "HOME": str(home),
                "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "share")})
    done = subprocess.run([str(a) for a in argv], cwd=installed["work"], env=env,
                          capture_output=True, text=True, check=False, timeout=120)
    if ok:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


# What the installed app reads from, printed from inside the new environment; an audit hook
# records every file opened or folder listed under the checkout (its .venv aside: the deps).
# Files written inside the new environment (bytecode caches aside, which Python skips where
# it may not write) are recorded too: the install folder may be read-only.
WHERE = """
import os, sys
root = sys.argv[1]
touched, written = [], []
WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT
def audit(event, args):
    if event in ("open", "os.listdir", "os.scandir", "sqlite3.connect") and args and \\
            isinstance(args[0], str):
        path = args[0]
        if path.startswith(root) and not path.startswith(root + "/.venv"):
            touched.append(path)
        mode, flags = (args[1], args[2]) if event == "open" else (None, 0)
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & WRITE)
        if writes and path.startswith(sys.prefix) and "__pycache__" not in path:
            written.append(path)
sys.addaudithook(audit)
"""

WINDOW = WHERE + """
import json
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import ui.app
from app.datafolder.paths import data_root

app = ui.app.application(["banker"])
shown = {}

def look():
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ui.app.MainWindow))
    shown["start"] = window.stack.currentWidget() is window.start
    shown["grab"] = window.grab().size().toTuple()
    shown["folder"] = window.start.folder.text()
    window.start.sample_button.click()  # the sample game, one click away
    shown["table"] = window.table is not None and window.stack.currentWidget() is window.table
    shown["title"] = window.windowTitle()
    shown["table_grab"] = window.grab().size().toTuple()
    window.close()

QTimer.singleShot(2500, look)
code = ui.app.run()
print("SHOWN", json.dumps(shown))
print("DATA", data_root())
print("TOUCHED", touched)
print("WRITTEN", written)
sys.exit(code)
"""

MODULES = WHERE + """
import app, models, ui, migrations, resources, ui.fonts
from app.datafolder.paths import EXAMPLES
from app.ledger.migration import MIGRATIONS_FOLDER
for module in (app, models, ui, migrations, resources):
    print("MODULE", module.__file__)
print("MODULE", EXAMPLES)
print("MODULE", MIGRATIONS_FOLDER)
print("MODULE", ui.fonts.FOLDER)
print("TOUCHED", touched)
print("WRITTEN", written)
"""


def test_every_package_and_data_folder_comes_from_the_new_environment(installed) -> None:
    done = run(installed, installed["python"], "-c", MODULES, str(ROOT))
    places = [line.split(" ", 1)[1] for line in done.stdout.splitlines()
              if line.startswith("MODULE ")]
    assert len(places) == 8
    assert all(Path(place).is_relative_to(installed["site"]) for place in places), places
    assert "TOUCHED []" in done.stdout, done.stdout
    assert "WRITTEN []" in done.stdout, done.stdout


def test_the_wheel_holds_every_module_of_the_app_and_none_of_the_developers_tools(
        installed) -> None:
    # ui/tools/ (the screenshot scripts, the sound maker) is the developers': the app never
    # imports it (the commands and the window run above from the wheel without it).
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        held = {name for name in wheel.namelist() if name.endswith(".py")}
    modules = {name for name in source_files()
               if name.endswith(".py") and name.startswith(("app/", "models/", "ui/"))}
    tools = {name for name in modules if name.startswith("ui/tools/")}
    assert tools and "ui/tools/hall_screenshot.py" in tools
    assert not {name for name in held if name.startswith("ui/tools/")}
    assert modules - tools <= held


def test_the_wheel_holds_every_data_file_of_resources_and_migrations(installed) -> None:
    shipped = {name for name in source_files()
               if name.startswith(("resources/", "migrations/"))}
    unpacked = {path.relative_to(installed["site"]).as_posix()
                for top in ("resources", "migrations")
                for path in (installed["site"] / top).rglob("*")
                if path.is_file() and "__pycache__" not in path.parts}
    assert shipped <= unpacked, sorted(shipped - unpacked)
    assert {"resources/fonts/DejaVuSans.ttf", "resources/fonts/LICENSE.txt",
            "resources/fonts/NotoSansTamilNames-Regular.ttf", "resources/fonts/OFL-Noto.txt",
            "resources/fonts/NotoSansCJKSC-Names-Regular.ttf",
            "resources/examples/classic-sample.jsonl", "resources/sounds/time.wav",
            "migrations/script.py.mako", "migrations/env.py"} <= unpacked


def test_banker_help_start_and_verify_run_from_the_installed_script(installed) -> None:
    helped = run(installed, installed["banker"], "--help")
    assert "verify" in helped.stdout and "scoresheet" in helped.stdout
    started = run(installed, installed["banker"], "start")
    assert "Recording classic-sample.jsonl" in started.stdout
    assert str(installed["data"]) in started.stdout
    sample = installed["site"] / "resources" / "examples" / "classic-sample.jsonl"
    db = installed["work"] / "table.db"
    run(installed, installed["banker"], "run", sample, "--db", db)
    verified = run(installed, installed["banker"], "verify", "--db", db)
    assert "sound" in verified.stdout.lower() or verified.returncode == 0
    run(installed, installed["banker"], "verify", "--db", installed["data"] / "sample-table.db")


def test_the_installed_banker_says_the_version_it_was_built_as(installed) -> None:
    # The wheel was built as the checkout's version (build_wheel); installed, it has no git to
    # ask: the distribution's metadata says it.
    said = run(installed, installed["banker"], "--version")
    assert said.stdout == f"Championship Banker {app_version()}\n"
    assert installed["wheel"].name.startswith(f"championship_banker-{app_version()}-")


def test_the_banker_window_opens_offscreen_on_the_start_page_and_the_sample_game(
        installed) -> None:
    done = run(installed, installed["python"], "-c", WINDOW, str(ROOT))
    shown_line = next(line for line in done.stdout.splitlines() if line.startswith("SHOWN "))
    shown = json.loads(shown_line.removeprefix("SHOWN "))
    assert shown["start"] and shown["table"], done.stdout + done.stderr
    assert shown["grab"][0] > 0 and shown["table_grab"][0] > 0
    assert f"Data folder: {installed['data']}" in shown["folder"]
    assert "sample" in shown["title"]
    assert "TOUCHED []" in done.stdout, done.stdout
    assert "WRITTEN []" in done.stdout, done.stdout
    assert not [line for line in done.stderr.splitlines() if line and QUIET not in line], \
        done.stderr
