"""Seeded dice that live in the game state.

``Rng`` is a frozen 64-bit SplitMix64 state: every draw returns a value and the
next ``Rng``.  Rules use a ``Roller`` while they compute one transition and store
``roller.rng`` back into the new state, so undo and replay give the same dice.

Also: dice notation ("3d6", "2d6+1", "6dx2"), exact outcome distributions for
the AI (chance nodes), and GURPS roll-under checks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from tui_naval.core.values import frozen

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@frozen
class Rng:
    """A SplitMix64 generator state; immutable."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls((seed * 0xD1B54A32D192ED03 + _GOLDEN) & _MASK)

    def next64(self) -> tuple[int, Rng]:
        value, state = _next64(self.state)
        return value, Rng(state)

    def die(self, sides: int) -> tuple[int, Rng]:
        """One unbiased die of ``sides`` faces (1..sides)."""
        value, state = _die(self.state, sides)
        return value, Rng(state)


def _next64(state: int) -> tuple[int, int]:
    """SplitMix64: (the next value, the next state)."""
    s = (state + _GOLDEN) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), s


def _die(state: int, sides: int) -> tuple[int, int]:
    """One unbiased die of ``sides`` faces, and the next state (draws above the largest
    multiple of ``sides`` are thrown away)."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = (1 << 64) - ((1 << 64) % sides)
    while True:
        z, state = _next64(state)
        if z < limit:
            return z % sides + 1, state


_NOTATION = re.compile(r"^\s*(\d*)\s*d\s*(\d*)\s*(?:x\s*(\d+))?\s*([+-]\s*\d+)?\s*$", re.I)


@frozen
class DiceSpec:
    """Parsed dice notation: ``count`` d ``sides`` x ``multiplier`` + ``bonus``."""

    count: int
    sides: int
    multiplier: int = 1
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        """Parse "3d6", "d6", "2d6+1", "1d6-2", "6dx2" (six d6, doubled: GURPS)."""
        return _parse(text)[0]

    @classmethod
    def _read(cls, text: str) -> DiceSpec:
        m = _NOTATION.match(text)
        if not m:
            raise ValueError(f"not dice notation: {text!r}")
        if not (m.group(1) or m.group(2)):  # a bare "d" names neither count nor sides
            raise ValueError(f"not dice notation: {text!r}")
        count = int(m.group(1) or 1)
        sides = int(m.group(2) or 6)
        mult = int(m.group(3) or 1)
        bonus = int((m.group(4) or "0").replace(" ", ""))
        if count < 1 or sides < 1 or mult < 1:
            raise ValueError(f"not dice notation: {text!r}")
        return cls(count, sides, mult, bonus)

    def __str__(self) -> str:
        out = f"{self.count}d{self.sides}"
        if self.multiplier != 1:
            out += f"x{self.multiplier}"
        if self.bonus:
            out += f"{self.bonus:+d}"
        return out

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of every total."""
        dist: dict[int, Fraction] = {0: Fraction(1)}
        face = Fraction(1, self.sides)
        for _ in range(self.count):
            nxt: dict[int, Fraction] = {}
            for total, p in dist.items():
                for f in range(1, self.sides + 1):
                    nxt[total + f] = nxt.get(total + f, Fraction(0)) + p * face
            dist = nxt
        return {t * self.multiplier + self.bonus: p for t, p in sorted(dist.items())}


@frozen
class Roll:
    """One roll as it happened, for the message log."""

    notation: str
    dice: tuple[int, ...]
    total: int

    def __str__(self) -> str:
        if len(self.dice) == 1:
            return f"{self.notation}={self.total}"
        return f"{self.notation}={'+'.join(map(str, self.dice))}={self.total}"


@lru_cache(maxsize=256)
def _parse(text: str) -> tuple[DiceSpec, str]:
    """A notation read, and written the standard way: the rules roll a few notations over
    and over, and each is read once."""
    spec = DiceSpec._read(text)
    return spec, str(spec)


class Roller:
    """A short-lived dice helper for one transition: read ``rng`` back when done."""

    def __init__(self, rng: Rng) -> None:
        self._state = rng.state

    @property
    def rng(self) -> Rng:
        """The generator after the dice rolled so far."""
        return Rng(self._state)

    def die(self, sides: int) -> int:
        value, self._state = _die(self._state, sides)
        return value

    def roll(self, notation: str) -> Roll:
        spec, text = _parse(notation)
        dice = tuple(self.die(spec.sides) for _ in range(spec.count))
        return Roll(text, dice, sum(dice) * spec.multiplier + spec.bonus)


@frozen
class ChanceOutcome:
    """One possible result of a chance node, with its probability and meaning."""

    value: int
    probability: Fraction
    effect: str


@frozen
class Chance:
    """The possible outcomes of a roll a decision would make (OpenSpiel's chance node)."""

    notation: str
    outcomes: tuple[ChanceOutcome, ...]

    @classmethod
    def table(cls, notation: str, effects: Mapping[int, str]) -> Chance:
        """Distribution of ``notation`` labelled by a table of effects."""
        dist = DiceSpec.parse(notation).distribution()
        outcomes = tuple(ChanceOutcome(v, p, effects.get(v, "")) for v, p in dist.items())
        return cls(notation, outcomes)

    def expectation(self, value_of: Mapping[int, float]) -> float:
        """Expected value of a function given as a mapping from outcome to value."""
        return float(sum(o.probability * Fraction(value_of.get(o.value, 0.0))
                         for o in self.outcomes))


@frozen
class Check:
    """A GURPS 3d6 roll-under success roll."""

    roll: int
    skill: int
    success: bool
    critical: bool

    @property
    def margin(self) -> int:
        """Margin of success (negative: margin of failure)."""
        return self.skill - self.roll


def gurps_check(roll: int, skill: int) -> Check:
    """Judge a 3d6 roll against an effective skill by the GURPS rules.

    3 and 4 always succeed and 17 and 18 always fail, whatever the skill.
    """
    if roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16):
        return Check(roll, skill, True, True)
    if roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10:
        return Check(roll, skill, False, True)
    # 17 (and 18) always fail, however high the skill (Basic Set p. B348).
    return Check(roll, skill, roll <= skill and roll < 17, False)


def roll_under(roller: Roller, skill: int) -> Check:
    """Roll 3d6 against ``skill``."""
    return gurps_check(roller.roll("3d6").total, skill)
