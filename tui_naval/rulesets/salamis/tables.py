"""Fast Play Salamis's figures: the six fleets' stats and the dice (``tables.toml``)."""

from __future__ import annotations

import math
import tomllib
from functools import cache

from tui_naval.core.package_data import read_package_text
from tui_naval.core.values import frozen


@frozen
class Fleet:
    """A fleet's stats, from the text's table (``panic`` is ours: a share of the fleet)."""

    key: str
    name: str
    about: str
    #: Inches a turn.
    move: int
    #: Degrees she may turn, in one direction, anywhere in a move.
    turn: int
    #: Ram Attack dice.
    ram: int
    #: Ramming Speed Probability: 2d6 at or under it.
    ramming_speed: int
    #: Bow Attack dice.
    bow: int
    #: Bow range in inches.
    range: int
    #: Hand to Hand dice.
    hand: int
    #: Marine Boarding Skill: 2d6 at or under it.
    boarding: int
    #: Ship Viability: the hits she can take.
    viability: int
    #: The Fleet Panic share (numerator, denominator) of the fleet's ships at the start.
    panic: tuple[int, int]

    def panic_number(self, ships: int) -> int:
        """The ships lost (sunk or captured) at which a fleet of ``ships`` panics."""
        top, bottom = self.panic
        return max(1, math.ceil(ships * top / bottom))


@frozen
class Rolls:
    """What the dice need: the ramming-speed bonus and the faces that hit."""

    ramming_speed_bonus: int
    ram_hit: int
    bow_hit: int
    attacker_hit: int
    defender_save: int


@frozen
class Tables:
    rolls: Rolls
    fleets: dict[str, Fleet]


@cache
def tables() -> Tables:
    raw = tomllib.loads(read_package_text(__package__, "tables.toml"))
    fleets = {key: Fleet(key=key, **{**fields, "panic": tuple(fields["panic"])})
              for key, fields in raw["fleets"].items()}
    return Tables(Rolls(**raw["rolls"]), fleets)


def fleet_of(kind: str) -> Fleet:
    """A ship's fleet stats by her class key; KeyError if none."""
    return tables().fleets[kind]


def two_dice_at_most(target: int) -> float:
    """The chance that 2d6 comes at or under ``target``."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= target) / 36


def faces_at_least(face: int) -> float:
    """The chance that one d6 shows ``face`` or more."""
    return max(0, 7 - face) / 6
