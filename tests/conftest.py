"""Shared fixtures: the default ruleset, new games, and seeded random play; the package's
memo caches emptied after each test module."""

from __future__ import annotations

import inspect
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
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


def package_memos() -> list[Any]:
    """The package's memoized functions (``functools.cache``/``lru_cache``) that take
    arguments; a cached function of none is a lazily made singleton (the registry, a
    ruleset's tables), kept."""
    memos = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("tui_naval."):
            continue
        for value in vars(module).values():
            if (hasattr(value, "cache_clear") and hasattr(value, "cache_info")
                    and getattr(value, "__module__", None) == name
                    and inspect.signature(value).parameters):
                memos.append(value)
    return memos


@pytest.fixture(autouse=True, scope="module")
def _memos_emptied() -> Iterator[None]:
    """After each test module, the package's memo caches are emptied: a worker runs a
    thousand tests on dozens of maps, and the cells, arcs and routes its caches kept
    (a million objects) made each garbage collection take a second, the five that pytest
    runs at its end longer than xdist waits before interrupting the worker."""
    yield
    for memo in package_memos():
        memo.cache_clear()


@pytest.fixture
def memos() -> list[Any]:
    """The memo caches emptied after each test module (``package_memos``)."""
    return package_memos()


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
