"""The pairing's ship and game state: a Man-O-War sail and a Kyngesreach gunnery."""

from __future__ import annotations

from typing import cast

from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.kyngesreach.gunnery import Gunnery
from tui_naval.systems.sailing.man_o_war.battle import MowShip, MowState


@frozen(kw_only=True, cache_hash=True)
class MasShip(MowShip):
    """A ship that sails by Man-O-War and fights by Kyngesreach; ``kind`` is her class."""

    gunnery: Gunnery


@frozen(kw_only=True)
class MasState(MowState):
    """A battle; ``ships`` are ``MasShip``."""

    ships: tuple[MasShip, ...]

    def ship(self, ship_id: str) -> MasShip:
        return cast(MasShip, super().ship(ship_id))
