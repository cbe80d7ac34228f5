"""Where the app keeps its files: the user's data folder (no server) and the bundled examples."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "championship-banker"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def data_dir() -> Path:
    """The user's data folder for ledgers, created on first use."""
    path = Path(platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def sample_script() -> Path:
    """The short classic sample game shipped in `examples/`."""
    return EXAMPLES / "classic-sample.jsonl"
