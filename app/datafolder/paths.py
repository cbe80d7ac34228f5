"""Where the app keeps its files: the user's data folder (no server) and the bundled examples."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

import resources

APP_NAME = "championship-banker"
# Inside the installed `resources` package (a wheel, a bundle or a checkout alike), read only.
EXAMPLES = Path(resources.__file__).resolve().parent / "examples"
# Set to a folder to keep the app's files there instead (tests and CI never touch the home folder).
DATA_DIR_ENV = "BANKER_DATA_DIR"


def data_root() -> Path:
    """The user's data folder (`BANKER_DATA_DIR` if set), not created by asking."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def data_dir() -> Path:
    """The user's data folder for ledgers, created on first use."""
    path = data_root()
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_file() -> Path:
    """The window's settings (text size, window places, the new-game form's names) in the
    data folder, so two data folders on one laptop (two events, two bankers) keep their own;
    not created by asking."""
    return data_root() / "settings.ini"


def qt_settings_dir() -> Path:
    """Where Qt's own settings (a file dialog's last folder) go instead of the user's config
    folder: `qt/` in the data folder; not created by asking."""
    return data_root() / "qt"


def editions_dir() -> Path:
    """The user's own boards, profiles and decks: `editions/{boards,profiles,decks}/ID.toml` in
    the data folder (where the board editor saves); only read, never created here."""
    return data_root() / "editions"


def sample_script() -> Path:
    """The short classic sample game shipped in `resources/examples/`."""
    return EXAMPLES / "classic-sample.jsonl"
