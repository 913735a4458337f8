"""Man-O-War Advanced Sailing's figures and ship templates (``tables.toml``, read once)."""

from __future__ import annotations

import tomllib
from functools import cache

from tui_naval.core.package_data import read_package_text
from tui_naval.core.values import frozen


@frozen
class Template:
    """A ship template: her speeds in inches, oars, race, masts and draught."""

    key: str
    name: str
    about: str
    #: Inches at the best sail point (the base game's "wind behind").
    full: int
    #: The base game's "wind abeam" inches: Wind Astern makes at least this.
    abeam: int
    #: Inches rowed whatever the wind (0: no oars).
    oars: int
    #: "elf", "bretonnian" or "" (the seamanship rules).
    race: str
    masts: int
    shallow: bool

    @property
    def seaman(self) -> bool:
        """An Elf or Bretonnian ship (the seamanship rules)."""
        return bool(self.race)


@frozen
class Tables:
    wind_shift: tuple[int, ...]
    close_hauled: int
    through: int
    tack_cost: int
    race_bonus: int
    drift_dice: int
    ships: dict[str, Template]


@cache
def tables() -> Tables:
    raw = tomllib.loads(read_package_text(__package__, "tables.toml"))
    tack = raw["tack"]
    return Tables(
        wind_shift=tuple(raw["wind_shift"]),
        close_hauled=tack["close_hauled"], through=tack["through"], tack_cost=tack["cost"],
        race_bonus=tack["race_bonus"], drift_dice=raw["drift"]["dice"],
        ships={key: Template(key=key, **fields) for key, fields in raw["ships"].items()},
    )
