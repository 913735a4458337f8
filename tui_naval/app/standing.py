"""Standing orders: routine decisions a player leaves to be answered without a prompt.

A standing order answers one kind of decision (``ammo``, ``move``...; ``""`` every kind)
for one ship or for every ship of a side, until it is cancelled or, for "same as last
turn", to the end of the turn it was given in.  What it answers with:

- ``same``: the order the ship gave the same kind of decision in an earlier turn;
- ``lieutenant``: the ruleset's advisor (its greedy judgement);
- a key a ruleset's presenter offers for that kind of decision (``Presenter.standing_offers``:
  keep the load, fire when she bears, hold course...): the presenter names the options it
  may choose among (``standing_options``), the best by the ruleset's own judgement.

A standing order never answers when the ship's situation has changed since the player
last saw it (``Presenter.standing_watch``: damage, an enemy come in range...), nor when
the ship cannot do what it says: the player is asked, and told why (``Verdict.why``).
The match plays what a standing order answers and keeps which orders were so played, so
that undo goes back past them to the player's own last decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.presenter import StandingOffer
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.core.values import frozen

SAME = "same"
LIEUTENANT = "lieutenant"

#: What every ruleset offers for every kind of decision.
GENERIC = (
    StandingOffer(SAME, "Same as last turn", "the order she gave last time"),
    StandingOffer(LIEUTENANT, "The first lieutenant decides",
                  "the ruleset's advisor answers for her"),
)

#: A ship's situation as a standing order watches it: (what, as it stands) pairs.
Facts = tuple[tuple[str, str], ...]


@frozen
class StandingOrder:
    """One standing order: how it answers, which decisions, whose."""

    #: ``same``, ``lieutenant`` or a key the presenter offers.
    key: str
    #: The decision kind it answers ("" any kind).
    kind: str
    side: str
    #: The ship it answers for ("" every ship of the side).
    ship: str = ""
    #: The last turn it stands for (0: until cancelled).
    through_turn: int = 0
    #: How the player saw it chosen ("Keep the load").
    label: str = ""

    def covers(self, decision: Decision, turn: int) -> bool:
        return (self.side == decision.side and self.ship in ("", decision.ship)
                and self.kind in ("", decision.kind)
                and (self.through_turn == 0 or turn <= self.through_turn))

    def describe(self) -> str:
        whose = self.ship or f"every ship of {self.side}"
        what = self.kind or "every decision"
        until = f" (turn {self.through_turn} only)" if self.through_turn else ""
        return f"{self.label or self.key}: {what}, {whose}{until}"


@frozen
class Standing:
    """A player's standing orders (a value: every change makes a new one)."""

    orders: tuple[StandingOrder, ...] = ()

    def order_for(self, decision: Decision, turn: int) -> StandingOrder | None:
        """The standing order that answers ``decision`` (one for the ship before one for
        every ship, a kind's before every kind's), or None."""
        found = [o for o in self.orders if o.covers(decision, turn)]
        found.sort(key=lambda o: (o.ship == "", o.kind == ""))
        return found[0] if found else None

    def with_order(self, order: StandingOrder) -> Standing:
        """Add ``order``, in place of any for the same decisions."""
        kept = tuple(o for o in self.orders
                     if (o.kind, o.side, o.ship) != (order.kind, order.side, order.ship))
        return Standing((*kept, order))

    def without(self, side: str, kind: str | None = None, ship: str | None = None) -> Standing:
        """Cancel ``side``'s standing orders (of one kind, for one ship, where given)."""
        return Standing(tuple(o for o in self.orders
                              if not (o.side == side and kind in (None, o.kind)
                                      and ship in (None, o.ship))))

    def current(self, turn: int) -> Standing:
        """The orders that still stand on ``turn``."""
        return Standing(tuple(o for o in self.orders
                              if o.through_turn == 0 or turn <= o.through_turn))

    def to_json(self) -> list[dict[str, Any]]:
        return [{"key": o.key, "kind": o.kind, "side": o.side, "ship": o.ship,
                 "through_turn": o.through_turn, "label": o.label} for o in self.orders]

    @classmethod
    def from_json(cls, data: object, sides: Sequence[str]) -> Standing:
        """A save's standing orders (the ones that are not well formed left out)."""
        orders = []
        for item in data if isinstance(data, list) else []:
            if not isinstance(item, dict):
                continue
            try:
                order = StandingOrder(str(item["key"]), str(item["kind"]), str(item["side"]),
                                      str(item.get("ship", "")),
                                      int(item.get("through_turn", 0)),
                                      str(item.get("label", "")))
            except (KeyError, TypeError, ValueError):
                continue
            if order.side in sides:
                orders.append(order)
        return cls(tuple(orders))


@frozen
class Verdict:
    """What the standing orders make of a decision: an order to play, or none (``why``:
    the reason the player is asked although an order stands, "" when none stands)."""

    order: Order | None = None
    standing: StandingOrder | None = None
    why: str = ""


def offers(ruleset: Ruleset[Any], kind: str) -> tuple[StandingOffer, ...]:
    """The standing orders a player may give for ``kind`` of decision."""
    return (*GENERIC, *ruleset.presenter.standing_offers(kind))


def last_order(game: Game, ruleset: Ruleset[Any], decision: Decision,
               turn: int) -> tuple[Order, GameState, Decision] | None:
    """The order ``decision``'s ship gave the same kind of decision before ``turn``, with
    the state and decision it was given at: one of the same verbs as its options (a
    ship's port battery repeats what the port battery did, not the starboard's)."""
    states = game.states()
    orders = game.orders
    verbs = {option.verb for option in decision.options}
    for index in range(len(orders) - 1, -1, -1):
        state = states[index]
        if state.turn >= turn or orders[index].verb not in verbs:
            continue
        asked = ruleset.decision(state)
        if asked is not None and asked.kind == decision.kind and asked.ship == decision.ship:
            return orders[index], state, asked
    return None


def answer(order: StandingOrder, game: Game, ruleset: Ruleset[Any], decision: Decision,
           seen: GameState) -> Order | str:
    """The order ``order`` gives for ``decision``, or why it cannot."""
    if order.key == SAME:
        last = last_order(game, ruleset, decision, seen.turn)
        if last is None:
            return "she has given no such order before"
        given, then, asked = last
        try:
            return decision.find(str(given))
        except IllegalOrder:
            label = ruleset.presenter.option_info(then, asked, given).label
            return f"she cannot {label!r} again now"
    if order.key == LIEUTENANT:
        chosen: Order = ruleset.advisor(seen, decision)
        return chosen
    options = ruleset.presenter.standing_options(order.key, seen, decision)
    if isinstance(options, str):
        return options
    return best(ruleset, seen, decision, options)


def best(ruleset: Ruleset[Any], seen: GameState, decision: Decision,
         options: Sequence[Order]) -> Order:
    """The best of ``options`` by the ruleset's own judgement (its advisor's ranking, or
    its choice), the first where it has none among them."""
    if len(options) == 1:
        return options[0]
    ranker = ruleset.ranker
    ranked = ranker(seen, decision) if ranker is not None else None
    for option in ranked or ():
        if option in options:
            return option
    chosen = ruleset.advisor(seen, decision)
    return chosen if chosen in options else options[0]


def watch(ruleset: Ruleset[Any], state: GameState, ship_id: str) -> Facts:
    """The ship's situation as standing orders watch it: each part that wears (hull,
    rigging, crew... as the ruleset's ``wear`` reads them), whether she is still in the
    fight, and what the ruleset's presenter adds (the enemies in range...)."""
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if ship is None:
        return (("in the fight", "no"),)
    facts = [(part.label, f"{part.have}/{part.full}") for part in ruleset.wear(ship)]
    left = ruleset.departure(state, ship)
    facts.append(("in the fight", "yes" if left is None else left.words(ship)))
    return (*facts, *ruleset.presenter.standing_watch(state, ship_id))


def changes(before: Facts, now: Facts) -> str:
    """What changed between two looks at a ship ("" nothing)."""
    was = dict(before)
    said = [f"{what}: {value}" for what, value in now if was.get(what) != value]
    said += [f"{what}: no longer" for what in was if what not in dict(now)]
    return "; ".join(said)


def decide(standing: Standing, game: Game, ruleset: Ruleset[Any], decision: Decision,
           seen: GameState, seen_before: Mapping[str, Facts]) -> Verdict:
    """What ``standing`` makes of ``decision`` (the ship's situation compared with the
    one the player last saw, ``seen_before``)."""
    order = standing.order_for(decision, seen.turn)
    if order is None:
        return Verdict()
    found: Order | str = ""
    if decision.ship and decision.ship in seen_before:
        found = changes(seen_before[decision.ship], watch(ruleset, seen, decision.ship))
    found = found or answer(order, game, ruleset, decision, seen)
    if isinstance(found, str):
        return Verdict(standing=order, why=f"{decision.ship}'s standing order "
                                           f"({order.label or order.key}) waits: {found}")
    return Verdict(found, order)


def one_turn(side: str, turn: int) -> StandingOrder:
    """"Same as last turn" for every ship of ``side`` and every decision, this turn."""
    return StandingOrder(SAME, "", side, "", turn, "Same as last turn")
