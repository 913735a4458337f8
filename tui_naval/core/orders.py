"""Orders (what a side decides) and decisions (what it is asked).

An ``Order`` is a small value with a text form, like a chess move in UCI:
``"B1 turn +1"``, ``"R2 luck roll"``, ``"B1 ammo chain"``.  A ``Decision`` is
what the controller stops for: who must answer, about which ship, the legal
orders, and the chance table of any roll the answer may trigger.
"""

from __future__ import annotations

from functools import lru_cache

from tui_naval.core.dice import Chance
from tui_naval.core.values import frozen

NO_SHIP = "-"


class IllegalOrder(ValueError):
    """An order that is not legal in the current state."""


@frozen
class Order:
    """One decision's answer: a ship (or ``-``), a verb and an optional argument."""

    ship: str
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.ship} {self.verb} {self.arg}".rstrip()

    @classmethod
    def parse(cls, text: str) -> Order:
        """Read an order's text form; raises IllegalOrder on malformed text."""
        parts = text.split()
        if len(parts) not in (2, 3):
            raise IllegalOrder(f"cannot read order {text!r}: expected 'SHIP VERB [ARG]'")
        return cls(*parts)


@lru_cache(maxsize=4096)
def orders_for(ship: str, verb: str, args: tuple[str, ...]) -> tuple[Order, ...]:
    """An order of ``ship`` for each of ``args``: the rules offer the same lists turn after
    turn, and each list is made once."""
    return tuple(Order(ship, verb, arg) for arg in args)


@frozen
class Decision:
    """A point where a side must choose one of ``options``."""

    side: str
    kind: str
    ship: str
    prompt: str
    options: tuple[Order, ...]
    chance: Chance | None = None
    #: Plotted decisions are hidden from the other side until all are in.
    plotted: bool = False
    #: An interrupt window: the side not acting may step into the other's action (Salamis'
    #: "Stop!").  Its last option lets the action go on; a player may have such windows
    #: passed for them.
    interrupt: bool = False

    def find(self, text: str) -> Order:
        """The option whose text form is ``text``; IllegalOrder if none is."""
        wanted = " ".join(text.split())
        for option in self.options:
            if str(option) == wanted:
                return option
        legal = ", ".join(str(o) for o in self.options)
        raise IllegalOrder(f"{wanted!r} is not a legal order now (legal: {legal})")
