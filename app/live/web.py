"""The live page's web app: read-only, every answer from the one snapshot the reader last made.

Starlette (ASGI) routes, served by uvicorn (`banker live-page`); pages from the Jinja2
templates in resources/live/templates, their style and script from resources/live/static, the
fonts from resources/fonts (nothing from outside: the hall may have no internet). Only GET
(and HEAD): any other method is refused in words. Errors are plain text that never name the
hub, its address or its login. A follower of a page gets each new snapshot's page as a
server-sent event; their number is capped, and the hub is read by one task for them all."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from app.hub.errors import HubError
from app.live import qr
from app.live.answers import (
    BUSY,
    LOG,
    NOT_FOUND,
    PAGE_HEADERS,
    STARTING,
    Prefix,
    broken,
    http_error,
    json_answer,
)
from app.live.snapshot import Snapshot
from app.live.templating import RESOURCES, environment

STATIC = RESOURCES / "live" / "static"
FONTS = RESOURCES / "fonts"
STATIC_FILES = {"live.css": "text/css; charset=utf-8",
                "live.js": "text/javascript; charset=utf-8"}
POLL_S = 0.5
"""How often the hub's change mark is read: an entry reaches the open pages within 2 s."""
HEARTBEAT_S = 15.0
"""A follower with nothing new hears a comment this often (proxies keep the stream open)."""
RETRY_MS = 2000
"""A follower whose stream dropped asks again after this long (EventSource's retry)."""
MAX_FOLLOWERS = 2000
"""Followers of the pages at once, by default; one more is told to come back later."""



class Reader(Protocol):
    """What the app reads the hub through (app.live.snapshot.LiveReader)."""

    def refresh(self) -> Snapshot: ...

    def close(self) -> None: ...


@dataclass
class Options:
    """How the app is served: the path prefix a reverse proxy adds (`--root-path`), the
    page's public address for its QR code (`--public-url`), the followers' cap."""

    root_path: str = ""
    public_url: str | None = None
    max_followers: int = MAX_FOLLOWERS
    poll_s: float = POLL_S


@dataclass
class _Held:
    """The last snapshot, whether the hub answered the last look and since when it has not,
    and each page's text made from the snapshot (made once, served to every phone)."""

    snapshot: Snapshot | None = None
    hub_down_since: datetime | None = None
    pages: dict[tuple[int, str], str] = field(default_factory=dict)
    followers: int = 0
    looks: int = 0


class LivePage:
    """The app and its one reader of the hub. `start`/`stop` run the reader's task (the
    app's lifespan does); `look` reads once (the tests call it to move on)."""

    def __init__(self, reader: Reader, options: Options | None = None,
                 now: Callable[[], datetime] | None = None) -> None:
        self.reader = reader
        self.options = options or Options()
        self.now = now or (lambda: datetime.now(UTC))
        self.held = _Held()
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self.env = environment()
        self.root = "/" + self.options.root_path.strip("/") if self.options.root_path.strip(
            "/") else ""
        routes = [
            Route("/", self.index, name="index"),
            Route("/t/{tid}", self.tournament_page),
            Route("/t/{tid}/{stage}/{table:int}", self.table_page),
            Route("/events/index", self.index_events),
            Route("/events/t/{tid}", self.tournament_events),
            Route("/events/t/{tid}/{stage}/{table:int}", self.table_events),
            Route("/api/", self.api_index),
            Route("/api/snapshot", self.api_snapshot),
            Route("/api/tournaments", self.api_tournaments),
            Route("/api/tournaments/{tid}", self.api_tournament),
            Route("/api/tournaments/{tid}/{stage}/{table:int}", self.api_table),
            Route("/static/{name}", self.static),
            Route("/fonts/{name}", self.font),
            Route("/qr.svg", self.qr_code),
        ]
        self.app = Prefix(Starlette(
            routes=routes, lifespan=self._lifespan,
            exception_handlers={HTTPException: http_error, Exception: broken}),
            self.root)

    # -- the reader ------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _lifespan(self, _: Starlette) -> AsyncIterator[None]:
        await self.start()
        try:
            yield
        finally:
            await self.stop()

    async def start(self) -> None:
        """Read the hub once, then keep following it on a task of its own (on this server's
        event loop: the followers wait on it)."""
        self._changed = asyncio.Condition()
        await self.look()
        self._task = asyncio.get_running_loop().create_task(self._follow())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await anyio.to_thread.run_sync(self.reader.close)

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self.options.poll_s)
            await self.look()

    async def look(self) -> None:
        """Read the hub's change mark (and the hub whole when it moved) off the event loop;
        followers are woken when the snapshot or the hub's answering changed."""
        held = self.held
        held.looks += 1
        before = (held.snapshot.serial if held.snapshot else 0, held.hub_down_since)
        try:
            found = await anyio.to_thread.run_sync(self.reader.refresh)
        except HubError as e:
            LOG.warning("the hub does not answer: %s", type(e).__name__)
            if held.hub_down_since is None:
                held.hub_down_since = self.now()
        except Exception as e:  # a bug: logged by its type only (its words may name the hub)
            LOG.error("the hub's reading failed: %s", type(e).__name__)
            if held.hub_down_since is None:
                held.hub_down_since = self.now()
        else:
            held.hub_down_since = None
            if held.snapshot is None or found.serial != held.snapshot.serial:
                held.pages.clear()
            held.snapshot = found
        after = (held.snapshot.serial if held.snapshot else 0, held.hub_down_since)
        if after != before:
            async with self._changed:
                self._changed.notify_all()

    # -- what is shown -------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        if self.held.snapshot is None:
            raise HTTPException(503, STARTING)
        return self.held.snapshot.data

    def _tournament(self, tid: str) -> dict[str, Any]:
        found: dict[str, Any] | None = next(
            (t for t in self._data()["tournaments"] if t["id"] == tid), None)
        if found is None:
            raise HTTPException(404, NOT_FOUND)
        return found

    def _table(self, tid: str, stage: str, number: int
               ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        t = self._tournament(tid)
        found = next((s for s in t["stages"] if s["name"] == stage and s["drawn"]), None)
        table = None if found is None else next(
            (x for x in found["tables"] if x["number"] == number), None)
        if found is None or table is None:
            raise HTTPException(404, NOT_FOUND)
        return t, found, table

    def _status(self) -> dict[str, Any]:
        snapshot = self.held.snapshot
        down = self.held.hub_down_since
        return {"serial": snapshot.serial if snapshot else 0,
                "read_at": snapshot.data["read_at"] if snapshot else None,
                "sent_at": _iso(self.now(), "milliseconds"),
                "hub_answers": down is None,
                "hub_down_since": _iso(down) if down is not None else None}

    def _page(self, key: str, make: Callable[[], str]) -> str:
        """The page `key` of the current snapshot, made once."""
        snapshot = self.held.snapshot
        serial = snapshot.serial if snapshot else 0
        found = self.held.pages.get((serial, key))
        if found is None:
            found = make()
            self.held.pages[(serial, key)] = found
        return found

    def _render(self, template: str, **values: Any) -> str:
        return self.env.get_template(template).render(root=self.root, **values)

    def _body(self, key: str) -> str:
        """The part of a page that follows the hub (what an event replaces)."""
        def made() -> str:
            if key == "index":
                return self._render("index_body.html", data=self._data())
            parts = key.split("\n")
            if len(parts) == 1:
                return self._render("tournament_body.html", t=self._tournament(parts[0]))
            t, stage, table = self._table(parts[0], parts[1], int(parts[2]))
            return self._render("table_body.html", t=t, stage=stage, table=table)
        return self._page(key, made)

    def _whole(self, request: Request, key: str, title: str, events: str,
               search: bool = False) -> Response:
        body = self._body(key)
        text = self._render("page.html", title=title, body=body, events=events,
                            status=self._status(), qr=self._qr_block(request), search=search)
        return Response(text, media_type="text/html; charset=utf-8",
                        headers=PAGE_HEADERS)

    def _address(self, request: Request) -> str:
        if self.options.public_url:
            return self.options.public_url
        base = f"{request.url.scheme}://{request.url.netloc}"
        return f"{base}{self.root}/"

    def _qr_block(self, request: Request) -> dict[str, str]:
        address = self._address(request)
        return {"address": address, "svg": qr.svg(address, f"QR code of {address}")}

    # -- pages ---------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        self._data()
        return self._whole(request, "index", "Live: the tournaments", "/events/index")

    async def tournament_page(self, request: Request) -> Response:
        tid = request.path_params["tid"]
        t = self._tournament(tid)
        return self._whole(request, tid, f"Live: {t['name']}", f"/events/t/{tid}",
                           search=True)

    async def table_page(self, request: Request) -> Response:
        tid, stage, number = (request.path_params["tid"], request.path_params["stage"],
                              request.path_params["table"])
        t, found, _ = self._table(tid, stage, number)
        return self._whole(request, f"{tid}\n{stage}\n{number}",
                           f"Live: {t['name']}, {found['name']} table {number}",
                           f"/events/t/{tid}/{stage}/{number}")

    # -- followers -----------------------------------------------------------------------

    async def index_events(self, request: Request) -> Response:
        self._data()
        return self._stream(request, "index")

    async def tournament_events(self, request: Request) -> Response:
        tid = request.path_params["tid"]
        self._tournament(tid)
        return self._stream(request, tid)

    async def table_events(self, request: Request) -> Response:
        tid, stage, number = (request.path_params["tid"], request.path_params["stage"],
                              request.path_params["table"])
        self._table(tid, stage, number)
        return self._stream(request, f"{tid}\n{stage}\n{number}")

    def _stream(self, request: Request, key: str) -> Response:
        if self.held.followers >= self.options.max_followers:
            raise HTTPException(503, BUSY, headers={"Retry-After": "60"})
        last = request.headers.get("last-event-id", "")
        return StreamingResponse(self._events(key, last), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    async def _events(self, key: str, last: str) -> AsyncIterator[str]:
        """The page's part at each new snapshot, and the hub's answering; a comment now and
        then. A follower that comes back with the last serial it had gets nothing twice."""
        self.held.followers += 1
        try:
            yield f"retry: {RETRY_MS}\n\n"
            sent: tuple[Any, ...] | None = None
            while True:
                status = self._status()
                mark = (status["serial"], status["hub_answers"], status["hub_down_since"])
                if mark == sent:
                    yield ": still here\n\n"
                elif str(status["serial"]) != last:
                    try:
                        body = self._body(key)
                    except HTTPException:
                        body = f"<p>{NOT_FOUND}</p>"
                    payload = json.dumps({**status, "html": body}, ensure_ascii=False)
                    yield f"id: {status['serial']}\nevent: page\ndata: {payload}\n\n"
                    last = str(status["serial"])
                else:
                    yield f"event: status\ndata: {json.dumps(status)}\n\n"
                sent = mark
                async with self._changed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._changed.wait(), HEARTBEAT_S)
        finally:
            self.held.followers -= 1

    # -- the JSON API --------------------------------------------------------------------

    async def api_index(self, _: Request) -> Response:
        return json_answer({"status": self._status(), "endpoints": [
            f"{self.root}/api/snapshot", f"{self.root}/api/tournaments",
            f"{self.root}/api/tournaments/{{id}}",
            f"{self.root}/api/tournaments/{{id}}/{{stage}}/{{table}}"]})

    async def api_snapshot(self, _: Request) -> Response:
        return json_answer({"status": self._status(), **self._data()})

    async def api_tournaments(self, _: Request) -> Response:
        return json_answer({"status": self._status(), "tournaments": [
            {"id": t["id"], "name": t["name"], "current": t["current"],
             "stages": [s["name"] for s in t["stages"]]}
            for t in self._data()["tournaments"]]})

    async def api_tournament(self, request: Request) -> Response:
        return json_answer({"status": self._status(),
                      "tournament": self._tournament(request.path_params["tid"])})

    async def api_table(self, request: Request) -> Response:
        _, stage, table = self._table(request.path_params["tid"], request.path_params["stage"],
                                      request.path_params["table"])
        return json_answer({"status": self._status(), "stage": stage["name"],
                      "round": stage["round"], "table": table})

    # -- files ---------------------------------------------------------------------------

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            raise HTTPException(404, NOT_FOUND)
        return FileResponse(STATIC / name, media_type=STATIC_FILES[name],
                            headers={"Cache-Control": "no-cache"})

    async def font(self, request: Request) -> Response:
        name = request.path_params["name"]
        shipped = {p.name for p in FONTS.glob("*.ttf")}
        if name not in shipped:
            raise HTTPException(404, NOT_FOUND)
        return FileResponse(FONTS / name, media_type="font/ttf",
                            headers={"Cache-Control": "public, max-age=86400"})

    async def qr_code(self, request: Request) -> Response:
        address = self._address(request)
        return Response(qr.svg(address, f"QR code of {address}"),
                        media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


def _iso(at: datetime, timespec: str = "seconds") -> str:
    return at.astimezone(UTC).isoformat(timespec=timespec).replace("+00:00", "Z")
