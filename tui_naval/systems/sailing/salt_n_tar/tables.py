"""Salt'n'Tar's tables, read from tables.toml into typed values."""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from typing import Any

from tui_naval.core.package_data import read_package_text
from tui_naval.core.values import frozen


class Bearing(StrEnum):
    """A ship's point of sail, by the angle between its heading and the wind's source."""

    HEAD = "head"
    BEATING = "beating"
    QUARTER = "quarter"
    BROAD = "broad"
    RUNNING = "running"


BEARING_NAMES = {
    Bearing.BEATING: "Beating",
    Bearing.QUARTER: "Quarter Reaching",
    Bearing.BROAD: "Broad Reaching",
    Bearing.RUNNING: "Running",
}


@frozen
class ShipType:
    """One of the eight ship types: its Bearing Numbers and build."""

    key: str
    name: str
    about: str
    bearing_numbers: tuple[tuple[Bearing, int], ...]
    head_name: str
    masts: int
    shallow: bool

    def bn(self, bearing: Bearing) -> int:
        return dict(self.bearing_numbers)[bearing]

    def bearing_name(self, bearing: Bearing) -> str:
        return self.head_name if bearing is Bearing.HEAD else BEARING_NAMES[bearing]


@frozen
class LuckEffect:
    wind: int
    strain: int
    text: str


@frozen
class SharedLuck:
    everyone: int
    rollers: int


@frozen
class StrainEffect:
    effect: str
    text: str


@frozen
class Limits:
    speed_loss: int
    crew_loss: int
    calm: int
    gale: int
    furl_turns: int
    anchor_turns: int
    weigh_turns: int
    unreef_turns: int


@frozen
class Damage:
    """Combat damage in inches: by share of sail lost, and by hull remaining."""

    sail_loss: tuple[tuple[int, int], ...]
    hull_loss: tuple[tuple[int, int], ...]


@frozen
class Tables:
    initial_wind_speed: tuple[int, ...]
    initial_wind_direction: dict[str, tuple[str, ...]]
    wind_roll: tuple[str | int, ...]
    luck: tuple[LuckEffect, ...]
    shared_luck: dict[int, SharedLuck]
    strain: dict[int, StrainEffect]
    strain_lowest: int
    strain_highest: int
    limits: Limits
    ships: dict[str, ShipType]
    damage: Damage

    def strain_effect(self, total: int) -> StrainEffect | None:
        """The Strain Roll table's row for d6 + Strain (None: no effect)."""
        if total < self.strain_lowest:
            return None
        return self.strain[min(total, self.strain_highest)]


def _faces(table: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(table[str(face)] for face in range(1, 7))


@cache
def tables() -> Tables:
    """The tables shipped with the package (parsed once)."""
    text = read_package_text(__package__, "tables.toml")
    raw = tomllib.loads(text)
    ships = {}
    for key, s in raw["ships"].items():
        numbers = tuple((b, int(s[b.value])) for b in Bearing)
        ships[key] = ShipType(key, s["name"], s["about"], numbers, s["head_name"],
                              int(s["masts"]), bool(s["shallow"]))
    strain_raw = raw["strain_roll"]
    lowest, highest = int(strain_raw["lowest_effect"]), int(strain_raw["highest"])
    return Tables(
        initial_wind_speed=tuple(int(v) for v in _faces(raw["initial_wind_speed"])),
        initial_wind_direction={k: tuple(v) for k, v in raw["initial_wind_direction"].items()},
        wind_roll=_faces(raw["wind_roll"]),
        luck=tuple(LuckEffect(**v) for v in _faces(raw["luck_roll"])),
        shared_luck={int(k): SharedLuck(**v) for k, v in raw["shared_luck"].items()},
        strain={n: StrainEffect(**strain_raw[str(n)]) for n in range(lowest, highest + 1)},
        strain_lowest=lowest,
        strain_highest=highest,
        limits=Limits(**raw["limits"]),
        ships=ships,
        damage=Damage(_pairs(raw["damage"]["sail_loss"]), _pairs(raw["damage"]["hull_loss"])),
    )


def _pairs(raw: list[list[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)
