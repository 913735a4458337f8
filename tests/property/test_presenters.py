"""Every presenter describes every option of every decision a game meets.

Random games of every registered ruleset, on every map it plays, a helmsman mostly
following the greedy advisor (so that races are finished, ships struck and galleys
captured) and otherwise choosing at random: at each decision the presenter lists the
options (``option_order``), labels each (``option_info``), previews it (``preview``) and
finds what it aims at (``option_cell``), for the state as the side asked sees it and for
the whole state (the log and the replay label orders with it); and it says the status
line, each ship's note, how she has left the play and her next mark, as each side sees
the game and as a watcher does.  A
presenter that cannot describe an order raises, and the test fails: none falls back to
the raw order text.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError, available_maps, load_map
from tui_naval.core.orders import Decision
from tui_naval.core.presenter import OptionInfo, Preview
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import Setup, unplayable_reason
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_ruleset, load, registry

#: Orders a game plays at most, and the seeds each case is played with (a seed's parity
#: says whether the helmsman mostly follows the advisor).
MAX_ORDERS = 300
SEEDS = (1, 2)


def _cases() -> list[tuple[str, str, GridKind]]:
    """(ruleset, map, grid) for every registered ruleset and every map it plays (its
    first grid the ruleset plays)."""
    specs = []
    for path in available_maps():
        try:
            specs.append((path.stem, load_map(str(path))))
        except MapError:
            continue
    cases = []
    for info in registry():
        ruleset = load(info)
        for name, spec in specs:
            grids = [g for g in spec.grids if g in ruleset.grids]
            if grids and unplayable_reason(ruleset, spec) is None:
                cases.append((info.id, name, grids[0]))
    return cases


CASES = _cases()


def describe(ruleset: Ruleset[Any], state: GameState, decision: Decision) -> None:
    """Ask the presenter all it says about ``decision`` in ``state``."""
    presenter = ruleset.presenter
    listed = presenter.option_order(state, decision)
    assert sorted(map(str, listed)) == sorted(map(str, decision.options)), \
        "the prompt lists every option once"
    presenter.typing_keys(state, decision)
    for order in listed:
        info = presenter.option_info(state, decision, order)
        assert isinstance(info, OptionInfo) and info.label
        preview = presenter.preview(state, order)
        assert preview is None or isinstance(preview, Preview)
        presenter.option_cell(state, order)


def look(ruleset: Ruleset[Any], state: GameState) -> None:
    """Ask the presenter what the status line and the panels show of ``state``."""
    presenter = ruleset.presenter
    presenter.status(state)
    for ship in state.ships:
        presenter.ship_note(state, ship)
        presenter.ship_done(state, ship)
        presenter.next_mark(state, ship.id)
    presenter.next_mark(state, None)


@pytest.mark.parametrize(("ruleset_name", "map_name", "grid"), CASES,
                         ids=[f"{r}-{m}" for r, m, _ in CASES])
def test_the_presenter_describes_every_option_met(ruleset_name: str, map_name: str,
                                                  grid: GridKind) -> None:
    ruleset = find_ruleset(ruleset_name)
    spec = load_map(map_name)
    for seed in SEEDS:
        game = Game(ruleset, Setup(ruleset.name, spec.name, spec.text, grid, seed))
        rng = random.Random(seed)
        for _ in range(MAX_ORDERS):
            decision = game.decision()
            if decision is None:
                break
            seen = ruleset.observe(game.state, decision.side)
            describe(ruleset, seen, decision)
            describe(ruleset, game.state, decision)
            # The panels show the game to whoever watches: each side, or no side.
            for viewer in (*game.state.sides, ""):
                look(ruleset, ruleset.observe(game.state, viewer))
            look(ruleset, game.state)
            steady = seed % 2 == 1 and rng.random() < 0.8
            game.play(ruleset.advisor(seen, decision) if steady
                      else rng.choice(decision.options))
