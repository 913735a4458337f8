"""The pairing's ship and game state: a Man-O-War sail and a Ships & Sails armament."""

from __future__ import annotations

from typing import cast

from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.ships_and_sails.armament import Armament
from tui_naval.systems.sailing.man_o_war.battle import MowShip, MowState


@frozen(kw_only=True, cache_hash=True)
class MawShip(MowShip):
    """A ship that sails by Man-O-War and fights by Ships & Sails; ``kind`` is her class."""

    gunnery: Armament


@frozen(kw_only=True)
class MawState(MowState):
    """A battle; ``ships`` are ``MawShip``."""

    ships: tuple[MawShip, ...]

    def ship(self, ship_id: str) -> MawShip:
        return cast(MawShip, super().ship(ship_id))
