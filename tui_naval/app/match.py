"""One game being played: the one place a game moves, whoever plays it and however it is
shown.

A ``Match`` holds the ``Game`` (its setup, orders and states), the seats (who answers
each side: the player at this terminal, an AI, a player elsewhere, a recording), what
each may see, the undo policy, what the AI made of its decisions, and the loop: ask the
seat whose decision it is, let a thinking seat think off the views' thread (``Runner``),
play the answer.  It tells its views what happened (``happened``: asked, thinking,
played, over...), each decision's options, details and previews worked out once
(``question``).

Every way of playing is a configuration of it: a battle (a seat here, an AI, undo back
to the player's decisions), a demo (AI or script seats), a replay (recorded seats,
free to move), a watched game (remote seats, seen from one side), a duel (a seat here and
a remote one, one life), a lesson and a voyage's leg (a battle with their own policies).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from attrs import evolve

from tui_naval.app.happened import (
    Asked,
    Happening,
    Move,
    Moved,
    Over,
    Played,
    Quiet,
    Reviewed,
    Stop,
    Stopped,
    Thinking,
    Wait,
    Waiting,
    Warned,
)
from tui_naval.app.question import Question, pose
from tui_naval.app.quiet import turn_summary
from tui_naval.app.runner import Handle, Runner
from tui_naval.app.runner import Stopped as Called
from tui_naval.app.scripts import ScriptEnded, ScriptError
from tui_naval.app.seats import Seat, SeatKind, seats_by_name
from tui_naval.app.session import Session
from tui_naval.app.standing import Facts, Standing, StandingOrder, Verdict, decide, watch
from tui_naval.core.controller import Player
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.presenter import Presenter
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import Event, GameState
from tui_naval.core.thoughts import Thought
from tui_naval.core.values import frozen

Listener = Callable[[Happening], None]


class Undo(Enum):
    """How far back a match may go."""

    #: Not at all: one life (a voyage's leg, a duel, a game watched).
    NONE = "none"
    #: Back to the decision before the latest one made here, and forward again.
    OWN = "own"
    #: To any position (a replay).
    FREE = "free"


@frozen
class Answer:
    """What a thinking seat answered: its order, or why there is none."""

    order: Order | None
    #: What a searching AI made of the decision (its ``last`` analysis), if it searches.
    analysis: Any = None
    #: Something to tell the player though the game goes on (an AI failed; its advisor
    #: answered).
    warning: str = ""
    #: Why there is no order.
    stop: Stop | None = None
    problem: str = ""


def consult(player: Player, seen: GameState, decision: Decision, stopped: Called,
            ruleset: Ruleset[Any]) -> Answer:
    """Ask a thinking seat's player (in its thread): its answer, or why it has none.  An
    AI's own failure goes to the crash log, and the ruleset's advisor answers for it."""
    if hasattr(player, "should_stop"):  # a search stops when its work is called off
        player.should_stop = stopped
    try:
        order = player.choose(seen, decision)
    except ScriptEnded as exc:
        return Answer(None, stop=Stop.ENDED, problem=str(exc))
    except ScriptError as exc:
        return Answer(None, stop=Stop.ERROR, problem=str(exc))
    except Exception as exc:  # an AI's own fault: said in one line, the game goes on
        from tui_naval.app.crash_log import report  # (only when an AI has failed)

        line = report(exc)
        try:
            order = ruleset.advisor(seen, decision)
        except Exception as again:  # said, and the game waits
            return Answer(None, stop=Stop.ERROR, problem=report(again))
        cause = line.removeprefix("tui-naval: ")
        return Answer(order, warning=f"{decision.side}'s AI failed, its advisor answered "
                                     f"({cause})")
    return Answer(order, getattr(player, "last", None))


class Match:
    """A game, its seats, and the loop that asks them (see the module's text)."""

    def __init__(self, session: Session, seats: Mapping[str, Seat],
                 runner: Runner | None = None, *, undo: Undo = Undo.OWN,
                 pace: Callable[[], float] = lambda: 0.0,
                 clock: Callable[[], float] = time.monotonic, pass_interrupts: bool = False,
                 view_side: str | None = None) -> None:
        """``runner``: how thinking and pauses are run (a view hands its own before the
        match starts); ``pace``: seconds a thinking seat's answer is shown before it is
        played (counted from when it began to think); ``pass_interrupts``: an interrupt
        window asked of a seat here is passed (its last option) without asking;
        ``view_side``: the side the game is seen from when no seat here decides (a watched
        game: its player's; "" shows no side's plotted orders)."""
        self.session = session
        self.game: Game = session.game
        self.seats: dict[str, Seat] = dict(seats)
        self.runner = runner
        self.undo_policy = undo
        self.pace = pace
        self.clock = clock
        self.pass_interrupts = pass_interrupts
        self.view_side = view_side
        #: Bumped at every change of the game: answers and questions of an older version
        #: are stale.
        self.version = 0
        self.paused = False
        #: A thinking seat is choosing (its answer not played yet).
        self.thinking = False
        self._listeners: list[Listener] = []
        self._question: Question | None = None
        self._job: Handle | None = None
        self._held: tuple[Handle, Callable[[], None]] | None = None
        self._skipping = False
        self._inbox: list[str] = []
        #: The events played since the match began (or last moved), by turn; the last
        #: turn a seat here was asked a decision in, or saw summed up.
        self._events: dict[int, list[Event]] = {}
        self._told_turn = self.game.state.turn
        self._quiet = False
        self._advancing = False
        self._again = False
        self._closed = False
        self._here_index: tuple[int, int | None] | None = None
        #: The orders standing orders played, by their places in the orders.
        self._by_standing: dict[int, StandingOrder] = {}
        #: Each ship's situation when the player last saw it (asked, or gave an order).
        self._seen_facts: dict[str, Facts] = {}
        #: The next decision here is asked even if an order stands (after an undo).
        self._ask_anyway = False

    @classmethod
    def of_session(cls, session: Session, runner: Runner | None = None,
                   **options: Any) -> Match:
        """A match of a saved or new game, its seats from the session's names (``human``
        here, an AI's name an AI)."""
        return cls(session, seats_by_name(session.seats, session.game.ruleset), runner,
                   **options)

    # -- what it is ---------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def ruleset(self) -> Ruleset[Any]:
        return self.game.ruleset

    @property
    def presenter(self) -> Presenter:
        return self.game.ruleset.presenter

    @property
    def thoughts(self) -> dict[int, Thought]:
        """What a searching AI made of its decisions, by their answers' places in the
        orders (saved with the game)."""
        return self.session.thoughts

    def is_here(self, side: str) -> bool:
        """Whether the player at this terminal answers ``side``."""
        seat = self.seats.get(side)
        return seat is not None and seat.is_here

    def here_sides(self) -> list[str]:
        return [side for side in self.state.sides if self.is_here(side)]

    def viewer(self) -> str | None:
        """The side whose eyes the game is seen through: the one asked here now, else the
        first side here, else ``view_side`` (None: every side's, when nobody plays)."""
        question = self._question
        if question is not None and question.number == self.version \
                and self.is_here(question.side):
            return question.side
        return next(iter(self.here_sides()), self.view_side)

    def observed(self) -> GameState:
        """The game's state as the viewer may know it: the other sides' plotted orders
        hidden."""
        side = self.viewer()
        if side is None:
            return self.state
        seen: GameState = self.ruleset.observe(self.state, side)
        return seen

    @property
    def question(self) -> Question | None:
        """The decision the game waits on, as its side is asked it (worked out once a
        version); None once it is over."""
        if self._question is not None and self._question.number == self.version:
            return self._question
        decision = self.game.decision()
        if decision is None or self.state.outcome is not None:
            return None
        seen = self.ruleset.observe(self.state, decision.side)
        seat = self.seats.get(decision.side)
        answer = self.game.next_order() if seat is not None \
            and seat.kind is SeatKind.RECORDED else None
        self._question = pose(self.presenter, decision, seen, self.version, answer)
        return self._question

    # -- who listens -----------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def forget(self, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)

    def _tell(self, happening: Happening) -> None:
        for listener in list(self._listeners):
            listener(happening)

    def close(self) -> None:
        """Stop: call off any thinking, hear nobody, ask nothing more."""
        self._closed = True
        self._call_off()
        self._listeners.clear()

    # -- the loop --------------------------------------------------------------------------
    def advance(self) -> None:
        """Ask the seat whose decision it is (or say the game is over).  Orders played
        meanwhile (an interrupt passed, a remote order waiting) go on from here, in a loop,
        not deeper and deeper in the stack."""
        if self._advancing:
            self._again = True
            return
        self._advancing = True
        try:
            self._again = True
            while self._again and not self._closed:
                self._again = False
                self._step()
        finally:
            self._advancing = False

    def _step(self) -> None:
        if self.thinking or self._quiet:
            return
        state = self.state
        if state.outcome is not None:
            self._tell(Over(state.outcome))
            return
        decision = self.game.decision()
        if decision is None:
            self._tell(Waiting(Wait.NOTHING))
            return
        seat = self.seats[decision.side]
        if seat.kind is SeatKind.HERE:
            self._ask_here(decision)
        elif seat.kind is SeatKind.RECORDED:
            question = self.question
            if question is not None:
                self._tell(Reviewed(question))
        elif seat.kind is SeatKind.REMOTE:
            self._take_delivered(decision)
        elif self.paused:
            self._tell(Waiting(Wait.PAUSED, decision.side, decision))
        elif seat.player is not None:
            self._think(decision, seat.player)

    def _ask_here(self, decision: Decision) -> None:
        verdict = self._standing_verdict(decision)
        if verdict.order is not None and verdict.standing is not None:
            self._by_standing[len(self.game.orders)] = verdict.standing
            self.play(verdict.order, verdict.standing)
            return
        turn = self.state.turn
        quiet = tuple(t for t in range(self._told_turn + 1, turn) if t in self._events)
        self._told_turn = max(self._told_turn, turn - 1)
        if quiet:
            self._quiet = True
            lines = tuple(turn_summary(t, self._events.get(t, []), self.presenter)
                          for t in quiet)
            self._tell(Quiet(quiet, lines))
            return
        self._told_turn = turn
        if decision.interrupt and self.pass_interrupts:
            self.play(decision.options[-1])  # let the other side's action go on
            return
        question = self.question
        if question is not None:
            self._note_seen(question.seen, decision.side)
            self._tell(Asked(question, verdict.why))

    def go_on(self) -> None:
        """The quiet turns' summary has been read: ask the decision."""
        if self._quiet:
            self._quiet = False
            self.advance()

    @property
    def quiet(self) -> bool:
        """A quiet turns' summary is up, waiting to be read (``go_on``)."""
        return self._quiet

    def answer(self, order: Order, question: Question) -> bool:
        """The player here answers ``question`` with ``order``: played, unless the
        question has gone by (a key pressed twice) or it is not a seat here's."""
        if question.number != self.version or not self.is_here(question.side):
            return False
        return self.play(order)

    def play(self, order: Order, standing: StandingOrder | None = None) -> bool:
        """Play an order and move on to the next decision (False, and a ``Warned``, if it
        is not legal now); ``standing``: the standing order that gave it."""
        decision = self.game.decision()
        before = self.state
        try:
            self.game.play(order)
        except IllegalOrder as exc:
            self._tell(Warned(str(exc), "Not legal"))
            return False
        question = self._question if self._question is not None \
            and self._question.number == self.version else None
        self.version += 1
        side = decision.side if decision is not None else ""
        here = self.is_here(side)
        label = ""
        if here and decision is not None:
            option = question.option(order) if question is not None else None
            label = option.label if option is not None \
                else self.presenter.option_info(before, decision, order).label
        after = self.state
        for event in after.events:
            self._events.setdefault(event.turn, []).append(event)
        named = (standing.label or standing.key) if standing is not None else ""
        self._tell(Played(Move(len(self.game.orders) - 1, before.turn, side, order, label, here,
                               before, after, named)))
        self.advance()
        return True

    # -- standing orders -------------------------------------------------------------------
    @property
    def standing(self) -> Standing:
        """The player's standing orders (kept with the session, and saved with it)."""
        return self.session.standing

    def give(self, order: StandingOrder) -> None:
        """Give a standing order (in place of one for the same decisions); the decision
        asked now is answered by it at once if it covers it."""
        self._set_standing(self.standing.with_order(order))
        self._note_seen(self.ruleset.observe(self.state, order.side), order.side)
        question = self._question
        if question is not None and question.number == self.version and not self.thinking \
                and self.is_here(question.side):
            self._question = None  # asked again: the order may answer it now
            self.version += 1
        self.advance()

    def cancel(self, side: str, kind: str | None = None, ship: str | None = None) -> None:
        """Cancel ``side``'s standing orders (of one kind, for one ship, where given)."""
        self._set_standing(self.standing.without(side, kind, ship))

    def standing_order_at(self, index: int) -> StandingOrder | None:
        """The standing order that played the order at ``index`` (None: the player's own,
        or not known: one played before the game was loaded)."""
        return self._by_standing.get(index)

    def _set_standing(self, standing: Standing) -> None:
        self.session = evolve(self.session, standing=standing.current(self.state.turn))

    def _standing_verdict(self, decision: Decision) -> Verdict:
        if self._ask_anyway:
            self._ask_anyway = False
            return Verdict()
        if not self.standing.orders:
            return Verdict()
        seen = self.ruleset.observe(self.state, decision.side)
        verdict = decide(self.standing, self.game, self.ruleset, decision, seen,
                         self._seen_facts)
        if verdict.order is not None and decision.ship:
            self._seen_facts[decision.ship] = watch(self.ruleset, seen, decision.ship)
        return verdict

    def _note_seen(self, seen: GameState, side: str) -> None:
        """The player sees ``side``'s ships as they stand: standing orders watch for
        changes from here."""
        if not self.standing.orders:
            return
        for ship in seen.ships:
            if ship.side == side:
                self._seen_facts[ship.id] = watch(self.ruleset, seen, ship.id)

    # -- thinking seats --------------------------------------------------------------------
    def _think(self, decision: Decision, player: Player) -> None:
        side = decision.side
        version = self.version
        seen = self.ruleset.observe(self.state, side)
        started = self.clock()
        ruleset = self.ruleset
        self.thinking = True
        self._skipping = False
        self._tell(Thinking(side, decision, self.seats[side].name))
        assert self.runner is not None, "a match thinks only once a view has handed a runner"

        def job(stopped: Called) -> Answer:
            return consult(player, seen, decision, stopped, ruleset)

        def done(answer: Answer) -> None:
            if version != self.version or self._closed:
                return
            self._job = None
            wait = 0.0 if self._skipping else self.pace() - (self.clock() - started)
            if wait <= 0:
                self._take(version, answer)
                return

            def take() -> None:
                self._take(version, answer)

            assert self.runner is not None
            self._held = (self.runner.later(wait, take), take)

        self._job = self.runner.think(job, done)

    def _take(self, version: int, answer: Answer) -> None:
        self._held = None
        if version != self.version or self._closed:
            return
        self.thinking = False
        decision = self.game.decision()
        if answer.order is None or decision is None:
            self._tell(Stopped(decision.side if decision else "", answer.stop or Stop.ERROR,
                               answer.problem))
            return
        if answer.warning:
            self._tell(Warned(answer.warning))
        options = getattr(answer.analysis, "options", None)
        if options and options[0].order == answer.order:
            index = len(self.game.orders)
            self.thoughts[index] = Thought.from_analysis(index, decision.side, answer.analysis)
        self.play(answer.order)

    def skip(self) -> None:
        """Play a thinking seat's answer now, without the pause it is shown for."""
        if self._held is not None:
            handle, take = self._held
            handle.cancel()
            take()
        elif self.thinking:
            self._skipping = True

    def pause(self) -> None:
        """Ask no thinking seat until ``resume`` (an answer on its way is still played)."""
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self.advance()

    def _call_off(self) -> None:
        for handle in (self._job, self._held[0] if self._held else None):
            if handle is not None:
                handle.cancel()
        self._job = None
        self._held = None
        self.thinking = False

    # -- other seats -----------------------------------------------------------------------
    def deliver(self, text: str) -> None:
        """A remote seat's next order, as text (in the order the game asks for them): played
        when its decision comes."""
        self._inbox.append(text)
        self.advance()

    def _take_delivered(self, decision: Decision) -> None:
        if not self._inbox:
            self._tell(Waiting(Wait.REMOTE, decision.side, decision))
            return
        text = self._inbox.pop(0)
        try:
            order = decision.find(text)
        except IllegalOrder as exc:
            self._tell(Stopped(decision.side, Stop.ERROR,
                               f"the other side's order does not fit: {exc}"))
            return
        self.play(order)

    # -- a game refereed elsewhere ---------------------------------------------------------
    def tell(self, index: int, order: Order, state: GameState) -> None:
        """The referee's position after the order at ``index``, as this side may know it
        (a duel while the other side's plot is hidden from this one: ``Game.tell``).  The
        position an order given here waits in is drawn afresh; another is played (a
        ``Played``).  ValueError if it does not follow the game."""
        waited = index < len(self.game.orders)
        before = self.state
        decision = self.game.decision()
        self.game.tell(index, order, state)
        if waited:
            self._moved()
            return
        self.version += 1
        for event in state.events:
            self._events.setdefault(event.turn, []).append(event)
        side = decision.side if decision is not None else ""
        self._tell(Played(Move(index, before.turn, side, order, "", False, before, state)))
        self.advance()

    def reveal(self, index: int, texts: Sequence[str]) -> None:
        """The orders from ``index`` on, all known now (a duel's plot revealed): the told
        positions go, the orders are played by the rules, and the game is drawn afresh.
        IllegalOrder if one does not fit."""
        self.game.untell()
        try:
            for at, text in enumerate(texts, index):
                if at < len(self.game.orders):
                    if str(self.game.orders[at]) != text:
                        raise IllegalOrder(f"order {at} is {self.game.orders[at]}, not {text}")
                    continue
                decision = self.game.decision()
                if decision is None or at > len(self.game.orders):
                    raise IllegalOrder(f"order {at} does not follow the game")
                self.game.play(decision.find(text))
        finally:
            self._moved()

    def reseat(self, seats: Mapping[str, Seat]) -> None:
        """Give sides other seats (a demo's script has ended: the AI plays on); the
        session's names follow."""
        self.seats.update(seats)
        names = dict(self.session.seats)
        names.update({side: seat.name for side, seat in seats.items()})
        self.session = evolve(self.session, seats=names)
        self._here_index = None
        self.advance()

    # -- undo, redo and jumps --------------------------------------------------------------
    def last_here_index(self) -> int | None:
        """How many orders stand before the latest decision made here (None: none)."""
        key = self.version
        if self._here_index is not None and self._here_index[0] == key:
            return self._here_index[1]
        found = None
        states = self.game.states()
        for index in range(len(self.game.orders) - 1, -1, -1):
            decision = self.ruleset.decision(states[index])
            if decision is not None and self.is_here(decision.side) \
                    and index not in self._by_standing:
                found = index
                break
        self._here_index = (key, found)
        return found

    def can_undo(self) -> bool:
        if self.undo_policy is Undo.OWN:
            return self.last_here_index() is not None
        return self.undo_policy is Undo.FREE and self.game.can_undo()

    def can_redo(self) -> bool:
        return self.undo_policy is not Undo.NONE and self.game.can_redo()

    def undo(self) -> bool:
        """Back to the decision before the latest one made here (with ``Undo.FREE``, one
        order back); False if there is none."""
        if not self.can_undo():
            return False
        if self.undo_policy is Undo.OWN:
            index = self.last_here_index()
            self.game.undo_to(index if index is not None else 0)
            self._ask_anyway = True  # the decision undone is the player's to make again
        else:
            self.game.undo()
        self._moved()
        return True

    def redo(self) -> bool:
        """Forward again: to the next decision made here (with ``Undo.FREE``, one order)."""
        if not self.can_redo():
            return False
        self.game.redo()
        while self.undo_policy is Undo.OWN and self.game.can_redo():
            decision = self.game.decision()
            if decision is None or self.is_here(decision.side):
                break
            self.game.redo()
        self._moved()
        return True

    def forward(self) -> bool:
        """One order on through a recording (``Undo.FREE``): played as if anew (a
        ``Played``), its state the one recorded; False at its end."""
        if self.undo_policy is not Undo.FREE or not self.game.can_redo():
            return False
        decision = self.game.decision()
        before = self.state
        self.game.redo()
        self.version += 1
        self._call_off()
        side = decision.side if decision is not None else ""
        after = self.state
        self._tell(Played(Move(len(self.game.orders) - 1, before.turn, side,
                               self.game.orders[-1], "", False, before, after)))
        self.advance()
        return True

    def go(self, index: int) -> bool:
        """To the position after ``index`` orders (``Undo.FREE`` only); False if it is
        already there or cannot go."""
        if self.undo_policy is not Undo.FREE:
            return False
        index = max(0, index)
        if index == len(self.game.orders):
            return False
        if index < len(self.game.orders):
            self.game.undo_to(index)
        else:
            while len(self.game.orders) < index and self.game.can_redo():
                self.game.redo()
        self._moved()
        return True

    def _moved(self) -> None:
        self.version += 1
        self._call_off()
        played = len(self.game.orders)
        for index in [i for i in self._by_standing if i >= played]:
            del self._by_standing[index]
        if self.undo_policy is Undo.OWN:
            for index in [i for i in self.thoughts if i >= played]:
                del self.thoughts[index]  # undone: the AI may think again there
        self._events = {}
        self._told_turn = self.state.turn
        self._quiet = False
        self._tell(Moved())
        self.advance()

    # -- the game so far ---------------------------------------------------------------------
    def move(self, index: int) -> Move:
        """The order played at ``index`` of the orders, as ``Played`` told it (the log's
        history)."""
        states = self.game.states()
        state, order, after = states[index], self.game.orders[index], states[index + 1]
        decision = self.ruleset.decision(state)
        side = decision.side if decision is not None else ""
        here = decision is not None and self.is_here(side)
        label = self.presenter.option_info(state, decision, order).label \
            if here and decision is not None else ""
        standing = self._by_standing.get(index)
        named = (standing.label or standing.key) if standing is not None else ""
        return Move(index, state.turn, side, order, label, here, state, after, named)
