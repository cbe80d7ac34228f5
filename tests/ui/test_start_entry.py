"""`banker`: the window with no command, the CLI otherwise; `--help` loads nothing heavy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click

from ui import entry
from ui.system_check import display_problem, qt_missing

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("PySide6", "sqlalchemy", "alembic", "argon2")


def test_help_lists_every_command_without_loading_qt_or_the_ledger() -> None:
    script = ("import sys\nfrom ui.entry import main\nsys.argv = ['banker', '--help']\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=REPO, check=True).stdout
    assert "LOADED []" in out
    assert "scoresheet" in out and "verify" in out


def test_a_groups_help_lists_its_subcommands_without_loading_the_ledger() -> None:
    for group in entry.GROUP_HELP:
        script = ("import sys\nfrom ui.entry import main\n"
                  f"sys.argv = ['banker', {group!r}, '--help']\n"
                  "try:\n    main()\nexcept SystemExit:\n    pass\n"
                  f"print('LOADED', sorted(m for m in {HEAVY!r} if m in sys.modules))")
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             cwd=REPO, check=True).stdout
        assert "LOADED []" in out, group
        assert all(name in out for name in entry.GROUP_HELP[group]), group


def test_the_listed_help_is_each_commands_own() -> None:
    # What `banker --help` shows of each (its first 60 characters) is the command's own help;
    # after changing a command's help, copy its first line into ui/entry.py SHORT_HELP.
    cli = entry.commands()
    context = click.Context(cli)
    assert sorted(cli.list_commands(context)) == sorted(entry.SHORT_HELP)
    for name, text in entry.SHORT_HELP.items():
        command = cli.get_command(context, name)
        assert command is not None
        listed = click.Command(name, help=text).get_short_help_str(60)
        assert command.get_short_help_str(60) == listed, name
    for group, listed_help in entry.GROUP_HELP.items():
        real = cli.get_command(context, group)
        assert isinstance(real, click.Group)
        assert sorted(real.list_commands(context)) == sorted(listed_help), group
        for name, text in listed_help.items():
            command = real.get_command(context, name)
            assert command is not None
            assert command.help is not None
            assert " ".join(command.help.split()) == text, f"{group} {name}"


def test_a_missing_qt_library_is_named_with_its_debian_package() -> None:
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    text = qt_missing(error)
    assert "libEGL is missing" in text
    assert "apt-get install libegl1" in text


def test_no_display_says_how_to_run_on_a_virtual_one(monkeypatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    problem = display_problem()
    assert problem is not None and "xvfb-run" in problem


def test_banker_without_a_display_exits_1_with_plain_words_and_no_traceback() -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, "-c", "from ui.entry import main; main()"],
                          capture_output=True, text=True, cwd=REPO, env=env, check=False)
    assert done.returncode == 1
    assert "needs a display" in done.stderr
    assert "Traceback" not in done.stderr
