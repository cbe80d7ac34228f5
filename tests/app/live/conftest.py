"""One hall on a real PostgreSQL hub for all the live page's tests (made once: ~8 s), the
reader's snapshot of it, and the web app on it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.datafolder.paths import DATA_DIR_ENV
from app.hub import HUB_URL_ENV
from tests.app.live.hall import LiveHall, build
from tests.postgres import server, skip_reason


@pytest.fixture(scope="package")
def live_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveHall]:
    found = server()
    if found is None:
        pytest.skip(f"the live page reads a PostgreSQL hub: not tested ({skip_reason()})")
    kept = {k: os.environ.get(k) for k in (DATA_DIR_ENV, HUB_URL_ENV)}
    try:
        yield build(found.new_database(), Path(tmp_path_factory.mktemp("live-hall")))
    finally:
        for key, value in kept.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
