"""What a searching AI made of its decisions: its best options and their values.

A ``Thought`` is a small, ruleset-blind record of one decision the search answered:
where its answer stands in the game's orders, the side, its best few options (the
answer first) with their rollouts and mean values, and what the search cost.  The TUI
keeps one for each decision an AI searched, shows them ("the admiral's thinking"),
and saves them beside the game (``"thoughts"``, a key other readers ignore), so a
replay shows them too.  A thought read back is checked against the game: one that is
malformed, or whose answer is not the order the game holds at its place, is dropped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeGuard

from tui_naval.core.orders import Order
from tui_naval.core.values import frozen

#: The options a thought keeps (the answer first).
MAX_BEST = 5
#: The most thoughts a save keeps (the latest): some 30 turns of a 20-ship fleet's
#: decisions.  Written indented like the rest of a save, 2,000 are about 800 KiB and
#: 40 ms of an autosave; a game against the search of 300 decisions, 5 ms.
MAX_SAVED = 2_000
#: The longest side name or option text a saved thought may hold.
MAX_TEXT = 64
#: Digits a saved value and time keep.
DIGITS = 3


class WeighedOption(Protocol):
    """An option as a search reports it (``ai.search.OptionValue``)."""

    @property
    def order(self) -> Order: ...

    @property
    def visits(self) -> int: ...

    @property
    def value(self) -> float: ...


class Analysed(Protocol):
    """What a search made of a decision (``ai.search.Analysis``): its options, the
    answer first, the rollouts, the time, and why it did not search ("" if it did)."""

    @property
    def options(self) -> Sequence[WeighedOption]: ...

    @property
    def iterations(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    @property
    def note(self) -> str: ...

    @property
    def ahead(self) -> int: ...


@frozen
class Weighed:
    """One option as the search left it: its text, its rollouts and its mean value
    (-1 lost to +1 won, for the side choosing)."""

    order: str
    visits: int
    value: float


@frozen
class Thought:
    """A decision an AI searched: ``index`` is its answer's place in the game's orders."""

    index: int
    side: str
    #: The best options, the answer first (at most ``MAX_BEST``).
    best: tuple[Weighed, ...]
    rollouts: int
    seconds: float
    #: How many options the decision had.
    options: int
    #: Why the answer did not come from a search ("" when it did).
    note: str = ""
    #: Turns further its options' rollouts went, as every option had ended level
    #: sooner (their visits are those rollouts; ``rollouts`` counts all).
    ahead: int = 0

    @property
    def chosen(self) -> str:
        """The answer's text."""
        return self.best[0].order

    @property
    def searched(self) -> bool:
        """Whether the answer came from rollouts (a thought worth keeping)."""
        return self.rollouts > 0 and not self.note

    @classmethod
    def from_analysis(cls, index: int, side: str, analysis: Analysed) -> Thought:
        """The thought of a search's analysis of the decision answered at ``index``."""
        best = tuple(Weighed(str(o.order), o.visits, o.value)
                     for o in analysis.options[:MAX_BEST])
        return cls(index, side, best, analysis.iterations, analysis.seconds,
                   len(analysis.options), analysis.note, analysis.ahead)


# -- saves ---------------------------------------------------------------------------------
def thought_to_json(thought: Thought) -> dict[str, Any]:
    """A thought as a save keeps it (values and time rounded)."""
    return {"index": thought.index, "side": thought.side, "rollouts": thought.rollouts,
            "seconds": round(thought.seconds, DIGITS), "options": thought.options,
            "best": [[w.order, w.visits, round(w.value, DIGITS)] for w in thought.best],
            "ahead": thought.ahead}


def thoughts_to_json(thoughts: Mapping[int, Thought],
                     orders: Sequence[Order]) -> list[dict[str, Any]]:
    """The searched thoughts that fit ``orders`` (their answer at their place), in order,
    the latest ``MAX_SAVED`` of them."""
    kept = [t for i, t in sorted(thoughts.items()) if t.searched and fits(t, i, orders)]
    return [thought_to_json(t) for t in kept[-MAX_SAVED:]]


def fits(thought: Thought, index: int, orders: Sequence[Order]) -> bool:
    """Whether ``thought`` is kept at ``index`` and its answer is the order played there."""
    return (thought.index == index and 0 <= index < len(orders)
            and thought.chosen == str(orders[index]))


def thoughts_from_json(stored: object, orders: Sequence[Order],
                       sides: Iterable[str]) -> dict[int, Thought]:
    """The thoughts a save holds, by index; anything malformed, or not fitting the game's
    ``orders`` and ``sides``, is left out (never an error)."""
    if not isinstance(stored, list):
        return {}
    known = set(sides)
    out: dict[int, Thought] = {}
    for item in stored[:MAX_SAVED]:
        thought = thought_from_json(item)
        if (thought is not None and thought.side in known
                and fits(thought, thought.index, orders)):
            out[thought.index] = thought
    return out


def thought_from_json(item: object) -> Thought | None:
    """One saved thought, or None if it is malformed."""
    if not isinstance(item, dict):
        return None
    index, side, rollouts = item.get("index"), item.get("side"), item.get("rollouts")
    seconds, options, best = item.get("seconds"), item.get("options"), item.get("best")
    ahead = item.get("ahead", 0)  # (saves before it was kept: 0)
    if not (_count(index) and _text(side) and _count(rollouts) and _count(options)
            and _count(ahead)
            and _number(seconds) and seconds >= 0
            and isinstance(best, list) and 0 < len(best) <= MAX_BEST):
        return None
    weighed = [_weighed(entry) for entry in best]
    if any(w is None for w in weighed) or len(weighed) > options:
        return None
    return Thought(index, side, tuple(w for w in weighed if w is not None), rollouts,
                   float(seconds), options, ahead=ahead)


def _weighed(entry: object) -> Weighed | None:
    if not (isinstance(entry, list) and len(entry) == 3):
        return None
    order, visits, value = entry
    if not (_text(order) and _count(visits) and _number(value) and -1.0 <= value <= 1.0):
        return None
    return Weighed(order, visits, float(value))


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _text(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()
