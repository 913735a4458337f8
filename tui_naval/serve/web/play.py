"""A game in a browser tab: a ``PlayerSession`` whose terminal is xterm.js on a WebSocket.

The page (``pages.terminal_page``) runs textual-serve's client (xterm.js), which speaks
JSON text messages to the server (``["stdin", KEYS]``, ``["resize", {"width": W,
"height": H}]``, ``["ping", STAMP]``) and takes binary messages as the terminal's output.
The game runs on a pty as it does for an SSH player (the same bytes, the same process),
so the browser's tab is one more terminal: what differs is the door.

Hostile input: a message over ``MAX_MESSAGE`` bytes ends the connection; one that is not
JSON, or not one of the three, is ignored; a window is clipped as an SSH player's is
(``terminal.game_size``).  Output waits in ``WebSession.waiting``; past ``BACKLOG`` bytes not
yet sent, the game's output stops being read until the browser has caught up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shutil
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from tui_naval.serve.host import Host
from tui_naval.serve.limits import source
from tui_naval.serve.lobby import Seat
from tui_naval.serve.session import PlayerSession
from tui_naval.serve.terminal import Size
from tui_naval.serve.web.connections import release
from tui_naval.serve.web.logins import Login

log = logging.getLogger("tui_naval.serve")

#: The largest message the browser may send (keys pasted, a resize), in bytes.
MAX_MESSAGE = 16 * 1024
#: Bytes of output waiting for a slow browser before the game's output stops being read.
BACKLOG = 256 * 1024
#: Seconds between the server's pings (a browser gone without closing is noticed).
HEARTBEAT = 30.0
TERM = "xterm-256color"


def window(width: object, height: object) -> Size | None:
    """The window the browser says it has (None: not two positive whole numbers); a huge
    one is cut where every game's is (``terminal.game_size``)."""
    if isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0:
        return width, height, 0, 0
    return None


class WebSession(PlayerSession):
    """A session in a browser tab (see the module)."""

    door = "web"

    def __init__(self, host: Host, address: str, source: str, socket: web.WebSocketResponse,
                 login: Login | None, first: tuple[str, str | None] = ("lobby", None),
                 lobby_after: bool = True) -> None:
        super().__init__(host, address, source, first, lobby_after)
        self.socket = socket
        self.login = login
        self.term = TERM
        self.waiting: deque[bytes] = deque()
        self.backlog = 0
        self.wake = asyncio.Event()
        self.closing: str | None = None
        self.paused = False
        self.sent = 0
        #: The folder of a seat with no login (a watcher's), removed at the end.
        self.own_folder: Path | None = None

    # -- the door ------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        if self.closing is not None or self.socket.closed:
            return
        self.waiting.append(data)
        self.backlog += len(data)
        self.wake.set()
        if self.backlog > BACKLOG and not self.paused:
            self.paused = True
            self.pause_output()

    def close_door(self, line: str | None, status: int = 0) -> None:
        if self.closing is None:
            self.closing = line or ""
            self.wake.set()

    def make_seat(self, number: int) -> Seat:
        login = self.login
        if login is not None and login.player is not None:
            return self.host.player_seat(number, self.address, login.player)
        if login is not None and login.folder is not None:
            return self.host.guest_seat(number, self.address, login.name, login.folder)
        # (a watcher from the page of live games: a guest's seat of its own)
        self.own_folder = self.host.guest_folder()
        return self.host.guest_seat(number, self.address, self.host.guest_name(),
                                    self.own_folder)

    def client_environment(self) -> Mapping[str, str]:
        return {"COLORTERM": "truecolor"}  # (xterm.js draws 24-bit colour)

    # -- the connection ------------------------------------------------------------------
    async def pump(self) -> None:
        """Send the game's output as it comes (several pieces in one message), and the
        closing line, then close."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.waiting:
                data = b"".join(self.waiting)
                self.waiting.clear()
                try:
                    await self.socket.send_bytes(data)
                except (ConnectionError, RuntimeError):
                    self.hang_up()
                    return
                self.sent += len(data)
                self.backlog -= len(data)
                if self.paused and self.backlog <= BACKLOG // 4:
                    self.paused = False
                    self.resume_output()
            if self.closing is not None and not self.waiting:
                if self.closing:
                    with contextlib.suppress(ConnectionError, RuntimeError):
                        await self.socket.send_bytes(
                            f"\r\n\x1b[0mtui-naval: {self.closing}\r\n".encode())
                await self.socket.close()
                return

    def received(self, text: str) -> None:
        """One message from the browser."""
        try:
            message: Any = json.loads(text)
        except ValueError:
            return
        if not isinstance(message, list) or not message:
            return
        kind = message[0]
        argument = message[1] if len(message) > 1 else None
        if kind == "stdin" and isinstance(argument, str):
            self.typed(argument.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(argument, dict):
            size = window(argument.get("width"), argument.get("height"))
            if size is not None:
                self.resized(size)
        elif kind == "ping" and isinstance(argument, str) and len(argument) <= 32:
            self.waiting_text(json.dumps(["pong", argument]))

    def waiting_text(self, text: str) -> None:
        task = asyncio.ensure_future(self.socket.send_str(text))
        task.add_done_callback(lambda done: done.cancelled() or done.exception())


async def play(request: web.Request, host: Host, login: Login | None,
               first: tuple[str, str | None] = ("lobby", None),
               lobby_after: bool = True) -> web.StreamResponse:
    """Run a session on this request's WebSocket until either side ends it."""
    address = request.remote or "?"
    socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT,
                                   autoping=True)
    await socket.prepare(request)
    release(request)  # (a WebSocket now: the session's limits hold it)
    session = WebSession(host, address, source(address), socket, login, first, lobby_after)
    size = window(*(int(word) if word.isascii() and word.isdigit() and len(word) <= 4
                    else 0 for word in (request.query.get("width", ""),
                                        request.query.get("height", ""))))
    if size is not None:
        session.size = size
    refusal = session.begin()
    if refusal is not None:
        await socket.send_bytes(f"tui-naval: {refusal}\r\n".encode())
        await socket.close()
        return socket
    if login is not None:
        login.sessions.add(session)
    pump = asyncio.create_task(session.pump())
    try:
        async for message in socket:
            if message.type == WSMsgType.TEXT:
                session.received(message.data)
            elif message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                break
    finally:
        session.hang_up()
        await session.finished()
        await asyncio.wait([pump], timeout=5)
        pump.cancel()
        if login is not None:
            login.sessions.discard(session)
        if session.own_folder is not None:
            shutil.rmtree(session.own_folder, ignore_errors=True)
        log.info("%s: web session ended (%d bytes sent)", address, session.sent)
    return socket
