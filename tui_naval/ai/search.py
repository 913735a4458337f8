"""A search player for every ruleset: Monte Carlo rollouts over sampled worlds.

It is written only against the engine's hooks (``decision``, a quiet ``apply``,
``evaluate``, ``observe`` and the ruleset's ``advisor``), so it plays any ruleset.  It
improves on the advisor (a *rollout algorithm*): each option is played, then every side
plays on as its advisor would to the end of the turn (``horizon`` turns later), and the
state is scored by ``evaluate``.  The answer is the advisor's own choice unless another
option beats it, in the same sampled worlds, by ``confidence`` standard errors.

- **Sampled worlds.**  A world is the root with its future dice drawn afresh from the
  search's own seeded RNG (the state's RNG is never read, not even hashed, so two states
  that differ only in their dice get the same answer) and the other sides' hidden plotted
  orders filled in.  A player is handed an observed state, where each such order is
  ``Order(ship, HIDDEN)``; it is replaced by one of that ship's legal options, asked of
  the state with the plot cut just before it (the engine asks plotted decisions in
  order, so that state asks that very ship; ``determinize`` checks it).  In each world a
  ship plots every hidden part as her advisor would (judged on the state *she* saw),
  ``hidden_greedy`` of the time, else each part drawn uniformly: one way for the whole
  plot, so an advisor is never asked to finish a plot begun at random (one may fail on
  parts it would never have given together).  Where the check fails the search cannot
  play the world out, and the player answers with the advisor's choice instead.
- **Common worlds.**  The search goes in rounds: each round samples one world and plays
  each option of the round in it, the advisor's choice first.  An option is judged by its
  value's *difference* from the advisor's choice's in the same worlds: the dice that
  both meet cancel out, so far fewer rollouts tell two options apart than independent
  samples would.
- **Large option lists** are widened progressively: round ``r`` plays the advisor's
  choice and the first ``ceil(widening * r ** alpha) - 1`` rivals still in the race, in
  the order of the ruleset's ``ranker`` (its advisor's values: a helm's moves, a combat
  system's missile options, the parts of a galley's plot) where it ranks the decision,
  else as listed (a quarter second reaches a few rivals of a long list: these are then
  the ones the advisor values next).  A rival is out of the race once it is worse than
  the advisor's choice by ``confidence`` standard errors over ``min_samples`` worlds, so
  the rollouts go to the options still in doubt; with none left the search stops
  early.  No option is preferred on fewer than ``min_samples`` worlds either: with 2-3
  samples the standard error is itself a guess, and a search that compares 20 options
  that way leaves the advisor's choice on noise (measured in one ruleset: a "gain" of
  0.015 +- 0.003 from two worlds was -0.0004 +- 0.0016 over 33).
- **Horizon.**  Rollouts stop at the end of the turn, or as many turns later as the
  ruleset's ``search_horizon`` says its orders take to show (in a race, a turn into the
  wind now is a faster reach turns later).  Where every option played ends exactly
  level with the advisor's choice after ``min_samples`` rounds (ammunition loaded for a
  later turn, a move before the fleets are in range), the search starts again a turn
  further, up to ``max_horizon`` and never past the game's last turn; level there too,
  it stops early with the advisor's choice.
- **Kept answers.**  The advisor is most of a rollout's cost, and rollouts meet the same
  observed states again and again (a plotted decision's observed state hides the orders
  that differ; the dice are no part of what an advisor judges), so its answers are kept
  for the turn, keyed on the observed state without its dice and the decision
  (``CachedAdvisor``): in one ruleset 4-10 times the rollouts in the same time.
- **Budget.**  An iteration limit (one iteration is one rollout), a time limit and a
  ``should_stop`` callable (the TUI's worker cancels with it), checked at every decision
  of a rollout (a rollout cut short is left out).  With the time limit out
  of reach, the answer depends only on the seed, the iteration limit and the observed
  state.
- **Two cores.**  With ``workers=2`` a helper process plays half the rounds (and half
  the iteration limit) in worlds of its own seed, and the two tallies are added up
  before the answer is judged (``search_helper``): some twice the rollouts in the same
  time.  A share that comes back late is left out; with the time limit out of reach
  both shares are awaited, so the answer is as repeatable as with one process.  On a
  server there is no helper: every game's search waits for one of the machine's cores
  (``search_helper.turn``) and thinks its time on it from when it gets it.

Why not a tree (the first version was an open-loop MCTS over the same worlds): at the
few hundred rollouts a decision's time allows, a tree spread them over the other side's
options and its own later ones, each mean too noisy to beat the advisor with;
``bench/strength.py`` measured it winning fewer games against greedy than this does.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from attrs import evolve, field, fields
from attrs.validators import in_

from tui_naval.ai import search_helper
from tui_naval.ai.seeds import place_seed, stable_seed
from tui_naval.core.dice import Rng
from tui_naval.core.engine import HIDDEN
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Advisor, Ruleset
from tui_naval.core.state import GameState
from tui_naval.core.values import frozen
from tui_naval.rulesets import find_ruleset

StopCheck = Callable[[], bool]

#: Seconds before the search's time limit that its helper stops, and past it that the
#: search waits for the helper's tally at the most.
HELPER_MARGIN = 0.015


@frozen
class SearchSettings:
    """How a search player searches: its budget and its parameters."""

    #: Most iterations (rollouts) per answer (the figure tests pin behaviour with).
    iterations: int = 400
    #: Most seconds per answer (None: no time limit).
    seconds: float | None = 0.25
    #: Turns played out past the current one before scoring (0: to the end of this turn;
    #: None: the ruleset's own ``search_horizon``).
    horizon: int | None = None
    #: Longest horizon a search reaches for when no option's rollouts differ at all by
    #: the end of the shorter one (an order whose effect shows only in a later turn).
    max_horizon: int = 2
    #: Most decisions a rollout plays (a guard for very long turns).
    max_decisions: int = 400
    #: The rollout policy: "greedy" (the ruleset's advisor) or "random".
    rollout: str = "greedy"
    #: Progressive widening: round r plays ceil(widening * r ** alpha) options.
    widening: float = 2.0
    alpha: float = 0.5
    #: The answer leaves the advisor's choice only for an option whose mean gain over it
    #: (in the same worlds) is this many standard errors above nothing.
    confidence: float = 2.0
    #: Fewest paired rollouts an option needs before it may be preferred or dropped (a
    #: standard error from two or three samples is itself a guess).
    min_samples: int = 8
    #: The chance that a hidden order is sampled as its ship's advisor would choose.
    hidden_greedy: float = 0.5
    #: Seed of the search's own RNG (with the decision's place in the game).
    seed: int = 0
    #: Processes the search plays its rounds in: 2 hands half of them to a helper
    #: process on the machine's second core (``search_helper``), where there is one.
    workers: int = field(default=1, validator=in_((1, 2)))


@frozen
class OptionValue:
    """One root option after a search: its rollouts and mean value for the side choosing."""

    order: Order
    visits: int
    value: float


@frozen
class Analysis:
    """What a search made of a decision: the options, the answer first, and what it cost."""

    options: tuple[OptionValue, ...]
    iterations: int
    seconds: float
    #: Why the answer did not come from a search ("" when it did).
    note: str = ""
    #: Turns past ``horizon`` the options' rollouts went, as every option had ended
    #: level sooner (their values and visits are of those rollouts only).
    ahead: int = 0

    def best(self, count: int = 3) -> tuple[OptionValue, ...]:
        return self.options[:count]


@frozen
class Tally:
    """One process's share of a search, as counted: per option its visits, the sum of its
    values, and the count, sum and sum of squares of its differences from the advisor's
    choice in the same worlds (shares add up)."""

    horizon: int
    rows: tuple[tuple[Order, int, float, int, float, float], ...]
    iterations: int


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
    """Monte Carlo rollout search over sampled worlds (see the module's note)."""

    def __init__(self, ruleset: Ruleset[Any], settings: SearchSettings | None = None,
                 name: str = "search", should_stop: StopCheck | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.ruleset = ruleset
        self.name = name
        self.settings = settings or SearchSettings()
        #: The seconds its time limit is measured in (a test passes a clock of its own).
        self.clock = clock
        #: Checked between rollouts: True stops the search (the best answer so far).
        self.should_stop = should_stop
        #: What the last search made of its decision (for showing the admiral's thinking).
        self.last: Analysis | None = None
        self._advisor: CachedAdvisor | None = None

    def choose(self, state: GameState, decision: Decision) -> Order:
        self.last = self.analyse(state, decision)
        return self.last.options[0].order

    def analyse(self, state: GameState, decision: Decision,
                should_stop: StopCheck | None = None) -> Analysis:
        """Search ``decision`` (asked in the observed ``state``): its options, best first.
        With ``workers=2`` a helper process plays half the rounds in worlds of its own
        (``search_helper``), and the two tallies are added up.  On a server it waits
        for a core's slot first (``search_helper.turn``); its time counts from then."""
        if len(decision.options) == 1:
            return Analysis((OptionValue(decision.options[0], 0, 0.0),), 0, 0.0, "forced")
        with search_helper.turn(should_stop or self.should_stop):
            return self._analyse(state, decision, should_stop)

    def _analyse(self, state: GameState, decision: Decision,
                 should_stop: StopCheck | None) -> Analysis:
        started = self.clock()
        settings = self.settings
        limit = settings.seconds
        helper = None
        if settings.workers > 1:
            # Each share widens as one search of both shares' rounds would: round r of a
            # share stands for rounds 2r-1 and 2r of the whole.
            wide = evolve(settings, widening=settings.widening * 2 ** settings.alpha)
            share = evolve(wide, workers=1, iterations=settings.iterations // 2,
                           seed=stable_seed(settings.seed, "helper"))
            # The helper stops a little before the search, so that its tally (pickled,
            # piped back) is in by the time the search's own rollouts end.
            helper = search_helper.submit(search_share, self.ruleset.name, state, decision,
                                          share, None if limit is None
                                          else time.time() + limit - HELPER_MARGIN)
            if helper is not None:
                settings = evolve(wide, iterations=settings.iterations - share.iterations)
        stop = should_stop or self.should_stop
        search = self._search(state, decision, settings, stop, started)
        if helper is not None and not search.note:
            wait = None if limit is None else max(0.0, started + limit - self.clock())
            if wait is not None and (search.settled or (stop is not None and stop())):
                wait = min(wait, 0.02)  # it answers early on its own: do not wait for more
            tally = search_helper.collect(helper, None if wait is None
                                          else wait + HELPER_MARGIN)
            if tally is not None:
                search.absorb(tally)
        elapsed = self.clock() - started
        if search.note:
            return Analysis((OptionValue(search.preferred, 0, 0.0),), search.iterations,
                            elapsed, search.note)
        return Analysis(search.results(), search.iterations, elapsed,
                        ahead=search.horizon - search.first_horizon)

    def tally(self, state: GameState, decision: Decision) -> Tally:
        """This process's share of a search (what a helper sends back): the options'
        rollouts as counted, not yet judged."""
        return self._search(state, decision, self.settings, self.should_stop,
                            self.clock()).tally()

    def _search(self, state: GameState, decision: Decision, settings: SearchSettings,
                stop: StopCheck | None, started: float) -> _Search:
        """Play ``settings``' rounds of ``decision``'s search within its budget."""
        advisor = self._advisor
        if advisor is None:  # (its module is imported with the first search, not the player)
            advisor = self._advisor = CachedAdvisor(self.ruleset.advisor)
        advisor.start(state.turn)
        search = _Search(self.ruleset, state, decision, settings, advisor)
        deadline = None if settings.seconds is None else started + settings.seconds

        def expired() -> bool:
            return ((stop is not None and stop())
                    or (deadline is not None and self.clock() >= deadline))

        search.expired = expired
        while (search.iterations < settings.iterations and not search.settled
               and not (search.iterations and expired())):
            try:
                if not search.iterate():
                    search.note = "hidden orders not sampled"
                    break
            except _OutOfTime:
                break
            search.iterations += 1
        return search


#: In the helper process: its search player for each ruleset, kept from one share to the
#: next (its advisor's answers with it).
_helper_players: dict[str, SearchPlayer] = {}


def search_share(ruleset: str, state: GameState, decision: Decision, settings: SearchSettings,
                 deadline: float | None) -> Tally:
    """In the helper process: search ``decision`` of the game of ``ruleset`` (a name: the
    helper is another program, which finds it in the registry) within ``settings`` until
    ``deadline`` (a ``time.time()``), and tally the share (``search_helper`` runs it)."""
    if deadline is not None:
        settings = evolve(settings, seconds=max(0.0, deadline - time.time()))
    player = _helper_players.get(ruleset)
    if player is None:
        player = _helper_players[ruleset] = SearchPlayer(find_ruleset(ruleset), settings)
    player.settings = settings
    return player.tally(state, decision)


class CachedAdvisor:
    """A ruleset's advisor whose answers are kept, keyed on the observed state without its
    dice (an advisor judges what a side can see, never the dice to come) and the decision:
    rollouts in different worlds and after different options meet the same states often
    (a plotted decision's observed state hides the orders that differ), and the advisor
    is most of a rollout's cost."""

    def __init__(self, advisor: Advisor, limit: int = 50_000) -> None:
        self.advisor = advisor
        #: Most answers kept; the cache is emptied when full.
        self.limit = limit
        self.answers: dict[tuple[object, ...], Order] = {}
        self._fields: dict[type, tuple[str, ...]] = {}
        self._turn: int | None = None

    def start(self, turn: int) -> None:
        """A search begins in ``turn``: answers from other turns are dropped (a rollout
        never goes back to an earlier turn, so they are not asked again)."""
        if turn != self._turn:
            self.answers.clear()
            self._turn = turn

    def __call__(self, state: GameState, decision: Decision) -> Order:
        key = self.key(state, decision)
        found = self.answers.get(key)
        if found is None:
            if len(self.answers) >= self.limit:
                self.answers.clear()
            found = self.answers[key] = self.advisor(state, decision)
        return found

    def key(self, state: GameState, decision: Decision) -> tuple[object, ...]:
        """What an answer depends on: the state's compared fields but its dice, and the
        decision."""
        kind = type(state)
        names = self._fields.get(kind)
        if names is None:
            names = self._fields[kind] = tuple(
                a.name for a in fields(kind) if a.eq and a.name != "rng")
        return (kind, decision, *(getattr(state, name) for name in names))


class _OutOfTime(Exception):
    """The budget ran out in the middle of a rollout (which is then left out)."""


class _Stats:
    """One option's rollouts: their values, and their differences from the advisor's
    choice's value in the same worlds."""

    __slots__ = ("diff_squares", "diff_total", "diffs", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.diffs = 0
        self.diff_total = 0.0
        self.diff_squares = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def gain(self) -> tuple[float, float]:
        """The mean difference from the advisor's choice, and its standard error."""
        if self.diffs == 0:
            return 0.0, math.inf
        mean = self.diff_total / self.diffs
        variance = max(0.0, self.diff_squares / self.diffs - mean * mean)
        return mean, math.sqrt(variance / self.diffs)


class _Search:
    """One decision's candidates and the worlds they are played out in."""

    def __init__(self, ruleset: Ruleset[Any], root: GameState, decision: Decision,
                 settings: SearchSettings, advisor: Advisor | None = None) -> None:
        self.ruleset = ruleset
        self.advisor: Advisor = advisor or CachedAdvisor(ruleset.advisor)
        self.root = root
        self.decision = decision
        self.settings = settings
        self.rng = random.Random(stable_seed(settings.seed, place_seed(root, decision)))
        #: The options in the order they join the search: the advisor's choice first, then
        #: as the ruleset's ranker values them (its first is the advisor's choice, so the
        #: advisor is not asked again), else as listed.
        ranked = ruleset.ranker(root, decision) if ruleset.ranker is not None else None
        self.preferred = ranked[0] if ranked else self.advisor(root, decision)
        self.order = [self.preferred,
                      *(o for o in (ranked or decision.options) if o != self.preferred)]
        self.stats = {option: _Stats() for option in self.order}
        #: Turns the rollouts play past the current one: the settings' or the ruleset's
        #: horizon, lengthened while every option's rollouts end level with the advisor's
        #: choice's (up to ``max_horizon``).
        self.first_horizon = (ruleset.search_horizon if settings.horizon is None
                              else settings.horizon)
        self.horizon = self.first_horizon
        self.max_horizon = max(settings.max_horizon, self.first_horizon)
        self._advised: dict[tuple[Order, ...], Order] = {}
        #: In the current world, whether each ship with hidden orders plots as her
        #: advisor would (True) or at random: one way for all the parts of her plot.
        self._plotters: dict[str, bool] = {}
        #: The current round: its world, the options it plays, and the values so far.
        self._world: GameState | None = None
        self._round: list[Order] = []
        self._base = 0.0
        self._rounds = 0
        #: True once every other option is surely worse than the advisor's choice.
        self.settled = False
        #: True once the budget has run out: a rollout checks it at every decision, as a
        #: long turn's rollout may take tens of milliseconds.
        self.expired: StopCheck = lambda: False
        #: Rollouts played (with a helper's, once added up).
        self.iterations = 0
        #: Why there is no search to answer from ("" when there is).
        self.note = ""

    def iterate(self) -> bool:
        """Play out one option in the current round's world (a new round when the last is
        done); False if the root's hidden orders cannot be sampled."""
        if not self._round:
            world = evolve(self.root, rng=Rng.from_seed(self.rng.getrandbits(64)))
            self._plotters.clear()
            self._world = determinize(self.ruleset, world, self._pick_hidden)
            if self._world is None:
                return False
            if self._level():
                if (self.horizon >= self.max_horizon
                        or self.root.turn + self.horizon >= self.root.goal.turns):
                    self.settled = True
                else:
                    self.horizon += 1
                    self.stats = {option: _Stats() for option in self.order}
                    self._rounds = 0
            self._rounds += 1
            width = math.ceil(self.settings.widening * self._rounds ** self.settings.alpha)
            rivals = [o for o in self.order[1:] if not self._beaten(o)]
            self._round = [self.preferred, *rivals[:max(1, width - 1)]]
            self.settled = self.settled or not rivals
        assert self._world is not None
        option = self._round.pop(0)
        value = self.ruleset.evaluate(self._rollout(self._world, option), self.decision.side)
        stats = self.stats[option]
        stats.visits += 1
        stats.total += value
        if option == self.preferred:
            self._base = value
        else:
            diff = value - self._base
            stats.diffs += 1
            stats.diff_total += diff
            stats.diff_squares += diff * diff
        return True

    def _level(self) -> bool:
        """True after ``min_samples`` rounds in which every option played ended exactly
        level with the advisor's choice: the rollouts are too short to tell them apart."""
        if self._rounds < self.settings.min_samples:
            return False
        played = [self.stats[o] for o in self.order[1:] if self.stats[o].diffs]
        return all(s.diff_total == 0 and s.diff_squares == 0 for s in played)

    def _pick_hidden(self, seen: GameState, decision: Decision) -> Order:
        if len(decision.options) == 1:
            return decision.options[0]  # forced: no advisor is asked one
        greedy = self._plotters.get(decision.ship)
        if greedy is None:
            greedy = self._plotters[decision.ship] = \
                self.rng.random() < self.settings.hidden_greedy
        if greedy:
            key = (*seen.plotted, Order(decision.ship, decision.kind))
            choice = self._advised.get(key)
            if choice is None:
                choice = self._advised[key] = self.advisor(seen, decision)
            return choice
        return self.rng.choice(decision.options)

    def _rollout(self, state: GameState, first: Order) -> GameState:
        """``first``, then every side by the rollout policy to the horizon's end of turn."""
        state = self.ruleset.apply(state, first, loud=False)
        last_turn = self.root.turn + self.horizon
        greedy = self.settings.rollout == "greedy"
        played = 0
        while state.turn <= last_turn and played < self.settings.max_decisions:
            if self.expired():
                raise _OutOfTime
            decision = self.ruleset.decision(state)
            if decision is None:
                break
            if len(decision.options) == 1:
                order = decision.options[0]
            elif greedy:
                order = self.advisor(self.ruleset.observe(state, decision.side), decision)
            else:
                order = self.rng.choice(decision.options)
            state = self.ruleset.apply(state, order, loud=False)
            played += 1
        return state

    # -- shares ------------------------------------------------------------------------

    def tally(self) -> Tally:
        """This search's rollouts as counted (a helper's share, sent back)."""
        return Tally(self.horizon, tuple(
            (o, s.visits, s.total, s.diffs, s.diff_total, s.diff_squares)
            for o, s in self.stats.items() if s.visits), self.iterations)

    def absorb(self, tally: Tally) -> None:
        """Add a helper's rollouts to these (only if it scored at the same horizon: values
        after a different number of turns do not add up)."""
        if tally.horizon != self.horizon:
            return
        for order, visits, total, diffs, diff_total, diff_squares in tally.rows:
            stats = self.stats.get(order)
            if stats is None:
                continue
            stats.visits += visits
            stats.total += total
            stats.diffs += diffs
            stats.diff_total += diff_total
            stats.diff_squares += diff_squares
        self.iterations += tally.iterations

    # -- the answer --------------------------------------------------------------------

    def _beaten(self, option: Order) -> bool:
        """True once ``option`` is surely worse than the advisor's choice (it is played no
        more, so the rollouts go to the options still in the race)."""
        stats = self.stats[option]
        if stats.diffs < self.settings.min_samples:
            return False
        gain, error = stats.gain()
        return gain + self.settings.confidence * error < 0

    def answer(self) -> Order:
        """The option whose gain over the advisor's choice is largest, if that gain beats
        ``confidence`` standard errors over at least ``min_samples`` worlds; else the
        advisor's choice."""
        best, best_gain = self.preferred, 0.0
        for option in self.order[1:]:
            stats = self.stats[option]
            gain, error = stats.gain()
            if (stats.diffs >= self.settings.min_samples and gain > best_gain
                    and gain > self.settings.confidence * error):
                best, best_gain = option, gain
        return best

    def results(self) -> tuple[OptionValue, ...]:
        answer = self.answer()
        place = {order: i for i, order in enumerate(self.order)}
        rows = [OptionValue(o, self.stats[o].visits, self.stats[o].mean())
                for o in self.decision.options]
        rows.sort(key=lambda row: (row.order != answer,
                                   row.visits == 0, -row.value, place[row.order]))
        return tuple(rows)
