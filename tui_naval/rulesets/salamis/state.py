"""Fast Play Salamis's galley and game state."""

from __future__ import annotations

from typing import cast

from tui_naval.core.grid import Cell
from tui_naval.core.state import GameState, ShipBase
from tui_naval.core.values import frozen

#: How a galley left the battle (``Galley.fate``).
SUNK, CAPTURED, LED_OFF, FLED = "sunk", "captured", "led off", "fled"


@frozen(kw_only=True, cache_hash=True)
class Galley(ShipBase):
    """A trireme: her hits taken, her fate, and her part in the move under way.

    ``kind`` is her fleet's key (its stats) and ``fleet`` the same key: a side may bring
    several fleets, each with its own panic number.  A captured galley changes ``side``
    to her captor's; ``taken_from`` keeps the side she fought for.
    """

    course: float
    #: Hits taken (bows, rams, hand to hand) against her Ship Viability.
    damage: int = 0
    #: "" while she fights; else ``SUNK``, ``CAPTURED`` (a prize still on the sea),
    #: ``LED_OFF`` (a prize taken away) or ``FLED`` (her fleet panicked).
    fate: str = ""
    #: The side she fought for, once captured.
    taken_from: str = ""
    #: Where and how she lay when her side's move began (her move runs from here).
    start: Cell
    start_course: float
    #: Steps of her move rowed so far; she was stopped short by an obstacle.
    rowed: int = 0
    stopped: bool = False
    #: Her bows have shot in this move.
    shot: bool = False

    @property
    def fighting(self) -> bool:
        """On the sea and in the fight (not sunk, taken or fled)."""
        return self.afloat and not self.fate

    @property
    def home_side(self) -> str:
        """The side she fights (or fought) for."""
        return self.taken_from or self.side


@frozen(kw_only=True)
class SalamisState(GameState):
    """A galley battle: no wind; the two sides move in turn, half a turn each."""

    ships: tuple[Galley, ...]
    #: 0: player 1 moves, 1: player 2.
    half: int = 0
    #: Who is the text's player 1 this turn: 0 the map's first side, 1 its second.
    first: int = 0
    #: The map's ``initiative``: "" player 1 is the map's first side every turn (the
    #: text); "rolled": a die decides it at the start of each turn.
    initiative: str = ""
    #: Steps of the move under way taken so far (every moving galley takes one a step).
    tick: int = 0
    #: The bow-fire window at this step: "" not yet offered, "stop" (Stop! called: the
    #: bows' orders are being given), "done".
    window: str = ""
    #: The side not moving has said it calls no more "Stop!" this move.
    passed: bool = False
    #: The ram just struck, whose boarding is being tried: (rammer, rammed); the side
    #: trying now: 0 the rammed ship's, 1 the rammer's.
    boarding: tuple[str, str] = ("", "")
    boarder: int = 0
    #: Hand-to-hand fights to resolve: (attacking galley, galley fought on).
    fights: tuple[tuple[str, str], ...] = ()
    #: Fleets that have panicked, as "side/fleet".
    panicked: tuple[str, ...] = ()

    def ship(self, ship_id: str) -> Galley:
        return cast(Galley, super().ship(ship_id))

    @property
    def mover(self) -> str:
        """The side moving in this half of the turn."""
        return self.sides[self.half ^ self.first]

    @property
    def watcher(self) -> str:
        """The side not moving, watching for its chance to call "Stop!"."""
        return self.sides[1 - (self.half ^ self.first)]
