"""The tutorial's lessons: each a real game, with the real rules, against an AI.

A lesson names its ruleset, its map (a ``.map`` file here, beside this module: the
lessons' own, kept out of the maps offered for play), its seed and its admiral, so every
player's first voyage is the same one; the hints come from the ruleset
(``core.hints``), as in any game with hints on.  A lesson that ``advises`` adds, at every
decision, the first lieutenant's advice (the ruleset's advisor: the option, and what it
would do), and a player who follows it wins (tests/unit/test_tutorial_lessons.py).  The
TUI reads the lessons from here and names no ruleset itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_naval.core.hints import Hint
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.core.values import frozen

#: Where the lessons' maps are.
HERE = Path(__file__).parent


@frozen
class Lesson:
    """One lesson: a title, what it teaches, and the game it is."""

    title: str
    about: str
    ruleset: str
    map: str
    seed: int
    #: The side the player sails.
    side: str = "blue"
    #: The admiral on the other side, unless the player chose one (``--ai``).
    admiral: str = "easy"
    #: Whether every decision comes with the first lieutenant's advice (``advice``).
    advises: bool = False

    @property
    def map_path(self) -> str:
        """The lesson's map file, as ``cli.new_game`` reads a path."""
        return str(HERE / f"{self.map}.map")


#: The race is sailed against greedy (a race against the easy admiral, whose slips send
#: her cutter astray, shows little of the marks); the battle against easy, and the
#: lieutenant's advice wins it.
LESSONS: tuple[Lesson, ...] = (
    Lesson("A first race", "wind and bearings, speed, luck, Strain, sails and anchor, the "
           "helm preview, undo and saving", "salt-n-tar", "first-voyage", 7,
           admiral="greedy"),
    Lesson("A first battle", "bringing a broadside to bear, the wind gauge, range and "
           "ammunition", "salt-and-shot", "first-broadside", 7, advises=True),
)


def advised(ruleset: Ruleset[Any], state: GameState, decision: Decision) -> Order:
    """The option the first lieutenant (the ruleset's advisor) advises."""
    order: Order = ruleset.advisor(state, decision)
    return order


def advice(ruleset: Ruleset[Any], state: GameState, decision: Decision) -> Hint:
    """The first lieutenant's advice for ``decision`` (``state`` as the player sees it):
    the option the ruleset's advisor chooses, its number in the prompt's list, and what
    its preview says it would do (where she ends, which enemy her broadsides bear on)."""
    order = advised(ruleset, state, decision)
    presenter = ruleset.presenter
    listed = presenter.option_order(state, decision)
    number = listed.index(order) + 1 if order in listed else 0
    info = presenter.option_info(state, decision, order)
    preview = presenter.preview(state, order)
    what = preview.text if preview is not None and preview.text else info.detail
    head = f"{number} {info.label}" if number else info.label
    return Hint("advice", "The first lieutenant advises",
                f"{head}: {what}" if what else head)
