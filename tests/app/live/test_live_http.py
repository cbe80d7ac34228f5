"""The live page's HTTP layer through Starlette's TestClient on the hall's hub: its pages and JSON
API from the one snapshot, only GET (anything else refused in words), 404s in words, a path
prefix for a reverse proxy, the followers' cap, errors that never show the hub, and its events
(a new snapshot's page pushed to a follower)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient

from app.hub.errors import HubUnreachable
from app.live.answers import BROKEN, BUSY, NOT_ALLOWED, NOT_FOUND
from app.live.snapshot import LiveReader, Snapshot, secrets_of
from app.live.web import LivePage, Options
from tests.app.live.hall import CONTACTS, LiveHall, move_on


@pytest.fixture(scope="module")
def page(live_hall: LiveHall) -> Iterator[LivePage]:
    made = LivePage(LiveReader(live_hall.reader), Options(root_path="/live", poll_s=3600))
    yield made
    made.reader.close()


@pytest.fixture(scope="module")
def client(page: LivePage) -> Iterator[TestClient]:
    with TestClient(page.app, raise_server_exceptions=False) as found:
        yield found


def paths(hall: LiveHall) -> list[str]:
    t = f"/live/t/{hall.tid}"
    return ["/live/", t, f"{t}/Qualifying/1", f"{t}/Qualifying/3", "/live/api/",
            "/live/api/snapshot", "/live/api/tournaments", f"/live/api/tournaments/{hall.tid}",
            f"/live/api/tournaments/{hall.tid}/Qualifying/2", "/live/static/live.css",
            "/live/static/live.js", "/live/qr.svg"]


def test_every_page_and_the_api_answer_from_the_snapshot_and_hold_no_secret(
        client: TestClient, live_hall: LiveHall) -> None:
    secrets = (*secrets_of(live_hall.reader), "banker_reader_login", *CONTACTS.values())
    for path in paths(live_hall):
        got = client.get(path)
        assert got.status_code == 200, path
        seen = got.text + json.dumps(dict(got.headers))
        assert not [s for s in secrets if s in seen], path
    tournament = client.get(f"/live/t/{live_hall.tid}").text
    assert 'href="/live/static/live.css"' in tournament and "PROVISIONAL" in tournament
    assert 'data-find="李娜 Li Na"' in tournament and "Find your seat" in tournament
    assert "DIVERGED" in tournament and "http://" not in tournament.split("<footer")[0]
    assert "<svg" in client.get(f"/live/t/{live_hall.tid}/Qualifying/1").text
    api = client.get(f"/live/api/tournaments/{live_hall.tid}/Qualifying/3").json()
    assert api["table"]["status"] == "diverged" and api["table"]["game"] is None
    assert api["status"]["hub_answers"] is True and api["status"]["serial"] >= 1
    listed = client.get("/live/api/tournaments").json()["tournaments"]
    assert listed == [{"id": live_hall.tid, "name": "Hall Live Open", "current": "Qualifying",
                       "stages": ["Qualifying", "Final"]}]
    # Without the prefix too (a proxy that strips it), and the fonts shipped with the app.
    assert client.get(f"/t/{live_hall.tid}").status_code == 200
    font = client.get("/live/fonts/NotoSansTamilNames-Regular.ttf")
    assert font.status_code == 200 and font.headers["content-type"] == "font/ttf"


def test_only_get_is_served_and_a_bad_path_is_told_in_words(
        client: TestClient, live_hall: LiveHall) -> None:
    for path in (*paths(live_hall), "/live/nothing"):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            got = client.request(method, path, content=b"x")
            assert (got.status_code, got.text) == (405, NOT_ALLOWED), (method, path)
            assert got.headers["content-type"].startswith("text/plain")
    for path in ("/live/nothing", "/live/t/no-such", f"/live/t/{live_hall.tid}/Qualifying/9",
                 f"/live/t/{live_hall.tid}/Final/1", f"/live/api/tournaments/{quote('../x')}",
                 "/live/fonts/LICENSE.txt", "/live/static/../../app/live/web.py",
                 "/live/fonts/..%2F..%2Fapp%2Flive%2Fweb.py"):
        got = client.get(path)
        assert (got.status_code, got.text) == (404, NOT_FOUND), path
        assert got.headers["content-type"].startswith("text/plain")


class Damaged:
    """A reader whose snapshot lacks what the page shows (a bug's stand-in): the page fails."""

    def __init__(self, secret: str) -> None:
        self.secret = secret

    def refresh(self) -> Snapshot:
        return Snapshot({"read_at": "2026-11-27T10:00:00.000Z", "not_standing": [],
                         "tournaments": [{"id": "cup", "stages": self.secret}]},
                        1, datetime.now(UTC), ())

    def close(self) -> None: ...


def test_an_error_inside_says_so_plainly_and_never_what_failed(live_hall: LiveHall) -> None:
    page = LivePage(Damaged(live_hall.reader))
    with TestClient(page.app, raise_server_exceptions=False) as client:
        got = client.get("/t/cup")
    assert (got.status_code, got.text) == (500, BROKEN)
    assert got.headers["content-type"].startswith("text/plain")


def test_a_follower_past_the_cap_is_asked_to_come_back(live_hall: LiveHall) -> None:
    page = LivePage(LiveReader(live_hall.reader), Options(max_followers=1, poll_s=3600))

    async def one_then_two() -> None:
        await page.start()
        following = page._events(live_hall.tid, "")
        await anext(following)  # the first follower is in
        with TestClient(page.app) as client:
            got = client.get(f"/events/t/{live_hall.tid}")
        assert (got.status_code, got.text) == (503, BUSY)
        assert got.headers["retry-after"] == "60"
        await following.aclose()
        await page.stop()

    asyncio.run(one_then_two())
    assert page.held.followers == 0


def test_a_follower_gets_each_new_snapshot_and_hears_when_the_hub_is_away(
        page: LivePage, live_hall: LiveHall) -> None:
    async def follow() -> list[dict[str, object]]:
        events = page._events(live_hall.tid, "")
        heard = []
        assert (await anext(events)).startswith("retry: ")
        heard.append(_data(await anext(events)))
        await asyncio.to_thread(move_on, live_hall, 1, 4)
        waiting = asyncio.ensure_future(anext(events))
        await page.look()
        heard.append(_data(await asyncio.wait_for(waiting, 5)))
        real = page.reader

        class Away:
            def refresh(self) -> Snapshot:
                raise HubUnreachable("the hub at somewhere cannot be used just now")

            def close(self) -> None: ...

        page.reader = Away()
        try:
            waiting = asyncio.ensure_future(anext(events))
            await page.look()
            heard.append(_data(await asyncio.wait_for(waiting, 5)))
        finally:
            page.reader = real
        await events.aclose()
        return heard

    first, moved, away = asyncio.run(follow())
    assert first["event"] == "page" and "Table 1" in str(first["html"])
    assert moved["event"] == "page" and moved["serial"] == int(str(first["serial"])) + 1
    assert away == {"event": "status", "serial": moved["serial"], "read_at": moved["read_at"],
                    "hub_answers": False, "hub_down_since": away["hub_down_since"],
                    "sent_at": away["sent_at"]}
    assert page.held.followers == 0
    asyncio.run(page.look())  # the hub back: the page follows it again
    assert page.held.hub_down_since is None


def _data(event: str) -> dict[str, object]:
    lines = dict(line.split(": ", 1) for line in event.strip().splitlines())
    return {"event": lines["event"], **json.loads(lines["data"])}
