"""Shared fixtures: the default ruleset, new games, and seeded random play."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import Setup
from tui_naval.rulesets import find_ruleset

#: Crash logs the tests provoke go to a scratch data folder, never the user's.
os.environ["TUI_NAVAL_DATA"] = tempfile.mkdtemp(prefix="tui-naval-data-")

# No property test is timed: hypothesis' defaults fail an example that takes over 200 ms
# (its deadline) and a strategy slow to draw (the too_slow health check), and on a loaded
# machine any may.  A test that sets its own list of health checks to suppress keeps
# too_slow in it.
settings.register_profile("unhurried", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("unhurried")

MakeGame = Callable[..., Game]
PlayRandom = Callable[[Game, int, int], Game]


@pytest.fixture(scope="session")
def ruleset() -> Ruleset[Any]:
    """Salt'n'Tar, the default ruleset."""
    return find_ruleset("salt-n-tar")


@pytest.fixture
def make_game(ruleset: Ruleset[Any]) -> MakeGame:
    """``make_game(map="channel-race", grid=None, seed=1)``: a new game (grid: the map's first)."""

    def make(map_name: str = "channel-race", grid: GridKind | None = None, seed: int = 1) -> Game:
        spec = load_map(map_name)
        kind = grid or spec.grids[0]
        return Game(ruleset, Setup(ruleset.name, spec.name, spec.text, kind, seed))

    return make


@pytest.fixture
def play_random() -> PlayRandom:
    """``play_random(game, orders, seed)``: give up to ``orders`` random legal orders."""

    def play(game: Game, orders: int, seed: int) -> Game:
        rng = random.Random(seed)
        for _ in range(orders):
            decision = game.decision()
            if decision is None:
                break
            game.play(rng.choice(decision.options))
        return game

    return play
