"""The composed ruleset's own figures (tables.toml): class pairings, arcs, damage."""

from __future__ import annotations

import tomllib
from functools import cache

from attrs import frozen

from tui_naval.core.package_data import read_package_text
from tui_naval.rulesets.kyngesreach.tables import ShipClassInfo
from tui_naval.rulesets.kyngesreach.tables import tables as gunnery_tables
from tui_naval.rulesets.salt_n_tar.tables import ShipType
from tui_naval.rulesets.salt_n_tar.tables import tables as sailing_tables


@frozen
class Pairing:
    """A ship class: the Salt'n'Tar type she sails as and the Kyngesreach class she fights as."""

    key: str
    name: str
    about: str
    sailing: str
    gunnery: str

    @property
    def stype(self) -> ShipType:
        return sailing_tables().ships[self.sailing]

    @property
    def guns(self) -> ShipClassInfo:
        return gunnery_tables().classes[self.gunnery]


@frozen
class Tables:
    classes: dict[str, Pairing]
    arc_from: int
    arc_to: int
    sail_loss: tuple[tuple[int, int], ...]
    hull_loss: tuple[tuple[int, int], ...]
    one_turn_from: int


def _pairs(raw: list[list[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in raw)


@cache
def tables() -> Tables:
    """The tables shipped with the package (parsed once); KeyError on an unknown pairing."""
    text = read_package_text(__package__, "tables.toml")
    raw = tomllib.loads(text)
    classes = {key: Pairing(key, c["name"], c["about"], c["sailing"], c["gunnery"])
               for key, c in raw["classes"].items()}
    for pairing in classes.values():
        pairing.stype  # noqa: B018 - both halves must exist
        pairing.guns  # noqa: B018
    damage = raw["damage"]
    return Tables(
        classes=classes,
        arc_from=int(raw["arc"]["from"]),
        arc_to=int(raw["arc"]["to"]),
        sail_loss=_pairs(damage["sail_loss"]),
        hull_loss=_pairs(damage["hull_loss"]),
        one_turn_from=int(damage["one_turn_from"]),
    )
