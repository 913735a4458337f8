"""Salt'n'Tar's ship and game state: a sailing ship with her progress on the course."""

from __future__ import annotations

from typing import cast

from attrs import field

from tui_naval.core.state import ShipBase, WindState
from tui_naval.core.values import frozen
from tui_naval.systems.goals.course import Progress
from tui_naval.systems.sailing.salt_n_tar.component import SaltSail


@frozen(kw_only=True, cache_hash=True)
class SaltShip(ShipBase):
    """A Salt'n'Tar vessel: how she sails, and how far round the course she is."""

    sail: SaltSail
    progress: Progress = field(factory=Progress)

    @property
    def at_sea(self) -> bool:
        """Still racing: afloat, neither finished nor escaped."""
        return self.afloat and not self.progress.done

    @property
    def shallow(self) -> bool:
        return self.sail.stype.shallow


@frozen(kw_only=True)
class SaltState(WindState):
    """A Salt'n'Tar game; ``ships`` are ``SaltShip``."""

    ships: tuple[SaltShip, ...]
    #: The step (within this turn's move) at which each finisher crossed, for dead heats.
    finish_step: tuple[tuple[str, int], ...] = ()

    def ship(self, ship_id: str) -> SaltShip:
        return cast(SaltShip, super().ship(ship_id))
