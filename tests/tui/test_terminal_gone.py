"""A game whose terminal goes (a killed tmux pane, a dropped SSH connection) still leaves:
the writer thread outlives the terminal, and the kernel's SIGCONT at the hang-up starts no
second set of driver threads (a SIGCONT after a suspension still brings the game back)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from pty_support import in_pty, read_until_quiet
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

from tui_naval.tui.terminal_file import TerminalFile


class GoneTerminal:
    """A terminal that has hung up: every write and flush fails as a pty's does (EIO)."""

    def __init__(self) -> None:
        self.tried = 0

    def write(self, text: str) -> int:
        self.tried += 1
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")

    def fileno(self) -> int:
        return 2

    def isatty(self) -> bool:
        return True


def test_a_failed_write_drops_it_and_everything_after() -> None:
    gone = GoneTerminal()
    file = TerminalFile(gone)
    file.write("a frame")
    assert file.gone and gone.tried == 1
    file.write("the next")
    file.flush()
    assert gone.tried == 1


def test_the_writer_thread_outlives_its_terminal() -> None:
    """Textual's writer thread, writing to a gone terminal: each write still returns and
    the thread stops when told (through the bare terminal, the thread died at the first
    write and the 31st write waited for ever)."""
    writer = WriterThread(TerminalFile(GoneTerminal()))  # type: ignore[arg-type]
    writer.start()

    def app_writes() -> None:
        for n in range(3 * MAX_QUEUED_WRITES):
            writer.write(f"frame {n}")
        writer.stop()

    app = threading.Thread(target=app_writes, daemon=True)
    app.start()
    app.join(timeout=10)
    assert not app.is_alive(), "the app waited for ever on a write to a gone terminal"
    assert not writer.is_alive()


#: The title screen with the app's own driver.
LAUNCH = "import sys; from tui_naval.cli import main; sys.argv = ['tui-naval']; main()"


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def state(pid: int) -> str:
    """The process's state letter (R running, S sleeping, T stopped)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def stopped(pid: int, limit: float = 30.0) -> bool:
    """Whether the process is stopped (state T) within ``limit`` seconds: it stops itself
    just after leaving the screen, which a loaded machine may be slow to get to."""
    deadline = time.monotonic() + limit
    while state(pid) != "T" and time.monotonic() < deadline:
        time.sleep(0.05)
    return state(pid) == "T"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; needs a pty")
def test_sigcont_resumes_only_a_suspended_game_and_a_hang_up_ends_it(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("COLORTERM", "TEXTUAL_DRIVER")}
    env.update(TERM="xterm-256color", TUI_NAVAL_SAVES=str(tmp_path), TUI_NAVAL_DATA=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path))
    with in_pty([sys.executable, "-c", LAUNCH], env, (100, 30)) as term:
        pid = term.pid
        assert b"ew game" in read_until_quiet(term.fd, until=lambda got: b"ew game" in got)
        before = threads(pid)
        for _ in range(3):  # as the kernel sends it with the SIGHUP when a terminal goes
            os.kill(pid, signal.SIGCONT)
        read_until_quiet(term.fd, quiet=1.0, limit=10)
        assert threads(pid) == before, "SIGCONT started driver threads again"
        # Suspended (as by Ctrl+Z in a shell), it leaves the screen; SIGCONT brings it back.
        os.kill(pid, signal.SIGTSTP)
        left = read_until_quiet(term.fd, quiet=1.0,
                                until=lambda got: b"\x1b[?1049l" in got)
        assert b"\x1b[?1049l" in left
        assert stopped(pid), "SIGTSTP did not stop the game"
        os.kill(pid, signal.SIGCONT)
        back = read_until_quiet(term.fd, quiet=1.0,
                                until=lambda got: b"\x1b[?1049h" in got and b"ew game" in got)
        assert b"\x1b[?1049h" in back and b"ew game" in back
        assert threads(pid) == before
        term.hang_up()  # the terminal goes: the game is sent SIGHUP (and SIGCONT)
        assert term.wait(20) == 0, "the game outlived its terminal by 20 s"
