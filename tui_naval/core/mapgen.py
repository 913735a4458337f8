"""Procedural seas: seeded maps (islands, coasts, shoals, buoys, the fleets' starts) for any
ruleset and grid, written as map-file text so everything downstream (saves too) reads them
as it reads a map file.

A ruleset's sea follows its own default map: the scale, the turn limit, the size in cells,
the sides and, where its sides sail ships of their own (Salamis' Greeks and Persians), each
side's classes; where sides share classes all get the same random mix (and a third navy
now and then, where the ruleset plays three).  Every map made is
checked playable before it is handed out: the ruleset can play it and set it up on every
grid listed, open water joins all the fleets, a race's buoys are reachable with sea all
round them, a chase's quarry can reach its edge.  A failed draw is drawn again from the
next sub-seed, so a seed always gives the same map.  ``random.Random`` is used here only:
this is map making, not the game's dice.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.maps import MapError, MapSpec, load_map, parse_map
from tui_naval.core.scenario import ScenarioError, Setup, start_state, unplayable_reason
from tui_naval.core.state import GoalKind, Terrain
from tui_naval.core.values import frozen

if TYPE_CHECKING:
    from tui_naval.core.ruleset import Ruleset

#: The map name that asks for a generated sea (``random`` or ``random:SEED``).
RANDOM = "random"
#: Draws tried for one seed before giving up (a draw fails rarely: a buoy with no room).
MAX_ATTEMPTS = 60
_SEA, _LAND, _SHOAL = "~", "#", ":"
_SEED = re.compile(r"[+-]?[0-9]{1,20}")
_FACE_INTO = {"W": "E", "E": "W", "N": "S", "S": "N"}


@frozen
class Profile:
    """What a ruleset's seas are like, read from its default map."""

    scale: int = 4
    turns: int = 40
    width: int = 30
    height: int = 20
    sides: tuple[str, ...] = ("blue", "red")
    #: Each side's ship classes on the default map (empty: none given).
    fleets: tuple[tuple[str, ...], ...] = ()
    #: Whether the map says each fleet's entry edge (the ``enters`` key).
    enters: bool = False


@frozen
class Muster:
    """An encounter asked for (a voyage's leg) instead of a drawn one: the game, each of
    the two sides' ship classes (the first side's first ship, ``<X>1``, is the player's), for
    a chase the side that runs, and the sea's title."""

    game: str
    fleets: tuple[tuple[str, ...], tuple[str, ...]]
    quarry: int = 0
    title: str = ""
    #: The turn limit (0: the ruleset's own).
    turns: int = 0


def profile(ruleset: Ruleset[Any]) -> Profile:
    """The ruleset's default map read as a profile (the plain defaults if it has none)."""
    try:
        spec = load_map(ruleset.info.default_map) if ruleset.info.default_map else None
    except MapError:
        spec = None
    if spec is None:
        return Profile()
    fleets = tuple(tuple(s.kind for s in spec.ships if s.side == side and s.kind)
                   for side in spec.sides[:2])
    return Profile(scale=spec.scale, turns=spec.goal.turns, width=spec.width,
                   height=spec.height, sides=spec.sides[:2], fleets=fleets,
                   enters=any(key == "enters" for key, _ in spec.options))


def map_seed(name: str, game_seed: int) -> int | None:
    """The map seed a ``--map`` value asks for: ``random`` takes the game's seed,
    ``random:SEED`` its own; None for any other map name (MapError on a bad seed)."""
    word = name.strip().lower()
    if word == RANDOM:
        return game_seed
    if not word.startswith(RANDOM + ":"):
        return None
    digits = word.partition(":")[2].strip()
    if not _SEED.fullmatch(digits) or abs(seed := int(digits)) >= 2 ** 64:
        raise MapError(f"bad map seed in {name[:40]!r}: use random or random:SEED (a whole "
                       "number between -2**64 and 2**64)")
    return seed


def map_name(seed: int) -> str:
    """A generated map's name."""
    return f"{RANDOM}-{seed}"


def generate(ruleset: Ruleset[Any], seed: int, grid: GridKind | None = None,
             muster: Muster | None = None) -> str:
    """A playable map's text for a ruleset, the same for the same seed; ``grid`` is listed
    first (the default grid), the sea is the same on every grid; ``muster`` sets the game
    and the fleets.  MapError if none is found."""
    if grid is not None and grid not in ruleset.grids:
        raise MapError(f"{ruleset.title} is not played on a {grid.value} grid")
    grids = (*([grid] if grid else []), *(g for g in ruleset.grids if g != grid))
    prof = profile(ruleset)
    name = map_name(seed)
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{seed}/{attempt}")
        text = _draw(ruleset, prof, rng, seed, grids, muster)
        if text is not None and problem(ruleset, text, name) is None:
            return text
    raise MapError(f"no playable sea found for seed {seed} with {ruleset.title}")


def generate_spec(ruleset: Ruleset[Any], seed: int, grid: GridKind | None = None) -> MapSpec:
    """``generate``, read."""
    name = map_name(seed)
    return parse_map(generate(ruleset, seed, grid), f"{name}.map", name)


# -- checking -----------------------------------------------------------------------

def problem(ruleset: Ruleset[Any], text: str, name: str = "random") -> str | None:
    """Why a map's text is not a fair sea for the ruleset, or None: it reads, the ruleset
    plays and sets it up on every grid listed, open water joins every ship, and a race's
    buoys (or a chase's escape edge) can be reached."""
    try:
        spec = parse_map(text, f"{name}.map", name)
    except MapError as exc:
        return str(exc)
    reason = unplayable_reason(ruleset, spec)
    if reason:
        return reason
    for kind in spec.grids:
        try:
            start_state(ruleset, Setup(ruleset.name, name, text, kind, 1))
        except (MapError, ScenarioError) as exc:
            return f"{kind.value}: {exc}"
        found = _sea_problem(spec, Grid(kind, spec.width, spec.height))
        if found:
            return f"{kind.value}: {found}"
    return None


def _sea_problem(spec: MapSpec, grid: Grid) -> str | None:
    def sea(cell: Cell) -> bool:
        return spec.terrain[cell.row][cell.col] == Terrain.SEA.value

    reached = _flood(grid, spec.ships[0].cell, sea)
    cut_off = [s.id for s in spec.ships if s.cell not in reached]
    if cut_off:
        return f"no open water from {spec.ships[0].id} to {', '.join(cut_off)}"
    if spec.goal.kind == GoalKind.RACE:
        for mark in spec.marks:
            if mark.cell not in reached:
                return f"buoy {mark.label} cannot be reached"
            if not all(sea(c) for c in grid.neighbours(mark.cell)):
                return f"buoy {mark.label} has no sea room"
    if spec.goal.kind == GoalKind.CHASE and not any(
            grid.edge_of(n) == spec.goal.escape
            for c in reached for n in (grid.neighbour(c, f) for f in range(grid.points))):
        return f"the quarry cannot reach the {spec.goal.escape} edge"
    return None


def _flood(grid: Grid, start: Cell, passable: Any) -> set[Cell]:
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        for nxt in grid.neighbours(cell):
            if nxt not in seen and passable(nxt):
                seen.add(nxt)
                todo.append(nxt)
    return seen


# -- drawing ------------------------------------------------------------------------

class _Sea:
    """The terrain being drawn: rows of characters."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[_SEA] * width for _ in range(height)]

    def inside(self, col: int, row: int) -> bool:
        return 0 <= col < self.width and 0 <= row < self.height

    def get(self, col: int, row: int) -> str:
        return self.rows[row][col]

    def put(self, col: int, row: int, ch: str) -> None:
        if self.inside(col, row):
            self.rows[row][col] = ch

    def around(self, col: int, row: int, reach: int) -> Iterable[str]:
        for r in range(row - reach, row + reach + 1):
            for c in range(col - reach, col + reach + 1):
                if self.inside(c, r):
                    yield self.rows[r][c]

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.rows)


def _island(sea: _Sea, rng: random.Random, cx: float, cy: float, rx: float, ry: float,
            ch: str = _LAND) -> None:
    """A rough ellipse of land (or shoal)."""
    for row in range(int(cy - ry) - 1, int(cy + ry) + 2):
        for col in range(int(cx - rx) - 1, int(cx + rx) + 2):
            d = ((col - cx) / rx) ** 2 + ((row - cy) / ry) ** 2
            if sea.inside(col, row) and d <= 1.0 + rng.uniform(-0.35, 0.35):
                sea.put(col, row, ch)


def _coast(sea: _Sea, rng: random.Random, edge: str) -> None:
    """Land along an edge, its depth a random walk of up to a sixth of the board."""
    along = sea.width if edge in "NS" else sea.height
    across = sea.height if edge in "NS" else sea.width
    deepest = max(1, across // 6)
    depth = rng.randint(0, deepest)
    for i in range(along):
        depth = min(deepest, max(0, depth + rng.choice((-1, 0, 0, 1))))
        for j in range(depth):
            k = j if edge in "NW" else across - 1 - j
            if edge in "NS":
                sea.put(i, k, _LAND)
            else:
                sea.put(k, i, _LAND)


def _shoals(sea: _Sea, rng: random.Random) -> None:
    """Shallows round some of the land."""
    near = [(c, r) for r in range(sea.height) for c in range(sea.width)
            if sea.get(c, r) == _SEA and _LAND in sea.around(c, r, 1)]
    for col, row in near:
        if rng.random() < 0.35:
            sea.put(col, row, _SHOAL)


def _clear(sea: _Sea, edge: str, band: int) -> None:
    """Open water along an edge where a fleet starts."""
    for row in range(sea.height):
        for col in range(sea.width):
            if ((edge == "W" and col < band) or (edge == "E" and col >= sea.width - band)
                    or (edge == "N" and row < band) or (edge == "S" and row >= sea.height - band)):
                sea.put(col, row, _SEA)


def _line_up(sea: _Sea, edge: str, count: int, depth: int, spacing: int) -> list[Cell]:
    """``count`` cells in a line ``depth`` cells in from an edge, centred along it, every
    ``spacing`` cells, staggered one cell in and out."""
    along = sea.height if edge in "WE" else sea.width
    spacing = max(1, min(spacing, (along - 2) // max(1, count)))
    first = along // 2 - spacing * (count - 1) // 2
    out = []
    for i in range(count):
        pos = first + i * spacing
        inset = depth + i % 2
        if edge == "W":
            out.append(Cell(inset, pos))
        elif edge == "E":
            out.append(Cell(sea.width - 1 - inset, pos))
        elif edge == "N":
            out.append(Cell(pos, inset))
        else:
            out.append(Cell(pos, sea.height - 1 - inset))
    return out


def _fleets(ruleset: Ruleset[Any], prof: Profile, rng: random.Random, sides: int,
            most: int) -> list[list[str]]:
    """Each side's ship classes: drawn from its own classes when the default map gives
    the sides classes of their own, else one random mix both sides sail."""
    classes = list(ruleset.ship_classes())
    own = [[k for k in fleet if k in classes] for fleet in prof.fleets]
    separate = (len(own) >= sides and all(own[:sides])
                and not set(own[0]).intersection(*map(set, own[1:sides])))
    count = rng.randint(1, most)
    if separate:
        return [[rng.choice(sorted(set(own[i]))) for _ in range(count)] for i in range(sides)]
    mix = [rng.choice(classes) for _ in range(count)]
    return [list(mix) for _ in range(sides)]


#: Whether each ruleset (by name) plays battles of three sides.
_THREE_SIDES: dict[str, bool] = {}
_THIRD_SIDES = ("green", "gold", "white")


def plays_three_sides(ruleset: Ruleset[Any]) -> bool:
    """Whether the ruleset plays (and sets up) a battle of three sides on every grid: asked
    of it with a small open sea, once."""
    if ruleset.name not in _THREE_SIDES:
        first = next(iter(ruleset.ship_classes()))
        text = "\n".join([f"grids: {' '.join(g.value for g in ruleset.grids)}", "game: battle",
                          "enters: a W b E c N", f"ship: A1 a 1,6 E {first}",
                          f"ship: B1 b 10,6 W {first}", f"ship: C1 c 6,1 S {first}", "map:",
                          *(["~" * 12] * 12)]) + "\n"
        if not any(key.name == "enters" for key in ruleset.info.map_keys):
            text = text.replace("enters: a W b E c N\n", "")
        _THREE_SIDES[ruleset.name] = problem(ruleset, text, "three-sides") is None
    return _THREE_SIDES[ruleset.name]


def _ship_ids(sides: tuple[str, ...]) -> list[str]:
    letters = [side[0].upper() for side in sides]
    if len(set(letters)) < len(letters):
        letters = [chr(ord("A") + i) for i in range(len(sides))]
    return letters


def _draw(ruleset: Ruleset[Any], prof: Profile, rng: random.Random, seed: int,
          grids: tuple[GridKind, ...], muster: Muster | None = None) -> str | None:
    """One draw of a sea; None if it went wrong (a buoy with no room)."""
    games = [g for g in (GoalKind.BATTLE, GoalKind.RACE, GoalKind.CHASE) if g in ruleset.goals]
    if muster is not None and muster.game not in games:
        raise MapError(f"{ruleset.title} plays no {muster.game} the map generator can make")
    if not games:
        raise MapError(f"{ruleset.title} plays no game the map generator can make")
    game = muster.game if muster is not None else rng.choice(games)
    grow = rng.uniform(1.0, 1.35)
    low_w, low_h = (24, 18) if game != GoalKind.BATTLE else (16, 12)
    width = min(80, max(low_w, round(prof.width * grow)))
    height = min(50, max(low_h, round(prof.height * grow)))
    sea = _Sea(width, height)
    across = rng.choice(("WE", "NS") if width < 2 * height else ("WE", "WE", "NS"))
    edges = list(across) if rng.random() < 0.5 else list(reversed(across))
    # Land: a coast along one edge no fleet starts from, then islands, then shoals.
    if rng.random() < 0.6:
        _coast(sea, rng, rng.choice([e for e in "NESW" if e not in across]))
    for _ in range(rng.randint(1, max(1, width * height // 140))):
        cx = rng.uniform(width * 0.2, width * 0.8)
        cy = rng.uniform(height * 0.15, height * 0.85)
        ch = _SHOAL if rng.random() < 0.2 else _LAND
        _island(sea, rng, cx, cy, rng.uniform(1.0, max(1.5, width / 10)),
                rng.uniform(1.0, max(1.5, height / 8)), ch)
    _shoals(sea, rng)
    header = [f"# A sea drawn by the map generator: seed {seed} for {ruleset.title}",
              f"# (tui-naval maps --generate {seed} --ruleset {ruleset.name}).",
              f"title: {muster.title if muster and muster.title else f'Random sea {seed}'}",
              f"grids: {' '.join(g.value for g in grids)}",
              f"scale: {prof.scale}",
              f"game: {game}"]
    sides: tuple[str, ...] = prof.sides if len(prof.sides) >= 2 else ("blue", "red")
    ids = _ship_ids(sides)
    ships: list[str] = []
    if game == GoalKind.RACE:
        start = edges[0]
        _clear(sea, start, 3)
        fleets = _fleets(ruleset, prof, rng, 2, 2) if muster is None else list(muster.fleets)
        cells = _line_up(sea, start, sum(map(len, fleets)), 1, 2)
        kinds = [(side, i, kind) for i in range(max(map(len, fleets)))
                 for side, fleet in zip(sides, fleets, strict=False) if i < len(fleet)
                 for kind in (fleet[i],)]
        for cell, (side, i, kind) in zip(cells, kinds, strict=True):
            ships.append(f"ship: {ids[sides.index(side)]}{i + 1} {side} {cell.col},{cell.row} "
                         f"{_FACE_INTO[start]} {kind}")
        marks = _buoys(sea, rng, cells)
        if marks is None:
            return None
        course = " ".join(str(i + 1) for i in range(len(marks)))
        header += ["about: Round the buoys in order; the last one is the finish.",
                   f"course: {course}", "rounding: 1", f"turns: {max(40, prof.turns)}"]
    elif game == GoalKind.CHASE:
        escape, home = edges
        _clear(sea, escape, 2)
        _clear(sea, home, 4)
        q = muster.quarry if muster is not None else 0
        quarry, hunters = sides[q], sides[1 - q]
        fleets = _fleets(ruleset, prof, rng, 2, 2) if muster is None else list(muster.fleets)
        (q_cell,) = _line_up(sea, home, 1, 3, 1)
        count = len(fleets[1 - q])
        square = Grid(GridKind.SQUARE, width, height)
        h_cells = [c for c in _line_up(sea, home, count, 0, 8) if square.steps(c, q_cell) > 2]
        if len(h_cells) != count:  # one would start on the quarry: leave her lane open
            h_cells = [c for c in _line_up(sea, home, count + 1, 0, 8)
                       if square.steps(c, q_cell) > 2][:count]
        if len(h_cells) != count:
            return None
        ships.append(f"ship: {ids[q]}1 {quarry} {q_cell.col},{q_cell.row} "
                     f"{_FACE_INTO[home]} {fleets[q][0]}")
        for i, (cell, kind) in enumerate(zip(h_cells, fleets[1 - q], strict=True)):
            ships.append(f"ship: {ids[1 - q]}{i + 1} {hunters} {cell.col},{cell.row} "
                         f"{_FACE_INTO[home]} {kind}")
        header += [f"about: {quarry} runs for the {escape} edge; {hunters} must come "
                   "alongside to catch her.",
                   f"quarry: {quarry}", f"escape: {escape}", "catch: 1",
                   f"turns: {max(30, prof.turns)}"]
    else:
        if muster is None and plays_three_sides(ruleset) and rng.random() < 0.3:
            third = next(name for name in _THIRD_SIDES if name not in sides)
            sides, ids = (*sides[:2], third), _ship_ids((*sides[:2], third))
            edges.append(rng.choice([e for e in "NESW" if e not in edges]))
        fleets = (_fleets(ruleset, prof, rng, len(sides), 4 if prof.scale == 1 else 3)
                  if muster is None else list(muster.fleets))
        for side_no, (side, edge, fleet) in enumerate(zip(sides, edges, fleets, strict=True)):
            _clear(sea, edge, 4)
            for i, (cell, kind) in enumerate(zip(_line_up(sea, edge, len(fleet), 1, 3), fleet,
                                                 strict=True)):
                ships.append(f"ship: {ids[side_no]}{i + 1} {side} {cell.col},{cell.row} "
                             f"{_FACE_INTO[edge]} {kind}")
        header += [f"about: {'Three' if len(sides) == 3 else 'Two'} fleets meet among islands "
                   "and shoals. Sink, take or rout the enemy before the turns run out.",
                   f"turns: {muster.turns if muster and muster.turns else prof.turns}"]
        if prof.enters:
            header.append("enters: " + " ".join(f"{side} {edge}"
                                                for side, edge in zip(sides, edges, strict=True)))
    return "\n".join([*header, *ships, "map:", sea.text()]) + "\n"


def _buoys(sea: _Sea, rng: random.Random, start: list[Cell]) -> list[Cell] | None:
    """Two to four buoys in open water (two cells of sea all round), far from the start
    and from each other, written into the sea; None if there is no room."""
    count = rng.randint(2, 4)
    apart = max(4, min(sea.width, sea.height) // 3)
    placed: list[Cell] = []
    for _ in range(400):
        if len(placed) == count:
            break
        cell = Cell(rng.randrange(2, sea.width - 2), rng.randrange(2, sea.height - 2))
        if any(ch != _SEA for ch in sea.around(cell.col, cell.row, 2)):
            continue
        if all(max(abs(cell.col - o.col), abs(cell.row - o.row)) >= apart
               for o in (*placed, *start)):
            placed.append(cell)
    if len(placed) < 2:
        return None
    for label, cell in enumerate(placed, start=1):
        sea.put(cell.col, cell.row, str(label))
    return placed
