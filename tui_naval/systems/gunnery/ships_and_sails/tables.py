"""Ships & Sails' tables, read from tables.toml into typed values."""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from typing import Any

from tui_naval.core.package_data import read_package_text
from tui_naval.core.values import frozen


class Ammo(StrEnum):
    """The three kinds of ammunition and what they damage."""

    BALL = "ball"
    CHAIN = "chain"
    GRAPE = "grape"


#: What each ammunition damages (Figure 4).
TARGET_OF = {Ammo.BALL: "hull", Ammo.CHAIN: "rigging", Ammo.GRAPE: "sailors"}


class PointOfSail(StrEnum):
    """A heading's angle off the wind on the six-point hex compass."""

    HEAD = "head"
    CLOSE = "close"
    REACH = "reach"
    RUNNING = "running"


#: Points of sail by hexsides between the heading and the wind's source (0..3).
POINTS = (PointOfSail.HEAD, PointOfSail.CLOSE, PointOfSail.REACH, PointOfSail.RUNNING)

POINT_NAMES = {
    PointOfSail.HEAD: "head to wind",
    PointOfSail.CLOSE: "close-hauled",
    PointOfSail.REACH: "reaching",
    PointOfSail.RUNNING: "running",
}

#: The places round an aimed hex an aim pattern can name.
PLACES = ("aim", "fore", "aft", "over-fore", "over-aft", "short-fore", "short-aft")


@frozen(cache_hash=True)
class ShipType:
    """One of the three ships: Figures 2, 3 and 5, and the figures defined here."""

    key: str
    name: str
    about: str
    rows: int
    guns_per_row: int
    gun_sailors: int
    sails: int
    sail_sailors: int
    sailors: int
    hull: int
    max_speed: int
    speed_change: int
    rigging: int
    turns: int
    sailors_per_sail: int
    #: (sail percent or less, MAX speed), lowest percent first; 0 means "= 0%".
    sail_speed: tuple[tuple[int, int], ...]
    #: MAX speed on each point of sail, in POINTS order.
    wind: tuple[int, int, int, int]
    #: Aim patterns: (ammo, ((place, percent), ...)), the aimed hex first.
    aim: tuple[tuple[Ammo, tuple[tuple[str, int], ...]], ...]

    @property
    def guns(self) -> int:
        """All the ship's guns (rows x guns per row), both sides."""
        return self.rows * self.guns_per_row

    @property
    def broadside(self) -> int:
        """Guns on one side: half of them."""
        return self.guns // 2

    def point_speed(self, point: PointOfSail) -> int:
        return self.wind[POINTS.index(point)]

    def pattern(self, ammo: Ammo) -> tuple[tuple[str, int], ...]:
        return dict(self.aim)[ammo]


@frozen
class Critical:
    """One line of the Critical Hit table."""

    effect: str
    percent: int
    text: str


@frozen
class Tables:
    direction_change: tuple[int, ...]
    #: None: the wind drops to 0 ("no wind").
    speed_change: tuple[int | None, ...]
    wind_min: int
    wind_max: int
    initial_speed: str
    towing: int
    sailors_per_gun: int
    hit_die: int
    critical_die: int
    critical_face: int
    critical_min_faces: int
    reload_rounds: int
    switch_rounds: int
    ranges: tuple[tuple[Ammo, int], ...]
    hit_faces: tuple[tuple[int, int], ...]
    critical: tuple[tuple[Ammo, tuple[tuple[int, Critical], ...]], ...]
    collision_divisor: int
    breaking_per_turn: int
    hull_speed: tuple[tuple[int, int], ...]
    hull_speed_floor: int
    ships: dict[str, ShipType]

    def range_of(self, ammo: Ammo) -> int:
        return dict(self.ranges)[ammo]

    def faces(self, percent: int) -> int:
        """Faces of the d10 that hit in a hex of ``percent``."""
        return dict(self.hit_faces)[percent]

    def critical_of(self, ammo: Ammo, face: int) -> Critical | None:
        """The Critical Hit table's entry for a d20 face (None: no effect)."""
        return dict(dict(self.critical)[ammo]).get(face)


def _ship(key: str, raw: dict[str, Any]) -> ShipType:
    aim = []
    for ammo in Ammo:
        by_percent = raw["aim"][ammo.value]
        cells: list[tuple[str, int]] = []
        for percent, places in sorted(by_percent.items(), key=lambda kv: -int(kv[0])):
            for place in places:
                if place not in PLACES:
                    raise ValueError(f"ship {key}: unknown aim place {place!r}")
                cells.append((str(place), int(percent)))
        if not cells or cells[0][0] != "aim":
            raise ValueError(f"ship {key}: the {ammo} pattern must start with the aimed hex")
        aim.append((ammo, tuple(cells)))
    wind = raw["wind"]
    return ShipType(
        key=key, name=raw["name"], about=raw["about"],
        rows=int(raw["rows"]), guns_per_row=int(raw["guns_per_row"]),
        gun_sailors=int(raw["gun_sailors"]), sails=int(raw["sails"]),
        sail_sailors=int(raw["sail_sailors"]), sailors=int(raw["sailors"]),
        hull=int(raw["hull"]), max_speed=int(raw["max_speed"]),
        speed_change=int(raw["speed_change"]), rigging=int(raw["rigging"]),
        turns=int(raw["turns"]), sailors_per_sail=int(raw["sailors_per_sail"]),
        sail_speed=tuple(sorted((int(p), int(s)) for p, s in raw["sail_speed"])),
        wind=(int(wind["head"]), int(wind["close"]), int(wind["reach"]), int(wind["running"])),
        aim=tuple(aim),
    )


def parse_tables(text: str) -> Tables:
    """Tables from the text of a tables.toml."""
    raw = tomllib.loads(text)
    wind, gun, damage = raw["wind"], raw["gunnery"], raw["damage"]
    critical = tuple(
        (ammo, tuple(sorted((int(face), Critical(**entry))
                            for face, entry in raw["critical"][ammo.value].items())))
        for ammo in Ammo
    )
    return Tables(
        direction_change=tuple(int(v) for v in wind["direction_change"]),
        speed_change=tuple(None if v == "calm" else int(v) for v in wind["speed_change"]),
        wind_min=int(wind["min_speed"]),
        wind_max=int(wind["max_speed"]),
        initial_speed=str(wind["initial_speed"]),
        towing=int(wind["towing"]),
        sailors_per_gun=int(gun["sailors_per_gun"]),
        hit_die=int(gun["hit_die"]),
        critical_die=int(gun["critical_die"]),
        critical_face=int(gun["critical_face"]),
        critical_min_faces=int(gun["critical_min_faces"]),
        reload_rounds=int(gun["reload_rounds"]),
        switch_rounds=int(gun["switch_rounds"]),
        ranges=tuple((ammo, int(gun["range"][ammo.value])) for ammo in Ammo),
        hit_faces=tuple(sorted((int(p), int(f)) for p, f in raw["hit_faces"].items())),
        critical=critical,
        collision_divisor=int(damage["collision_divisor"]),
        breaking_per_turn=int(damage["breaking_per_turn"]),
        hull_speed=tuple(sorted((int(p), int(s)) for p, s in damage["hull_speed"])),
        hull_speed_floor=int(damage["hull_speed_floor"]),
        ships={key: _ship(key, s) for key, s in raw["ships"].items()},
    )


@cache
def tables() -> Tables:
    """The tables shipped with the package (parsed once)."""
    text = read_package_text(__package__, "tables.toml")
    return parse_tables(text)
