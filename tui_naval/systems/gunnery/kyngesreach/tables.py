"""Kyngesreach's tables, read from tables.toml into typed values."""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from typing import Any

from tui_naval.core.package_data import read_package_text
from tui_naval.core.values import frozen


class Band(StrEnum):
    """A range band, closest first."""

    CLOSE = "close"
    STANDARD = "standard"
    LONG = "long"
    EXTREME = "extreme"


#: Bands from closest to farthest.
BANDS: tuple[Band, ...] = tuple(Band)


class Ammo(StrEnum):
    ROUND = "round"
    CHAIN = "chain"
    BAR = "bar"
    GRAPE = "grape"


AMMO_NAMES = {Ammo.ROUND: "round shot", Ammo.CHAIN: "chain shot", Ammo.BAR: "bar shot",
              Ammo.GRAPE: "grapeshot"}


class Called(StrEnum):
    """The called-shot targets of the Aiming table."""

    RUDDER = "rudder"
    RIGGING = "rigging"
    MAST = "mast"
    CREW = "crew"


class Mast(StrEnum):
    FORE = "foremast"
    MAIN = "mainmast"
    MIZZEN = "mizzen"


MASTS: tuple[Mast, ...] = tuple(Mast)


@frozen
class BandInfo:
    band: Band
    name: str
    cap: int
    modifier: int
    cells: int


@frozen
class Calibre:
    pounds: int
    name: str
    damage: str
    sail: int


@frozen
class HipStatus:
    """One row of the Sinking Thresholds table."""

    at_least: int
    name: str
    text: str
    gunner: int
    seamanship: int
    flooding: int
    out: bool


@frozen
class CalledInfo:
    called: Called
    name: str
    ammo: Ammo
    penalty: int
    bands: tuple[Band, ...]
    #: "ship" (the hull's DR), "mast" (the mast's DR), or a fixed DR (0: none).
    dr: str | int


@frozen
class Dismasting:
    text: str
    to_hit: int
    seamanship: int
    sail_loss: int
    steering: int


@frozen
class ShipClassInfo:
    key: str
    name: str
    about: str
    dr: int
    hip: int
    sail_hp: int
    handling: int
    guns: int
    calibre: int
    masts: tuple[int, int, int]

    def mast_dr(self, mast: Mast) -> int:
        return self.masts[MASTS.index(mast)]


@frozen
class Tables:
    skills: dict[str, int]
    skill_floor: int
    weather_sense: dict[str, int]
    rigging_hit: int
    tactics: int
    trailing_wind: int
    holder_gunner: int
    tie_gunner: int
    bands: dict[Band, BandInfo]
    hit_rate: tuple[tuple[int, int], ...]
    morale_step: int
    burst_guns: int
    location: tuple[str, ...]
    crew_loss: int
    cannons: str
    cannon_delay: int
    calibres: dict[int, Calibre]
    hip_brackets: tuple[tuple[int, int], ...]
    hip_above: int
    hip_status: tuple[HipStatus, ...]
    critical: tuple[str, ...]
    fire_hip: int
    magazine_delay: int
    injury: int
    major_hip: int
    steering_max: int
    called: dict[Called, CalledInfo]
    falls_after: int
    dismasting: dict[Mast, Dismasting]
    two_masts_to_hit: int
    reload_same: int
    reload_empty_new: int
    reload_loaded_new: int
    sail_loss: tuple[tuple[int, int], ...]
    jury_rig: int
    jury_rig_critical: int
    strike_at: int
    classes: dict[str, ShipClassInfo]
    #: On a map: the broadside arcs (degrees off the bow) and the steering damage from
    #: which a ship may change direction only once a turn.
    arc: tuple[int, int]
    one_turn_from: int


def _pairs(raw: list[list[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)


def _called(key: str, raw: dict[str, Any]) -> CalledInfo:
    dr = raw["dr"]
    return CalledInfo(Called(key), raw["name"], Ammo(raw["ammo"]), int(raw["penalty"]),
                      tuple(Band(b) for b in raw["bands"]),
                      dr if isinstance(dr, str) else int(dr))


@cache
def tables() -> Tables:
    """The tables shipped with the package (parsed once)."""
    text = read_package_text(__package__, "tables.toml")
    raw = tomllib.loads(text)
    skills = dict(raw["skills"])
    floor = int(skills.pop("lowest"))
    loc = raw["location_effects"]
    crit = raw["critical_effects"]
    dis = raw["dismasting"]
    reload = raw["reload"]
    sails = raw["sails"]
    classes = {
        key: ShipClassInfo(key, c["name"], c["about"], int(c["dr"]), int(c["hip"]),
                           int(c["sail_hp"]), int(c["handling"]), int(c["guns"]),
                           int(c["calibre"]), (c["masts"][0], c["masts"][1], c["masts"][2]))
        for key, c in raw["classes"].items()
    }
    return Tables(
        skills={k: int(v) for k, v in skills.items()},
        skill_floor=floor,
        weather_sense={k: int(v) for k, v in raw["weather_sense"].items()},
        rigging_hit=int(raw["contest"]["rigging_hit"]),
        tactics=int(raw["contest"]["tactics"]),
        trailing_wind=int(raw["contest"]["trailing_wind"]),
        holder_gunner=int(raw["gauge"]["holder_gunner"]),
        tie_gunner=int(raw["gauge"]["tie_gunner"]),
        bands={Band(k): BandInfo(Band(k), v["name"], int(v["cap"]), int(v["modifier"]),
                                 int(v["cells"])) for k, v in raw["bands"].items()},
        hit_rate=_pairs(raw["fire"]["hit_rate"]),
        morale_step=int(raw["fire"]["morale_step"]),
        burst_guns=int(raw["fire"]["burst_guns"]),
        location=tuple(raw["location"][str(face)] for face in range(1, 7)),
        crew_loss=int(loc["crew_loss"]),
        cannons=str(loc["cannons"]),
        cannon_delay=int(loc["cannon_delay"]),
        calibres={int(k): Calibre(int(k), v["name"], v["damage"], int(v["sail"]))
                  for k, v in raw["calibres"].items()},
        hip_brackets=_pairs(raw["hip_loss"]["brackets"]),
        hip_above=int(raw["hip_loss"]["above"]),
        hip_status=tuple(HipStatus(int(s["from"]), s["name"], s["text"], int(s["gunner"]),
                                   int(s["seamanship"]), int(s["flooding"]), bool(s["out"]))
                         for s in raw["hip_status"]),
        critical=tuple(raw["critical"][str(face)] for face in range(1, 7)),
        fire_hip=int(crit["fire_hip"]),
        magazine_delay=int(crit["magazine_delay"]),
        injury=int(crit["injury"]),
        major_hip=int(crit["major_hip"]),
        steering_max=int(crit["steering_max"]),
        called={Called(k): _called(k, v) for k, v in raw["called"].items()},
        falls_after=int(raw["masts"]["falls_after"]),
        dismasting={Mast(k): Dismasting(v["text"], int(v["to_hit"]), int(v["seamanship"]),
                                        int(v["sail_loss"]), int(v["steering"]))
                    for k, v in dis.items() if k != "two"},
        two_masts_to_hit=int(dis["two"]["to_hit"]),
        reload_same=int(reload["same"]),
        reload_empty_new=int(reload["empty_new"]),
        reload_loaded_new=int(reload["loaded_new"]),
        sail_loss=_pairs(sails["loss"]),
        jury_rig=int(sails["jury_rig"]),
        jury_rig_critical=int(sails["jury_rig_critical"]),
        strike_at=int(raw["crew"]["strike_at"]),
        classes=classes,
        arc=(int(raw["on_the_map"]["arc_from"]), int(raw["on_the_map"]["arc_to"])),
        one_turn_from=int(raw["on_the_map"]["one_turn_from"]),
    )
