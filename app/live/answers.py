"""What the live page answers besides its pages: the words of its errors (plain text that never
names the hub, its address or its login), its headers, and the guard that serves it under a
reverse proxy's prefix and refuses every method but GET and HEAD."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

LOG = logging.getLogger("banker.live")

NOT_FOUND = ("Not found: there is no page at this address on the live page. The tournaments "
             "are listed at its first page.")
NOT_ALLOWED = ("Not allowed: the live page is read-only. Nothing can be sent to it, only pages "
               "read (GET).")
BUSY = ("Too many followers: the live page is following as many phones as it may just now. "
        "Reload in a minute.")
BROKEN = ("Something went wrong on the live page's server: this page cannot be shown just now. "
          "Reload in a minute; if it stays, tell the tournament desk.")
STARTING = ("The live page is starting: the hub has not been read yet. Reload in a few "
            "seconds.")


PAGE_HEADERS = {
    "Cache-Control": "no-cache",
    # Nothing from elsewhere: the page's own files only (the hall may have no internet).
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; font-src 'self'; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Prefix:
    """Serves the app under `root` (a reverse proxy's path prefix) whether or not the proxy
    strips it; refuses every method but GET and HEAD before any route is looked at."""

    def __init__(self, app: ASGIApp, root: str) -> None:
        self.app, self.root = app, root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            if scope["method"] not in ("GET", "HEAD"):
                response = PlainTextResponse(NOT_ALLOWED, 405, headers={"Allow": "GET, HEAD"})
                await response(scope, receive, send)
                return
            path = scope["path"]
            if self.root and (path == self.root or path.startswith(self.root + "/")):
                scope = {**scope, "path": path[len(self.root):] or "/"}
        await self.app(scope, receive, send)


async def http_error(_: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {404: NOT_FOUND, 405: NOT_ALLOWED}.get(error.status_code)
    text = words or (error.detail if error.status_code in (503,) else BROKEN)
    headers: Mapping[str, str] | None = error.headers
    return PlainTextResponse(text, error.status_code, headers=headers)


async def broken(_: Request, error: Exception) -> Response:
    LOG.error("the live page failed: %s", type(error).__name__)
    return PlainTextResponse(BROKEN, 500)


def json_answer(data: dict[str, Any]) -> Response:
    return JSONResponse(data, headers={"Cache-Control": "no-cache",
                                       "Access-Control-Allow-Origin": "*"})
