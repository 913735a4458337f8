"""A game process on a pseudo-terminal of its own, bridged to an SSH channel.

The process starts in a session of its own (``start_new_session``) and takes the pty as
its controlling terminal (``child.take_terminal``), so a resize (``TIOCSWINSZ`` on the
master) reaches it as SIGWINCH, and closing the master (the player hung up) as SIGHUP,
on which the game autosaves.  Its output is read on the server's event loop and handed
to ``output`` (the channel's write); reading pauses while the channel is backed up.

A server first starts a zygote (``start_zygote``): a process that has imported the game
and forks each game process from itself (``zygote``), so a session starts at once and
shares the imported code's memory with every other.  Without one (it could not start,
or has died) a game process is started afresh.  The game is told a window of at most
``MAX_COLUMNS`` x ``MAX_ROWS`` (a larger one is drawn at that size).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import socket
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from tui_naval.serve.link import ENV, ServerLink
from tui_naval.serve.zygote import Zygote, ZygoteError

#: A terminal size: columns, rows, and the pixel width and height (0 when unknown).
Size = tuple[int, int, int, int]
#: Seconds a process told to stop (SIGHUP, SIGTERM) has to save and leave before SIGKILL.
GRACE = 10.0
READ_SIZE = 65536
#: The largest window a game draws: a larger one is drawn at this size (in its corner).
MAX_COLUMNS, MAX_ROWS = 500, 200
#: The argv of a game process (the zygote starts it by its last word, the mode).
CHILD = ("-m", "tui_naval.serve.child")

log = logging.getLogger("tui_naval.serve")
_zygote: Zygote | None = None


class Process(Protocol):
    """A running game process: a subprocess of the server's, or a child of the zygote."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...


def set_size(fd: int, size: Size) -> None:
    """Set a terminal's size (its foreground process gets SIGWINCH)."""
    columns, rows, width, height = (max(0, min(int(n), 0xFFFF)) for n in size)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, width, height))


def game_size(size: Size) -> Size:
    """The size a game is told of a player's window: at most ``MAX_COLUMNS`` x
    ``MAX_ROWS`` (drawing a huge window costs a process gigabytes and the player minutes);
    the pixel size only where the window is not cut."""
    columns, rows = size[0], size[1]
    if columns <= MAX_COLUMNS and rows <= MAX_ROWS:
        return size
    return min(columns, MAX_COLUMNS), min(rows, MAX_ROWS), 0, 0


async def start_zygote(python: str) -> bool:
    """Start the zygote the server's game processes are forked from; False if it cannot
    start (the games then start afresh)."""
    global _zygote
    if _zygote is None or not _zygote.alive:
        _zygote = await Zygote.start(python)
        if _zygote is None:
            log.warning("the preloaded process could not start: each game starts afresh")
        else:
            log.info("games start from a preloaded process (pid %s)", _zygote.pid)
    return _zygote is not None


async def stop_zygote() -> None:
    global _zygote
    if _zygote is not None:
        zygote, _zygote = _zygote, None
        await zygote.close()


def zygote_pid() -> int | None:
    """The running zygote's pid (None without one)."""
    return _zygote.pid if _zygote is not None and _zygote.alive else None


class PtyProcess:
    """A running game process, its pty's master end, and its link to the server."""

    def __init__(self, process: Process, master: int, link: ServerLink,
                 output: Callable[[bytes], None]) -> None:
        self.process = process
        self.master = master
        self.link = link
        self.output = output
        self._loop = asyncio.get_running_loop()
        self._pending = bytearray()
        self._reading = False
        self._open = True
        self.resume_reading()

    @classmethod
    async def start(cls, argv: Sequence[str], env: Mapping[str, str], cwd: Path, size: Size,
                    output: Callable[[bytes], None]) -> PtyProcess:
        """Start ``argv`` on a new pty of ``size``, with a link to the server."""
        master, slave = os.openpty()
        ours, theirs = socket.socketpair()
        try:
            set_size(master, game_size(size))
            os.set_blocking(master, False)
            process: Process | None = None
            zygote = _zygote
            if (zygote is not None and zygote.alive and len(argv) == 4
                    and argv[0] == zygote.python and tuple(argv[1:3]) == CHILD):
                with contextlib.suppress(ZygoteError):
                    process = await zygote.spawn(argv[3], env, cwd, slave, theirs.fileno())
            if process is None:
                environment = {**env, ENV: str(theirs.fileno())}
                process = await asyncio.create_subprocess_exec(
                    *argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                    env=environment, start_new_session=True, pass_fds=(theirs.fileno(),))
        except BaseException:
            os.close(master)
            ours.close()
            raise
        finally:
            os.close(slave)
            theirs.close()
        link = await ServerLink.open(ours)
        return cls(process, master, link, output)

    @property
    def pid(self) -> int:
        return self.process.pid

    # -- output: the game's screen to the player -----------------------------------------
    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process on the pty has gone
            data = b""
        if not data:
            self.pause_reading()
            return
        self.output(data)

    def pause_reading(self) -> None:
        if self._reading:
            self._reading = False
            self._loop.remove_reader(self.master)

    def resume_reading(self) -> None:
        if not self._reading and self._open:
            self._reading = True
            self._loop.add_reader(self.master, self._readable)

    # -- input: the player's keys to the game --------------------------------------------
    def write(self, data: bytes) -> None:
        """Pass keys on to the game (held while its terminal's input queue is full)."""
        if not self._open:
            return
        had = bool(self._pending)
        self._pending += data
        if not had:
            self._flush()

    def _flush(self) -> None:
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            written = 0
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self.master, self._write_ready)

    def _write_ready(self) -> None:
        self._loop.remove_writer(self.master)
        self._flush()

    def resize(self, size: Size) -> None:
        if self._open:
            with contextlib.suppress(OSError):
                set_size(self.master, game_size(size))

    # -- the end -------------------------------------------------------------------------
    def send_signal(self, signum: int) -> None:
        """Send a signal to the game's process group."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signum)

    async def stop(self, signum: int = signal.SIGHUP, grace: float = GRACE) -> int:
        """Tell the game to stop (it autosaves on SIGHUP and SIGTERM), and wait for it;
        SIGKILL if it has not gone in ``grace`` seconds.  Its exit code."""
        self.send_signal(signum)
        try:
            return await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
        except TimeoutError:
            self.send_signal(signal.SIGKILL)
            return await self.process.wait()

    async def wait(self) -> int:
        """Wait for the game to end, pass on the last of its output, and close the pty."""
        code = await self.process.wait()
        self.close()
        return code

    def close(self) -> None:
        """Pass on what is left in the pty and close it and the link."""
        if not self._open:
            return
        self.pause_reading()
        while True:
            try:
                data = os.read(self.master, READ_SIZE)
            except OSError:  # nothing more now (EAGAIN), or the pty has gone (EIO)
                break
            if not data:
                break
            self.output(data)
        self._open = False
        self._loop.remove_writer(self.master)
        os.close(self.master)
        self.link.close()
