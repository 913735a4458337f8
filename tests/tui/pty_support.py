"""The app in a pseudo-terminal: a real terminal's bytes, signals and hang-up."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator


class Pty:
    """A process in a pseudo-terminal: its id and the terminal's master end."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd
        self.open = True
        #: The exit code once the process has ended and been reaped (None before).
        self.exit_code: int | None = None

    def wait(self, timeout: float) -> int | None:
        """The process's exit code once it ends within ``timeout`` seconds, else None."""
        deadline = time.monotonic() + timeout
        while self.exit_code is None and time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.exit_code = os.waitstatus_to_exitcode(status)
            else:
                time.sleep(0.05)
        return self.exit_code

    def hang_up(self) -> None:
        """Close the master end: the terminal goes, as a killed tmux pane or a dropped
        SSH connection's does (the kernel sends the process SIGHUP and SIGCONT)."""
        if self.open:
            self.open = False
            os.close(self.fd)


@contextlib.contextmanager
def in_pty(argv: list[str], env: dict[str, str], size: tuple[int, int]) -> Iterator[Pty]:
    """``argv`` run in a new pseudo-terminal of ``size`` (killed and closed after, if
    still there)."""
    import fcntl
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    term = Pty(pid, fd)
    try:
        yield term
    finally:
        if term.exit_code is None:  # not reaped: its id is still its own
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        term.hang_up()


def read_until_quiet(fd: int, quiet: float = 1.5, limit: float = 60.0,
                     until: Callable[[bytes], bool] | None = None) -> bytes:
    """What the terminal receives until nothing more came for ``quiet`` seconds (after
    something came and, with ``until``, once ``until(received)`` holds), or ``limit``
    seconds passed.  A loaded machine may leave a gap of more than ``quiet`` before what
    is awaited (the app sets the terminal up, then builds its first screen): ``until``
    names what must have come, so the quiet is only looked for after it."""
    received = bytearray()
    started = last = time.monotonic()
    while time.monotonic() - started < limit:
        if not select.select([fd], [], [], 0.1)[0]:
            if (received and time.monotonic() - last > quiet
                    and (until is None or until(bytes(received)))):
                break
            continue
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            break
        received += data
        last = time.monotonic()
    return bytes(received)
