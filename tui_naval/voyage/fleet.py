"""The voyage's ships between battles: their worn parts, their worth, and the ruleset's
classes ranked by strength (for an enemy that rises leg by leg)."""

from __future__ import annotations

from functools import cache
from typing import Any

from tui_naval.core.mapgen import Muster, generate, map_name, profile
from tui_naval.core.ruleset import PART_KEYS, Part, Ruleset
from tui_naval.core.scenario import Setup, start_state
from tui_naval.core.state import GoalKind
from tui_naval.core.values import frozen
from tui_naval.rulesets import find_entry, load

#: Gold to mend each kind of part from nothing to full (a part half gone costs half).
MEND_PRICE = {"hull": 60, "rigging": 30, "masts": 40, "guns": 40, "crew": 30, "strain": 50}
#: The words a port uses for mending each part.
MEND_WORD = {"hull": "Repair the hull", "rigging": "Refit the rigging",
             "masts": "Step new masts", "guns": "Mount new guns", "crew": "Hire crew",
             "strain": "Careen and refasten (Strain)"}


@frozen
class Vessel:
    """A ship of the player's fleet, or a prize: her class, name and worn parts."""

    kind: str
    name: str
    #: Each part's (key, have, full), in ``PART_KEYS`` order.
    parts: tuple[tuple[str, int, int], ...]

    def have(self, key: str) -> int:
        for part, have, _ in self.parts:
            if part == key:
                return have
        raise KeyError(key)

    def soundness(self) -> float:
        """Her parts' mean share of full (1.0: as built)."""
        shares = [have / full for _, have, full in self.parts if full > 0]
        return sum(shares) / len(shares) if shares else 1.0

    def with_part(self, key: str, have: int) -> Vessel:
        parts = tuple((k, max(0, min(full, have)) if k == key else h, full)
                      for k, h, full in self.parts)
        return Vessel(self.kind, self.name, parts)

    def condition(self) -> tuple[tuple[str, int], ...]:
        """Her parts as ``Setup.condition`` takes them."""
        return tuple((key, have) for key, have, _ in self.parts)


def part_text(key: str, have: int, full: int) -> str:
    """A part as the player reads it: "hull 40/60"; Strain as the Strain taken."""
    if key == "strain":
        return f"Strain {full - have} (sinks at {full})"
    return f"{key} {have}/{full}"


def vessel_of(ruleset: Ruleset[Any], ship: Any) -> Vessel:
    """A ship of a battle's state as the voyage keeps her."""
    parts: tuple[Part, ...] = ruleset.wear(ship)
    ordered = sorted(parts, key=lambda p: PART_KEYS.index(p.key))
    return Vessel(ship.kind, ship.name or ship.kind, tuple((p.key, p.have, p.full)
                                                           for p in ordered))


def mend_cost(vessel: Vessel, key: str, points: int | None = None) -> int:
    """Gold to mend ``points`` of a part (all that is missing by default); at least 1."""
    for part, have, full in vessel.parts:
        if part == key:
            missing = full - have if points is None else min(points, full - have)
            return max(1, -(-MEND_PRICE[key] * missing // full))
    raise KeyError(key)


def points_for(vessel: Vessel, key: str, gold: int) -> int:
    """How many points of a part ``gold`` mends (0 if not even one)."""
    for part, have, full in vessel.parts:
        if part == key:
            return max(p for p in range(full - have + 1) if p == 0 or mend_cost(vessel, key, p)
                       <= gold)
    raise KeyError(key)


@frozen
class Classes:
    """A ruleset's classes for a voyage: the player's side's and the enemy's, each ranked
    weakest first, and each class's strength (0..1) and fresh parts."""

    ours: tuple[str, ...]
    theirs: tuple[str, ...]
    strength: tuple[tuple[str, float], ...]
    fresh: tuple[tuple[str, Vessel], ...]

    def of(self, kind: str) -> float:
        return dict(self.strength)[kind]

    def new(self, kind: str) -> Vessel:
        return dict(self.fresh)[kind]


def classes_of(ruleset: Ruleset[Any]) -> Classes:
    """The ruleset's classes ranked by strength: the mean, over hull, guns, masts and crew
    (those the classes differ in), of each class's share of the largest figure any class
    has (class order breaks ties)."""
    return _classes(ruleset.name)


@cache
def _classes(name: str) -> Classes:
    ruleset = load(find_entry(name))
    prof = profile(ruleset)
    declared = list(ruleset.ship_classes())
    own = [tuple(k for k in dict.fromkeys(fleet) if k in declared) for fleet in prof.fleets]
    separate = len(own) >= 2 and all(own[:2]) and not set(own[0]) & set(own[1])
    ours = tuple(k for k in declared if k in own[0]) if separate else tuple(declared)
    theirs = tuple(k for k in declared if k in own[1]) if separate else tuple(declared)
    fresh = {**_fresh(ruleset, ours, 0, theirs[0]), **_fresh(ruleset, theirs, 1, ours[0])}
    figures = {key: [dict((k, f) for k, _, f in v.parts).get(key, 0) for v in fresh.values()]
               for key in ("hull", "guns", "masts", "crew")}
    # A figure every class has alike (crew counted as readiness) tells them nothing apart.
    tops = {key: max(values) for key, values in figures.items() if len(set(values)) > 1}
    strength = {}
    for kind, vessel in fresh.items():
        fulls = {k: f for k, _, f in vessel.parts}
        shares = [fulls.get(key, 0) / top for key, top in tops.items() if top > 0]
        strength[kind] = sum(shares) / len(shares) if shares else 0.5

    def ranked(kinds: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(kinds, key=lambda k: (strength[k], declared.index(k))))

    return Classes(ranked(ours), ranked(theirs), tuple(strength.items()), tuple(fresh.items()))


def _fresh(ruleset: Ruleset[Any], kinds: tuple[str, ...], side: int, other: str
           ) -> dict[str, Vessel]:
    """A fresh ship of each class of a side, from a sea the map generator musters her on
    (facing a ship of ``other`` class)."""
    game = GoalKind.BATTLE if GoalKind.BATTLE in ruleset.goals else ruleset.goals[0]
    name = profile(ruleset).sides[side]
    out: dict[str, Vessel] = {}
    for kind in kinds:
        fleets = ((kind,), (other,)) if side == 0 else ((other,), (kind,))
        text = generate(ruleset, 1, None, Muster(game, fleets, title="Muster"))
        state = start_state(ruleset, Setup(ruleset.name, map_name(1), text, ruleset.grids[0], 1))
        out[kind] = vessel_of(ruleset, next(s for s in state.ships if s.side == name))
    return out
