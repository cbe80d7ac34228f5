"""The live page in a real browser: Debian's chromium (`apt-get install chromium`; ./dev test
installs it) driven by Playwright, nothing downloaded, one browser for the module, the page
served by uvicorn from the hall's hub. A phone (360x740) finds a seat by a name typed without its
accents or in another script's plain letters; a projector (1920x1080) sees an announcement made
on the hub arrive without reloading; the page says "not updated since ..." while the hub is away
and catches up when it returns; nothing is asked of any other address.

BANKER_LIVE_SCREENSHOTS=docs/screenshots keeps the screenshots there (else in the test's folder)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.hub.errors import HubUnreachable
from app.live.snapshot import LiveReader, Snapshot
from app.live.web import LivePage, Options
from app.tournament import rounds
from tests.app.live.hall import HEAD, HEAD_PIN, LiveHall, no_wait

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (apt-get install "
                                       "chromium; ./dev test installs it)")
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1920, "height": 1080}


class Served:
    """The live page under uvicorn on a thread, on one port; stopped and started again as the
    hall's server would be."""

    def __init__(self, page: LivePage) -> None:
        self.page = page
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}/live"
        self.server: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        import uvicorn  # noqa: PLC0415

        self.server = uvicorn.Server(uvicorn.Config(
            self.page.app, host="127.0.0.1", port=self.port, log_level="warning",
            timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline and self.thread.is_alive():
            time.sleep(0.05)
        assert self.server.started, "the live page did not start"

    def stop(self) -> None:
        self.server.should_exit = True
        assert self.thread is not None
        self.thread.join(10)


@pytest.fixture(scope="module")
def served(live_hall: LiveHall) -> Iterator[tuple[str, LivePage]]:
    found = Served(LivePage(LiveReader(live_hall.reader), Options(root_path="/live",
                                                                  poll_s=0.25)))
    found.start()
    yield found.base, found.page
    found.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright

    with sync_playwright() as playwright:
        found = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield found
        found.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    kept = os.environ.get("BANKER_LIVE_SCREENSHOTS")
    return Path(kept) if kept else tmp_path


def open_page(browser: Any, base: str, path: str, size: dict[str, int], scheme: str = "light"
              ) -> tuple[Any, list[str]]:
    """A new tab at `path`, with every address the page asks for."""
    tab = browser.new_page(viewport=size, color_scheme=scheme)
    asked: list[str] = []
    tab.on("request", lambda request: asked.append(request.url))
    tab.goto(f"{base}{path}")
    tab.evaluate("document.fonts.ready.then(() => true)")
    return tab, asked


def test_a_phone_finds_its_seat_by_a_name_typed_without_accents(
        browser: Any, served: tuple[str, LivePage], live_hall: LiveHall, shots: Path) -> None:
    base, _ = served
    tab, asked = open_page(browser, base, f"/t/{live_hall.tid}", PHONE)
    try:
        for typed, seat in (("zoe muller", "Zoë Müller"), ("THORUNN", "Þórunn Jónsdóttir"),
                            ("احمد", "أحمد علي (Ahmad Ali)"), ("li na", "李娜 (Li Na)")):
            tab.fill("#find", typed)
            found = tab.locator("#found li")
            assert found.count() == 1, typed
            assert found.inner_text().startswith(f"{seat} — Qualifying, table "), typed
        tab.fill("#find", "zoe muller")
        assert tab.locator("#find-count").inner_text() == "1 seat found."
        width = tab.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "the page is wider than the phone"
        tab.screenshot(path=str(shots / "live-phone-360.png"))
        tab.emulate_media(color_scheme="dark")
        tab.screenshot(path=str(shots / "live-phone-360-dark.png"))
        table, more = open_page(browser, base, f"/t/{live_hall.tid}/Qualifying/1", PHONE)
        assert table.locator("figure.board svg").count() == 1
        table.screenshot(path=str(shots / "live-table-phone-360.png"), full_page=True)
        table.close()
    finally:
        tab.close()
    assert [a for a in asked + more if not a.startswith(base)] == []


def test_an_announcement_on_the_hub_reaches_the_open_page_without_reloading(
        browser: Any, served: tuple[str, LivePage], live_hall: LiveHall, shots: Path) -> None:
    base, page = served
    tab, _ = open_page(browser, base, f"/t/{live_hall.tid}", PROJECTOR)
    try:
        tab.evaluate("window.notReloaded = true")
        words = "Table 2: the judge is on the way"
        rounds.record(live_hall.tid, "Qualifying", "announce", words, HEAD, HEAD_PIN,
                      hub=live_hall.desk, sleep=no_wait)
        tab.locator(".announcements li").first.filter(has_text=words).wait_for(timeout=10_000)
        assert tab.evaluate("window.notReloaded") is True  # its delay: benchmarks/live_page.py
        tab.screenshot(path=str(shots / "live-projector-1920.png"))

        # The hub away: the page says since when it is not updated, then catches up.
        real = page.reader

        class Away:
            def refresh(self) -> Snapshot:
                raise HubUnreachable("the hub cannot be used just now")

            def close(self) -> None: ...

        page.reader = Away()
        try:
            tab.locator("#stale").filter(has_text="Not updated since").wait_for(timeout=10_000)
            assert "the hub is not answering" in tab.locator("#stale").inner_text()
            tab.screenshot(path=str(shots / "live-hub-away-1920.png"))
        finally:
            page.reader = real
        tab.locator("#stale").wait_for(state="hidden", timeout=10_000)
        assert tab.evaluate("window.notReloaded") is True
    finally:
        tab.close()


def test_a_page_left_open_while_its_server_restarts_says_so_and_catches_up(
        browser: Any, live_hall: LiveHall) -> None:
    served = Served(LivePage(LiveReader(live_hall.reader), Options(root_path="/live",
                                                                   poll_s=0.25)))
    served.start()
    tab, _ = open_page(browser, served.base, f"/t/{live_hall.tid}", PHONE)
    try:
        tab.evaluate("window.notReloaded = true")
        served.stop()
        stale = tab.locator("#stale")
        stale.filter(has_text="server is out of reach").wait_for(timeout=10_000)
        assert stale.inner_text().startswith("Not updated since ")
        words = "Back after the break: the round resumes at 10:30"
        rounds.record(live_hall.tid, "Qualifying", "announce", words, HEAD, HEAD_PIN,
                      hub=live_hall.desk, sleep=no_wait)
        served.start()
        tab.locator(".announcements li").first.filter(has_text=words).wait_for(timeout=15_000)
        stale.wait_for(state="hidden", timeout=10_000)
        assert tab.evaluate("window.notReloaded") is True
    finally:
        tab.close()
        served.stop()
