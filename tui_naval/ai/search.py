"""A search player for every ruleset: open-loop Monte Carlo tree search over sampled worlds.

It is written only against the engine's hooks (``decision``, a quiet ``apply``,
``evaluate``, ``observe`` and the ruleset's ``advisor``), so it plays any ruleset.

Each iteration plays one *sampled world*:

- **Chance.**  The root's future dice are replaced by a fresh generator drawn from the
  search's own seeded RNG; the state's own RNG is never read (not even hashed), so two
  states that differ only in their dice get the same answer.
- **Hidden orders.**  A player is handed an observed state: the other sides' plotted
  orders in the current step are ``Order(ship, HIDDEN)``.  Each is replaced by one of that
  ship's legal options, asked of the state with the plot cut just before it (the engine
  asks plotted decisions in order, so that state asks that very ship; ``determinize``
  checks it).  The option is the ship's advisor's choice (judged on the state *she* saw)
  half the time, else one drawn uniformly.  Where the check fails the search cannot play
  the world out, and the player answers with the advisor's choice instead.
- **The tree** is open-loop: a node is a line of play from the root, not a state (with
  fresh dice every iteration, the same orders lead to different states), and its options
  are those legal in the state at hand each visit.  Every edge keeps its visits and the
  summed value of the leaf *for every side*, so each side chooses by its own value
  (games of three or more sides included).
- **Simultaneous orders.**  A node is keyed by the line of play *as the side to choose
  there sees it*: another side's orders still held in the current step appear as
  ``HIDDEN``.  So a side answering a plotted decision after the searcher's own plotted
  order in the same step chooses from one node shared by all the searcher's possible
  orders: the tree never lets it react to an order it could not have seen.  Held orders
  are revealed once their step closes.
- **Large option lists** are widened progressively: a node offers its first
  ``ceil(widening * visits ** alpha)`` options, the advisor's choice first, then the rest
  in the ruleset's order.  The advisor's choice also gets a prior bonus (PUCT-like) that
  fades with visits.
- **Leaves.**  After one new node an iteration plays on for ``rollout_depth`` decisions
  (then to the end of the step, so no order is left held) by the rollout policy (the
  advisor, or uniformly at random), and the state is scored by ``evaluate`` for each side.
- **Budget.**  An iteration limit, a time limit and a ``should_stop`` callable (the TUI's
  worker cancels with it); the answer is the most visited root option.  With the time
  limit out of reach, the answer depends only on the seed, the iteration limit and the
  observed state.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import evolve, frozen

from tui_naval.core.dice import Rng
from tui_naval.core.engine import HIDDEN
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Advisor, Ruleset
from tui_naval.core.state import GameState

StopCheck = Callable[[], bool]

#: A node's key: the line of play from the root as the side to choose sees it, and the
#: decision's side, ship and kind.
NodeKey = tuple[tuple[Order, ...], str, str, str]


@frozen
class SearchSettings:
    """How a search player searches: its budget and its parameters."""

    #: Most iterations per answer (the figure tests pin behaviour with).
    iterations: int = 400
    #: Most seconds per answer (None: no time limit).
    seconds: float | None = 0.25
    #: Decisions played past the tree before scoring (then on to the end of the step).
    rollout_depth: int = 8
    #: The rollout policy: "greedy" (the ruleset's advisor) or "random".
    rollout: str = "greedy"
    #: UCT's exploration constant, on values scaled to [0, 1] by the lowest and highest
    #: leaf values seen in this search (a short look ahead moves ``evaluate`` little).
    exploration: float = 0.7
    #: Progressive widening: a node offers ceil(widening * visits ** alpha) options.
    widening: float = 2.0
    alpha: float = 0.5
    #: The advisor's choice's prior bonus on the scaled value: ``prior / (1 + visits)``.
    prior: float = 0.5
    #: The answer leaves the advisor's choice only for an option whose mean value beats it
    #: by this many standard errors (the sampled dice make the means noisy, and a search
    #: that follows noise away from a good advisor plays worse than the advisor).
    confidence: float = 2.0
    #: The chance that a hidden order is sampled as its ship's advisor would choose.
    hidden_greedy: float = 0.5
    #: Seed of the search's own RNG (with the decision's place in the game).
    seed: int = 0


@frozen
class OptionValue:
    """One root option after a search: its visits and mean value for the side choosing."""

    order: Order
    visits: int
    value: float


@frozen
class Analysis:
    """What a search made of a decision: the options, best first, and what it cost."""

    options: tuple[OptionValue, ...]
    iterations: int
    seconds: float
    #: Why the answer did not come from a search ("" when it did).
    note: str = ""

    def best(self, count: int = 3) -> tuple[OptionValue, ...]:
        return self.options[:count]


class _Edge:
    __slots__ = ("squares", "totals", "visits")

    def __init__(self, sides: int) -> None:
        self.visits = 0
        self.totals = [0.0] * sides
        #: The summed squares of the values, for the spread of the root's means.
        self.squares = [0.0] * sides


class _Node:
    __slots__ = ("edges", "order", "preferred", "visits")

    def __init__(self, order: list[Order], preferred: Order | None) -> None:
        self.visits = 0
        self.order = order
        self.preferred = preferred
        self.edges: dict[Order, _Edge] = {}


class _Entry:
    """An order on the line of play: who gave it, and whether it is still held."""

    __slots__ = ("held", "order", "side")

    def __init__(self, order: Order, side: str, held: bool) -> None:
        self.order = order
        self.side = side
        self.held = held


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts``' text (Python's ``hash`` of text differs per process)."""
    text = "\x1f".join(str(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def place_seed(state: GameState, decision: Decision) -> int:
    """A seed from where a decision falls in the game, read from what the side to choose
    may know (never the state's dice)."""
    return stable_seed(state.ruleset, state.turn, state.phase, decision.side, decision.ship,
                       decision.kind, len(state.plotted), len(state.acted))


def determinize(ruleset: Ruleset[Any], state: GameState, pick: Callable[[GameState, Decision],
                Order]) -> GameState | None:
    """``state`` with each hidden plotted order replaced by ``pick(seen, decision)``, an
    option of that ship's own decision (asked of the state with the plot cut before it,
    ``seen`` as her side knew it); None if the state does not ask that ship there."""
    if not any(order.verb == HIDDEN for order in state.plotted):
        return state
    plotted = list(state.plotted)
    for i, order in enumerate(plotted):
        if order.verb != HIDDEN:
            continue
        before = evolve(state, plotted=tuple(plotted[:i]))
        decision = ruleset.decision(before)
        if decision is None or decision.ship != order.ship or not decision.plotted:
            return None
        plotted[i] = pick(ruleset.observe(before, decision.side), decision)
    return evolve(state, plotted=tuple(plotted))


class SearchPlayer:
    """Monte Carlo tree search over sampled worlds (see the module's note)."""

    def __init__(self, settings: SearchSettings | None = None, name: str = "search",
                 should_stop: StopCheck | None = None) -> None:
        self.name = name
        self.settings = settings or SearchSettings()
        #: Checked between iterations: True stops the search (the best answer so far).
        self.should_stop = should_stop
        #: What the last search made of its decision (for showing the admiral's thinking).
        self.last: Analysis | None = None
        self._rulesets: dict[str, Ruleset[Any]] = {}

    def ruleset(self, name: str) -> Ruleset[Any]:
        found = self._rulesets.get(name)
        if found is None:
            from tui_naval.rulesets import find_ruleset

            found = self._rulesets[name] = find_ruleset(name)
        return found

    def choose(self, state: GameState, decision: Decision) -> Order:
        self.last = self.analyse(state, decision)
        return self.last.options[0].order

    def analyse(self, state: GameState, decision: Decision,
                should_stop: StopCheck | None = None) -> Analysis:
        """Search ``decision`` (asked in the observed ``state``): its options, best first."""
        started = time.perf_counter()
        if len(decision.options) == 1:
            return Analysis((OptionValue(decision.options[0], 0, 0.0),), 0, 0.0, "forced")
        ruleset = self.ruleset(state.ruleset)
        search = _Search(ruleset, state, decision, self.settings)
        stop = should_stop or self.should_stop
        limit = self.settings.seconds
        deadline = None if limit is None else started + limit
        done = 0
        while done < self.settings.iterations:
            if done and ((stop is not None and stop())
                         or (deadline is not None and time.perf_counter() >= deadline)):
                break
            if not search.iterate():
                choice = ruleset.advisor(state, decision)
                return Analysis((OptionValue(choice, 0, 0.0),), done,
                                time.perf_counter() - started, "hidden orders not sampled")
            done += 1
        return Analysis(search.results(), done, time.perf_counter() - started)


class _Search:
    """One decision's search tree and the worlds it samples."""

    def __init__(self, ruleset: Ruleset[Any], root: GameState, decision: Decision,
                 settings: SearchSettings) -> None:
        self.ruleset = ruleset
        self.advisor: Advisor = ruleset.advisor
        self.root = root
        self.decision = decision
        self.settings = settings
        self.sides = {side: i for i, side in enumerate(root.sides)}
        self.rng = random.Random(stable_seed(settings.seed, place_seed(root, decision)))
        self.tree: dict[NodeKey, _Node] = {}
        self.root_key: NodeKey = ((), decision.side, decision.ship, decision.kind)
        self._advised: dict[tuple[Order, ...], Order] = {}
        #: The lowest and highest leaf values seen, for scaling values to [0, 1].
        self.low = math.inf
        self.high = -math.inf

    # -- one iteration ---------------------------------------------------------------

    def iterate(self) -> bool:
        """Play one sampled world through the tree and a rollout; False if the root's
        hidden orders cannot be sampled."""
        world = evolve(self.root, rng=Rng.from_seed(self.rng.getrandbits(64)))
        state = determinize(self.ruleset, world, self._pick_hidden)
        if state is None:
            return False
        path: list[tuple[_Node, Order]] = []
        line: list[_Entry] = []
        expanded = False
        decision: Decision | None = self.decision
        while decision is not None:
            key = self._key(line, decision)
            node = self.tree.get(key)
            if node is None:
                if expanded:
                    break
                node = self.tree[key] = self._new_node(state, decision)
                expanded = True
            order = self._select(node, decision)
            path.append((node, order))
            state = self._play(state, decision, order, line)
            decision = self.ruleset.decision(state)
        values = self._score(self._rollout(state))
        self.low = min(self.low, *values)
        self.high = max(self.high, *values)
        for node, order in path:
            node.visits += 1
            edge = node.edges.get(order)
            if edge is None:
                edge = node.edges[order] = _Edge(len(values))
            edge.visits += 1
            totals, squares = edge.totals, edge.squares
            for i, value in enumerate(values):
                totals[i] += value
                squares[i] += value * value
        return True

    def _pick_hidden(self, seen: GameState, decision: Decision) -> Order:
        if self.rng.random() < self.settings.hidden_greedy:
            key = (*seen.plotted, Order(decision.ship, decision.kind))
            choice = self._advised.get(key)
            if choice is None:
                choice = self._advised[key] = self.advisor(seen, decision)
            return choice
        return self.rng.choice(decision.options)

    def _key(self, line: Sequence[_Entry], decision: Decision) -> NodeKey:
        side = decision.side
        seen = tuple(entry.order if not entry.held or entry.side == side
                     else Order(entry.order.ship, HIDDEN) for entry in line)
        return (seen, side, decision.ship, decision.kind)

    def _new_node(self, state: GameState, decision: Decision) -> _Node:
        preferred = self.advisor(self.ruleset.observe(state, decision.side), decision)
        order = [preferred, *(o for o in decision.options if o != preferred)]
        return _Node(order, preferred)

    def _select(self, node: _Node, decision: Decision) -> Order:
        legal = decision.options
        known = set(node.order)
        for option in legal:
            if option not in known:
                node.order.append(option)
        allowed = max(1, math.ceil(self.settings.widening * (node.visits + 1)
                                   ** self.settings.alpha))
        legal_set = set(legal)
        offered = [o for o in node.order if o in legal_set][:allowed]
        side = self.sides[decision.side]
        best: Order | None = None
        best_score = -math.inf
        log_visits = math.log(node.visits + 1)
        low, spread = self.low, self.high - self.low
        for option in offered:
            edge = node.edges.get(option)
            if edge is None or edge.visits == 0:
                return option
            mean = edge.totals[side] / edge.visits
            scaled = (mean - low) / spread if spread > 0 else 0.5
            if option == node.preferred:
                scaled += self.settings.prior / (1 + edge.visits)
            score = scaled + self.settings.exploration * math.sqrt(log_visits / edge.visits)
            if score > best_score:
                best, best_score = option, score
        assert best is not None
        return best

    def _play(self, state: GameState, decision: Decision, order: Order,
              line: list[_Entry]) -> GameState:
        after: GameState = self.ruleset.apply(state, order, loud=False)
        line.append(_Entry(order, decision.side, decision.plotted))
        still_held = (decision.plotted and after.phase == state.phase
                      and after.turn == state.turn
                      and after.plotted[:len(state.plotted) + 1] == (*state.plotted, order))
        if not still_held:
            for entry in line:
                entry.held = False
        return after

    def _rollout(self, state: GameState) -> GameState:
        depth = self.settings.rollout_depth
        greedy = self.settings.rollout == "greedy"
        played = 0
        # Play on to the depth, then to the end of the step, so no order is left held.
        while played < depth or (state.plotted and played < depth + 4 * len(state.ships)):
            decision = self.ruleset.decision(state)
            if decision is None:
                break
            if greedy:
                order = self.advisor(self.ruleset.observe(state, decision.side), decision)
            else:
                order = self.rng.choice(decision.options)
            state = self.ruleset.apply(state, order, loud=False)
            played += 1
        return state

    def _score(self, state: GameState) -> list[float]:
        return [self.ruleset.evaluate(state, side) for side in self.root.sides]

    # -- the answer --------------------------------------------------------------------

    def results(self) -> tuple[OptionValue, ...]:
        node = self.tree.get(self.root_key)
        side = self.sides[self.decision.side]
        place = {order: i for i, order in enumerate(self.decision.options)}
        if node is not None:
            for i, order in enumerate(node.order):
                place[order] = i
        rows = []
        for order in self.decision.options:
            edge = node.edges.get(order) if node is not None else None
            visits = edge.visits if edge is not None else 0
            value = edge.totals[side] / visits if edge is not None and visits else 0.0
            rows.append(OptionValue(order, visits, value))
        rows.sort(key=lambda row: (-row.visits, -row.value, place[row.order]))
        if node is not None and node.preferred is not None and rows[0].order != node.preferred:
            best, preferred = node.edges.get(rows[0].order), node.edges.get(node.preferred)
            if best is not None and preferred is not None and not self._beats(best, preferred,
                                                                              side):
                rows.sort(key=lambda row: row.order != node.preferred)
        return tuple(rows)

    def _beats(self, edge: _Edge, other: _Edge, side: int) -> bool:
        """Whether ``edge``'s mean beats ``other``'s by ``confidence`` standard errors."""
        def mean_and_error(e: _Edge) -> tuple[float, float]:
            mean = e.totals[side] / e.visits
            variance = max(0.0, e.squares[side] / e.visits - mean * mean)
            return mean, variance / e.visits

        mean, error = mean_and_error(edge)
        other_mean, other_error = mean_and_error(other)
        return mean - other_mean > self.settings.confidence * math.sqrt(error + other_error)
