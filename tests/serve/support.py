"""A ``tui-naval serve`` in a subprocess, and an asyncssh client with a terminal."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh

#: Generous: the machine may be loaded, and each game process imports Textual.
TIMEOUT = 45.0
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Z]"
                     rb"|\x1b[=>78DEHMc]")


def screen_text(data: bytes) -> str:
    """What a stream of terminal output says, escape sequences taken out."""
    return ESCAPES.sub(b"", data).decode("utf-8", "replace")


class Server:
    """``tui-naval serve`` on a free port of 127.0.0.1, in a process of its own."""

    def __init__(self, data: Path, *options: str) -> None:
        self.data = data
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui_naval.serve.command", "--port", "0", "--data",
             str(data), *options], stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
        assert self.process.stderr is not None
        self.lines: list[str] = []
        line = self.process.stderr.readline().decode()
        self.lines.append(line)
        found = re.search(r"serving on [\d.]+:(\d+)", line)
        if found is None:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r}")
        self.port = int(found.group(1))

    def stop(self, timeout: float = TIMEOUT) -> int:
        """SIGTERM, and the exit code once it has ended."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        assert self.process.stderr is not None
        self.lines += self.process.stderr.read().decode().splitlines()
        return code


class Recorder(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """Keeps what the server sends."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.err = bytearray()
        self.status: int | None = None
        self.closed = asyncio.Event()
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: Any) -> None:
        (self.err if datatype == asyncssh.EXTENDED_DATA_STDERR else self.out).extend(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()


async def connect(server: Server, key: asyncssh.SSHKey | None = None,
                  **options: Any) -> asyncssh.SSHClientConnection:
    if key is not None:
        options.setdefault("client_keys", [key])
    else:
        options.setdefault("client_keys", None)
    return await asyncssh.connect("127.0.0.1", server.port, known_hosts=None,
                                  username="player", agent_path=None, **options)


class Terminal:
    """A session with a terminal, and what it has shown since ``mark``."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: Any, session: Recorder):
        self.conn = conn
        self.chan = chan
        self.session = session
        self.start = 0

    @classmethod
    async def open(cls, server: Server, key: asyncssh.SSHKey | None, size: tuple[int, int] = (
            100, 30), **options: Any) -> Terminal:
        conn = await connect(server, key, **options)
        chan, session = await conn.create_session(
            Recorder, term_type="xterm-256color", term_size=size, encoding=None)
        assert isinstance(session, Recorder)
        return cls(conn, chan, session)

    def mark(self) -> None:
        """Look only at what comes from now on."""
        self.start = len(self.session.out)

    def shown(self) -> str:
        return screen_text(bytes(self.session.out[self.start:]))

    async def wait_for(self, *texts: str, timeout: float = TIMEOUT) -> str:
        """Wait until everything in ``texts`` has been shown since the mark."""
        end = time.monotonic() + timeout
        while True:
            shown = self.shown()
            if all(text in shown for text in texts):
                return shown
            if self.session.closed.is_set():
                raise AssertionError(f"closed before {texts!r}: {shown[-400:]!r} "
                                     f"{bytes(self.session.err)!r}")
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{texts!r} not shown in {timeout} s: {shown[-600:]!r}")
            self.session.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.session.changed.wait(), min(left, 1.0))

    async def quiet(self, seconds: float = 0.5, timeout: float = TIMEOUT) -> None:
        """Wait until nothing has come for ``seconds``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.session.changed.clear()
            try:
                await asyncio.wait_for(self.session.changed.wait(), seconds)
            except TimeoutError:
                return

    def send(self, keys: str) -> None:
        self.chan.write(keys.encode())

    async def closed(self, timeout: float = TIMEOUT) -> None:
        await asyncio.wait_for(self.session.closed.wait(), timeout)

    def close(self) -> None:
        self.conn.close()


async def new_player(server: Server, name: str, size: tuple[int, int] = (100, 30)
                     ) -> tuple[Terminal, asyncssh.SSHKey]:
    """A new key logs in and takes ``name``; its terminal shows the lobby."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    term = await Terminal.open(server, key, size)
    await term.wait_for("Choose your name")
    term.mark()
    term.send(name + "\r")
    await term.wait_for(f"Welcome aboard, {name}")
    return term, key


async def press_until(terms: list[Terminal], text: str, keys: str = "1",
                      timeout: float = TIMEOUT) -> Terminal:
    """Press ``keys`` on every terminal now and then until one shows ``text`` (a game's
    first option for whoever must decide)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for term in terms:
            if text in term.shown():
                return term
            term.send(keys)
        await asyncio.sleep(0.4)
    raise AssertionError(f"{text!r} not shown in {timeout} s")


def game_processes(server: Server) -> set[int]:
    """The server's game processes now (their pids)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == server.process.pid and b"tui_naval.serve.child" in cmdline:
            found.add(int(entry.name))
    return found


async def wait_until(check: Any, timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("the condition did not come true in time")
        await asyncio.sleep(0.1)
