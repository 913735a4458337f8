"""The channel between the server and a game process: JSON objects, one per line.

The server makes a socket pair for each game process it starts and hands it one end
(its descriptor in ``$TUI_NAVAL_LINK``).  Each message is an object with a ``t`` (its
kind); ``server`` and ``child`` say which kinds go which way.  Two kinds go to the
terminal session rather than the lobby: ``ready`` (the process's first screen is up:
the keys held for it follow) and ``typed`` (keys the lobby read after the player chose
another game, for that game).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

ENV = "TUI_NAVAL_LINK"
#: The longest line either side reads (a live game's document is a save's: tens of KB).
MAX_LINE = 16 * 1024 * 1024

Message = dict[str, Any]


def encode(message: Message) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> Message | None:
    """A message from a line; None for one that is not a JSON object with a kind."""
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        return None
    return message


class ServerLink:
    """The server's end, on its event loop."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, sock: socket.socket) -> ServerLink:
        reader, writer = await asyncio.open_connection(sock=sock, limit=MAX_LINE)
        return cls(reader, writer)

    def send(self, message: Message) -> None:
        if not self.writer.is_closing():
            self.writer.write(encode(message))

    async def messages(self) -> AsyncIterator[Message]:
        """Each message until the other end closes (lines that are not messages skipped)."""
        while True:
            try:
                line = await self.reader.readline()
            except (ValueError, ConnectionError):  # a line over MAX_LINE; a reset
                return
            if not line:
                return
            message = decode(line)
            if message is not None:
                yield message

    def close(self) -> None:
        self.writer.close()


class ChildLink:
    """The game process's end: blocking reads, and a reader thread once the app runs."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._file = sock.makefile("rb")
        self._lock = threading.Lock()
        self.closed = False

    @classmethod
    def from_environment(cls) -> ChildLink | None:
        """The link the server handed this process, if any."""
        fd = os.environ.get(ENV, "")
        if not fd.isdigit():
            return None
        return cls(socket.socket(fileno=int(fd)))

    def read(self) -> Message | None:
        """The next message (None once the server has closed the link)."""
        while True:
            try:
                line = self._file.readline(MAX_LINE)
            except OSError:
                line = b""
            if not line:
                self.closed = True
                return None
            message = decode(line)
            if message is not None:
                return message

    def send(self, message: Message) -> None:
        """Send a message (dropped once the server has gone)."""
        with self._lock:
            try:
                self.sock.sendall(encode(message))
            except OSError:
                self.closed = True

    def listen(self, handle: Callable[[Message | None], None]) -> threading.Thread:
        """Hand every message to ``handle`` from a thread of its own, then None at the end."""

        def run() -> None:
            while True:
                message = self.read()
                handle(message)
                if message is None:
                    return

        thread = threading.Thread(target=run, name="serve-link", daemon=True)
        thread.start()
        return thread
