"""The web port's connections, held as the SSH port's are: capped in all and per address,
and each given a time to live, so that clients that connect and never finish a request
cannot use up the server's open files (which the SSH logins share).

``guarded(factory, tally)`` wraps aiohttp's protocol factory (``web.Server``): a
connection over a cap is closed as it is accepted; one that is still open after
``LIFETIME`` seconds (a page asked for and sent takes well under one) is closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tui_naval.serve.limits import Tally, source

#: Connections open at once on the web port, in all and from one address.
MOST = 64
MOST_PER_ADDRESS = 8
#: Seconds a connection may stay open: time to ask for pages, not to hold the port.
LIFETIME = 20.0


class GuardedProtocol(asyncio.Protocol):
    """aiohttp's request handler for one connection, counted in ``tally`` while open and
    closed once its time is up."""

    def __init__(self, inner: Any, tally: Tally, lifetime: float) -> None:
        self.inner = inner
        self.tally = tally
        self.lifetime = lifetime
        self.address: str | None = None
        self.deadline: asyncio.TimerHandle | None = None
        self.released = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # (a TCP connection's)
        peer = transport.get_extra_info("peername")
        address = source(str(peer[0])) if peer else "?"
        if self.tally.full(address):
            transport.abort()  # (over the cap: closed as accepted, nothing read)
            return
        self.address = address
        self.tally.open(address)
        self.deadline = asyncio.get_running_loop().call_later(self.lifetime, transport.abort)
        self.inner.connection_made(transport)

    def release(self) -> None:
        """The connection has become a game's WebSocket: no longer counted here, and no
        time to live (the game's session is counted and timed as an SSH one is)."""
        if self.address is not None and not self.released:
            self.released = True
            self.tally.close(self.address)
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return
        if not self.released:
            self.tally.close(self.address)
        self.address = None
        if self.deadline is not None:
            self.deadline.cancel()
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.address is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self.address is None:
            return None
        result: bool | None = self.inner.eof_received()
        return result

    def pause_writing(self) -> None:
        if self.address is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.address is not None:
            self.inner.resume_writing()


def guarded(factory: Callable[[], Any], tally: Tally) -> Callable[[], asyncio.Protocol]:
    """A protocol factory: ``factory``'s handlers, each guarded (``GuardedProtocol``,
    ``LIFETIME`` as it is when the connection comes)."""
    return lambda: GuardedProtocol(factory(), tally, LIFETIME)


def new_tally() -> Tally:
    return Tally(MOST, MOST_PER_ADDRESS)


def release(request: web.BaseRequest) -> None:
    """This connection becomes a game's: it leaves the pages' count and time to live
    (the session's own limits hold it from now on)."""
    transport = request.transport
    protocol = transport.get_protocol() if transport is not None else None
    if isinstance(protocol, GuardedProtocol):
        protocol.release()
