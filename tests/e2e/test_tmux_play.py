"""The installed ``tui-naval play`` in a real terminal (tmux): a turn by keys, then a signal
(SIGHUP, SIGTERM or SIGINT) in the middle of the next: every decision is kept and the
terminal is given back as it was (no alternate screen, no mouse reporting)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TUI_NAVAL = Path(sys.executable).parent / "tui-naval"

pytestmark = [
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


#: What the pane's terminal looks like: the alternate screen and the mouse modes.
TERMINAL_STATE = "#{alternate_on} #{mouse_any_flag} #{mouse_button_flag} " \
                 "#{mouse_standard_flag} #{mouse_sgr_flag} #{mouse_all_flag}"


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[tuple[Pane, Path]]:
    saves = tmp_path / "saves"
    name = f"tui-naval-e2e-{uuid.uuid4().hex[:8]}"
    env = {"TUI_NAVAL_SAVES": str(saves), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "TERM": "xterm-256color"}
    env_args = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    # The shell stays after the game, so the terminal it leaves behind can be read.
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", *env_args,
         f"{TUI_NAVAL} play --seed 3; echo \"tui-naval exited $?\"; sleep 60")
    try:
        yield Pane(name), saves
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", name], capture_output=True)


@pytest.mark.parametrize(("name", "code"), [("SIGHUP", 0), ("SIGTERM", 143), ("SIGINT", 130)])
def test_play_a_turn_then_a_signal(pane: tuple[Pane, Path], name: str, code: int) -> None:
    term, saves = pane
    screen = term.wait_for(lambda s: "roll a luck die" in s, "the luck prompt")
    assert "Turn 1/60" in screen and "Seed 3" in screen
    assert "Roll the luck die" in screen and "1d6" in screen
    assert tmux("display-message", "-p", "-t", term.name, TERMINAL_STATE).split()[0] == "1"
    term.keys("2")  # pass
    screen = term.wait_for(lambda s: "helm orders" in s, "the helm prompt")
    assert "Port 2 points !" in screen
    term.keys("Down")
    term.wait_for(lambda s: "ends at" in s, "the helm preview")
    term.keys("Enter")  # port 1
    term.wait_for(lambda s: "sails and anchor" in s, "the maneuver prompt")
    term.keys("1")  # keep
    term.wait_for(lambda s: "Turn 2/60" in s and "roll a luck die" in s and "T2 " in s,
                  "turn 2, its wind roll in the log")
    term.keys("1")  # roll for luck in turn 2: after the turn's autosave
    term.wait_for(lambda s: "helm orders" in s, "turn 2's helm prompt")
    os.kill(term.app_pid(), getattr(signal, name))
    term.wait_for(lambda s: f"tui-naval exited {code}" in s, f"the game to exit with {code}")
    state = tmux("display-message", "-p", "-t", term.name, TERMINAL_STATE).split()
    assert state == ["0"] * 6, "the alternate screen and every mouse mode are off again"
    autosave = saves / "autosave.json"
    assert autosave.is_file()
    doc = json.loads(autosave.read_text())
    assert doc["turn"] == 2
    assert doc["orders"][0] == "B1 luck pass"
    assert "B1 port 1" in doc["orders"]
    assert doc["orders"][-2] == "B1 luck roll"  # saved by the signal, not at the turn's end
    assert doc["orders"][-1] in ("R1 luck roll", "R1 luck pass")
    assert doc["seats"] == {"blue": "human", "red": "search"}  # the default opponent: normal
    assert not list(saves.glob(".*.tmp")), "no temporary file is left behind"
