"""The live page under load: N phones following a live table by server-sent events, against the
same N phones polling a static file, in the same run.

    .venv/bin/python -m benchmarks.live_page [--clients 500] [--seconds 30] [--every 2]

The hall of tests/app/live/hall.py on a throwaway PostgreSQL (Debian's, as tests/postgres.py
starts it) with `banker hub init`'s roles; the live page (`LivePage`, uvicorn, one process of its
own, forked) reads it with the reader's login. In this process, table 1 records one entry every
`--every` seconds (random legal play through TableGame) and pushes it to the hub; N clients (raw
asyncio sockets, one connection each) follow table 1's page by its events. The delay of an entry
is from the hub's commit of it (its push returned) to a client's receiving the page that shows
it (its entries count), for every client and every entry: p50 and p99. The hub's statements a
second are counted in the page's process (SQLAlchemy's before_cursor_execute) over the run.

The baseline, in the same run: the same N clients polling a static file (Starlette's StaticFiles
under uvicorn, a process of its own) once a second, the file rewritten with the entries count at
each push: the delay from the write to a client's first reading of it."""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import re
import socket
import statistics
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from random import Random
from typing import Any

SSE_ENTRIES = re.compile(rb'data-entries=\\"(\d+)\\"')


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve_live(url: str, port: int, statements: Any, ready: Any) -> None:
    import uvicorn  # noqa: PLC0415
    from sqlalchemy import event  # noqa: PLC0415
    from sqlalchemy.engine import Engine  # noqa: PLC0415

    from app.live.snapshot import LiveReader  # noqa: PLC0415
    from app.live.web import LivePage, Options  # noqa: PLC0415

    def counted(*_: Any) -> None:
        with statements.get_lock():
            statements.value += 1
    event.listen(Engine, "before_cursor_execute", counted)
    page = LivePage(LiveReader(url), Options(max_followers=5000))
    ready.set()
    uvicorn.run(page.app, host="127.0.0.1", port=port, log_level="error",
                limit_concurrency=6000, backlog=4096)


def _serve_static(folder: str, port: int, ready: Any) -> None:
    import uvicorn  # noqa: PLC0415
    from starlette.applications import Starlette  # noqa: PLC0415
    from starlette.routing import Mount  # noqa: PLC0415
    from starlette.staticfiles import StaticFiles  # noqa: PLC0415

    app = Starlette(routes=[Mount("/", StaticFiles(directory=folder))])
    ready.set()
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", limit_concurrency=6000,
                backlog=4096)


class Pusher:
    """Table 1 moving on: one entry every `every` seconds, pushed; when each entry count was
    committed on the hub (monotonic), and the static file rewritten with it."""

    def __init__(self, hall: Any, every: float, static: Path | None) -> None:
        self.hall, self.every, self.static = hall, every, static
        self.committed: dict[int, float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        from app.games import folder as games  # noqa: PLC0415
        from app.hub import Hub, push_file  # noqa: PLC0415
        from tests.app.hub_tables import play  # noqa: PLC0415
        from tests.ui.head_judge_hall import Steps  # noqa: PLC0415

        rng = Random(5)
        with Hub.open(self.hall.admin) as hub:
            while not self.stop.wait(self.every):
                game = games.open_game(self.hall.files[1], now=Steps(datetime.now(UTC)))
                try:
                    play(game, 1, rng)
                    head = game.head_seq
                finally:
                    game.close()
                if self.static is None:
                    push_file(hub, self.hall.files[1])
                    self.committed[head] = time.monotonic()
                else:
                    target = self.static / "entries.txt"
                    target.with_suffix(".tmp").write_text(f"{head:08d}")  # one length always
                    target.with_suffix(".tmp").replace(target)
                    self.committed[head] = time.monotonic()


async def _follow(port: int, path: str, seen: dict[int, float], stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: live\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    await writer.drain()
    buffer = b""
    try:
        while not stop.is_set():
            try:
                chunk = await asyncio.wait_for(reader.read(65536), 0.5)
            except TimeoutError:
                continue
            if not chunk:
                break
            now = time.monotonic()
            buffer = (buffer + chunk)[-200_000:]
            for found in SSE_ENTRIES.finditer(buffer):
                seen.setdefault(int(found.group(1)), now)
            buffer = buffer[-100:]
    finally:
        writer.close()


async def _poll(port: int, seen: dict[int, float], stop: asyncio.Event, offset: float) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.sleep(offset)
    try:
        while not stop.is_set():
            writer.write(b"GET /entries.txt HTTP/1.1\r\nHost: static\r\n\r\n")
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))  # type: ignore[union-attr]
            body = await reader.readexactly(length)
            if head.startswith(b"HTTP/1.1 200"):
                seen.setdefault(int(body), time.monotonic())
            await asyncio.sleep(1.0)
    finally:
        writer.close()


def _delays(committed: dict[int, float], seen: list[dict[int, float]]) -> list[float]:
    return [(client[n] - at) * 1000 for client in seen for n, at in committed.items()
            if n in client]


async def _clients(n: int, make: Any, seconds: float, pusher: Pusher) -> list[dict[int, float]]:
    stop = asyncio.Event()
    seen: list[dict[int, float]] = [{} for _ in range(n)]
    tasks = []
    for i in range(n):
        tasks.append(asyncio.ensure_future(make(i, seen[i], stop)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)
    await asyncio.sleep(2)  # every client connected and given the page once
    thread = threading.Thread(target=pusher.run, daemon=True)
    thread.start()
    await asyncio.sleep(seconds)
    pusher.stop.set()
    await asyncio.to_thread(thread.join)
    await asyncio.sleep(3)  # the last entry's page reaches everyone
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return seen


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--every", type=float, default=2.0)
    args = parser.parse_args()
    from tests.app.live.hall import build  # noqa: PLC0415
    from tests.postgres import server, skip_reason  # noqa: PLC0415

    found = server()
    if found is None:
        raise SystemExit(f"no PostgreSQL: {skip_reason()}")
    folder = Path(tempfile.mkdtemp(prefix="live-bench-"))
    kept = dict(os.environ)
    hall = build(found.new_database(), folder)
    os.environ.clear()
    os.environ.update(kept)
    static = folder / "static"
    static.mkdir()
    (static / "entries.txt").write_text(f"{0:08d}")
    context = multiprocessing.get_context("fork")
    statements = context.Value("l", 0)
    live_port, static_port = _port(), _port()
    ready_live, ready_static = context.Event(), context.Event()
    live = context.Process(target=_serve_live, args=(hall.reader, live_port, statements,
                                                     ready_live), daemon=True)
    plain = context.Process(target=_serve_static, args=(str(static), static_port, ready_static),
                            daemon=True)
    live.start()
    plain.start()
    ready_live.wait(30)
    ready_static.wait(30)
    time.sleep(3)
    path = f"/events/t/{hall.tid}/Qualifying/1"
    print(f"load at start: {os.getloadavg()}")

    pusher = Pusher(hall, args.every, None)
    before, began = statements.value, time.monotonic()
    seen = asyncio.run(_clients(args.clients, lambda i, s, stop: _follow(live_port, path, s, stop),
                                args.seconds, pusher))
    rate = (statements.value - before) / (time.monotonic() - began)
    live_delays = _delays(pusher.committed, seen)
    print(f"load after the live run: {os.getloadavg()}")

    baseline = Pusher(hall, args.every, static)
    polled = asyncio.run(_clients(
        args.clients, lambda i, s, stop: _poll(static_port, s, stop, (i % 100) / 100),
        args.seconds, baseline))
    static_delays = _delays(baseline.committed, polled)
    print(f"load at end: {os.getloadavg()}")
    live.terminate()
    plain.terminate()

    reached = sum(1 for c in seen for n in pusher.committed if n in c)
    print(f"| {args.clients} clients, {len(pusher.committed)} entries, one every {args.every:g} s "
          f"| live page (SSE): p50 {_pct(live_delays, 0.5):,.0f} ms, p99 "
          f"{_pct(live_delays, 0.99):,.0f} ms; {reached}/{args.clients * len(pusher.committed)} "
          f"reached | static file polled 1/s: p50 {_pct(static_delays, 0.5):,.0f} ms, p99 "
          f"{_pct(static_delays, 0.99):,.0f} ms | hub statements/s: {rate:.1f} |")
    if live_delays and static_delays:
        print(f"live / static: p50 {statistics.median(live_delays) / statistics.median(static_delays):.2f}x")


if __name__ == "__main__":
    main()
