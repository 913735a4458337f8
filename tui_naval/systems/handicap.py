"""What a combat system's damage does to a ship's sailing, in terms any sailing system reads.

A gunnery system reports a ship's damage as a ``Handicap``; a sailing system turns
it into its own terms (inches of speed, masts, whether she may turn).  So any
sailing system pairs with any gunnery system.
"""

from __future__ import annotations

from tui_naval.core.values import frozen


@frozen
class Handicap:
    """A ship's damage as sailing sees it."""

    #: Sail (or rigging) lost, out of the total: (lost, total).
    sail_lost: tuple[int, int] = (0, 1)
    #: Hull left, out of the total: (left, total).
    hull_left: tuple[int, int] = (1, 1)
    #: Masts down, out of the masts the combat system counts: (down, of).
    masts_down: tuple[int, int] = (0, 3)
    #: Crew able to work the ship, percent.
    crew: int = 100
    #: Why she cannot sail at all (her sails are gone), or "".
    adrift: str = ""
    #: Why she cannot sail upwind (beating or head to wind), or "".
    no_upwind: str = ""
    #: Changes of direction her helm allows in a turn (2: no steering damage).
    helm: int = 2
    #: Sunk by the combat system.
    sunk: bool = False


NONE = Handicap()
