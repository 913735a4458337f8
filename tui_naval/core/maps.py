"""Map files: a hand-editable text format (see maps/README.md), parsed with line-exact errors.

A map file is a header of ``key: value`` lines and ``ship:`` lines, then a line
``map:`` and the terrain rows, one character per cell.  Every problem is a
``MapError`` whose message reads ``FILE:LINE: problem``, written for the map's
author.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.package_data import package_files
from tui_naval.core.state import Board, Goal, GoalKind, Mark, Terrain

MAP_SUFFIX = ".map"
#: Largest map side, in cells.
MAX_SIZE = 200
SEA_CHARS = {".": Terrain.SEA, "~": Terrain.SEA, "#": Terrain.LAND, ":": Terrain.SHOAL}
MARK_CHARS = re.compile(r"[0-9A-Z]")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
EDGES = ("N", "E", "S", "W")
SHIP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_]{0,7}")
SIDE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
_INTEGER = re.compile(r"[+-]?[0-9]+")

@frozen
class MapKey:
    """A header key a ruleset reads: its default ("" none; None: required by the games that
    use it) and the game kinds that use it (empty: every game)."""

    name: str
    default: str | None = ""
    games: tuple[str, ...] = ()


#: Header keys, their default (None: required by the game that uses it) and
#: the game kinds that use them (empty: every game).
_KEYS: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "title": ("", ()),
    "about": ("", ()),
    "grids": ("hex-flat square", ()),
    "scale": ("4", ()),
    "game": ("battle", ()),
    "turns": ("60", ()),
    "wind": ("", ()),
    "course": (None, (GoalKind.RACE,)),
    "rounding": ("1", (GoalKind.RACE,)),
    "quarry": (None, (GoalKind.CHASE,)),
    "escape": (None, (GoalKind.CHASE,)),
    "catch": ("1", (GoalKind.CHASE,)),
}

#: The keys and game kinds core reads itself; ``declare`` adds a ruleset's own.
_BUILTIN_KEYS = frozenset(_KEYS)
_GAMES: list[str] = [kind.value for kind in GoalKind]


def declare(keys: tuple[MapKey, ...] = (), games: tuple[str, ...] = ()) -> None:
    """Let maps carry a ruleset's own header keys and game kinds (the ruleset registry
    declares what each ruleset's ``RulesetInfo`` names, so core knows no ruleset).

    A declared key's value is kept in ``MapSpec.options`` for the ruleset to read; a map
    of a declared game kind has a ``Goal`` of that kind and its turn limit.
    """
    for key in keys:
        if key.name in _BUILTIN_KEYS or key.name in ("ship", "map"):
            raise ValueError(f"map key {key.name!r} is the game's own")
        _KEYS[key.name] = (key.default, key.games)
    for game in games:
        if game not in _GAMES:
            _GAMES.append(game)


#: Allowed ranges of the numeric keys (and of the wind's speed).
LIMITS = {"scale": (1, 36), "turns": (1, 999), "rounding": (0, 10), "catch": (1, 50),
          "wind": (0, 6)}


class MapError(ValueError):
    """A map file that cannot be read; the message names file, line and problem."""


@frozen
class ShipSlot:
    """A ship's starting place in a map: id, side, cell, facing name, default class."""

    id: str
    side: str
    cell: Cell
    facing: str
    kind: str = ""


@frozen
class MapSpec:
    """A parsed map file."""

    name: str
    title: str
    about: str
    grids: tuple[GridKind, ...]
    scale: int
    goal: Goal
    terrain: tuple[str, ...]
    marks: tuple[Mark, ...]
    ships: tuple[ShipSlot, ...]
    #: A fixed starting wind (direction name, speed); None: the ruleset rolls it.
    wind: tuple[str, int] | None = None
    text: str = ""
    #: The values of the header keys rulesets declared (``declare``): (key, value).
    options: tuple[tuple[str, str], ...] = ()

    def option(self, key: str) -> str:
        """A declared key's value, or its default ("" when it has none)."""
        found = dict(self.options)
        if key in found:
            return found[key]
        default = _KEYS[key][0] if key in _KEYS else ""
        return default or ""

    @property
    def width(self) -> int:
        return len(self.terrain[0])

    @property
    def height(self) -> int:
        return len(self.terrain)

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.side for s in self.ships))

    def board(self, kind: GridKind) -> Board:
        grid = Grid(kind, self.width, self.height)
        return Board(self.name, grid, self.terrain, self.marks, self.scale)


def _fail(source: str, line: int, problem: str) -> MapError:
    return MapError(f"{source}:{line}: {problem}")


class _Header:
    """The ``key: value`` lines of a map, with their line numbers."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.entries: dict[str, tuple[int, str]] = {}

    def add(self, line: int, key: str, value: str) -> None:
        if key in self.entries:
            first = self.entries[key][0]
            raise _fail(self.source, line, f"'{key}' given twice (first on line {first})")
        self.entries[key] = (line, value)

    def line(self, key: str) -> int:
        return self.entries[key][0] if key in self.entries else 0

    def text(self, key: str) -> str:
        if key in self.entries:
            return self.entries[key][1]
        default = _KEYS[key][0]
        assert default is not None, key
        return default

    def require(self, key: str, kind: str) -> tuple[int, str]:
        if key not in self.entries or not self.entries[key][1]:
            line = self.line(key) or self.line("game")
            raise _fail(self.source, line, f"a {kind} needs a '{key}:' line")
        return self.entries[key]

    def number(self, key: str) -> int:
        value = self.text(key)
        line = self.line(key)
        if not _INTEGER.fullmatch(value):
            raise _fail(self.source, line, f"'{key}' must be a whole number, got {value!r}")
        low, high = LIMITS[key]
        n = int(value)
        if not low <= n <= high:
            raise _fail(self.source, line, f"'{key}' must be between {low} and {high}, got {n}")
        return n


def parse_map(text: str, source: str = "<map>", name: str | None = None) -> MapSpec:
    """Parse a map file's text; ``source`` names it in error messages."""
    text = text.removeprefix("\ufeff")
    header = _Header(source)
    slots: list[tuple[int, str]] = []
    rows: list[tuple[int, str]] = []
    map_line = 0
    blank_in_map = 0
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if map_line:
            if not line:
                blank_in_map = blank_in_map or number
            elif blank_in_map:
                raise _fail(source, blank_in_map, "blank line inside the terrain rows")
            else:
                rows.append((number, line))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise _fail(source, number, f"expected 'key: value', got {stripped!r}")
        if key == "map":
            if value:
                raise _fail(source, number, "nothing may follow 'map:'; the terrain rows go "
                            "on the lines below it")
            map_line = number
        elif key == "ship":
            slots.append((number, value))
        elif key in _KEYS:
            header.add(number, key, value)
        else:
            known = ", ".join([*_KEYS, "ship", "map"])
            raise _fail(source, number, f"unknown key '{key}' (known: {known})")
    last = len(lines) or 1
    if not map_line:
        raise _fail(source, last, "no 'map:' line: the terrain must follow a line 'map:'")
    if not rows:
        raise _fail(source, map_line, "the map has no terrain rows after 'map:'")
    terrain, marks = _parse_terrain(rows, source)
    width, height = len(terrain[0]), len(terrain)

    grids = _parse_grids(header)
    scale = header.number("scale")
    goal = _parse_goal(header, marks)

    ships: list[ShipSlot] = []
    seen_ids: dict[str, int] = {}
    seen_cells: dict[Cell, tuple[int, str]] = {}
    for number, value in slots:
        slot = _parse_slot(number, value, source, terrain, width, height)
        if slot.id in seen_ids:
            raise _fail(source, number,
                        f"ship id {slot.id} used twice (first on line {seen_ids[slot.id]})")
        if slot.cell in seen_cells:
            first_line, first_id = seen_cells[slot.cell]
            raise _fail(source, number, f"ship {slot.id} starts in cell {slot.cell}, where "
                        f"{first_id} already is (line {first_line})")
        seen_ids[slot.id] = number
        seen_cells[slot.cell] = (number, slot.id)
        ships.append(slot)
    sides = tuple(dict.fromkeys(s.side for s in ships))
    if len(sides) < 2:
        where = slots[-1][0] if slots else map_line
        have = f"only side {sides[0]!r}" if sides else "none"
        raise _fail(source, where, f"a map needs ships of at least two sides ('ship:' lines); "
                    f"it has {have}")
    if goal.kind is GoalKind.CHASE:
        if goal.quarry not in sides:
            raise _fail(source, header.line("quarry"), f"quarry side {goal.quarry!r} has no "
                        f"ships (sides: {', '.join(sides)})")
        _check_chase_start(source, slots, ships, goal, grids, width, height)
    return MapSpec(
        name=name or Path(source).stem,
        title=header.text("title") or name or Path(source).stem,
        about=header.text("about"),
        grids=grids,
        scale=scale,
        goal=goal,
        terrain=terrain,
        marks=marks,
        ships=tuple(ships),
        wind=_parse_wind(header),
        text=text,
        options=tuple((key, value) for key, (_, value) in header.entries.items()
                      if key not in _BUILTIN_KEYS),
    )


def _check_chase_start(source: str, slots: list[tuple[int, str]], ships: list[ShipSlot],
                       goal: Goal, grids: tuple[GridKind, ...], width: int, height: int) -> None:
    """A hunter may not start close enough to catch the quarry at once, on any grid."""
    quarry = [s for s in ships if s.side == goal.quarry]
    for (number, _), hunter in zip(slots, ships, strict=True):
        if hunter.side == goal.quarry:
            continue
        for kind in grids:
            grid = Grid(kind, width, height)
            for prey in quarry:
                d = grid.distance(hunter.cell, prey.cell)
                if d <= goal.catch:
                    raise _fail(source, number, f"hunter {hunter.id} starts {d} cell"
                                f"{'s' * (d != 1)} from quarry {prey.id} on the {kind.value} "
                                f"grid, within 'catch' ({goal.catch}): caught before it begins")


def _parse_terrain(rows: list[tuple[int, str]], source: str
                   ) -> tuple[tuple[str, ...], tuple[Mark, ...]]:
    width = len(rows[0][1])
    if len(rows) > MAX_SIZE or width > MAX_SIZE:
        where = rows[0][0] if width > MAX_SIZE else rows[MAX_SIZE][0]
        raise _fail(source, where, f"the map is larger than {MAX_SIZE}x{MAX_SIZE} cells")
    terrain: list[str] = []
    marks: dict[str, tuple[int, Mark]] = {}
    for r, (number, line) in enumerate(rows):
        if len(line) != width:
            raise _fail(source, number, f"row is {len(line)} cells wide, the first row "
                        f"(line {rows[0][0]}) is {width}")
        out = []
        for c, ch in enumerate(line):
            if ch in SEA_CHARS:
                out.append(SEA_CHARS[ch].value)
            elif MARK_CHARS.fullmatch(ch):
                if ch in marks:
                    raise _fail(source, number, f"mark {ch} appears twice (first on line "
                                f"{marks[ch][0]})")
                marks[ch] = (number, Mark(ch, Cell(c, r)))
                out.append(Terrain.SEA.value)
            else:
                raise _fail(source, number, f"unknown terrain character {ch!r} in column {c + 1} "
                            "(use . or ~ sea, # land, : shoal, 0-9 A-Z marks)")
        terrain.append("".join(out))
    ordered = sorted((mark for _, mark in marks.values()), key=lambda m: m.label)
    return tuple(terrain), tuple(ordered)


def _parse_grids(header: _Header) -> tuple[GridKind, ...]:
    grids: list[GridKind] = []
    line = header.line("grids")
    for word in header.text("grids").split():
        try:
            kind = GridKind(word.lower())
        except ValueError:
            known = " ".join(k.value for k in GridKind)
            raise _fail(header.source, line, f"unknown grid {word!r} (known: {known})") from None
        if kind not in grids:
            grids.append(kind)
    if not grids:
        raise _fail(header.source, line, "'grids' names no grid")
    return tuple(grids)


def _parse_goal(header: _Header, marks: tuple[Mark, ...]) -> Goal:
    source = header.source
    value = header.text("game")
    if value.lower() not in _GAMES:
        raise _fail(source, header.line("game"),
                    f"unknown game {value!r} ({', '.join(_GAMES)})")
    builtin = {k.value: k for k in GoalKind}
    kind: str = builtin.get(value.lower(), value.lower())
    for key, (default, used_by) in _KEYS.items():
        if used_by and kind not in used_by and key in header.entries:
            games = " or ".join(used_by)
            raise _fail(source, header.line(key), f"'{key}' is only used in a {games} "
                        f"(this map's game is {kind})")
        if key not in _BUILTIN_KEYS and default is None and kind in used_by:
            header.require(key, kind)
    turns = header.number("turns")
    if kind is GoalKind.RACE:
        line, value = header.require("course", kind)
        course = tuple(value.split())
        labels = {m.label for m in marks}
        for label in course:
            if label not in labels:
                have = " ".join(sorted(labels)) or "none"
                raise _fail(source, line, f"course names mark {label!r}, which is not on the "
                            f"map (marks: {have})")
        return Goal(kind, turns, course=course, rounding=header.number("rounding"))
    if kind is GoalKind.CHASE:
        _, quarry = header.require("quarry", kind)
        line, escape = header.require("escape", kind)
        if escape.upper() not in EDGES:
            raise _fail(source, line, f"'escape' must be an edge N, E, S or W, got {escape!r}")
        return Goal(kind, turns, quarry=quarry.lower(), escape=escape.upper(),
                    catch=header.number("catch"))
    return Goal(kind, turns)


def _parse_wind(header: _Header) -> tuple[str, int] | None:
    if "wind" not in header.entries:
        return None
    value = header.text("wind")
    parts = value.split()
    low, high = LIMITS["wind"]
    if len(parts) != 2 or parts[0].upper() not in DIRECTIONS or not _INTEGER.fullmatch(parts[1]):
        raise _fail(header.source, header.line("wind"),
                    f"'wind' must be 'DIRECTION SPEED' like 'NE 2', got {value!r}")
    speed = int(parts[1])
    if not low <= speed <= high:
        raise _fail(header.source, header.line("wind"),
                    f"the wind's speed must be between {low} and {high}, got {speed}")
    return parts[0].upper(), speed


def _parse_slot(number: int, value: str, source: str, terrain: tuple[str, ...],
                width: int, height: int) -> ShipSlot:
    parts = value.split()
    usage = "'ship: ID SIDE COL,ROW FACING [CLASS]', e.g. 'ship: B1 blue 3,4 N cutter'"
    if len(parts) not in (4, 5):
        raise _fail(source, number, f"expected {usage}")
    ship_id, side, where, facing = parts[:4]
    kind = parts[4].lower() if len(parts) == 5 else ""
    if not SHIP_ID.fullmatch(ship_id):
        raise _fail(source, number, f"bad ship id {ship_id!r}: up to 8 letters, digits or _")
    side = side.lower()
    if not SIDE_NAME.fullmatch(side):
        raise _fail(source, number, f"bad side name {side!r}: a letter, then up to 15 letters, "
                    "digits, - or _")
    col_s, comma, row_s = where.partition(",")
    if not (comma and _INTEGER.fullmatch(col_s) and _INTEGER.fullmatch(row_s)):
        raise _fail(source, number, f"bad cell {where!r}: expected COL,ROW like 3,4")
    cell = Cell(int(col_s), int(row_s))
    if not (0 <= cell.col < width and 0 <= cell.row < height):
        raise _fail(source, number, f"cell {cell} is off the {width}x{height} map "
                    f"(columns 0-{width - 1}, rows 0-{height - 1})")
    ground = Terrain(terrain[cell.row][cell.col])
    if ground is not Terrain.SEA:
        what = "land" if ground is Terrain.LAND else "a shoal"
        raise _fail(source, number, f"ship {ship_id} starts on {what} at {cell}")
    if facing.upper() not in DIRECTIONS:
        raise _fail(source, number, f"bad facing {facing!r} (use {' '.join(DIRECTIONS)})")
    return ShipSlot(ship_id, side, cell, facing.upper(), kind)


# -- finding maps ---------------------------------------------------------------

def map_dirs() -> list[Path]:
    """Folders searched for maps: ./maps, the checkout's maps/, then the bundled copy.

    An installed wheel carries the checkout's ``maps/*.map`` as the package data
    ``tui_naval/bundled_maps`` (see ``setup.py``).
    """
    out = [Path.cwd() / "maps", Path(__file__).resolve().parents[2] / "maps"]
    bundled = package_files("tui_naval") / "bundled_maps"
    if isinstance(bundled, Path):
        out.append(bundled)
    seen: list[Path] = []
    for d in out:
        if d.is_dir() and d.resolve() not in seen:
            seen.append(d.resolve())
    return seen


def available_maps() -> Iterator[Path]:
    """Every map file found, one per name (earlier folders win)."""
    names: set[str] = set()
    for d in map_dirs():
        for path in sorted(d.glob(f"*{MAP_SUFFIX}")):
            if path.stem not in names and path.is_file():
                names.add(path.stem)
                yield path


def _looks_like_path(name: str) -> bool:
    seps = {"/", os.sep, os.altsep or "/"}
    return name.endswith(MAP_SUFFIX) or any(s in name for s in seps)


def resolve_map(name_or_path: str) -> Path:
    """A map's file from a name (``channel-race``) or a path; MapError if none."""
    path = Path(name_or_path)
    if _looks_like_path(name_or_path):
        if not path.is_file():
            raise MapError(f"{name_or_path}: no such map file")
        return path
    for candidate in available_maps():
        if candidate.stem == name_or_path:
            return candidate
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in available_maps()) or "none found"
    raise MapError(f"unknown map {name_or_path!r} (known: {known})")


def load_map(name_or_path: str) -> MapSpec:
    """Find, read and parse a map; MapError with file and line on any problem."""
    path = resolve_map(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MapError(f"{path}: cannot read: {exc}") from None
    return parse_map(text, str(path), path.stem)
