"""Kyngesreach's crews as the wind gauge reads them (``systems.initiative.wind_gauge``):
their skills, handling and rolls, and the gauge's figures from the gunnery's tables.
A ruleset whose ships carry this gunnery hands ``CREWS`` to its ``WindGauge``."""

from __future__ import annotations

from tui_naval.core.dice import Check, Roller
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Gunned, Mods
from tui_naval.systems.gunnery.kyngesreach.tables import tables


class KyngCrews:
    """The Kyngesreach crews of ships that carry its gunnery (``ship.gunnery``)."""

    def weather(self, ship: Gunned) -> int:
        return ship.gunnery.skills.weather

    def tactics(self, ship: Gunned) -> int:
        return ship.gunnery.skills.tactics

    def seamanship(self, ship: Gunned) -> int:
        return ship.gunnery.skills.seamanship

    def out_of_line(self, ship: Gunned) -> bool:
        return ship.gunnery.out_of_line

    def handling(self, ship: Gunned) -> list[tuple[str, int]]:
        return gun.seamanship_modifiers(ship.gunnery)

    def roll(self, roller: Roller, what: str, base: int, mods: Mods, loud: bool = True
             ) -> tuple[Check, str]:
        return gun.skill_roll(roller, what, base, mods, loud)

    def contest(self, a: Check, b: Check) -> int:
        return gun.contest(a, b)

    def weather_modifier(self, check: Check) -> int:
        return tables().weather_sense[gun.result_text(check).replace(" ", "_")]

    @property
    def tactics_bonus(self) -> int:
        return tables().tactics

    @property
    def trailing_wind(self) -> int:
        return tables().trailing_wind

    @property
    def holder_gunner(self) -> int:
        return tables().holder_gunner

    @property
    def tie_gunner(self) -> int:
        return tables().tie_gunner


CREWS = KyngCrews()
