"""The installed ``tui-naval play`` in a real terminal (tmux): a turn by keys, then a signal
(SIGHUP, SIGTERM or SIGINT) in the middle of the next: every decision is kept and the
terminal is given back as it was (no alternate screen, no mouse reporting)."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmux_support import NEEDS_TMUX, Pane, open_pane, tmux

pytestmark = NEEDS_TMUX


#: What the pane's terminal looks like: the alternate screen and the mouse modes.
TERMINAL_STATE = "#{alternate_on} #{mouse_any_flag} #{mouse_button_flag} " \
                 "#{mouse_standard_flag} #{mouse_sgr_flag} #{mouse_all_flag}"


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[tuple[Pane, Path]]:
    with open_pane(tmp_path, "play --seed 3") as opened:
        yield opened


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
    # A player with no finished game meets the easy admiral (app.record.opponent).
    assert doc["seats"] == {"blue": "human", "red": "easy"}
    assert not list(saves.glob(".*.tmp")), "no temporary file is left behind"
