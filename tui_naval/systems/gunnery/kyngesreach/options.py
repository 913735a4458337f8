"""Scenario options a Kyngesreach map carries in ``#!`` comment lines.

The core map format has no keys for crews or magic yet, and it skips comment
lines, so a map's header may carry, one per line::

    #! magic: SIDE [STRENGTH [SKILL [NAME...]]]   a side's wind-mage (the magical wind)
    #! crew: SHIP SKILL=N ...                      weather, seamanship, tactics, gunner
    #! name: SHIP NAME...                          a ship's name

Other rulesets read these lines as the comments they are.
"""

from __future__ import annotations

from attrs import evolve, frozen

from tui_naval.core.scenario import ScenarioError
from tui_naval.systems.gunnery.kyngesreach.gunnery import SKILL_NAMES, Skills


@frozen
class Mage:
    """A side's wind-worker (the wind gauge's magical wind option): strength and skill."""

    side: str
    strength: int = 1
    skill: int = 12
    name: str = "the ship's wind-mage"

SKILL_RANGE = (3, 20)


@frozen
class MapOptions:
    magic: tuple[Mage, ...] = ()
    crews: tuple[tuple[str, Skills], ...] = ()
    names: tuple[tuple[str, str], ...] = ()


def _number(text: str, where: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ScenarioError(f"{where}: {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise ScenarioError(f"{where}: {value} must be between {low} and {high}")
    return value


def read_options(text: str, source: str, ship_ids: tuple[str, ...],
                 sides: tuple[str, ...]) -> MapOptions:
    """The ``#!`` options of a map's header; ScenarioError (FILE:LINE: ...) on a bad one."""
    magic: list[Mage] = []
    crews: dict[str, Skills] = {}
    names: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.lower().startswith("map:"):
            break
        if not line.startswith("#!"):
            continue
        where = f"{source}:{number}"
        key, sep, value = line[2:].partition(":")
        key, words = key.strip().lower(), value.split()
        if not sep or not words:
            raise ScenarioError(f"{where}: expected '#! KEY: VALUE' (keys: magic, crew, name)")
        if key == "magic":
            side = words[0].lower()
            if side not in sides:
                raise ScenarioError(f"{where}: no side {side!r} (sides: {', '.join(sides)})")
            if any(m.side == side for m in magic):
                raise ScenarioError(f"{where}: side {side} already has a wind-mage")
            strength = _number(words[1], where, 1, 10) if len(words) > 1 else 1
            skill = _number(words[2], where, *SKILL_RANGE) if len(words) > 2 else 12
            name = " ".join(words[3:]) or Mage(side).name
            magic.append(Mage(side, strength, skill, name))
        elif key in ("crew", "name"):
            ship = words[0]
            if ship not in ship_ids:
                raise ScenarioError(f"{where}: no ship {ship!r} in this map")
            if key == "name":
                names[ship] = " ".join(words[1:]) or ship
                continue
            skills = crews.get(ship, Skills.default())
            for word in words[1:]:
                which, eq, n = word.partition("=")
                which = which.lower()
                if not eq or which not in SKILL_NAMES:
                    raise ScenarioError(f"{where}: expected SKILL=N with SKILL one of "
                                        f"{', '.join(SKILL_NAMES)}, got {word!r}")
                skills = evolve(skills, **{which: _number(n, where, *SKILL_RANGE)})
            crews[ship] = skills
        else:
            raise ScenarioError(f"{where}: unknown option {key!r} (known: magic, crew, name)")
    return MapOptions(tuple(magic), tuple(crews.items()), tuple(names.items()))
