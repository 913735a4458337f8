"""A real terminal for the e2e tests: the installed ``tui-naval`` in a detached tmux pane
on the tests' own tmux server."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TUI_NAVAL = Path(sys.executable).parent / "tui-naval"

#: Mark a module with it: its tests skip without tmux or the installed game.
NEEDS_TMUX = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not TUI_NAVAL.exists(), reason="tui-naval is not installed"),
]


#: The tests' own tmux server: a player's sessions (or ``tmux kill-server``) never meet them.
SOCKET = f"tui-naval-tests-{os.getpid()}"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True, capture_output=True,
                          text=True).stdout


class Pane:
    """A detached tmux session running one command."""

    def __init__(self, name: str) -> None:
        self.name = name

    def capture(self) -> str:
        return tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        tmux("send-keys", "-t", self.name, *keys)

    def wait_for(self, test: Callable[[str], bool], what: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.capture()
            if test(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; the screen:\n{screen}")
            time.sleep(0.1)

    def app_pid(self) -> int:
        """The tui-naval process: the pane's process or its child."""
        pane = int(tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip())
        for pid in [pane, *_children(pane)]:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"tui-naval" in cmdline and b"sh\x00-c" not in cmdline:
                return pid
        return pane


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@contextlib.contextmanager
def open_pane(tmp_path: Path, command: str, size: tuple[int, int] = (100, 30)
              ) -> Iterator[tuple[Pane, Path]]:
    """``command`` (the installed game's arguments after ``tui-naval``) in a new pane of
    ``size``, its saves in ``tmp_path/saves``; the shell stays after the game (the terminal
    it leaves behind can be read, with "tui-naval exited CODE" after it)."""
    saves = tmp_path / "saves"
    name = f"tui-naval-e2e-{uuid.uuid4().hex[:8]}"
    env = {"TUI_NAVAL_SAVES": str(saves), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "TUI_NAVAL_DATA": str(tmp_path / "data"), "TERM": "xterm-256color"}
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    tmux("new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]), *env_args,
         f"{TUI_NAVAL} {command}; echo \"tui-naval exited $?\"; sleep 60")
    try:
        yield Pane(name), saves
    finally:
        games = pane_children(name)
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", name], capture_output=True)
    outlived = still_running(games)
    if outlived:  # its terminal is gone: it must have saved and left on the SIGHUP
        subprocess.run(["kill", "-9", *outlived], capture_output=True)
        raise AssertionError(f"the game outlived its terminal by {GONE_WITHIN} s "
                             f"(killed {', '.join(outlived)})")


#: Seconds a game has to autosave and leave once its terminal is gone.
GONE_WITHIN = 10.0


def pane_children(name: str) -> list[str]:
    """The ids of the processes the pane's shell runs (the game, while it runs)."""
    shell = subprocess.run(["tmux", "-L", SOCKET, "display-message", "-p", "-t", name,
                            "#{pane_pid}"], capture_output=True, text=True).stdout.strip()
    if not shell:
        return []
    return subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()


def still_running(pids: list[str]) -> list[str]:
    """Those of ``pids`` still running (not gone, not a zombie) after ``GONE_WITHIN``
    seconds, or none as soon as none are."""
    deadline = time.monotonic() + GONE_WITHIN
    while True:
        left = [pid for pid in pids if running(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def running(pid: str) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
