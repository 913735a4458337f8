"""The composed ruleset's ship and game state: a Salt'n'Tar sail and a Kyngesreach gunnery."""

from __future__ import annotations

from typing import cast

from tui_naval.core.values import frozen
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.kyngesreach.gunnery import Gunnery
from tui_naval.systems.sailing.salt_n_tar.component import SaltSail


@frozen(kw_only=True, cache_hash=True)
class SasShip(CombatShip):
    """A ship that sails by Salt'n'Tar and fights by Kyngesreach; ``kind`` is her class."""

    sail: SaltSail
    gunnery: Gunnery


@frozen(kw_only=True)
class SasState(CombatState):
    """A battle; ``ships`` are ``SasShip``."""

    ships: tuple[SasShip, ...]

    def ship(self, ship_id: str) -> SasShip:
        return cast(SasShip, super().ship(ship_id))
