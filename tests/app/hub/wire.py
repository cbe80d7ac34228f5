"""A TCP relay between the hub's engine and the test's PostgreSQL that sees what crosses the
network: each time a client speaks again after the server answered is a round trip, and each
ReadyForQuery the server sends says whether a transaction is still open after it."""

from __future__ import annotations

import selectors
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy.engine import make_url


@dataclass
class Heard:
    """What crossed the relay while counting: the clients' turns to speak (round trips), and
    the transaction status of each ReadyForQuery ('I' idle, 'T' in a transaction, 'E' failed)."""

    round_trips: int = 0
    ready: list[str] = field(default_factory=list)
    cut_at: int | None = None  # the round trip whose first bytes end the connection instead
    cut_answer: bool = False  # with cut_at: the round trip sent, its answer never heard


@dataclass
class _Pair:
    client: socket.socket
    server: socket.socket
    answered: bool = True  # the server spoke last (a client's next bytes begin a round trip)
    unread: bytes = b""  # the start of a server message not whole yet (while counting)


class Relay:
    """Listens on 127.0.0.1 and relays each connection to `port`, on one thread of its own."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.setblocking(False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ)
        self._pairs: dict[socket.socket, _Pair] = {}
        self._heard: Heard | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="wire relay", daemon=True)
        self._thread.start()

    def url(self, url: str) -> str:
        """`url` (a PostgreSQL database on the test's server) through the relay."""
        port = self._listener.getsockname()[1]
        return make_url(url).set(host="127.0.0.1", port=port).render_as_string(
            hide_password=False)

    @contextmanager
    def counting(self) -> Iterator[Heard]:
        """Count from now (every relayed connection idle, between its transactions)."""
        heard = Heard()
        with self._lock:
            for pair in self._pairs.values():
                pair.answered, pair.unread = True, b""
            self._heard = heard
        try:
            yield heard
        finally:
            with self._lock:
                self._heard = None

    def close(self) -> None:
        self._stopping.set()
        self._thread.join(10)
        for sock in {*self._pairs, self._listener}:
            sock.close()
        self._selector.close()

    def _run(self) -> None:
        while not self._stopping.is_set():
            for key, _events in self._selector.select(timeout=0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                if sock is self._listener:
                    self._accept()
                elif sock in self._pairs:  # not closed with its other end in this round
                    self._relay(sock)

    def _accept(self) -> None:
        client, _address = self._listener.accept()
        server = socket.create_connection(("127.0.0.1", self._port))
        pair = _Pair(client, server)
        for sock in (client, server):
            sock.setblocking(True)
            self._pairs[sock] = pair
            self._selector.register(sock, selectors.EVENT_READ)

    def _relay(self, sock: socket.socket) -> None:
        pair = self._pairs[sock]
        try:
            data = sock.recv(65536)
        except ConnectionError:
            data = b""
        if not data:
            self._close(pair)
            return
        with self._lock:
            if self._heard is not None:
                if sock is pair.client and pair.answered:
                    self._heard.round_trips += 1
                    if (self._heard.round_trips == self._heard.cut_at
                            and not self._heard.cut_answer):  # the hub goes away
                        self._close(pair)
                        return
                if (sock is pair.server and self._heard.cut_answer
                        and self._heard.round_trips == self._heard.cut_at):
                    self._close(pair)  # gone with the answer on its way
                    return
                if sock is pair.server:
                    self._read_messages(pair, data, self._heard)
            pair.answered = sock is pair.server
        try:
            (pair.server if sock is pair.client else pair.client).sendall(data)
        except OSError:  # the other end went away: so does this one
            self._close(pair)

    def _close(self, pair: _Pair) -> None:
        for end in (pair.client, pair.server):
            self._selector.unregister(end)
            del self._pairs[end]
            end.close()

    @staticmethod
    def _read_messages(pair: _Pair, data: bytes, heard: Heard) -> None:
        """The server's messages (a type byte, then a length that counts itself): each
        ReadyForQuery ('Z') ends with the transaction's status."""
        unread = pair.unread + data
        while len(unread) >= 5:
            kind, length = unread[:1], struct.unpack("!i", unread[1:5])[0]
            if len(unread) < 1 + length:
                break
            if kind == b"Z":
                heard.ready.append(unread[5:6].decode())
            unread = unread[1 + length:]
        pair.unread = unread
