"""A ``tui-naval serve`` in a subprocess, and an asyncssh client with a terminal."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from tui_naval.serve.terminal import set_size

#: Generous: the machine may be loaded, and each game process imports Textual.
TIMEOUT = 45.0


class Display:
    """A terminal emulator (pyte) fed with a session's output, and what it has shown."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        #: The screen's text after each piece of output: text drawn only where cells changed
        #: reads whole only on the emulated screen, and a screen may change before a test looks.
        self.shown: list[str] = [self.text()]

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self.shown.append(self.text())

    def resize(self, size: tuple[int, int]) -> None:
        self.screen.resize(size[1], size[0])

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


def screen_text(data: bytes, size: tuple[int, int] = (100, 30)) -> str:
    """What a stream of terminal output shows on a terminal of ``size`` in the end."""
    display = Display(size)
    display.feed(data)
    return display.text()


class Server:
    """``tui-naval serve`` on a free port of 127.0.0.1, in a process of its own."""

    def __init__(self, data: Path, *options: str, nice: int = 0) -> None:
        """``nice``: a lower priority for the server and its games (a test that starts many
        games at once leaves the CPU to the tests running beside it)."""
        self.data = data
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui_naval.cli.serve", "--port", "0", "--data",
             str(data), *options], stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
            preexec_fn=(lambda: os.nice(nice)) if nice else None)
        assert self.process.stderr is not None
        self.lines: list[str] = []
        line = self.process.stderr.readline().decode()
        self.lines.append(line)
        found = re.search(r"serving on [\d.]+:(\d+)", line)
        if found is None:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r}")
        self.port = int(found.group(1))
        # What it says from now on is read as it comes (an unread pipe that fills up would
        # stop the server in the middle of a test), and kept for a failing test to show.
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.lines.append(raw.decode(errors="replace").rstrip("\n"))

    def web_address(self, timeout: float = TIMEOUT) -> str:
        """The web door's address (``--web``), as the server announces it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                found = re.search(r"web door on (http://\S+/)", line)
                if found:
                    return found.group(1)
            time.sleep(0.05)
        raise AssertionError(f"no web door announced: {self.lines}")

    def stop(self, timeout: float = TIMEOUT) -> int:
        """SIGTERM, and the exit code once it has ended."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        self._reader.join(timeout)
        return code


class Recorder(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """Keeps what the server sends."""

    def __init__(self, size: tuple[int, int] = (100, 30)) -> None:
        self.display = Display(size)
        self.out = bytearray()
        self.err = bytearray()
        self.status: int | None = None
        self.closed = asyncio.Event()
        self.changed = asyncio.Event()

    def data_received(self, data: bytes, datatype: Any) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.err.extend(data)
        else:
            self.out.extend(data)
            self.display.feed(data)
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


def ssh_command(server: Server, key: Path, *more: str) -> list[str]:
    """The OpenSSH client's command line for ``server``, logging in with the key file ``key``."""
    return ["ssh", "-p", str(server.port), "-i", str(key), "-o", "IdentitiesOnly=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-F", "/dev/null", *more]


#: The real OpenSSH client plays the sessions when it is installed (.ci/run installs it).
OPENSSH = shutil.which("ssh") is not None


class Terminal:
    """A session with a terminal, and what it has shown since ``mark``."""

    session: Recorder
    start = 0

    @staticmethod
    async def open(server: Server, key: asyncssh.SSHKey | None,
                   size: tuple[int, int] = (100, 30), **options: Any) -> Terminal:
        """A session of the OpenSSH client logging in with ``key`` (asyncssh's when there
        is no key, when ``options`` ask for what only asyncssh does, or without OpenSSH)."""
        if key is not None and not options and OPENSSH:
            return await OpenSSHTerminal.launch(server, key, size)
        return await AsyncSSHTerminal.launch(server, key, size, **options)

    def mark(self) -> None:
        """Look only at the screens shown from now on."""
        self.start = len(self.session.display.shown)

    def shown(self) -> str:
        """Every screen shown since the mark."""
        return "\n".join(self.session.display.shown[self.start:])

    def showed(self, text: str) -> bool:
        """Whether a screen shown since the mark had ``text``."""
        return any(text in screen for screen in self.session.display.shown[self.start:])

    def screen(self) -> list[str]:
        """The lines on the screen now."""
        return self.session.display.text().split("\n")

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

    async def closed(self, timeout: float = TIMEOUT) -> None:
        await asyncio.wait_for(self.session.closed.wait(), timeout)

    def send(self, keys: str) -> None:
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Hang up."""
        raise NotImplementedError


class AsyncSSHTerminal(Terminal):
    """A session of asyncssh's client."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: Any, session: Recorder):
        self.conn = conn
        self.chan = chan
        self.session = session

    @classmethod
    async def launch(cls, server: Server, key: asyncssh.SSHKey | None,
                    size: tuple[int, int], **options: Any) -> AsyncSSHTerminal:
        conn = await connect(server, key, **options)
        chan, session = await conn.create_session(
            lambda: Recorder(size), term_type="xterm-256color", term_size=size, encoding=None)
        assert isinstance(session, Recorder)
        return cls(conn, chan, session)

    def send(self, keys: str) -> None:
        self.chan.write(keys.encode())

    def resize(self, size: tuple[int, int]) -> None:
        self.session.display.resize(size)
        self.chan.change_terminal_size(*size)

    def close(self) -> None:
        self.conn.close()


def _controlling_terminal() -> None:
    """In the child: a session of its own, its standard input its controlling terminal (so
    that a resize reaches it as SIGWINCH), and a hang-up ending it: under ``nohup`` the
    tests ignore SIGHUP, and the client would inherit that and never hang up."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class OpenSSHTerminal(Terminal):
    """``ssh -tt`` (OpenSSH's client) on a pseudo-terminal of its own, as a player runs it."""

    def __init__(self, process: subprocess.Popen[bytes], master: int, err: int,
                 session: Recorder, folder: str) -> None:
        self.process = process
        self.master = master
        self.err = err
        self.session = session
        self.folder = folder
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._read, master, None)
        loop.add_reader(err, self._read, err, asyncssh.EXTENDED_DATA_STDERR)
        self._open = {master, err}

    @classmethod
    async def launch(cls, server: Server, key: asyncssh.SSHKey,
                    size: tuple[int, int]) -> OpenSSHTerminal:
        folder = tempfile.mkdtemp(prefix="tui-naval-ssh-")
        key_file = Path(folder, "id_ed25519")
        key_file.write_bytes(key.export_private_key())
        key_file.chmod(0o600)
        master, slave = os.openpty()
        set_size(slave, (*size, 0, 0))
        err, err_end = os.pipe()
        process = subprocess.Popen(
            ssh_command(server, key_file, "-tt", "127.0.0.1"), stdin=slave, stdout=slave,
            stderr=err_end, preexec_fn=_controlling_terminal,
            env={**os.environ, "TERM": "xterm-256color"})
        os.close(slave)
        os.close(err_end)
        return cls(process, master, err, Recorder(size), folder)

    def _read(self, fd: int, datatype: Any) -> None:
        try:
            data = os.read(fd, 65536)
        except OSError:  # the pty's other end has closed: ssh has gone
            data = b""
        if data:
            self.session.data_received(data, datatype)
            return
        asyncio.get_running_loop().remove_reader(fd)
        self._open.discard(fd)
        os.close(fd)
        if not self._open:
            self.session.status = self.process.wait()
            shutil.rmtree(self.folder, ignore_errors=True)
            self.session.connection_lost(None)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def resize(self, size: tuple[int, int]) -> None:
        self.session.display.resize(size)
        set_size(self.master, (*size, 0, 0))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGHUP)


async def new_player(server: Server, name: str, size: tuple[int, int] = (100, 30),
                     timeout: float = TIMEOUT) -> tuple[Terminal, asyncssh.SSHKey]:
    """A new key logs in and takes ``name``; its terminal shows the lobby."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    term = await Terminal.open(server, key, size)
    await term.wait_for("Choose your name", timeout=timeout)
    term.mark()
    term.send(name + "\r")
    await term.wait_for(f"Welcome aboard, {name}", timeout=timeout)
    return term, key


async def to_battle(term: Terminal, timeout: float = TIMEOUT) -> None:
    """From the lobby to a new game's first prompt: Play, New game, Start (ctrl+g)."""
    for key, shown in (("p", "New game"), ("n", "Start"), ("\x07", "You: ")):
        term.mark()
        term.send(key)
        await term.wait_for(shown, timeout=timeout)


async def press_until(terms: list[Terminal], text: str, keys: str = "1",
                      timeout: float = TIMEOUT) -> Terminal:
    """Press ``keys`` on every terminal now and then until one shows ``text`` (a game's
    first option for whoever must decide)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for term in terms:
            if term.showed(text):
                return term
            term.send(keys)
        await asyncio.sleep(0.4)
    raise AssertionError(f"{text!r} not shown in {timeout} s")


def game_processes(server: Server) -> set[int]:
    """The server's game processes now (their pids): its own children that run a game,
    and the children of its zygote (``serve.zygote``), which forks the games."""
    parents: dict[int, int] = {}
    lines: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            lines[int(entry.name)] = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    zygotes = {pid for pid, parent in parents.items() if parent == server.process.pid
               and b"tui_naval.serve.zygote" in lines[pid]}
    return {pid for pid, parent in parents.items()
            if (parent == server.process.pid and b"tui_naval.serve.child" in lines[pid])
            or parent in zygotes}


async def wait_until(check: Any, timeout: float = TIMEOUT, server: Server | None = None) -> None:
    """Wait for ``check()``; on a timeout, the ``server``'s last lines in the failure."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            said = f"; the server's last lines: {server.lines[-12:]}" if server else ""
            raise AssertionError(f"the condition did not come true in time{said}")
        await asyncio.sleep(0.1)
