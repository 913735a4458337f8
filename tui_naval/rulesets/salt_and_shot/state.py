"""The composed ruleset's ship and game state.

A ship is a Salt'n'Tar ship (so the sailing code sails her as she is) that
carries a Kyngesreach ``Gunnery``.  Her ``kind`` is the composed class's key
(``tables.toml``); the sailing code sees her sailing type's key instead.
"""

from __future__ import annotations

from attrs import frozen

from tui_naval.rulesets.kyngesreach.gunnery import Gunnery
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState


@frozen(kw_only=True)
class SasShip(SaltShip):
    """A ship that sails by Salt'n'Tar and fights by Kyngesreach.

    ``speed_loss`` and ``masts`` are the sailing figures Salt'n'Tar reads; the
    share of them that gunnery damage caused is kept apart (``damage_loss``,
    ``masts_shot``) so that it can follow the damage (jury rigging gives back sail).
    ``crew`` always equals the gunnery's crew readiness.
    """

    gunnery: Gunnery
    #: Inches of ``speed_loss`` due to sail and hull damage now.
    damage_loss: int = 0
    #: Masts of ``masts`` lost to gunnery (fallen Kyngesreach masts).
    masts_shot: int = 0
    #: Changes of direction made this turn (a second one marks Strain).
    turns_made: int = 0


@frozen(kw_only=True)
class SasState(SaltState):
    """A battle; ``ships`` are ``SasShip``."""

    ships: tuple[SasShip, ...]
    #: The side holding the initiative (the wind gauge) this turn; "" for a tie.
    holder: str = ""
    #: Each side's Weather Sense modifier from turn 1: (side, modifier).
    weather: tuple[tuple[str, int], ...] = ()
    #: In a half move with initiative: 0 while the side without it moves, 1 the holder.
    group: int = 0
    #: Batteries that have answered the missile phase one by one ("SHIP/battery").
    acted: tuple[str, ...] = ()

    def ship(self, ship_id: str) -> SasShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def weather_mod(self, side: str) -> int:
        return dict(self.weather).get(side, 0)
