"""Positions a referee tells a player, as JSON: the state after an order as the player's
side may know it, and the decision it waits on as that side may know it.

A game refereed elsewhere (a duel) cannot play on by its rules while the other side's
plotted orders are hidden from it; the referee tells it each position meanwhile
(``Game.tell``).  Nothing hidden is in one: the state is observed (``engine.observe``),
the order another side's held one is ``Order(ship, HIDDEN)``, and the other side's
decision is only whose it is (its options and words are worked out from the hidden
orders).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tui_naval.core.dice import Chance, ChanceOutcome
from tui_naval.core.engine import HIDDEN, observe, told
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState

Position = dict[str, Any]


class BadPosition(ValueError):
    """A told position that does not fit the game; one line."""


def seen_order(order: Order, by: str, side: str, held: bool) -> Order:
    """``order`` (given by ``by``) as ``side`` may know it: hidden while it is held."""
    return Order(order.ship, HIDDEN) if held and by != side else order


def seen_decision(decision: Decision | None, side: str) -> Decision | None:
    """``decision`` as ``side`` may know it: another side's only by whose and which ship's
    it is."""
    if decision is None or decision.side == side:
        return decision
    return Decision(decision.side, decision.kind, decision.ship,
                    f"{decision.ship}: {decision.kind}", (), plotted=decision.plotted,
                    interrupt=decision.interrupt)


def position(index: int, order: Order, state: GameState, decision: Decision | None,
             side: str) -> Position:
    """The position after the order at ``index`` (``order`` as ``side`` may know it),
    ``state`` and ``decision`` the referee's own: as JSON, seen by ``side``."""
    from tui_naval.core.saves import unstructure_state

    return {"index": index, "order": str(order),
            "state": unstructure_state(observe(state, side)),
            "decision": _decision_json(seen_decision(decision, side))}


def read_position(data: Any, ruleset: Ruleset[Any]) -> tuple[int, Order, GameState]:
    """A told position from its JSON: its index, order and state (waiting on its decision);
    BadPosition if it is not one."""
    from tui_naval.core.saves import get_converter

    try:
        index = data["index"]
        if type(index) is not int:
            raise TypeError("its index is not a whole number")
        order = Order.parse(str(data["order"]))
        state = get_converter().structure(data["state"], ruleset.state_type)
        decision = _decision_from(data["decision"])
    except Exception as exc:  # any shape of bad data: said in one line
        raise BadPosition(f"a told position does not fit: {exc}") from None
    return index, order, told(state, decision)


def _decision_json(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    chance = decision.chance
    return {"side": decision.side, "kind": decision.kind, "ship": decision.ship,
            "prompt": decision.prompt, "options": [str(o) for o in decision.options],
            "plotted": decision.plotted, "interrupt": decision.interrupt,
            "chance": None if chance is None else {
                "notation": chance.notation,
                "outcomes": [[o.value, str(o.probability), o.effect]
                             for o in chance.outcomes]}}


def _decision_from(data: Any) -> Decision | None:
    if data is None:
        return None
    chance = data["chance"]
    return Decision(str(data["side"]), str(data["kind"]), str(data["ship"]),
                    str(data["prompt"]), tuple(Order.parse(str(t)) for t in data["options"]),
                    chance=None if chance is None else Chance(
                        str(chance["notation"]),
                        tuple(ChanceOutcome(int(v), Fraction(str(p)), str(e))
                              for v, p, e in chance["outcomes"])),
                    plotted=bool(data["plotted"]), interrupt=bool(data["interrupt"]))
