"""Map files: a hand-editable text format (see maps/README.md), parsed with line-exact errors.

A map file is a header of ``key: value`` lines and ``ship:`` lines, then a line
``map:`` and the terrain rows, one character per cell.  Every problem is a
``MapError`` whose message reads ``FILE:LINE: problem``, written for the map's
author.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Protocol

from attrs import field

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.messages import (
    clip,
    file_name,
    listing,
    one_line,
    quoted,
)
from tui_naval.core.package_data import package_files
from tui_naval.core.state import Board, Goal, GoalKind, Mark, Terrain
from tui_naval.core.values import frozen

MAP_SUFFIX = ".map"
#: Largest map side, in cells (rows and columns).
MAX_SIZE = 200
#: Largest map file, in bytes; a map's text (a save carries it) may have as many characters.
#: A 200x200 map with a long header is under 50 KiB.
MAX_FILE_BYTES = 256 * 1024
#: Most ships a map may place: twice the largest shipped map (20); the slowest AI (greedy
#: Ships & Sails) takes about 1.5 s a turn with 40 ships, and the time grows as their square.
MAX_SHIPS = 40
#: The marks' labels; each at most once, so a map has at most ``MAX_MARKS`` marks.
MARK_LABELS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_MARKS = len(MARK_LABELS)
#: Longest value of a header line (``title``, ``about``...), in characters.
MAX_VALUE = 1000
#: Longest map name (a file name without ``.map``), in characters.
MAX_NAME = 64
#: Longest error message, in characters; long values in it are cut.
#: Most digits a number is read with: more is out of every range (and Python refuses
#: to convert thousands of digits).
MAX_DIGITS = 9
_TOO_BIG: int = 10 ** MAX_DIGITS
SEA_CHARS = {".": Terrain.SEA, "~": Terrain.SEA, "#": Terrain.LAND, ":": Terrain.SHOAL}
MARK_CHARS = re.compile(r"[0-9A-Z]")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
EDGES = ("N", "E", "S", "W")
SHIP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_]{0,7}")
SIDE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
#: A ruleset's name in a map's ``rulesets`` line (its id or an alias).
RULESET_NAME = re.compile(r"[a-z][a-z0-9_&'-]{0,31}")
_INTEGER = re.compile(r"[+-]?[0-9]+")
#: Characters a map's text may not hold: control characters (but tab) and the line breaks
#: ``str.splitlines`` knows besides "\n" (an editor does not break lines there), and lone
#: surrogates (from a save's JSON; they cannot be printed).
_BAD_CHAR = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_NAME_BAD = re.compile(r"[/\\]")

@frozen
class MapKey:
    """A header key a ruleset reads: its default ("" none; None: required by the games that
    use it) and the game kinds that use it (empty: every game)."""

    name: str
    default: str | None = ""
    games: tuple[str, ...] = ()


#: A header key's default and the game kinds that use it (as ``MapKey`` has them).
KeyRule = tuple[str | None, tuple[str, ...]]

#: Header keys, their default (None: required by the game that uses it) and
#: the game kinds that use them (empty: every game).
_KEYS: dict[str, KeyRule] = {
    "title": ("", ()),
    "about": ("", ()),
    "grids": ("hex-flat square", ()),
    "rulesets": ("", ()),
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

#: The keys and game kinds core reads itself (the rulesets bring more: ``provide``).
_BUILTIN_KEYS = frozenset(_KEYS)
_GAMES: list[str] = [kind.value for kind in GoalKind]

class Vocabulary(Protocol):
    """What a ruleset brings to the map reader (its ``RulesetInfo`` has both): header keys
    and game kinds of its own."""

    @property
    def map_keys(self) -> tuple[MapKey, ...]: ...

    @property
    def games(self) -> tuple[str, ...]: ...


#: Where the rulesets' own keys and game kinds come from (``provide``).
_source: Callable[[], Iterable[Vocabulary]] | None = None


def provide(source: Callable[[], Iterable[Vocabulary]]) -> None:
    """Name where the rulesets' keys and game kinds come from: the ruleset registry names
    its ``registry`` as it is imported, and a map asks it when it is first read, so core
    knows no ruleset and a map reads the same whether or not the registry was read yet."""
    global _source
    _source = source
    _provided.cache_clear()


@cache
def _provided() -> tuple[dict[str, KeyRule], tuple[str, ...]]:
    """The keys and game kinds of the ``provide``d source, asked once."""
    keys: dict[str, KeyRule] = {}
    games: list[str] = []
    for found in _source() if _source is not None else ():
        _add(keys, games, found.map_keys, found.games)
    return keys, tuple(games)


def _vocabulary() -> tuple[dict[str, KeyRule], list[str]]:
    """Every header key a map may have (with its default and games) and every game kind:
    the game's own, the ``provide``d rulesets' and any ``declare``d."""
    provided_keys, provided_games = _provided()
    keys, games = dict(_KEYS), list(_GAMES)
    _add(keys, games, (), provided_games)
    for name, rule in provided_keys.items():
        keys.setdefault(name, rule)
    return keys, games


def _add(keys: dict[str, KeyRule], games: list[str], more: Iterable[MapKey],
         kinds: Iterable[str]) -> None:
    for key in more:
        if key.name in _BUILTIN_KEYS or key.name in ("ship", "map"):
            raise ValueError(f"map key {key.name!r} is the game's own")
        keys[key.name] = (key.default, key.games)
    for game in kinds:
        if game not in games:
            games.append(game)


def declare(keys: tuple[MapKey, ...] = (), games: tuple[str, ...] = ()) -> None:
    """Let maps carry header keys and game kinds beyond the game's own and those the
    ``provide``d rulesets bring (a ruleset made in a test, say).

    A declared key's value is kept in ``MapSpec.options`` for the ruleset to read; a map
    of a declared game kind has a ``Goal`` of that kind and its turn limit.
    """
    _add(_KEYS, _GAMES, keys, games)


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
    #: The rulesets the map is made for, by id or alias (empty: every one that can play
    #: its goal, grids and ship classes).
    rulesets: tuple[str, ...] = ()
    #: The values of the header keys rulesets declared (``declare``): (key, value).
    options: tuple[tuple[str, str], ...] = ()
    #: Where the map was read from, as its errors name it (a file's path; a save's map:
    #: ``NAME.map``); rulesets name it in the errors of the lines they read themselves.
    source: str = field(default="", eq=False)

    def option(self, key: str) -> str:
        """A declared key's value, or its default ("" when it has none)."""
        found = dict(self.options)
        if key in found:
            return found[key]
        keys = _vocabulary()[0]
        default = keys[key][0] if key in keys else ""
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


def whole_number(text: str) -> int | None:
    """A plain whole number (``12``, ``-3``, ``+4``), or None.  More than ``MAX_DIGITS``
    digits give a number beyond every limit, without converting them all."""
    if not _INTEGER.fullmatch(text):
        return None
    sign = -1 if text[0] == "-" else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        return sign * _TOO_BIG
    return sign * int(digits)


def _shown(value: str, n: int) -> str:
    """A number read from ``value`` for a message: ``n``, or ``value`` cut when it is long."""
    return str(n) if abs(n) < _TOO_BIG else clip(value)


def _fail(source: str, line: int, problem: str) -> MapError:
    return MapError(one_line(f"{file_name(source)}:{line}: {problem}"))


def _fail_file(source: str, problem: str) -> MapError:
    return MapError(one_line(f"{file_name(source)}: {problem}"))


def text_lines(text: str) -> Iterator[tuple[int, str]]:
    """A map's lines with their numbers (from 1), split at "\n" (and "\r\n") only, as an
    editor counts them; one at a time, so a long text is never split whole."""
    start, number, end = 0, 1, len(text)
    while start < end:
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        line = text[start:stop]
        yield number, line[:-1] if line.endswith("\r") else line
        number += 1
        start = stop + 1


class _Header:
    """The ``key: value`` lines of a map, with their line numbers."""

    def __init__(self, source: str, keys: dict[str, KeyRule], games: list[str]) -> None:
        self.source = source
        #: The keys and game kinds a map may use.
        self.keys = keys
        self.games = games
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
        default = self.keys[key][0]
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
        n = whole_number(value)
        if n is None:
            raise _fail(self.source, line,
                        f"'{key}' must be a whole number, got {quoted(value)}")
        low, high = LIMITS[key]
        if not low <= n <= high:
            raise _fail(self.source, line,
                        f"'{key}' must be between {low} and {high}, got {_shown(value, n)}")
        return n


def parse_map(text: str, source: str = "<map>", name: str | None = None) -> MapSpec:
    """Parse a map file's text; ``source`` names it in error messages.

    Every problem is a one-line ``MapError`` naming the source and line; the limits
    (``MAX_FILE_BYTES`` characters, ``MAX_SIZE`` rows and columns, ``MAX_SHIPS`` ships,
    ``MAX_VALUE`` characters in a value) are checked as the text is read.
    """
    if len(text) > MAX_FILE_BYTES:
        raise _fail_file(source, f"the map is {len(text)} characters long, more than the "
                         f"{MAX_FILE_BYTES} a map may have")
    name = name or Path(source).stem
    if not name or len(name) > MAX_NAME or not name.isprintable() or _NAME_BAD.search(name):
        raise _fail_file(source, f"bad map name {quoted(name)}: up to {MAX_NAME} printable "
                         "characters, no / or \\")
    text = text.removeprefix("\ufeff")
    header = _Header(source, *_vocabulary())
    slots: list[tuple[int, str]] = []
    rows: list[tuple[int, str]] = []
    map_line = 0
    blank_in_map = 0
    last = 1
    for number, raw in text_lines(text):
        last = number
        bad = _BAD_CHAR.search(raw)
        if bad:
            raise _fail(source, number, f"control character {bad.group()!r} in column "
                        f"{bad.start() + 1} (lines end at a newline; no other breaks)")
        line = raw.rstrip()
        if map_line:
            if not line:
                blank_in_map = blank_in_map or number
            elif blank_in_map:
                raise _fail(source, blank_in_map, "blank line inside the terrain rows")
            elif len(rows) == MAX_SIZE or len(line) > MAX_SIZE:
                raise _fail(source, number, f"the map is larger than {MAX_SIZE}x{MAX_SIZE} "
                            "cells")
            else:
                rows.append((number, line))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise _fail(source, number, f"expected 'key: value', got {quoted(stripped, 40)}")
        if len(value) > MAX_VALUE:
            raise _fail(source, number, f"'{clip(key)}' is {len(value)} characters long, "
                        f"more than the {MAX_VALUE} a value may have")
        if key == "map":
            if value:
                raise _fail(source, number, "nothing may follow 'map:'; the terrain rows go "
                            "on the lines below it")
            map_line = number
        elif key == "ship":
            if len(slots) == MAX_SHIPS:
                raise _fail(source, number, f"more than {MAX_SHIPS} ships")
            slots.append((number, value))
        elif key in header.keys:
            header.add(number, key, value)
        else:
            known = listing([*header.keys, "ship", "map"], 110)
            raise _fail(source, number, f"unknown key {quoted(key)} (known: {known})")
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
            raise _fail(source, header.line("quarry"), f"quarry side {quoted(goal.quarry)} "
                        f"has no ships (sides: {listing(sides)})")
        _check_chase_start(source, slots, ships, goal, grids, width, height)
    return MapSpec(
        name=name,
        title=header.text("title") or name,
        about=header.text("about"),
        grids=grids,
        scale=scale,
        goal=goal,
        terrain=terrain,
        marks=marks,
        ships=tuple(ships),
        wind=_parse_wind(header),
        text=text,
        rulesets=_parse_rulesets(header),
        options=tuple((key, value) for key, (_, value) in header.entries.items()
                      if key not in _BUILTIN_KEYS),
        source=source,
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
            elif ch in MARK_LABELS:
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
            raise _fail(header.source, line,
                        f"unknown grid {quoted(word)} (known: {known})") from None
        if kind not in grids:
            grids.append(kind)
    if not grids:
        raise _fail(header.source, line, "'grids' names no grid")
    return tuple(grids)


def _parse_rulesets(header: _Header) -> tuple[str, ...]:
    """The ``rulesets`` line's names (whether a ruleset of that name exists is for the
    registry to say: core knows none)."""
    names: list[str] = []
    for word in header.text("rulesets").lower().split():
        if not RULESET_NAME.fullmatch(word):
            raise _fail(header.source, header.line("rulesets"),
                        f"{quoted(word)} is not a ruleset's name (an id or alias: "
                        "letters, digits, - _ & ')")
        if word not in names:
            names.append(word)
    return tuple(names)


def _parse_goal(header: _Header, marks: tuple[Mark, ...]) -> Goal:
    source = header.source
    value = header.text("game")
    if value.lower() not in header.games:
        raise _fail(source, header.line("game"),
                    f"unknown game {quoted(value)} ({listing(header.games)})")
    builtin = {k.value: k for k in GoalKind}
    kind: str = builtin.get(value.lower(), value.lower())
    for key, (default, used_by) in header.keys.items():
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
                raise _fail(source, line, f"course names mark {quoted(label)}, which is not on the "
                            f"map (marks: {have})")
        return Goal(kind, turns, course=course, rounding=header.number("rounding"))
    if kind is GoalKind.CHASE:
        _, quarry = header.require("quarry", kind)
        line, escape = header.require("escape", kind)
        if escape.upper() not in EDGES:
            raise _fail(source, line,
                        f"'escape' must be an edge N, E, S or W, got {quoted(escape)}")
        return Goal(kind, turns, quarry=quarry.lower(), escape=escape.upper(),
                    catch=header.number("catch"))
    return Goal(kind, turns)


def _parse_wind(header: _Header) -> tuple[str, int] | None:
    if "wind" not in header.entries:
        return None
    value = header.text("wind")
    parts = value.split()
    low, high = LIMITS["wind"]
    speed = whole_number(parts[1]) if len(parts) == 2 else None
    if speed is None or parts[0].upper() not in DIRECTIONS:
        raise _fail(header.source, header.line("wind"),
                    f"'wind' must be 'DIRECTION SPEED' like 'NE 2', got {quoted(value)}")
    if not low <= speed <= high:
        raise _fail(header.source, header.line("wind"), f"the wind's speed must be between "
                    f"{low} and {high}, got {_shown(parts[1], speed)}")
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
        raise _fail(source, number,
                    f"bad ship id {quoted(ship_id)}: up to 8 letters, digits or _")
    side = side.lower()
    if not SIDE_NAME.fullmatch(side):
        raise _fail(source, number, f"bad side name {quoted(side)}: a letter, then up to 15 "
                    "letters, digits, - or _")
    col_s, comma, row_s = where.partition(",")
    col, row = whole_number(col_s), whole_number(row_s)
    if not comma or col is None or row is None:
        raise _fail(source, number, f"bad cell {quoted(where)}: expected COL,ROW like 3,4")
    if not (0 <= col < width and 0 <= row < height):
        raise _fail(source, number, f"cell {clip(where)} is off the {width}x{height} map "
                    f"(columns 0-{width - 1}, rows 0-{height - 1})")
    cell = Cell(col, row)
    ground = Terrain(terrain[cell.row][cell.col])
    if ground is not Terrain.SEA:
        what = "land" if ground is Terrain.LAND else "a shoal"
        raise _fail(source, number, f"ship {ship_id} starts on {what} at {cell}")
    if facing.upper() not in DIRECTIONS:
        raise _fail(source, number, f"bad facing {quoted(facing)} (use {' '.join(DIRECTIONS)})")
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
    """Every map file found, one per name (earlier folders win).  Anything named ``*.map``
    but a folder counts, so that a FIFO or a broken link is reported when it is read."""
    names: set[str] = set()
    for d in map_dirs():
        for path in sorted(d.glob(f"*{MAP_SUFFIX}")):
            if path.stem not in names and not path.is_dir():
                names.add(path.stem)
                yield path


def _looks_like_path(name: str) -> bool:
    seps = {"/", os.sep, os.altsep or "/"}
    return name.endswith(MAP_SUFFIX) or any(s in name for s in seps)


def _exists(path: Path) -> bool:
    """Whether anything (a file, a FIFO, a broken link...) is at ``path``; never raises."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def resolve_map(name_or_path: str) -> Path:
    """A map's file from a name (``channel-race``) or a path; MapError if none."""
    path = Path(name_or_path)
    if _looks_like_path(name_or_path):
        if not _exists(path):
            raise _fail_file(name_or_path, "no such map file")
        return path
    for candidate in available_maps():
        if candidate.stem == name_or_path:
            return candidate
    if _exists(path) and not path.is_dir():
        return path
    known = listing((p.stem for p in available_maps()), 120) or "none found"
    raise MapError(one_line(f"unknown map {quoted(name_or_path)} (known: {known})"))


def _file_kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a file")


def _os_problem(exc: OSError | ValueError) -> str:
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)) or \
        type(exc).__name__


def read_map_file(path: Path) -> str:
    """A map file's text.  Only a regular file of at most ``MAX_FILE_BYTES`` bytes of UTF-8
    is read, and a FIFO or a device never blocks: MapError naming the file otherwise."""
    source = str(path)
    too_big = f"more than the {MAX_FILE_BYTES} bytes a map file may have"
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:
        raise _fail_file(source, f"cannot read: {_os_problem(exc)}") from None
    if not stat.S_ISREG(mode):
        raise _fail_file(source, f"cannot read: {_file_kind(mode)}, not a map file")
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        raise _fail_file(source, f"cannot read: {_os_problem(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # (it changed since the stat above)
            raise _fail_file(source, f"cannot read: {_file_kind(info.st_mode)}, not a map file")
        if info.st_size > MAX_FILE_BYTES:
            raise _fail_file(source, f"the file is {info.st_size} bytes, {too_big}")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:
            raise _fail_file(source, f"the file grew while read, {too_big}")
    except OSError as exc:
        raise _fail_file(source, f"cannot read: {_os_problem(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise _fail(source, line, f"cannot read: not UTF-8 text, byte 0x{data[exc.start]:02x} in "
                    f"column {column}") from None


def load_map(name_or_path: str) -> MapSpec:
    """Find, read and parse a map; MapError with file and line on any problem."""
    path = resolve_map(name_or_path)
    return parse_map(read_map_file(path), str(path), path.stem)
