"""Shared by every test: the app's data folder is a temporary one, never the user's home."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.version import TEST_VERSION_ENV

# Every ledger a test writes records this as the app's version (app/version.py recorded_version),
# so ledgers compared byte for byte stay the same from one commit to the next; a test of the
# recorded version itself sets its own with monkeypatch.
TEST_VERSION = "0.0.0+test"
os.environ[TEST_VERSION_ENV] = TEST_VERSION


@pytest.fixture(autouse=True, scope="session")
def _data_dir_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    # Session-wide (not monkeypatch) so Hypothesis tests see it too; a test that needs its own
    # editions folder sets BANKER_DATA_DIR again with monkeypatch.
    before = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = str(tmp_path_factory.mktemp("banker-data"))
    yield
    if before is None:
        os.environ.pop(DATA_DIR_ENV, None)
    else:
        os.environ[DATA_DIR_ENV] = before
