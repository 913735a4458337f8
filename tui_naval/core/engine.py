"""The phase engine: runs a ruleset's declared turn to its next decision.

A ruleset declares its turn as data, a ``Turn``: a list of steps, each either

- ``Auto(name, run)``: an automatic step (a wind roll, a resolution, the end of a turn), or
- ``Decide(name, ask, answer, close)``: a step of decisions.  ``ask(state)`` names the
  next decision the step needs, or None once it has them all; it reads the answers
  already given in the step from ``state.plotted`` (held) and ``state.acted`` (applied).
  A *plotted* decision's answer is held, hidden from the other side, until the step
  closes; ``close(state, held, log)`` then resolves them together (simultaneous orders).
  Any other answer is applied at once by ``answer(state, order, log)`` (sequential
  phases, one ship after another in initiative order).

An *interrupt window* is a decision that ``ask`` offers the other side in the middle of
a step whose progress the ruleset keeps in the state (a move stopped part-way by the
enemy's "Stop!" and resumed after): the engine needs nothing more than a decision that
belongs to either side at any point of a step.

A step's function returns the new state, and the engine goes on to the next step whose
``when`` holds (after the last, the turn ends: the game is judged, the turn limit
checked, the turn counted and the first step comes round again).  A step may instead
return ``Goto(state, name)`` to go to a step by name (``name`` its own: the step again).

``advance`` runs automatic steps and answers forced decisions (a single legal option)
until a real choice or the end of the game; after every step and every answer applied
at once it judges the game.  Each transition's events are kept in ``state.events``; a
*quiet* transition (for a search) keeps none.  The decision a state waits on is
computed once and kept with the state (``state.pending``, not saved).

Within one transition the engine moves a state from step to step by setting its own
bookkeeping (phase, held and applied answers, turn, events, outcome) on the state in
hand, which was made in this transition and is seen by no one yet, instead of copying
the whole state again at every step (``_set``): a transition copies the state it is
given once, and the steps make what they change.  ``bench/engine.py`` measures it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from attrs import evolve, field

from tui_naval.core.dice import Rng
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.state import Event, GameState, Outcome, Pending
from tui_naval.core.values import frozen

S = TypeVar("S", bound=GameState)

#: Where a plotted order of the other side stands in an observed state.
HIDDEN = "hidden"


class Log:
    """One transition's log: ``log(kind, text, ship)`` records an event.

    A quiet log records nothing; the rules check ``log.loud`` before building a
    costly text, so a search's transitions format none.
    """

    __slots__ = ("events", "loud", "turn")

    def __init__(self, turn: int, loud: bool = True) -> None:
        self.turn = turn
        self.loud = loud
        self.events: list[Event] = []

    def __call__(self, kind: str, text: str, ship: str = "") -> None:
        if self.loud:
            self.events.append(Event(self.turn, kind, text, ship))


@frozen
class Goto(Generic[S]):
    """A step's result that names the step to go to next (its own name: the step again)."""

    state: S
    step: str


@frozen
class Auto(Generic[S]):
    """An automatic step."""

    name: str
    run: Callable[[S, Log], S | Goto[S]]
    #: The step is taken only when this holds (None: always).
    when: Callable[[S], bool] | None = None


def _no_answer(state: Any, order: Order, log: Log) -> Any:
    raise IllegalOrder(f"{order} cannot be answered at once")


def _close_nothing(state: Any, held: tuple[Order, ...], log: Log) -> Any:
    return state


@frozen
class Decide(Generic[S]):
    """A step of decisions: plotted ones held until ``close``, others applied by ``answer``."""

    name: str
    ask: Callable[[S], Decision | None]
    answer: Callable[[S, Order, Log], S] = _no_answer
    close: Callable[[S, tuple[Order, ...], Log], S | Goto[S]] = _close_nothing
    when: Callable[[S], bool] | None = None


Step = Auto[S] | Decide[S]


@frozen
class Turn(Generic[S]):
    """A ruleset's turn as data: its steps in order, and how the game is judged."""

    steps: tuple[Step[S], ...]
    #: The result if the game is decided now, or None.
    judge: Callable[[S], Outcome | None]
    #: The result once the last turn is over.
    at_limit: Callable[[S], Outcome]
    #: Judge after every step and answer (False: only when a turn ends).
    judge_every_step: bool = True
    #: Each step's place in ``steps``, by name.
    _places: dict[str, int] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        places = {step.name: i for i, step in enumerate(self.steps)}
        if len(places) != len(self.steps):
            raise ValueError("two steps of a turn share a name")
        object.__setattr__(self, "_places", places)

    def step(self, name: str) -> Step[S]:
        return self.steps[self.index(name)]

    def index(self, name: str) -> int:
        try:
            return self._places[name]
        except KeyError:
            raise KeyError(f"no step {name!r} in this turn") from None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(step.name for step in self.steps)


def _taken(step: Step[S], state: S) -> bool:
    return step.when is None or step.when(state)


def first_step(turn: Turn[S], state: S) -> str:
    """The name of the first step of a turn that is taken in ``state``."""
    for step in turn.steps:
        if _taken(step, state):
            return step.name
    raise ValueError("no step of the turn is taken")


def ask(turn: Turn[S], state: S) -> Decision | None:
    """The decision ``state`` waits on (None once the game is over), computed once."""
    if state.outcome is not None:
        return None
    if state.pending is not None:
        return state.pending.decision
    step = turn.step(state.phase)
    return step.ask(state) if isinstance(step, Decide) else None


def apply(turn: Turn[S], state: S, order: Order, loud: bool = True) -> S:
    """The state after ``order``, run on to the next decision; IllegalOrder if not legal now."""
    if state.outcome is not None:
        raise IllegalOrder("the game is over")
    decision = ask(turn, state)
    if decision is None:
        raise IllegalOrder("no decision is pending")
    if order not in decision.options:
        decision.find(str(order))  # raises IllegalOrder listing the legal ones
    log = Log(state.turn, loud)
    if decision.plotted:  # nothing happens yet, so nothing to judge
        state = evolve(state, plotted=(*state.plotted, order))
    else:
        step = turn.step(state.phase)
        assert isinstance(step, Decide)
        state = step.answer(evolve(state, acted=(*state.acted, order)), order, log)
        if turn.judge_every_step:
            state = _judged(turn, state, log)
    return _run(turn, state, log)


def advance(turn: Turn[S], state: S, log: Log, fresh: bool = False) -> S:
    """Run automatic steps and forced answers until a real choice or the end of the game
    (a state handed in already decided, an edited one say, is judged first).

    ``fresh``: ``state`` was made in this transition (else it is copied first, as the
    engine sets its bookkeeping on the state in hand)."""
    if not fresh:
        state = evolve(state)
    if turn.judge_every_step:
        state = _judged(turn, state, log)
    return _run(turn, state, log)


def _run(turn: Turn[S], state: S, log: Log) -> S:
    """``advance`` on a state made in this transition and judged."""
    decision: Decision | None = None
    while state.outcome is None:
        step = turn.step(state.phase)
        if isinstance(step, Decide):
            decision = step.ask(state)
            if decision is not None:
                if len(decision.options) > 1:
                    break
                forced, plotted, decision = decision.options[0], decision.plotted, None
                if plotted:
                    state = _set(state, plotted=(*state.plotted, forced))
                else:
                    state = step.answer(_set(state, acted=(*state.acted, forced)), forced, log)
                    if turn.judge_every_step:
                        state = _judged(turn, state, log)
                continue
            result = step.close(state, state.plotted, log)
        else:
            result = step.run(state, log)
        state = _next_step(turn, step, result, log)
        if turn.judge_every_step:
            state = _judged(turn, state, log)
    return _set(state, events=tuple(log.events), pending=Pending(decision))


def _set(state: S, **fields: Any) -> S:
    """``state`` with ``fields`` set in place: only for a state made in this transition and
    seen by no one yet (a frozen class's own ``__init__`` sets its fields the same way)."""
    for name, value in fields.items():
        object.__setattr__(state, name, value)
    return state


def _next_step(turn: Turn[S], step: Step[S], result: S | Goto[S], log: Log) -> S:
    """Leave ``step`` for the step it names, or the next one taken (a turn's end after the
    last): held and applied answers are cleared."""
    if isinstance(result, Goto):
        return _set(result.state, phase=result.step, plotted=(), acted=())
    state = result
    for later in turn.steps[turn.index(step.name) + 1:]:
        if _taken(later, state):
            return _set(state, phase=later.name, plotted=(), acted=())
    return _end_turn(turn, state, log)


def _end_turn(turn: Turn[S], state: S, log: Log) -> S:
    """The turn is over: judge the game, or end it at the turn limit, or count a new turn."""
    state = _judged(turn, state, log)
    if state.outcome is not None:
        return state
    if state.turn >= state.goal.turns:
        outcome = turn.at_limit(state)
        log("over", str(outcome))
        return _set(state, outcome=outcome)
    state = _set(state, turn=state.turn + 1, plotted=(), acted=())
    log.turn = state.turn
    return _set(state, phase=first_step(turn, state))


def _judged(turn: Turn[S], state: S, log: Log) -> S:
    if state.outcome is not None:
        return state
    outcome = turn.judge(state)
    if outcome is None:
        return state
    log("over", str(outcome))
    return _set(state, outcome=outcome)


def start(turn: Turn[S], state: S, log: Log) -> S:
    """A set-up state run on to its first decision (it starts at its phase, or the first step)."""
    if not state.phase:
        state = evolve(state, phase=first_step(turn, state))
        return advance(turn, state, log, fresh=True)
    return advance(turn, state, log)


# -- for players and searches -----------------------------------------------------------

def observe(state: S, side: str) -> S:
    """``state`` as ``side`` may know it: the other sides' plotted orders are hidden.

    Each hidden order keeps its ship (who has answered is no secret) and loses its
    verb and argument.  Players are only ever handed observed states.
    """
    if not state.plotted:
        return state
    ours = {ship.id for ship in state.ships if ship.side == side}
    shown = tuple(o if o.ship in ours else Order(o.ship, HIDDEN) for o in state.plotted)
    if shown == state.plotted:
        return state
    return evolve(state, plotted=shown)


def told(state: S, decision: Decision | None) -> S:
    """``state`` (a copy made for this, seen by no one yet) waiting on ``decision``: a
    position a referee elsewhere has told, as one side may know it.  The rules cannot ask
    its decision themselves (the other side's plotted orders in it are hidden), so it is
    kept as the state's pending one; a position that waits on the referee's word waits on
    None."""
    return _set(state, pending=Pending(decision))


def redraw(state: S, salt: int) -> S:
    """``state`` with its future dice drawn afresh from ``salt``: a search samples chance with
    it, so it never reads the real dice from the state's RNG."""
    value, _ = state.rng.next64()
    return evolve(state, rng=Rng.from_seed(value ^ (salt * 0x9E3779B97F4A7C15)))


def terminal_value(state: GameState, side: str) -> float | None:
    """1, -1 or 0 for a finished game (won, lost, drawn from ``side``'s view); None if not over."""
    if state.outcome is None:
        return None
    if state.outcome.winner is None:
        return 0.0
    return 1.0 if state.outcome.winner == side else -1.0
