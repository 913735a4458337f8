"""Scenario options a Kyngesreach map carries in ``#!`` comment lines.

The core map format has no keys for crews or magic yet, and it skips comment
lines, so a map's header may carry, one per line::

    #! magic: SIDE [STRENGTH [SKILL [NAME...]]]   a side's wind-mage (the magical wind)
    #! crew: SHIP SKILL=N ...                      weather, seamanship, tactics, gunner
    #! name: SHIP NAME...                          a ship's name

Other rulesets read these lines as the comments they are.
"""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.maps import MapSpec, text_lines, whole_number
from tui_naval.core.messages import clip, listing, one_line, quoted
from tui_naval.core.scenario import ScenarioError
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.kyngesreach.gunnery import SKILL_NAMES, SKILL_RANGE, Skills


@frozen
class Mage:
    """A side's wind-worker (the wind gauge's magical wind option): strength and skill."""

    side: str
    strength: int = 1
    skill: int = 12
    name: str = "the ship's wind-mage"



@frozen
class MapOptions:
    magic: tuple[Mage, ...] = ()
    crews: tuple[tuple[str, Skills], ...] = ()
    names: tuple[tuple[str, str], ...] = ()


def _fail(where: str, problem: str) -> ScenarioError:
    return ScenarioError(one_line(f"{where}: {problem}"))


def _number(text: str, where: str, low: int, high: int) -> int:
    value = whole_number(text)
    if value is None:
        raise _fail(where, f"{quoted(text)} is not a whole number")
    if not low <= value <= high:
        raise _fail(where, f"{clip(text)} must be between {low} and {high}")
    return value


def read_options(text: str, source: str, ship_ids: tuple[str, ...],
                 sides: tuple[str, ...]) -> MapOptions:
    """The ``#!`` options of a map's header; ScenarioError (FILE:LINE: ...) on a bad one.
    Lines are counted as the map's parser counts them (``core.maps.text_lines``)."""
    magic: list[Mage] = []
    crews: dict[str, Skills] = {}
    names: dict[str, str] = {}
    for number, raw in text_lines(text):
        line = raw.strip()
        if line.lower().startswith("map:"):
            break
        if not line.startswith("#!"):
            continue
        where = f"{source}:{number}"
        key, sep, value = line[2:].partition(":")
        key, words = key.strip().lower(), value.split()
        if not sep or not words:
            raise _fail(where, "expected '#! KEY: VALUE' (keys: magic, crew, name)")
        if key == "magic":
            side = words[0].lower()
            if side not in sides:
                raise _fail(where, f"no side {quoted(side)} (sides: {listing(sides)})")
            if any(m.side == side for m in magic):
                raise _fail(where, f"side {side} already has a wind-mage")
            strength = _number(words[1], where, 1, 10) if len(words) > 1 else 1
            skill = _number(words[2], where, *SKILL_RANGE) if len(words) > 2 else 12
            name = " ".join(words[3:]) or Mage(side).name
            magic.append(Mage(side, strength, skill, name))
        elif key in ("crew", "name"):
            ship = words[0]
            if ship not in ship_ids:
                raise _fail(where, f"no ship {quoted(ship)} in this map")
            if key == "name":
                names[ship] = " ".join(words[1:]) or ship
                continue
            skills = crews.get(ship, Skills.default())
            for word in words[1:]:
                which, eq, n = word.partition("=")
                which = which.lower()
                if not eq or which not in SKILL_NAMES:
                    raise _fail(where, f"expected SKILL=N with SKILL one of "
                                f"{', '.join(SKILL_NAMES)}, got {quoted(word)}")
                skills = evolve(skills, **{which: _number(n, where, *SKILL_RANGE)})
            crews[ship] = skills
        else:
            raise _fail(where, f"unknown option {quoted(key)} (known: magic, crew, name)")
    return MapOptions(tuple(magic), tuple(crews.items()), tuple(names.items()))


def map_options(spec: MapSpec) -> MapOptions:
    """A map's ``#!`` options (``read_options`` of its text, errors naming its file)."""
    return read_options(spec.text, spec.source or f"{spec.name}.map",
                        tuple(s.id for s in spec.ships), spec.sides)


def refuse_magic(spec: MapSpec, title: str) -> str | None:
    """Why a ruleset (``title``) whose initiative is not the wind gauge cannot play a map
    with a ``#! magic`` line, or None: the magical wind is the wind gauge's option."""
    if map_options(spec).magic:
        return (f"map {spec.name}: the magical wind is Kyngesreach's wind-gauge option and "
                f"is not played in {title}")
    return None
