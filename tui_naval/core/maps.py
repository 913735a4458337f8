"""Map files: a hand-editable text format (see maps/README.md), parsed with line-exact errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from attrs import frozen

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.state import Board, Goal, GoalKind, Mark, Terrain

MAP_SUFFIX = ".map"
MAX_SIZE = 200
SEA_CHARS = {".": Terrain.SEA, "~": Terrain.SEA, "#": Terrain.LAND, ":": Terrain.SHOAL}
MARK_CHARS = re.compile(r"[0-9A-Z]")
_ALL_DIRECTIONS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


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
    wind: tuple[str, int] | None = None
    text: str = ""

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


def parse_map(text: str, source: str = "<map>", name: str | None = None) -> MapSpec:
    """Parse a map file's text; ``source`` names it in error messages."""
    header: dict[str, tuple[int, str]] = {}
    slots: list[tuple[int, str]] = []
    rows: list[tuple[int, str]] = []
    in_map = False
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if in_map:
            if line:
                rows.append((number, line))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        key = key.strip().lower()
        if not sep:
            raise _fail(source, number, f"expected 'key: value', got {stripped!r}")
        if key == "map":
            in_map = True
        elif key == "ship":
            slots.append((number, value.strip()))
        elif key in _KEYS:
            if key in header:
                raise _fail(source, number, f"'{key}' given twice (first on line {header[key][0]})")
            header[key] = (number, value.strip())
        else:
            raise _fail(source, number, f"unknown key '{key}' (known: {', '.join(sorted(_KEYS))})")
    last = len(lines) or 1
    if not in_map:
        raise _fail(source, last, "no 'map:' line: the terrain must follow a line 'map:'")
    if not rows:
        raise _fail(source, last, "the map has no terrain rows after 'map:'")
    terrain, marks = _parse_terrain(rows, source)
    width, height = len(terrain[0]), len(terrain)

    def get(key: str, default: str | None = None) -> tuple[int, str]:
        if key in header:
            return header[key]
        if default is None:
            raise _fail(source, 1, f"missing required key '{key}:'")
        return 0, default

    def number(key: str, default: str, low: int, high: int) -> int:
        line, value = get(key, default)
        try:
            n = int(value)
        except ValueError:
            raise _fail(source, line, f"'{key}' must be a whole number, got {value!r}") from None
        if not low <= n <= high:
            raise _fail(source, line, f"'{key}' must be between {low} and {high}, got {n}")
        return n

    line, value = get("grids", "hex-flat square")
    grids: list[GridKind] = []
    for word in value.split():
        try:
            grids.append(GridKind(word.lower()))
        except ValueError:
            known = " ".join(k.value for k in GridKind)
            raise _fail(source, line, f"unknown grid {word!r} (known: {known})") from None
    if not grids:
        raise _fail(source, line, "'grids' names no grid")

    scale = number("scale", "4", 1, 36)
    goal = _parse_goal(get, number, source, marks)
    ships = tuple(_parse_slot(n, v, source, terrain, width, height) for n, v in slots)
    seen: dict[str, int] = {}
    for (n, _), slot in zip(slots, ships, strict=True):
        if slot.id in seen:
            raise _fail(source, n, f"ship id {slot.id} used twice (first on line {seen[slot.id]})")
        seen[slot.id] = n
    cells = [s.cell for s in ships]
    for (n, _), slot in zip(slots, ships, strict=True):
        if cells.count(slot.cell) > 1:
            raise _fail(source, n, f"two ships start in cell {slot.cell}")
    sides = tuple(dict.fromkeys(s.side for s in ships))
    if len(sides) < 2:
        raise _fail(source, last, "a map needs ships of at least two sides ('ship:' lines)")
    if goal.kind is GoalKind.CHASE and goal.quarry not in sides:
        raise _fail(source, get("quarry")[0], f"quarry side {goal.quarry!r} has no ships")
    wind = None
    if "wind" in header:
        line, value = header["wind"]
        parts = value.split()
        if len(parts) != 2 or parts[0].upper() not in _ALL_DIRECTIONS or not parts[1].isdigit():
            raise _fail(source, line, f"'wind' must be 'DIRECTION SPEED' like 'NE 2', got {value!r}")
        wind = (parts[0].upper(), int(parts[1]))
    return MapSpec(
        name=name or Path(source).stem,
        title=get("title", Path(source).stem)[1],
        about=get("about", "")[1],
        grids=tuple(grids),
        scale=scale,
        goal=goal,
        terrain=terrain,
        marks=marks,
        ships=ships,
        wind=wind,
        text=text,
    )


_KEYS = {"title", "about", "grids", "scale", "game", "course", "rounding", "turns",
         "quarry", "escape", "catch", "wind"}


def _parse_terrain(rows: list[tuple[int, str]], source: str) -> tuple[tuple[str, ...], tuple[Mark, ...]]:
    width = len(rows[0][1])
    if len(rows) > MAX_SIZE or width > MAX_SIZE:
        raise _fail(source, rows[0][0], f"the map is larger than {MAX_SIZE}x{MAX_SIZE} cells")
    terrain: list[str] = []
    marks: dict[str, Mark] = {}
    for r, (number, line) in enumerate(rows):
        if len(line) != width:
            raise _fail(source, number, f"row is {len(line)} cells wide, the first row is {width}")
        out = []
        for c, ch in enumerate(line):
            if ch in SEA_CHARS:
                out.append(SEA_CHARS[ch].value)
            elif MARK_CHARS.fullmatch(ch):
                if ch in marks:
                    raise _fail(source, number, f"mark {ch} appears twice")
                marks[ch] = Mark(ch, Cell(c, r))
                out.append(Terrain.SEA.value)
            else:
                raise _fail(source, number, f"unknown terrain character {ch!r} in column {c + 1} "
                            "(use . or ~ sea, # land, : shoal, 0-9 A-Z marks)")
        terrain.append("".join(out))
    return tuple(terrain), tuple(sorted(marks.values(), key=lambda m: m.label))


def _parse_goal(get, number, source: str, marks: tuple[Mark, ...]) -> Goal:  # type: ignore[no-untyped-def]
    line, value = get("game", "battle")
    try:
        kind = GoalKind(value.lower())
    except ValueError:
        raise _fail(source, line, f"unknown game {value!r} (race, chase or battle)") from None
    turns = number("turns", "60", 1, 999)
    if kind is GoalKind.RACE:
        line, value = get("course")
        course = tuple(value.split())
        labels = {m.label for m in marks}
        for label in course:
            if label not in labels:
                raise _fail(source, line, f"course names mark {label!r}, which is not on the map")
        if not course:
            raise _fail(source, line, "'course' names no marks")
        return Goal(kind, turns, course=course, rounding=number("rounding", "1", 0, 10))
    if kind is GoalKind.CHASE:
        quarry = get("quarry")[1]
        line, escape = get("escape")
        if escape.upper() not in {"N", "E", "S", "W"}:
            raise _fail(source, line, f"'escape' must be an edge N, E, S or W, got {escape!r}")
        return Goal(kind, turns, quarry=quarry, escape=escape.upper(),
                    catch=number("catch", "1", 0, 50))
    return Goal(kind, turns)


def _parse_slot(number: int, value: str, source: str, terrain: tuple[str, ...],
                width: int, height: int) -> ShipSlot:
    parts = value.split()
    usage = "'ship: ID SIDE COL,ROW FACING [CLASS]', e.g. 'ship: B1 blue 3,4 N cutter'"
    if len(parts) not in (4, 5):
        raise _fail(source, number, f"expected {usage}")
    ship_id, side, where, facing = parts[:4]
    kind = parts[4].lower() if len(parts) == 5 else ""
    try:
        col_s, row_s = where.split(",")
        cell = Cell(int(col_s), int(row_s))
    except ValueError:
        raise _fail(source, number, f"bad cell {where!r}: expected COL,ROW like 3,4") from None
    if not (0 <= cell.col < width and 0 <= cell.row < height):
        raise _fail(source, number, f"cell {cell} is off the {width}x{height} map")
    if terrain[cell.row][cell.col] != Terrain.SEA:
        raise _fail(source, number, f"ship {ship_id} starts on land or shoal at {cell}")
    if facing.upper() not in _ALL_DIRECTIONS:
        raise _fail(source, number, f"bad facing {facing!r} (use N NE E SE S SW W NW)")
    return ShipSlot(ship_id, side.lower(), cell, facing.upper(), kind)


# -- finding maps ---------------------------------------------------------------

def map_dirs() -> list[Path]:
    """Folders searched for maps: ./maps, the checkout's maps/, then the bundled copy."""
    out = [Path.cwd() / "maps", Path(__file__).resolve().parents[2] / "maps"]
    bundled = resources.files("tui_naval") / "bundled_maps"
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
            if path.stem not in names:
                names.add(path.stem)
                yield path


def resolve_map(name_or_path: str) -> Path:
    """A map's file from a name (``channel-race``) or a path; MapError if none."""
    path = Path(name_or_path)
    if path.suffix == MAP_SUFFIX or path.exists() or "/" in name_or_path:
        if not path.is_file():
            raise MapError(f"{name_or_path}: no such map file")
        return path
    for candidate in available_maps():
        if candidate.stem == name_or_path:
            return candidate
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

