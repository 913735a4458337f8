"""A game from a player's choices: the ruleset, the map (a file, a generated sea or the
ruleset's own), the grid, the seed, the optional rules and the players.

The command line, the new-game screen, the tutorial, the server's duels and the
benchmarks all build their games here.  A choice that cannot be played is a
``SetupError``: one line for the player, never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.ai.players import UnknownPlayer, make_player
from tui_naval.app.scripts import ScriptError
from tui_naval.core.controller import Player
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError, MapSpec, available_maps, load_map
from tui_naval.core.messages import one_line
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.saves import SaveError, state_digest
from tui_naval.core.scenario import ScenarioError, Setup, playable_maps, unplayable_reason
from tui_naval.rulesets import UnknownRuleset, find_entry, find_ruleset

#: The map of a game whose player names none, for the default ruleset.
DEFAULT_MAP = "channel-race"
#: The seed of a headless game that names none (a screen's games draw a random one).
DEFAULT_SEED = 1


class SetupError(Exception):
    """A choice that cannot be played: one line for the player."""


#: Every error a player's input can cause, each said in one line.
PLAYER_ERRORS: tuple[type[Exception], ...] = (
    SetupError, MapError, ScenarioError, SaveError, UnknownRuleset, UnknownPlayer,
    IllegalOrder, ScriptError)


def default_map(ruleset: Ruleset[Any]) -> str:
    """The map a ruleset opens on when none is named (see ``default_map_spec``)."""
    return default_map_spec(ruleset).name


def default_map_spec(ruleset: Ruleset[Any]) -> MapSpec:
    """The map a ruleset opens on when none is named, read: its preferred map when it can
    play it (read alone, as at every launch), else the first playable map by name."""
    prefer = find_entry(ruleset.name).default_map
    if prefer:
        try:
            spec = load_map(prefer)
        except MapError:
            pass
        else:
            if spec.name == prefer and unplayable_reason(ruleset, spec) is None:
                return spec
    specs = []
    for path in available_maps():
        try:
            specs.append(load_map(str(path)))
        except MapError:
            continue
    maps = playable_maps(ruleset, specs, prefer=prefer)
    if not maps:
        raise SetupError(f"no map is playable with {ruleset.title}")
    return maps[0]


def new_game(ruleset_name: str, map_name: str | None, seed: int, grid: str | None,
             options: tuple[tuple[str, str], ...] = ()) -> Game:
    """A new game from names, as the command line and the new-game screen give them."""
    ruleset = find_ruleset(ruleset_name)
    return game_on_map(ruleset, map_for(ruleset, map_name, seed, grid), seed, grid, options)


def map_for(ruleset: Ruleset[Any], map_name: str | None, seed: int, grid: str | None) -> MapSpec:
    """The map a name asks for: a map file, a generated sea (``random``: drawn from the
    game's seed; ``random:SEED``), or with no name the ruleset's default map."""
    if not map_name:
        return default_map_spec(ruleset)
    from tui_naval.core import mapgen  # (only for a name that may be a generated sea)

    map_seed = mapgen.map_seed(map_name, seed)
    if map_seed is None:
        return load_map(map_name)
    return mapgen.generate_spec(ruleset, map_seed, GridKind(grid) if grid else None)


def game_on_map(ruleset: Ruleset[Any], spec: MapSpec, seed: int, grid: str | None,
                options: tuple[tuple[str, str], ...] = ()) -> Game:
    """``new_game`` on a map already read (SetupError if the ruleset cannot play it)."""
    reason = unplayable_reason(ruleset, spec)
    if reason:
        raise SetupError(f"map {spec.name}: {reason}")
    kind = GridKind(grid) if grid else next((g for g in spec.grids if g in ruleset.grids),
                                             spec.grids[0])
    setup = Setup(ruleset.name, spec.name, spec.text, kind, seed, options=options)
    return Game(ruleset, setup)


def rule_options(ruleset: Ruleset[Any], words: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """``KEY=VALUE`` words checked against the ruleset's optional rules."""
    known = {option.key: option for option in ruleset.info.options}
    out: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key, value = key.strip().lower(), value.strip().lower()
        if not sep or key not in known:
            have = ", ".join(f"{k}={'|'.join(o.choices)}" for k, o in known.items())
            raise SetupError(f"--option {one_line(word)[:40]!r}: {ruleset.title} has "
                             + (f"these optional rules: {have}" if have
                                else "no optional rules"))
        if value not in known[key].choices:
            raise SetupError(f"--option {key}: {one_line(value)[:20]!r} is not one of "
                             f"{', '.join(known[key].choices)}")
        out[key] = value
    return tuple(sorted(out.items()))


def players_for(game: Game, names: str) -> dict[str, Player]:
    """Players for each side from "A,B" (one name: every side plays it), each handed the
    game's ruleset."""
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if not wanted:
        raise SetupError("--players needs at least one name")
    sides = game.state.sides
    return {side: make_player(wanted[i % len(wanted)], game.ruleset)
            for i, side in enumerate(sides)}


def chosen_side(game: Game, side: str | None) -> str:
    """The side a player chose (the map's first when none); SetupError if the map has no
    such side."""
    sides = game.state.sides
    chosen = side or sides[0]
    if chosen not in sides:
        raise SetupError(f"no side {chosen!r} on this map (sides: {', '.join(sides)})")
    return chosen


def summary_line(game: Game) -> str:
    """The last line of a headless game: its outcome (or turn), length and state digest."""
    state = game.state
    status = str(state.outcome) if state.outcome else f"game continues, turn {state.turn}"
    return f"RESULT {status} | turn {state.turn} | orders {len(game.orders)} | " \
           f"digest {state_digest(state)}"
