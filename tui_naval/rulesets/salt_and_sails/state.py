"""The pairing's ship and game state: a Salt'n'Tar sail and a Ships & Sails armament."""

from __future__ import annotations

from typing import cast

from tui_naval.core.values import frozen
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.ships_and_sails.armament import Armament
from tui_naval.systems.sailing.salt_n_tar.component import SaltSail


@frozen(kw_only=True, cache_hash=True)
class SalsShip(CombatShip):
    """A ship that sails by Salt'n'Tar and fights by Ships & Sails; ``kind`` is her class."""

    sail: SaltSail
    gunnery: Armament


@frozen(kw_only=True)
class SalsState(CombatState):
    """A battle; ``ships`` are ``SalsShip``."""

    ships: tuple[SalsShip, ...]

    def ship(self, ship_id: str) -> SalsShip:
        return cast(SalsShip, super().ship(ship_id))
