"""The Ruleset protocol: what a rulebook gives the game, and the base that runs its turn.

A ruleset's names are declared once, in its package's ``__init__`` as a
``RulesetInfo`` (the registry reads them there without importing its rules).  Its
rules module holds ``RULESET``: usually a ``RulesetBase`` whose ``turn`` declares the
phases the engine runs (``core.engine``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from tui_naval.core import engine
from tui_naval.core.grid import GridKind
from tui_naval.core.help import expand
from tui_naval.core.hints import NO_HINTS, Hints
from tui_naval.core.maps import MapKey
from tui_naval.core.messages import cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.package_data import read_package_text
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GameState, ShipBase
from tui_naval.core.values import frozen

if TYPE_CHECKING:
    from tui_naval.core.maps import MapSpec
    from tui_naval.core.presenter import Presenter


@frozen
class ShipClass:
    """A ship type a ruleset offers: key (as in map files), name and a line about it."""

    key: str
    name: str
    about: str


@frozen
class Row:
    """One line of a ship's condition for the UI; ``fraction`` (0..1) draws a bar."""

    label: str
    value: str
    fraction: float | None = None


#: The parts of a ship that wear in battle and carry from one battle to the next (a
#: voyage): the keys ``Part.key`` takes, in the order the UI lists them.
PART_KEYS = ("hull", "rigging", "masts", "guns", "crew", "strain")


@frozen
class Part:
    """One part of a ship that wears in battle and mends in port: ``have`` of ``full``,
    more is sounder (Strain counts as soundness: ``full`` less the Strain taken)."""

    #: One of ``PART_KEYS``.
    key: str
    label: str
    have: int
    full: int


class Fate(StrEnum):
    """Where a ship stands at the end of a battle, read the same for every ruleset."""

    AFLOAT = "afloat"
    #: Sunk, burnt or foundering.
    SUNK = "sunk"
    #: Struck her colours, captured, out of action: a prize for the other side.
    TAKEN = "taken"
    #: Left the battle still hers: fled, escaped, finished a race.
    GONE = "gone"


class Departure(StrEnum):
    """How a ship has left the play, as the rules decide it (``Ruleset.departure``); the
    value is what the game-over summary says after her name."""

    #: Reached the finish of a race.
    FINISHED = "finished"
    #: Escaped over the chase's edge.
    ESCAPED = "escaped"
    #: Fled the battle (her fleet panicked).
    FLED = "fled"
    #: Going down, still afloat.
    SINKING = "sinking"
    #: Gone down (or burnt, or foundered).
    SUNK = "sunk"
    #: Struck her colours.
    STRUCK = "struck her colours"
    #: Captured, still on the sea: her side is now her captor's.
    CAPTURED = "captured"
    #: Taken away as a prize.
    LED_OFF = "led off"
    #: A wreck that can neither sail nor fire.
    WRECKED = "wrecked"

    @property
    def fate(self) -> Fate:
        """Where it leaves her: sunk, taken by the other side, or gone still hers."""
        return _FATES[self]

    def words(self, ship: ShipBase) -> str:
        """What is said of ``ship`` after her name ("finished", "captured by red")."""
        return f"captured by {ship.side}" if self is Departure.CAPTURED else self.value


_FATES = {Departure.FINISHED: Fate.GONE, Departure.ESCAPED: Fate.GONE,
          Departure.FLED: Fate.GONE, Departure.SINKING: Fate.SUNK, Departure.SUNK: Fate.SUNK,
          Departure.STRUCK: Fate.TAKEN, Departure.CAPTURED: Fate.TAKEN,
          Departure.LED_OFF: Fate.TAKEN, Departure.WRECKED: Fate.TAKEN}


@frozen
class RuleOption:
    """An optional rule a player may turn on or choose when setting up a game."""

    key: str
    title: str
    #: What it does, in a line for the new-game screen and ``--help``.
    about: str
    #: The values it may take, the default first.
    choices: tuple[str, ...] = ("off", "on")

    @property
    def default(self) -> str:
        return self.choices[0]


@frozen
class Balance:
    """How hard a voyage comes in a ruleset: a factor on the enemy's rise leg by leg, and
    the ships the final action (or the final blockade's hunters) brings.  The rulesets
    differ in how strength tells (three Kyngesreach sloops sink a frigate; Salt'n'Tar's
    Strain wears out a ship in a long fight), so each is set by the bench
    (``bench/voyage.py``) to the issue's target."""

    pressure: float = 1.0
    final: int = 3
    #: A battle's turn limit (0: the ruleset's own).
    turns: int = 0


@frozen
class RulesetInfo:
    """A ruleset's names and where it lives, declared once in its package's ``__init__``."""

    #: The name players type (``--ruleset salt-n-tar``), also kept in saves.
    id: str
    title: str
    aliases: tuple[str, ...]
    #: One line for menus and ``tui-naval rulesets``.
    summary: str
    #: The map a new game opens on when none is named.
    default_map: str = ""
    #: The ruleset's package (its ``__name__``): its rules, help, presenter and advisor.
    package: str = ""
    #: Map header keys and game kinds of its own (read by ``core.maps``, which the
    #: registry tells of them): a ruleset brings them without editing core.
    map_keys: tuple[MapKey, ...] = ()
    games: tuple[str, ...] = ()
    #: Optional rules the player chooses at setup (``Setup.options``).
    options: tuple[RuleOption, ...] = ()
    #: The systems it is made of, for choosing a pairing: its sailing and its gunnery
    #: ("" where it has none of its own).
    sailing: str = ""
    gunnery: str = ""
    #: How hard a voyage comes (``voyage``, which knows no ruleset, reads it).
    balance: Balance = Balance()


S = TypeVar("S", bound=GameState)

#: A greedy judgement: the option it values most.
Advisor = Callable[[Any, Decision], Order]
#: The advisor's values as an order: a decision's options, the best first (the advisor's
#: choice), or None where it values only its choice.
Ranker = Callable[[Any, Decision], Sequence[Order] | None]


class Ruleset(Protocol[S]):
    """A rulebook: its setup, its decisions and how orders change the state."""

    @property
    def info(self) -> RulesetInfo: ...

    @property
    def grids(self) -> tuple[GridKind, ...]: ...

    @property
    def goals(self) -> tuple[str, ...]:
        """The game kinds (``race``, ``battle``...) it plays."""
        ...

    @property
    def state_type(self) -> type[S]: ...

    @property
    def search_horizon(self) -> int:
        """Turns after the current one a search plays an option out before ``evaluate``
        scores it: how long its orders take to show (a race's turn now pays turns later)."""
        ...

    @property
    def name(self) -> str:
        """The ruleset's id."""
        ...

    @property
    def title(self) -> str: ...

    def ship_classes(self) -> Mapping[str, ShipClass]:
        """Ship types by key."""
        ...

    def unplayable(self, spec: MapSpec) -> str | None:
        """Why this ruleset cannot play a map beyond its goal, grids and classes (None: it can)."""
        ...

    def setup(self, scenario: Scenario) -> S:
        """The starting state, already advanced to the first decision."""
        ...

    def invalid(self, state: S) -> str | None:
        """Why ``state`` breaks this ruleset's own invariants (a save's snapshot is checked
        with it, after ``core.validate``'s common ones), or None if it keeps them."""
        ...

    def decision(self, state: S) -> Decision | None:
        """What the side to act must decide now; None once the game is over."""
        ...

    def apply(self, state: S, order: Order, loud: bool = True) -> S:
        """The state after ``order``, run on to the next decision; raises IllegalOrder.

        A quiet apply (``loud=False``) keeps no events and formats no log text.
        """
        ...

    def advance(self, state: S) -> S:
        """Run a state (one a test or a voyage has changed) on to its next decision."""
        ...

    def observe(self, state: S, side: str) -> S:
        """``state`` as ``side`` may know it (the other side's plotted orders hidden)."""
        ...

    def evaluate(self, state: S, side: str) -> float:
        """How good ``state`` is for ``side``, in [-1, 1]; exactly 1, -1 or 0 once over."""
        ...

    def describe(self, state: S, ship_id: str) -> list[Row]:
        """Rows of a ship's condition for the UI."""
        ...

    def wear(self, ship: Any) -> tuple[Part, ...]:
        """The parts of one of its ships that carry from battle to battle, as they stand
        (a fresh ship has every part at ``full``)."""
        ...

    def departure(self, state: S, ship: ShipBase) -> Departure | None:
        """How ``ship`` has left the play (sunk, struck, finished...), or None while she is
        in it: the rules' own reading of their state."""
        ...

    def fate(self, state: S, ship: ShipBase) -> Fate:
        """Where ``ship`` stands now: afloat, sunk, taken or gone (her ``departure``'s)."""
        ...

    def worn(self, ship: Any, have: Mapping[str, int]) -> Any:
        """A ship fresh from setup with the parts ``have`` names set to those values
        (clamped to 0..full); ``wear`` of the result gives them back exactly."""
        ...

    def help_text(self) -> str:
        """The ruleset's rules reference for players, as Markdown."""
        ...

    @property
    def presenter(self) -> Presenter:
        """How the ruleset shows itself: labels, previews, overlays, notes, event styles."""
        ...

    @property
    def advisor(self) -> Advisor:
        """The greedy judgement of the ruleset's decisions (``advisor.choose``)."""
        ...

    @property
    def ranker(self) -> Ranker | None:
        """The advisor's options best first (``advisor.rank``), where it has one: a
        search widens to its rivals in that order."""
        ...

    @property
    def hints(self) -> Hints:
        """What the ruleset tells a player as its rules come up (``hints.HINTS``);
        ``NO_HINTS`` where it has none."""
        ...


class RulesetBase(Generic[S]):
    """What every ruleset built on the engine shares: its names from its ``RulesetInfo``,
    decisions and transitions by its declared ``turn``, and its package's help,
    presenter (``present.PRESENTER``), advisor (``advisor.choose``) and hints
    (``hints.HINTS``), each imported when first asked for."""

    info: RulesetInfo
    grids: tuple[GridKind, ...] = (GridKind.HEX_FLAT, GridKind.HEX_POINTY, GridKind.SQUARE)
    goals: tuple[str, ...] = ()
    state_type: type[S]
    #: Turns a search plays past the current one before scoring (0: to the turn's end).
    search_horizon: int = 0
    #: The ruleset's turn (set by each ruleset; a property where it is built from parts).
    turn: engine.Turn[S]

    @property
    def name(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    def unplayable(self, spec: MapSpec) -> str | None:
        return None

    def invalid(self, state: S) -> str | None:
        """Its phase is a step of the turn and its ships are of known classes; a ruleset
        adds the ranges of its components."""
        if state.phase not in self.turn.names:
            return f"its phase {cut(state.phase)} is no step of {self.name}'s turn"
        classes = self.ship_classes()
        for ship in state.ships:
            if ship.kind not in classes:
                return f"ship {cut(ship.id)} is of no {self.name} class ({cut(ship.kind)})"
        return None

    def ship_classes(self) -> Mapping[str, ShipClass]:
        raise NotImplementedError

    def decision(self, state: S) -> Decision | None:
        return engine.ask(self.turn, state)

    def apply(self, state: S, order: Order, loud: bool = True) -> S:
        return engine.apply(self.turn, state, order, loud)

    def advance(self, state: S) -> S:
        """Run a state (one a test or an editor has changed) on to its next decision."""
        return engine.advance(self.turn, state, engine.Log(state.turn))

    def begin(self, state: S, log: engine.Log) -> S:
        """A freshly set-up state run on to its first decision."""
        return engine.start(self.turn, state, log)

    def observe(self, state: S, side: str) -> S:
        return engine.observe(state, side)

    def evaluate(self, state: S, side: str) -> float:
        done = engine.terminal_value(state, side)
        if done is not None:
            return done
        return max(-1.0, min(1.0, self.standing(state, side)))

    def wear(self, ship: Any) -> tuple[Part, ...]:
        raise NotImplementedError

    def departure(self, state: S, ship: ShipBase) -> Departure | None:
        """Sunk once she is not afloat; a ruleset whose ships leave the play in other ways
        (struck, finished...) says so itself."""
        return None if ship.afloat else Departure.SUNK

    def fate(self, state: S, ship: ShipBase) -> Fate:
        departure = self.departure(state, ship)
        return Fate.AFLOAT if departure is None else departure.fate

    def worn(self, ship: Any, have: Mapping[str, int]) -> Any:
        raise NotImplementedError

    def standing(self, state: S, side: str) -> float:
        """How ``side`` stands in a game still going on, about -1..1 (each ruleset's own)."""
        raise NotImplementedError

    def help_text(self) -> str:
        """The package's ``help.md``, with the systems' sections it includes."""
        return expand(read_package_text(self.info.package, "help.md"))

    @cached_property
    def presenter(self) -> Presenter:
        module = importlib.import_module(f"{self.info.package}.present")
        presenter: Presenter = module.PRESENTER
        return presenter

    @cached_property
    def advisor(self) -> Advisor:
        module = importlib.import_module(f"{self.info.package}.advisor")
        choose: Advisor = module.choose
        return choose

    @cached_property
    def ranker(self) -> Ranker | None:
        module = importlib.import_module(f"{self.info.package}.advisor")
        rank: Ranker | None = getattr(module, "rank", None)
        return rank

    @cached_property
    def hints(self) -> Hints:
        """The package's ``hints.HINTS``; ``NO_HINTS`` where it has no ``hints`` module."""
        name = f"{self.info.package}.hints"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return NO_HINTS
        hints: Hints = module.HINTS
        return hints
