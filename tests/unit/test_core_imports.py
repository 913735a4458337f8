"""The game model and the app layer import neither textual nor rich (checked in a fresh
interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys

PACKAGES = ("tui_naval.core", "tui_naval.systems", "tui_naval.rulesets", "tui_naval.ai",
            "tui_naval.voyage", "tui_naval.app")

PROBE = """
import importlib, json, pkgutil, sys
names = []
for package in sys.argv[1:]:
    module = importlib.import_module(package)
    names.append(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
        names.append(info.name)
# Run the paths that import lazily: find a ruleset, set up a game and let the AI play a little.
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.scenario import Setup
from tui_naval.ai.players import PLAYERS, make_player
from tui_naval.rulesets import find_ruleset
ruleset = find_ruleset("salt-n-tar")
spec = load_map("channel-race")
game = Game(ruleset, Setup(ruleset.name, spec.name, spec.text, spec.grids[0], 1))
for name in PLAYERS:
    play(game, {side: make_player(name, game.ruleset) for side in game.state.sides}, turns=1)
print(json.dumps({"checked": names, "loaded": sorted(sys.modules)}))
"""


def probe() -> dict[str, list[str]]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *PACKAGES], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, list[str]] = json.loads(proc.stdout.splitlines()[-1])
    return result


def test_core_rulesets_and_ai_import_no_ui():
    result = probe()
    checked, loaded = set(result["checked"]), result["loaded"]
    assert {"tui_naval.core.grid", "tui_naval.core.dice", "tui_naval.core.wind",
            "tui_naval.core.orders", "tui_naval.core.state", "tui_naval.core.history",
            "tui_naval.core.controller", "tui_naval.core.saves", "tui_naval.core.scenario",
            "tui_naval.core.maps", "tui_naval.rulesets.salt_n_tar.rules",
            "tui_naval.ai.greedy", "tui_naval.ai.random_player"} <= checked
    ui = [m for m in loaded if m in ("textual", "rich") or m.startswith(("textual.", "rich."))]
    assert ui == [], f"the game model pulled in UI modules: {ui[:5]}"
