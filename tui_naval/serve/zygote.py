"""A warm parent for the server's game processes: ``python -m tui_naval.serve.zygote FD``.

Every game process would import Textual and the game anew (half a second of CPU, some
50 MB each).  The zygote imports them once (``PRELOAD``), freezes what it made
(``gc.freeze``: no collection writes to those pages again, so forked children keep
sharing them), and forks a child per session on the server's request.  The server asks
over a unix socket pair (``FD``): a request is one JSON object (the child's mode,
environment and folder) with the pty's slave end and the child's end of its link passed
along (SCM_RIGHTS).  The child leads a session of its own with the pty as its controlling
terminal and as its standard input, output and error, and runs ``child.main`` for its
mode, as ``python -m tui_naval.serve.child MODE`` would.  The zygote answers each request
with the child's pid, and reports each child's exit code when it ends (the server is not
its parent).

The zygote runs no threads and no event loop, so a fork copies nothing half-held; it
ignores the terminal's interrupt (the server decides when games stop), and ends when the
server closes its end of the socket (the games it started run on).

``Zygote`` is the server's side: ``start`` the zygote, ``spawn`` a child, ``close``.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import gc
import importlib
import io
import json
import os
import select
import signal
import socket
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tui_naval.serve.link import ENV

#: What a session's process imports, loaded once in the zygote.
PRELOAD = ("textual.app", "tui_naval.serve.child", "tui_naval.serve.app", "tui_naval.tui.app",
           "tui_naval.tui.screens.lobby", "tui_naval.tui.screens.title",
           "tui_naval.tui.screens.new_game", "tui_naval.tui.screens.match",
           "tui_naval.tui.modes.battle", "tui_naval.tui.modes.duel",
           "tui_naval.tui.modes.watch", "tui_naval.ai.search", "tui_naval.ai.players")
#: The longest message either way (a request carries a session's environment).
MAX_MESSAGE = 256 * 1024
#: Seconds the server waits for the zygote to be ready (it imports the game first).
READY_TIMEOUT = 60.0


class ZygoteError(Exception):
    """The zygote could not start a child (it is gone, or the fork failed)."""


# -- the zygote process -------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if len(words) != 1 or not words[0].isdigit():
        print("tui-naval: the zygote runs under `tui-naval serve` only", file=sys.stderr)
        return 2
    control = socket.socket(fileno=int(words[0]))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in PRELOAD:
        importlib.import_module(name)
    from tui_naval.rulesets import registry

    for info in registry():  # (every ruleset's rules: a game's first turn imports them)
        importlib.import_module(f"{info.package}.rules")
    gc.collect()
    gc.freeze()
    if threading.active_count() != 1:  # a fork would copy another thread's locks held
        print("tui-naval: the zygote started a thread: games start without it",
              file=sys.stderr)
        return 1
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    control.sendall(json.dumps({"t": "ready", "pid": os.getpid()}).encode())
    while True:
        readable, _, _ = select.select([control.fileno(), wake_read], [], [])
        if wake_read in readable:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_read, 4096)
            reap(control)
        if control.fileno() in readable:
            message, fds = receive(control)
            if message is None:
                return 0
            code = fork_child(control, (wake_read, wake_write), message, fds)
            if code is not None:  # (this is a child, whose game has ended)
                return code


def receive(control: socket.socket) -> tuple[dict[str, Any] | None, list[int]]:
    """The server's next request and the descriptors with it; None at the end."""
    fds = array.array("i")
    data, ancillary, _flags, _address = control.recvmsg(
        MAX_MESSAGE, socket.CMSG_SPACE(2 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    if not data:
        for fd in fds:
            os.close(fd)
        return None, []
    try:
        message = json.loads(data)
    except ValueError:
        message = {}
    return (message if isinstance(message, dict) else {}), list(fds)


def reap(control: socket.socket) -> None:
    """Report every child that has ended: its pid and exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        send(control, {"t": "exit", "pid": pid, "code": os.waitstatus_to_exitcode(status)})


def send(control: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # (the server has gone: the zygote ends next)
        control.sendall(json.dumps(message).encode())


def fork_child(control: socket.socket, wake: tuple[int, int], message: dict[str, Any],
               fds: list[int]) -> int | None:
    """Fork a child for a request, and answer with its pid (or why not).  None in the
    zygote; in the child, once its game has ended, its exit code."""
    number = message.get("id")
    mode, env, cwd = message.get("mode"), message.get("env"), message.get("cwd")
    pid = -1
    try:
        if (len(fds) != 2 or not isinstance(mode, str) or not isinstance(env, dict)
                or not isinstance(cwd, str)):
            send(control, {"t": "started", "id": number, "error": "a bad request"})
            return None
        try:
            pid = os.fork()
        except OSError as exc:
            send(control, {"t": "started", "id": number, "error": exc.strerror or str(exc)})
            return None
        if pid != 0:
            send(control, {"t": "started", "id": number, "pid": pid})
            return None
    finally:
        if pid != 0:
            for fd in fds:
                os.close(fd)
    control.close()
    for fd in wake:
        os.close(fd)
    return run_child(mode, {str(k): str(v) for k, v in env.items()}, cwd, *fds)


def run_child(mode: str, env: Mapping[str, str], cwd: str, terminal: int, link: int) -> int:
    """In the forked child: become the session's game process, and run it."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(terminal, fd)
    os.close(terminal)
    os.environ.clear()
    os.environ.update(env)
    os.environ[ENV] = str(link)
    try:
        os.chdir(cwd)
    except OSError as exc:
        os.write(2, f"tui-naval: cannot open {Path(cwd).name}: {exc.strerror}\r\n".encode())
        return 1
    # The standard streams (made on the zygote's /dev/null, now on the terminal) flush
    # their lines as a Python started on a terminal's would.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(line_buffering=True)
    from tui_naval.serve import child

    sys.argv = [child.__file__ or "child", mode]
    return child.main([mode])


# -- the server's side --------------------------------------------------------------------
class ZygoteChild:
    """A game process the zygote started: its pid, and its exit code once it has ended."""

    def __init__(self, pid: int, done: asyncio.Future[int]) -> None:
        self.pid = pid
        self._done = done

    @property
    def returncode(self) -> int | None:
        return self._done.result() if self._done.done() else None

    async def wait(self) -> int:
        return await asyncio.shield(self._done)


class Zygote:
    """The server's end of a running zygote."""

    def __init__(self, python: str, process: asyncio.subprocess.Process,
                 control: socket.socket) -> None:
        #: The Python it runs (the server's games run in the same).
        self.python = python
        self.process = process
        self.control = control
        self.pid = process.pid
        self._loop = asyncio.get_running_loop()
        self._ready: asyncio.Future[None] = self._loop.create_future()
        self._requests: dict[int, asyncio.Future[int]] = {}
        self._children: dict[int, asyncio.Future[int]] = {}
        #: Exit codes reported before the pid's start was (a child that ended at once).
        self._early: dict[int, int] = {}
        self._next = 0
        self.alive = True
        control.setblocking(False)
        self._loop.add_reader(control.fileno(), self._readable)

    @classmethod
    async def start(cls, python: str, env: Mapping[str, str] | None = None) -> Zygote | None:
        """Start a zygote and wait until it is ready; None if it cannot start."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        environment = {**(os.environ if env is None else env), "LANG": "C.UTF-8",
                       "PYTHONDONTWRITEBYTECODE": "1"}
        try:
            process = await asyncio.create_subprocess_exec(
                python, "-m", "tui_naval.serve.zygote", str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),), env=environment)
        except OSError:
            ours.close()
            return None
        finally:
            theirs.close()
        zygote = cls(python, process, ours)
        try:
            await asyncio.wait_for(asyncio.shield(zygote._ready), READY_TIMEOUT)
        except (TimeoutError, ZygoteError):
            await zygote.close()
            return None
        except BaseException:  # (the server stopped while it started)
            await zygote.close()
            raise
        return zygote

    async def spawn(self, mode: str, env: Mapping[str, str], cwd: Path, terminal: int,
                    link: int) -> ZygoteChild:
        """A child for ``mode`` with ``terminal`` (a pty's slave end) and ``link`` (its end
        of the link) as its own; the caller keeps (and closes) its copies."""
        if not self.alive:
            raise ZygoteError("the zygote is gone")
        self._next += 1
        number = self._next
        started = self._requests[number] = self._loop.create_future()
        data = json.dumps({"id": number, "mode": mode, "env": dict(env),
                           "cwd": str(cwd)}).encode()
        fds = array.array("i", [terminal, link]).tobytes()
        try:
            while True:
                try:
                    self.control.sendmsg([data],
                                         [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
                    break
                except BlockingIOError:  # (the zygote is behind: a moment)
                    await asyncio.sleep(0.01)
            pid = await started
        except OSError as exc:
            self._lost()
            raise ZygoteError(str(exc)) from None
        finally:
            self._requests.pop(number, None)
        done = self._children.setdefault(pid, self._loop.create_future())
        if pid in self._early:
            done.set_result(self._early.pop(pid))
        return ZygoteChild(pid, done)

    def _readable(self) -> None:
        while True:
            try:
                data = self.control.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            try:
                message = json.loads(data)
            except ValueError:
                continue
            self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "ready":
            if not self._ready.done():
                self._ready.set_result(None)
        elif kind == "started":
            request = self._requests.get(message.get("id", -1))
            if request is not None and not request.done():
                if isinstance(message.get("pid"), int):
                    request.set_result(message["pid"])
                else:
                    request.set_exception(ZygoteError(str(message.get("error"))))
        elif kind == "exit":
            pid, code = message.get("pid"), message.get("code")
            if isinstance(pid, int) and isinstance(code, int):
                done = self._children.pop(pid, None)
                if done is None:
                    self._early[pid] = code
                elif not done.done():
                    done.set_result(code)

    def _lost(self) -> None:
        """The zygote has gone: no more children from it; the ones it started are
        watched until they end (their exit codes are lost with it: 255)."""
        if not self.alive:
            return
        self.alive = False
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_reader(self.control.fileno())
        waiting: list[asyncio.Future[Any]] = [*self._requests.values(), self._ready]
        for future in waiting:
            if not future.done():
                future.set_exception(ZygoteError("the zygote is gone"))
        for pid, done in list(self._children.items()):
            self._watch(pid, done)

    def _watch(self, pid: int, done: asyncio.Future[int]) -> None:
        try:
            fd = os.pidfd_open(pid)
        except OSError:  # already gone
            if not done.done():
                done.set_result(255)
            return

        def ended() -> None:
            self._loop.remove_reader(fd)
            os.close(fd)
            if not done.done():
                done.set_result(255)

        self._loop.add_reader(fd, ended)

    async def close(self) -> None:
        """Stop the zygote (the games it started go on)."""
        self._lost()
        self.control.close()
        try:
            await asyncio.wait_for(self.process.wait(), 5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()


if __name__ == "__main__":
    sys.exit(main())
