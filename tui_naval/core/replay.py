"""Replays: a saved game watched again, decision by decision, forward and back.

A ``Recording`` is what a save holds (its setup, its orders and, from the TUI, its
seats and what a searching AI made of its decisions) with every state the orders lead
to.  All the states are kept: they are frozen and share whatever a transition did not
change, so stepping back is an index into a tuple, never a replay (``bench/replay.py``
measures the memory they keep and the time a step back takes).  ``Recording.game``
is the recording as a game at one position, the rest of it to redo: a replay's match
steps through the recorded states themselves.  The recording's turns (``TurnMarks``) say
where the fighting was, from each transition's events (hits, sinkings, marks rounded)
and from ships that changed sides (captures).  ``Recording.game_at`` starts a new game
from any position, by replaying the orders up to it, so the new game's own saves replay
too; the recording is never changed.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tui_naval.core.history import Game
from tui_naval.core.messages import file_name
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.saves import Finder, SaveError, game_from_document, read_document
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.core.thoughts import Thought, fits, thoughts_from_json
from tui_naval.core.values import frozen

#: Event kinds that count as hits on a ship (every ruleset logs its own with these).
HIT_KINDS = frozenset({"hit", "crit", "ram"})
#: Event kinds that sink a ship or put her out of action for good.
SINK_KINDS = frozenset({"sinks", "sinking"})
#: Event kinds of a mark rounded (the last one is the finish).
MARK_KINDS = frozenset({"mark", "finish"})
#: Event kinds of a ship striking her colours (a capture, though she keeps her side).
STRUCK_KINDS = frozenset({"struck"})


@frozen
class TurnMarks:
    """What happened in one turn of a recording, for its timeline."""

    turn: int
    #: The first position (index into the recording's states) at or past this turn.
    first: int
    hits: int = 0
    #: The ships sunk (or out of action for good) in this turn.
    sinkings: tuple[str, ...] = ()
    marks: int = 0
    #: The ships taken (changed sides, or struck their colours) in this turn.
    captures: tuple[str, ...] = ()

    @property
    def quiet(self) -> bool:
        return not (self.hits or self.sinkings or self.marks or self.captures)

    def describe(self) -> str:
        """The turn in a few words: ``Turn 7: 3 hits, 1 sunk (R2)``."""
        parts = []
        if self.hits:
            parts.append(f"{self.hits} hit{'s' if self.hits != 1 else ''}")
        if self.sinkings:
            parts.append(f"{len(self.sinkings)} sunk ({', '.join(self.sinkings)})")
        if self.captures:
            parts.append(f"{len(self.captures)} taken ({', '.join(self.captures)})")
        if self.marks:
            parts.append(f"{self.marks} mark{'s' if self.marks != 1 else ''} rounded")
        return f"Turn {self.turn}: {', '.join(parts) or 'quiet'}"


@frozen
class Step:
    """One decision of a recording: where it was asked, who answered it, and how."""

    #: The position the decision was asked at (the order leads to ``index + 1``).
    index: int
    decision: Decision
    order: Order
    #: The seat's player (``human``, ``greedy``, ``search:hard``...); "" when the save
    #: does not say (saves written outside the TUI keep no seats).
    who: str
    #: What a searching AI made of the decision, where the save kept it.
    thought: Thought | None = None

    @property
    def side(self) -> str:
        return self.decision.side


class Recording:
    """A game's setup, orders and seats, and every state its orders lead to."""

    def __init__(self, ruleset: Ruleset[Any], setup: Setup, states: Sequence[GameState],
                 orders: Sequence[Order], seats: Mapping[str, str] | None = None,
                 path: Path | None = None,
                 thoughts: Mapping[int, Thought] | None = None, title: str = "") -> None:
        if len(states) != len(orders) + 1:
            raise ValueError("a recording has one state more than it has orders")
        self.ruleset = ruleset
        self.setup = setup
        self.states: tuple[GameState, ...] = tuple(states)
        self.orders: tuple[Order, ...] = tuple(orders)
        self.seats: dict[str, str] = dict(seats or {})
        #: The AI's thoughts by their answers' positions (those fitting the orders).
        self.thoughts: dict[int, Thought] = {
            i: t for i, t in (thoughts or {}).items() if fits(t, i, self.orders)}
        #: The file it was read from (None: a game in memory).
        self.path = path
        #: The sea's name to show (a voyage's leg: its place), else the map's.
        self.title = title or setup.map_name
        #: The positions where a new turn is first reached, and those turns.
        self._starts: list[int] = [i for i, state in enumerate(self.states)
                                   if i == 0 or state.turn != self.states[i - 1].turn]
        self._start_turns: list[int] = [self.states[i].turn for i in self._starts]
        self.turns: tuple[TurnMarks, ...] = self._mark_turns()

    @classmethod
    def from_game(cls, game: Game, seats: Mapping[str, str] | None = None,
                  path: Path | None = None,
                  thoughts: Mapping[int, Thought] | None = None, title: str = "") -> Recording:
        """A game in memory as a recording (the game itself is left as it is)."""
        return cls(game.ruleset, game.setup, game.states(), game.orders, seats, path, thoughts,
                   title)

    # -- positions -------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last position (the state after the last order)."""
        return len(self.orders)

    def state(self, index: int) -> GameState:
        return self.states[index]

    def step(self, index: int) -> Step | None:
        """The decision asked at position ``index`` and its answer (None at the end)."""
        if not 0 <= index < len(self.orders):
            return None
        state = self.states[index]
        decision = self.ruleset.decision(state)
        if decision is None:  # a recording is made of answered decisions: never here
            raise ValueError(f"position {index} of the recording waits on no decision")
        return Step(index, decision, self.orders[index], self.seats.get(decision.side, ""),
                    self.thoughts.get(index))

    def turn_start(self, index: int) -> int:
        """The first position of the turn ``index`` is in."""
        return self._starts[bisect.bisect_right(self._starts, index) - 1]

    def next_turn(self, index: int) -> int:
        """The first position of the next turn (the last position if there is none)."""
        at = bisect.bisect_right(self._starts, index)
        return self._starts[at] if at < len(self._starts) else self.last

    def previous_turn(self, index: int) -> int:
        """The start of this turn, or of the one before if ``index`` is at its start."""
        start = self.turn_start(index)
        return start if start < index or index == 0 else self.turn_start(index - 1)

    def index_after_turn(self, turn: int) -> int:
        """The position once turn ``turn`` is over (where ``demo --turns TURN`` stops from
        turn 1): the first position in a later turn, else the last."""
        at = bisect.bisect_right(self._start_turns, turn)
        return self._starts[at] if at < len(self._starts) else self.last

    def game(self, index: int = 0) -> Game:
        """The recording as a game at position ``index``, the rest of it to redo: stepping
        through it computes nothing (``Game.replaying``)."""
        return Game.replaying(self.ruleset, self.setup, self.states, self.orders,
                              max(0, min(index, self.last)))

    # -- taking over -----------------------------------------------------------------------
    def game_at(self, index: int) -> Game:
        """A new game at position ``index``: the recording's orders up to it, replayed (so
        its own saves replay); the recording is left as it is."""
        game = Game(self.ruleset, self.setup, start=self.states[0])
        for order in self.orders[:index]:
            game.play(order)
        return game

    # -- the timeline ----------------------------------------------------------------------
    def _mark_turns(self) -> tuple[TurnMarks, ...]:
        """Each turn's hits, sinkings, marks rounded and captures, from the events of the
        transitions and the ships' sides."""
        last_turn = self.states[-1].turn
        hits: dict[int, int] = {}
        marks: dict[int, int] = {}
        sunk: dict[int, list[str]] = {}
        taken: dict[int, list[str]] = {}

        def note(table: dict[int, list[str]], turn: int, ship: str) -> None:
            ships = table.setdefault(turn, [])
            if ship not in ships:
                ships.append(ship)

        for index, state in enumerate(self.states):
            for event in state.events:
                last_turn = max(last_turn, event.turn)
                if event.kind in HIT_KINDS:
                    hits[event.turn] = hits.get(event.turn, 0) + 1
                elif event.kind in MARK_KINDS:
                    marks[event.turn] = marks.get(event.turn, 0) + 1
                elif event.kind in SINK_KINDS:
                    note(sunk, event.turn, event.ship or "?")
                elif event.kind in STRUCK_KINDS:
                    note(taken, event.turn, event.ship or "?")
            before = self.states[index - 1] if index else None
            if before is not None and before.ships is not state.ships:
                sides = {ship.id: ship.side for ship in before.ships}
                for ship in state.ships:
                    if sides.get(ship.id, ship.side) != ship.side:
                        note(taken, before.turn, ship.id)
        out = []
        for turn in range(self.states[0].turn, last_turn + 1):
            at = bisect.bisect_left(self._start_turns, turn)
            first = self._starts[at] if at < len(self._starts) else self.last
            out.append(TurnMarks(turn, first, hits.get(turn, 0), tuple(sunk.get(turn, ())),
                                 marks.get(turn, 0), tuple(taken.get(turn, ()))))
        return tuple(out)


def recorded_seats(stored: object, sides: Sequence[str]) -> dict[str, str]:
    """A save's seats (side -> ``human`` or an AI's name) if they name every side; else
    none (a save written outside the TUI keeps no seats)."""
    if (isinstance(stored, dict) and set(stored) == set(sides)
            and all(isinstance(who, str) and who.isprintable() and len(who) <= 40
                    for who in stored.values())):
        return dict(stored)
    return {}


def recording_from_document(doc: Mapping[str, Any], path: Path, find: Finder) -> Recording:
    """The recording a save's document (``saves.read_document``) holds, with the seats
    and thoughts the TUI saved; SaveError naming
    ``path`` for anything ``saves.game_from_document`` refuses, and for a save whose
    orders no longer lead to its saved state (it can still be loaded, from its snapshot,
    but not replayed)."""
    game = game_from_document(doc, path, find)
    if len(game.orders) != len(doc.get("orders") or ()):
        raise SaveError(f"{file_name(path)}: cannot replay: its orders no longer lead to the "
                        "game it saved (a save from other rules; it can still be loaded)")
    sides = game.state.sides
    thoughts = thoughts_from_json(doc.get("thoughts"), game.orders, sides)
    return Recording.from_game(game, recorded_seats(doc.get("seats"), sides), path, thoughts)


def load_recording(path: Path, find: Finder) -> Recording:
    """Read a save (or autosave) as a recording; SaveError with one line on any problem."""
    return recording_from_document(read_document(path), path, find)
