"""A stage's games read on every core of the desk's laptop: the games shared between this
process and copies of it made by fork (Linux only), each copy reading its share from the rows
already read ahead and sending back what it found, as JSON, through a pipe.

Reading 1,000 games' sheets is mostly checking, folding and scoring each game in Python, one
game after another, on one core (docs/benchmarks.md): games are independent, so a copy of the
process per core reads its share in the same time as this process reads its own. A copy only
computes: it never writes, never uses a connection (the reads it would need from the database
raise in it, and that game is read here), and leaves by os._exit, so nothing of this process
(its connections, files, windows) is closed or flushed twice. Whatever goes wrong in a copy (it
fails, dies or does not answer within WAIT_S) costs time, never a result: its share is read
here, as a plain loop would read it."""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import orjson

Item = TypeVar("Item")

PER_COPY = 100
"""The fewest items a copy is made for: a fork and the outcomes sent back cost a few
milliseconds, the reading of a hundred games some thirty."""
MOST_COPIES = 8
WAIT_S = 120.0
"""How long a copy may take to send its share's outcomes before it is stopped and its share read
here (it is a few hundred milliseconds' work)."""


def copies_for(count: int) -> int:
    """How many processes read `count` items: this one and its copies, one per core the process
    may run on, each with PER_COPY items at least; 1 (no copy) where fork is not safe to use
    without exec (Windows has none; on macOS the system's libraries forbid it)."""
    if not sys.platform.startswith("linux"):
        return 1
    cores = len(os.sched_getaffinity(0))
    return max(1, min(cores, MOST_COPIES, count // PER_COPY))


def each(items: Sequence[Item], read: Callable[[Item], Any], *,
         fence: Callable[[], None], elsewhere: type[BaseException]) -> list[Any]:
    """[read(item) for item in items], each outcome JSON (orjson writes it, and a copy's comes
    back as orjson reads it: lists for tuples). Shared with copies of this process when there
    are enough items and cores: a copy calls `fence` first (what it must not use is fenced off),
    then reads its share; an item whose read raises `elsewhere` in a copy is read here. An
    error `read` raises here leaves as from the plain loop, the copies stopped."""
    processes = copies_for(len(items))
    if processes <= 1:
        return [read(item) for item in items]
    size = -(-len(items) // processes)
    shares = [list(range(start, min(start + size, len(items))))
              for start in range(0, len(items), size)]
    running: list[tuple[list[int], int | None, int | None]] = []  # share, pid, pipe
    outcomes: list[Any] = [None] * len(items)
    try:
        for share in shares[1:]:
            running.append((share, *_started([items[n] for n in share], read, fence,
                                             elsewhere)))
        for n in shares[0]:
            outcomes[n] = read(items[n])
        while running:
            share, pid, pipe = running.pop(0)
            sent = _outcomes(pid, pipe, len(share))
            for place, n in enumerate(share):
                found = sent[place] if sent is not None else None
                outcomes[n] = found[0] if found is not None else read(items[n])
    finally:
        for _, pid, pipe in running:  # the copies not heard after an error here
            _stop(pid, pipe, finished=False)
    return outcomes


def _started(share: list[Item], read: Callable[[Item], Any], fence: Callable[[], None],
             elsewhere: type[BaseException]) -> tuple[int | None, int | None]:
    """A copy of this process reading `share`: its pid and the pipe its outcomes come on; or
    None and None where no copy can be made (the share is read here)."""
    try:
        pipe, end = os.pipe()
    except OSError:
        return None, None
    try:
        pid = os.fork()
    except OSError:
        os.close(pipe)
        os.close(end)
        return None, None
    if pid:
        os.close(end)
        return pid, pipe
    # The copy: whatever happens, it leaves here, by os._exit.
    code = 1
    try:
        os.close(pipe)
        fence()
        found: list[list[Any] | None] = []
        for item in share:
            try:
                found.append([read(item)])
            except elsewhere:
                found.append(None)
        sent = memoryview(orjson.dumps(found))
        while sent:
            sent = sent[os.write(end, sent):]
        code = 0
    finally:
        os._exit(code)


def _outcomes(pid: int | None, pipe: int | None, count: int) -> list[list[Any] | None] | None:
    """The outcomes a copy sent (each [outcome], or None for an item to read here), once it has
    ended well; None (the whole share to read here) if there was no copy, or it failed, died,
    sent something else or took longer than WAIT_S. The copy is reaped either way."""
    if pid is None or pipe is None:
        return None
    chunks: list[bytes] = []
    deadline = time.monotonic() + WAIT_S
    finished = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                break
            chunk = os.read(pipe, 1 << 20)
            if not chunk:  # the copy has closed its end: it has left
                finished = True
                break
            chunks.append(chunk)
    except OSError:
        pass
    finally:
        ended = _stop(pid, pipe, finished=finished)
    if not ended:
        return None
    try:
        sent = orjson.loads(b"".join(chunks))
    except orjson.JSONDecodeError:
        return None
    if type(sent) is not list or len(sent) != count:
        return None
    return sent


def _stop(pid: int | None, pipe: int | None, *, finished: bool) -> bool:
    """The copy's pipe closed and the copy reaped, killed first unless it has `finished`
    (closed its end of the pipe, which it does only as it leaves): True if it left well."""
    if pipe is not None:
        os.close(pipe)
    if pid is None:
        return False
    try:
        if not finished:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    except (ChildProcessError, ProcessLookupError):
        return False
    return finished and os.waitstatus_to_exitcode(status) == 0
