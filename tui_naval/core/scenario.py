"""Scenarios: a map, a ruleset, the ships' classes and a seed make a starting state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui_naval.core.grid import GridKind
from tui_naval.core.maps import MapSpec, ShipSlot, parse_map
from tui_naval.core.messages import clip, listing, one_line, quoted
from tui_naval.core.state import evolved
from tui_naval.core.values import frozen

if TYPE_CHECKING:
    from tui_naval.core.ruleset import Ruleset
    from tui_naval.core.state import GameState


class ScenarioError(ValueError):
    """A scenario that cannot be set up (wrong grid, unknown ship class...)."""


@frozen
class Setup:
    """Everything needed to rebuild a game's first state; stored in saves.

    The map's text is kept, not its name, so a save replays even if the map
    file changes or is gone.
    """

    ruleset: str
    map_name: str
    map_text: str
    grid: GridKind
    seed: int
    #: Ship classes chosen instead of the map's defaults: (ship id, class key).
    fleet: tuple[tuple[str, str], ...] = ()
    #: Optional rules chosen (the ruleset's ``RuleOption``s): (key, value).
    options: tuple[tuple[str, str], ...] = ()
    #: Ships that come into this battle worn from an earlier one (a voyage): (ship id,
    #: ((part key, have)...)), set on the fresh ships by ``Ruleset.worn``.
    condition: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()


@frozen
class Scenario:
    """A parsed setup, handed to ``Ruleset.setup``."""

    map: MapSpec
    grid: GridKind
    seed: int
    #: Every ship's starting slot with its class resolved.
    ships: tuple[ShipSlot, ...]
    #: Optional rules chosen: (key, value); a rule not named takes its default.
    options: tuple[tuple[str, str], ...] = ()

    def option(self, key: str, default: str = "off") -> str:
        return dict(self.options).get(key, default)


def scenario_from(setup: Setup, known_classes: tuple[str, ...]) -> Scenario:
    """Parse a setup's map and resolve its ships' classes for a ruleset."""
    spec = parse_map(setup.map_text, f"{setup.map_name}.map", setup.map_name)
    if setup.grid not in spec.grids:
        allowed = ", ".join(g.value for g in spec.grids)
        raise ScenarioError(f"map {spec.name} is not drawn for the {setup.grid.value} grid "
                            f"(it allows: {allowed})")
    chosen = dict(setup.fleet)
    ids = {s.id for s in spec.ships}
    for ship_id in chosen:
        if ship_id not in ids:
            raise ScenarioError(f"map {spec.name} has no ship {quoted(ship_id)}")
    ships = []
    for slot in spec.ships:
        kind = chosen.get(slot.id) or slot.kind or known_classes[0]
        if kind not in known_classes:
            raise ScenarioError(one_line(f"ship {slot.id}: unknown class {quoted(kind)} for "
                                         f"{setup.ruleset} (known: {listing(known_classes)})"))
        ships.append(ShipSlot(slot.id, slot.side, slot.cell, slot.facing, kind))
    return Scenario(spec, setup.grid, setup.seed, tuple(ships), setup.options)


def start_state(ruleset: Ruleset[Any], setup: Setup) -> GameState:
    """The first state of a game (raises MapError or ScenarioError on a bad setup)."""
    scenario = scenario_from(setup, tuple(ruleset.ship_classes()))
    known = {option.key: option for option in ruleset.info.options}
    for key, value in setup.options:
        if key not in known:
            raise ScenarioError(f"{ruleset.title} has no optional rule {quoted(key)}"
                                + (f" (it has: {listing(known)})" if known else ""))
        if value not in known[key].choices:
            raise ScenarioError(f"optional rule {key}: {quoted(value)} is not one of "
                                f"{listing(known[key].choices)}")
    if setup.grid not in ruleset.grids:
        raise ScenarioError(f"{ruleset.title} is not played on a {setup.grid.value} grid")
    if scenario.map.goal.kind not in ruleset.goals:
        raise ScenarioError(f"{ruleset.title} has no {scenario.map.goal.kind} game "
                            f"(map {scenario.map.name})")
    state: GameState = ruleset.setup(scenario)
    if setup.condition:
        state = _worn(ruleset, state, setup.condition)
    return state


def _worn(ruleset: Ruleset[Any], state: GameState,
          condition: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]) -> GameState:
    """The first state with the ships that come in worn set to their parts, run on to its
    first decision again."""
    ids = {ship.id for ship in state.ships}
    for ship_id, parts in condition:
        if ship_id not in ids:
            raise ScenarioError(f"the worn ship {quoted(ship_id)} is not on the map")
        keys = {part.key for part in ruleset.wear(state.ship(ship_id))}
        unknown = [key for key, _ in parts if key not in keys]
        if unknown:
            raise ScenarioError(f"ship {ship_id} has no part {quoted(unknown[0])} in "
                                f"{ruleset.title}")
        state = state.with_ship(ruleset.worn(state.ship(ship_id), dict(parts)))
    advanced: GameState = ruleset.advance(state)
    # The setup's own events (the wind drawn, the game's goal) stay the first state's.
    return evolved(advanced, events=(*state.events, *advanced.events))


def unplayable_reason(ruleset: Ruleset[Any], spec: MapSpec) -> str | None:
    """Why a ruleset cannot play a map (made for others, goal, grids or ship classes), or
    None if it can."""
    info = ruleset.info
    if spec.rulesets and not {info.id, *info.aliases} & set(spec.rulesets):
        return f"it is made for {listing(spec.rulesets)}, not {ruleset.title}"
    if spec.goal.kind not in ruleset.goals:
        return f"{ruleset.title} has no {spec.goal.kind} game"
    if not any(g in ruleset.grids for g in spec.grids):
        return f"{ruleset.title} is not played on {', '.join(g.value for g in spec.grids)}"
    classes = ruleset.ship_classes()
    unknown = sorted({s.kind for s in spec.ships if s.kind and s.kind not in classes})
    if unknown:
        return f"{ruleset.title} has no ship class {listing(clip(k) for k in unknown)}"
    # A ruleset's own conditions (number of sides, map options); a map option it cannot
    # read (a bad ``#!`` line) makes the map unplayable for it, with the reason.
    try:
        return ruleset.unplayable(spec)
    except ScenarioError as exc:
        return one_line(str(exc)) or f"{ruleset.title} cannot read map {spec.name}"


def playable_maps(ruleset: Ruleset[Any], specs: list[MapSpec],
                  prefer: str = "") -> list[MapSpec]:
    """The maps a ruleset can play, ``prefer`` first, then by name."""
    out = [spec for spec in specs if unplayable_reason(ruleset, spec) is None]
    return sorted(out, key=lambda s: (s.name != prefer, s.name))
