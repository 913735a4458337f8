"""The Ruleset plugin protocol: what a rulebook must provide to the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from attrs import frozen

from tui_naval.core.grid import GridKind
from tui_naval.core.orders import Decision, Order
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GameState, GoalKind


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


S = TypeVar("S", bound=GameState)


class Ruleset(Protocol[S]):
    """A rulebook: its setup, phases, legal decisions and how orders change the state."""

    name: str
    title: str
    aliases: tuple[str, ...]
    grids: tuple[GridKind, ...]
    goals: tuple[GoalKind, ...]
    phases: tuple[str, ...]
    state_type: type[S]

    def ship_classes(self) -> Mapping[str, ShipClass]:
        """Ship types by key."""
        ...

    def setup(self, scenario: Scenario) -> S:
        """The starting state, already advanced to the first decision."""
        ...

    def decision(self, state: S) -> Decision | None:
        """What the side to act must decide now; None once the game is over."""
        ...

    def apply(self, state: S, order: Order) -> S:
        """The state after ``order``, run on to the next decision; raises IllegalOrder."""
        ...

    def describe(self, state: S, ship_id: str) -> list[Row]:
        """Rows of a ship's condition for the UI."""
        ...

    def help_text(self) -> str:
        """The ruleset's rules reference for players, as Markdown."""
        ...
