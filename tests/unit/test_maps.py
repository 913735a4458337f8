"""Map files: every shipped map loads and sets up; every parser error names file and line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.maps import (
    MapError,
    available_maps,
    load_map,
    map_dirs,
    parse_map,
    resolve_map,
)
from tui_naval.core.scenario import ScenarioError, Setup, start_state
from tui_naval.core.state import GoalKind, Terrain
from tui_naval.rulesets import find_ruleset, load, registry

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"
SHIPPED = sorted(CHECKOUT_MAPS.glob("*.map"))
SALT = find_ruleset("salt-n-tar")


# -- the shipped maps ---------------------------------------------------------------

def test_maps_are_shipped() -> None:
    names = {p.stem for p in SHIPPED}
    assert {"channel-race", "open-sea", "coast-chase", "square-regatta",
            "grand-regatta"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_map_parses(path: Path) -> None:
    spec = load_map(str(path))
    assert spec.name == path.stem
    assert spec.title and spec.about, "a shipped map has a title and an about line"
    assert len(spec.sides) >= 2
    for row in spec.terrain:
        assert len(row) == spec.width
    for slot in spec.ships:
        assert spec.terrain[slot.cell.row][slot.cell.col] == Terrain.SEA


def _setups(path: Path) -> list[tuple[str, Path, GridKind]]:
    spec = load_map(str(path))
    return [(path.stem, path, grid) for grid in spec.grids]


SETUPS = [case for path in SHIPPED for case in _setups(path)]


@pytest.mark.parametrize(("name", "path", "grid"), SETUPS,
                         ids=[f"{n}-{g.value}" for n, _, g in SETUPS])
def test_shipped_map_starts_on_each_grid(name: str, path: Path, grid: GridKind) -> None:
    """Races and chases start under Salt'n'Tar; any other map under some ruleset."""
    spec = load_map(str(path))
    if spec.goal.kind in SALT.goals:
        rulesets: list[Any] = [SALT]
    else:
        rulesets = [load(info) for info in registry()]
        rulesets = [r for r in rulesets if spec.goal.kind in r.goals and grid in r.grids]
        if not rulesets:
            pytest.skip(f"no ruleset plays a {spec.goal.kind.value} on {grid.value} yet")
    started = []
    for ruleset in rulesets:
        try:
            state = start_state(ruleset, Setup(ruleset.name, name, spec.text, grid, 7))
        except ScenarioError:
            continue  # ship classes of another ruleset
        assert state.grid.kind is grid
        assert len(state.ships) == len(spec.ships)
        assert state.outcome is None
        started.append(ruleset.name)
    assert started, f"{name} starts under no ruleset on {grid.value}"


SALT_MAPS = {"open-sea": ("race", {"hex-pointy", "square"}, 2),
             "coast-chase": ("chase", {"hex-flat", "square"}, 3),
             "square-regatta": ("race", {"square"}, 4),
             "grand-regatta": ("race", {"hex-flat", "hex-pointy", "square"}, 20)}


@pytest.mark.parametrize("name", sorted(SALT_MAPS))
def test_new_maps_as_designed(name: str) -> None:
    kind, grids, ships = SALT_MAPS[name]
    spec = load_map(name)
    assert spec.goal.kind.value == kind
    assert {g.value for g in spec.grids} == grids
    assert len(spec.ships) == ships
    assert all(slot.kind for slot in spec.ships), "every ship has a default class"
    per_side = {side: [s for s in spec.ships if s.side == side] for side in spec.sides}
    if kind == "race":
        assert len({len(v) for v in per_side.values()}) == 1, "races are even"
        for label in spec.goal.course:
            mark = spec.marks[[m.label for m in spec.marks].index(label)]
            assert spec.terrain[mark.cell.row][mark.cell.col] == Terrain.SEA


SALT_CASES = [(name, path, grid) for name, path, grid in SETUPS
              if load_map(str(path)).goal.kind in SALT.goals]


@pytest.mark.parametrize(("name", "path", "grid"), SALT_CASES,
                         ids=[f"{n}-{g.value}" for n, _, g in SALT_CASES])
def test_every_ship_can_sail_the_course(name: str, path: Path, grid: GridKind) -> None:
    """No mark (or escape edge) is cut off from a ship by land, or by shoals for a deep keel."""
    from tui_naval.systems.goals.course import distance_field
    from tui_naval.systems.sailing.salt_n_tar.tables import tables

    spec = load_map(str(path))
    board = spec.board(grid)
    for slot in spec.ships:
        shallow = tables().ships[slot.kind].shallow
        here = slot.cell
        if spec.goal.kind is GoalKind.RACE:
            for label in spec.goal.course:
                target = board.mark(label).cell
                assert here in distance_field(board, target, shallow), (slot.id, label)
                here = target
        elif slot.side == spec.goal.quarry:
            on_edge = {"N": lambda c: c.row == 0, "S": lambda c: c.row == spec.height - 1,
                       "W": lambda c: c.col == 0, "E": lambda c: c.col == spec.width - 1}
            border = [c for c in board.grid.cells() if on_edge[spec.goal.escape](c)
                      and board.terrain_at(c) is not Terrain.LAND]
            assert any(here in distance_field(board, c, shallow) for c in border), slot.id


def test_square_regatta_has_four_buoys_and_land() -> None:
    spec = load_map("square-regatta")
    assert len(spec.goal.course) >= 4
    assert any(Terrain.LAND in row for row in spec.terrain)


def test_grand_regatta_is_the_largest() -> None:
    specs = [load_map(str(p)) for p in SHIPPED]
    grand = load_map("grand-regatta")
    assert all(grand.width * grand.height >= s.width * s.height for s in specs)
    assert (grand.width, grand.height) == (90, 40)
    classes = {s.kind for s in grand.ships}
    assert classes == set(SALT.ship_classes()), "every Salt'n'Tar class sails"
    for side in grand.sides:
        assert sum(s.side == side for s in grand.ships) == 10


def test_coast_chase_quarry_is_shallow_and_hunters_deep() -> None:
    from tui_naval.systems.sailing.salt_n_tar.tables import tables

    spec = load_map("coast-chase")
    ships = tables().ships
    assert spec.goal.kind is GoalKind.CHASE
    for slot in spec.ships:
        assert ships[slot.kind].shallow is (slot.side == spec.goal.quarry)
    assert any(Terrain.SHOAL in row for row in spec.terrain)


def test_the_readme_example_is_a_good_map() -> None:
    readme = (CHECKOUT_MAPS / "README.md").read_text(encoding="utf-8")
    example = readme.split("## A complete example", 1)[1].split("```")[1].lstrip("\n")
    spec = parse_map(example, "harbour-dash.map")
    assert spec.goal.course == ("1", "2") and spec.wind == ("NE", 2)
    for grid in spec.grids:
        state = start_state(SALT, Setup(SALT.name, spec.name, spec.text, grid, 1))
        assert len(state.ships) == 2


def test_map_dirs_and_available_maps_find_the_checkout() -> None:
    assert CHECKOUT_MAPS.resolve() in map_dirs()
    names = [p.stem for p in available_maps()]
    assert len(names) == len(set(names))
    assert "channel-race" in names


# -- parsing ---------------------------------------------------------------------

GOOD = """\
# a comment
title: Test
about: A test map.
grids: square hex-flat
scale: 4
game: race
course: 1 2
rounding: 1
turns: 30
ship: B1 blue 0,3 N cutter
ship: R1 red 2,3 NE
map:
~~1~~
~.#:~
~~~~2
~~~~~
"""
# line numbers in GOOD
L = {"title": 2, "about": 3, "grids": 4, "scale": 5, "game": 6, "course": 7, "rounding": 8,
     "turns": 9, "ship1": 10, "ship2": 11, "map": 12, "row0": 13, "row1": 14, "row3": 16}


def test_good_map() -> None:
    spec = parse_map(GOOD, "good.map")
    assert spec.name == "good" and spec.title == "Test" and spec.about == "A test map."
    assert spec.grids == (GridKind.SQUARE, GridKind.HEX_FLAT)
    assert (spec.width, spec.height, spec.scale) == (5, 4, 4)
    assert spec.terrain == ("~~~~~".replace("~", "."), "..#:.", ".....", ".....")
    assert [(m.label, m.cell) for m in spec.marks] == [("1", Cell(2, 0)), ("2", Cell(4, 2))]
    assert spec.goal.course == ("1", "2") and spec.goal.turns == 30
    assert spec.ships[0].kind == "cutter" and spec.ships[1].kind == ""
    assert spec.ships[1].facing == "NE" and spec.sides == ("blue", "red")
    assert spec.wind is None
    assert spec.text == GOOD


def test_defaults() -> None:
    text = "ship: A1 a 0,0 N\nship: B1 b 1,0 s\nmap:\n...\n"
    spec = parse_map(text, "x.map")
    assert spec.title == "x" and spec.about == ""
    assert spec.grids == (GridKind.HEX_FLAT, GridKind.SQUARE)
    assert spec.scale == 4
    assert spec.goal.kind is GoalKind.BATTLE and spec.goal.turns == 60
    assert spec.ships[1].facing == "S"


def test_keys_and_values_are_forgiving_about_case_and_spaces() -> None:
    text = GOOD.replace("game: race", "  GAME :  Race  ").replace("grids: square hex-flat",
                                                                 "grids: Square SQUARE")
    spec = parse_map(text, "x.map")
    assert spec.goal.kind is GoalKind.RACE
    assert spec.grids == (GridKind.SQUARE,)


def test_byte_order_mark_and_crlf() -> None:
    spec = parse_map("\ufeff" + GOOD.replace("\n", "\r\n"), "x.map")
    assert spec.height == 4


def test_trailing_blank_lines_after_the_terrain_are_fine() -> None:
    assert parse_map(GOOD + "\n\n  \n", "x.map").height == 4


def test_chase_and_wind() -> None:
    text = GOOD.replace("game: race\ncourse: 1 2\nrounding: 1\n",
                        "game: chase\nquarry: Red\nescape: w\ncatch: 2\nwind: sw 3\n")
    text = swap("ship: R1 red 2,3 NE\n", "ship: R1 red 4,3 NE\n", text)
    spec = parse_map(text, "x.map")
    assert spec.goal.kind is GoalKind.CHASE
    assert (spec.goal.quarry, spec.goal.escape, spec.goal.catch) == ("red", "W", 2)
    assert spec.wind == ("SW", 3)


def test_the_board_is_built_for_a_grid() -> None:
    board = parse_map(GOOD, "x.map").board(GridKind.HEX_POINTY)
    assert board.grid.kind is GridKind.HEX_POINTY
    assert (board.grid.width, board.grid.height, board.scale) == (5, 4, 4)
    assert board.terrain_at(Cell(2, 1)) is Terrain.LAND
    assert board.terrain_at(Cell(3, 1)) is Terrain.SHOAL


# -- every error path: "source:LINE: problem" --------------------------------------

def error(text: str, source: str = "test.map") -> tuple[int, str]:
    with pytest.raises(MapError) as info:
        parse_map(text, source)
    message = str(info.value)
    match = re.fullmatch(rf"{re.escape(source)}:(\d+): (.+)", message, re.DOTALL)
    assert match, f"not 'source:LINE: problem': {message!r}"
    return int(match.group(1)), match.group(2)


def swap(old: str, new: str, text: str = GOOD) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


CASES: list[tuple[str, str, int, str]] = [
    # (case id, map text, expected line, words in the problem)
    ("missing map:", GOOD.split("map:")[0], 11, "no 'map:' line"),
    ("empty file", "", 1, "no 'map:' line"),
    ("no rows", GOOD.split("map:")[0] + "map:\n\n", L["map"], "no terrain rows"),
    ("text after map:", swap("map:\n", "map: big\n"), L["map"], "nothing may follow"),
    ("ragged row", swap("~.#:~\n", "~.#:~~\n"), L["row1"], "6 cells wide"),
    ("short row", swap("~~~~~\n", "~~~~\n"), L["row3"], "4 cells wide"),
    ("unknown char", swap("~.#:~\n", "~.#x~\n"), L["row1"], "unknown terrain character 'x'"),
    ("lower-case mark", swap("~~1~~\n", "~~a~~\n"), L["row0"], "column 3"),
    ("duplicate mark", swap("~~~~2\n", "~~~~1\n"), 15, "mark 1 appears twice"),
    ("blank line in terrain", swap("~~~~2\n", "~~~~2\n\n"), 16, "blank line inside"),
    ("unknown key", swap("scale: 4\n", "scael: 4\n"), L["scale"], "unknown key 'scael'"),
    ("duplicate key", swap("turns: 30\n", "turns: 30\nturns: 40\n"), L["turns"] + 1,
     "'turns' given twice (first on line 9)"),
    ("no colon", swap("scale: 4\n", "scale 4\n"), L["scale"], "expected 'key: value'"),
    ("bad number", swap("scale: 4\n", "scale: four\n"), L["scale"], "whole number"),
    ("fraction", swap("turns: 30\n", "turns: 3.5\n"), L["turns"], "whole number"),
    ("underscored number", swap("turns: 30\n", "turns: 3_0\n"), L["turns"], "whole number"),
    ("scale too big", swap("scale: 4\n", "scale: 99\n"), L["scale"], "between 1 and 36"),
    ("scale zero", swap("scale: 4\n", "scale: 0\n"), L["scale"], "between 1 and 36"),
    ("turns zero", swap("turns: 30\n", "turns: 0\n"), L["turns"], "between 1 and 999"),
    ("rounding negative", swap("rounding: 1\n", "rounding: -1\n"), L["rounding"],
     "between 0 and 10"),
    ("unknown grid", swap("grids: square hex-flat\n", "grids: square hexagon\n"), L["grids"],
     "unknown grid 'hexagon'"),
    ("no grid", swap("grids: square hex-flat\n", "grids:\n"), L["grids"], "names no grid"),
    ("unknown game", swap("game: race\n", "game: regatta\n"), L["game"], "unknown game"),
    ("course names a missing mark", swap("course: 1 2\n", "course: 1 3 2\n"), L["course"],
     "mark '3', which is not on the map"),
    ("race without course", swap("course: 1 2\n", ""), L["game"], "needs a 'course:' line"),
    ("empty course", swap("course: 1 2\n", "course:\n"), L["course"], "needs a 'course:'"),
    ("course in a battle", swap("game: race\n", "game: battle\n"), L["course"],
     "only used in a race"),
    ("wind bad direction", swap("turns: 30\n", "turns: 30\nwind: up 2\n"), L["turns"] + 1,
     "'DIRECTION SPEED'"),
    ("wind no speed", swap("turns: 30\n", "turns: 30\nwind: NE\n"), L["turns"] + 1,
     "'DIRECTION SPEED'"),
    ("wind superscript", swap("turns: 30\n", "turns: 30\nwind: NE \u00b2\n"), L["turns"] + 1,
     "'DIRECTION SPEED'"),
    ("wind too strong", swap("turns: 30\n", "turns: 30\nwind: NE 9\n"), L["turns"] + 1,
     "between 0 and 6"),
    ("wind empty", swap("turns: 30\n", "turns: 30\nwind:\n"), L["turns"] + 1,
     "'DIRECTION SPEED'"),
    ("ship too few fields", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,3\n"), L["ship2"],
     "expected 'ship: ID SIDE COL,ROW FACING [CLASS]'"),
    ("ship too many fields", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,3 NE big ship\n"),
     L["ship2"], "expected 'ship:"),
    ("ship bad cell", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2;3 NE\n"), L["ship2"],
     "bad cell '2;3'"),
    ("ship cell not numbers", swap("ship: R1 red 2,3 NE\n", "ship: R1 red a,b NE\n"),
     L["ship2"], "bad cell"),
    ("ship cell three parts", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,3,4 NE\n"),
     L["ship2"], "bad cell"),
    ("ship off the map", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 5,3 NE\n"), L["ship2"],
     "off the 5x4 map"),
    ("ship off the top", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,-1 NE\n"), L["ship2"],
     "off the 5x4 map"),
    ("ship on land", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,1 NE\n"), L["ship2"],
     "starts on land at 2,1"),
    ("ship on a shoal", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 3,1 NE\n"), L["ship2"],
     "starts on a shoal at 3,1"),
    ("ship bad facing", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 2,3 NNE\n"), L["ship2"],
     "bad facing 'NNE'"),
    ("ship bad id", swap("ship: R1 red 2,3 NE\n", "ship: R-1 red 2,3 NE\n"), L["ship2"],
     "bad ship id"),
    ("ship bad side", swap("ship: R1 red 2,3 NE\n", "ship: R1 9red 2,3 NE\n"), L["ship2"],
     "bad side name"),
    ("duplicate ship id", swap("ship: R1 red 2,3 NE\n", "ship: B1 red 2,3 NE\n"), L["ship2"],
     "ship id B1 used twice (first on line 10)"),
    ("two ships in one cell", swap("ship: R1 red 2,3 NE\n", "ship: R1 red 0,3 NE\n"),
     L["ship2"], "where B1 already is (line 10)"),
    ("one side only", swap("ship: R1 red 2,3 NE\n", "ship: R1 blue 2,3 NE\n"), L["ship2"],
     "at least two sides"),
    ("no ships", swap("ship: B1 blue 0,3 N cutter\nship: R1 red 2,3 NE\n", ""), 10,
     "at least two sides"),
]


@pytest.mark.parametrize(("text", "line", "words"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_error(text: str, line: int, words: str) -> None:
    got_line, problem = error(text)
    assert words in problem
    assert got_line == line, problem


CHASE = swap("game: race\ncourse: 1 2\nrounding: 1\n",
             "game: chase\nquarry: red\nescape: W\ncatch: 1\n")
# line numbers in CHASE: game 6, quarry 7, escape 8, catch 9, turns 10

CHASE_CASES: list[tuple[str, str, int, str]] = [
    ("bad escape edge", swap("escape: W\n", "escape: NW\n", CHASE), 8,
     "'escape' must be an edge N, E, S or W"),
    ("quarry with no ships", swap("quarry: red\n", "quarry: green\n", CHASE), 7,
     "quarry side 'green' has no ships"),
    ("chase without quarry", swap("quarry: red\n", "", CHASE), 6, "needs a 'quarry:' line"),
    ("chase without escape", swap("escape: W\n", "", CHASE), 6, "needs a 'escape:' line"),
    ("catch out of range", swap("catch: 1\n", "catch: 51\n", CHASE), 9, "between 1 and 50"),
    ("catch zero", swap("catch: 1\n", "catch: 0\n", CHASE), 9, "between 1 and 50"),
    ("hunter starts within catch", swap("catch: 1\n", "catch: 2\n", CHASE), 11,
     "hunter B1 starts 2 cells from quarry R1 on the square grid"),
    ("catch in a race", swap("rounding: 1\n", "rounding: 1\ncatch: 1\n"), L["rounding"] + 1,
     "'catch' is only used in a chase"),
    ("rounding in a chase", swap("catch: 1\n", "catch: 1\nrounding: 2\n", CHASE), 10,
     "'rounding' is only used in a race"),
]


@pytest.mark.parametrize(("text", "line", "words"), [c[1:] for c in CHASE_CASES],
                         ids=[c[0] for c in CHASE_CASES])
def test_chase_error(text: str, line: int, words: str) -> None:
    got_line, problem = error(text)
    assert words in problem
    assert got_line == line, problem


def test_map_too_large() -> None:
    text = "ship: A1 a 0,0 N\nship: B1 b 1,0 N\nmap:\n" + ("~" * 201 + "\n")
    assert error(text) == (4, "the map is larger than 200x200 cells")
    tall = "ship: A1 a 0,0 N\nship: B1 b 1,0 N\nmap:\n" + "~~\n" * 201
    assert error(tall)[0] == 3 + 201


def test_errors_name_the_source() -> None:
    with pytest.raises(MapError, match=r"^maps/odd\.map:5: "):
        parse_map(swap("scale: 4\n", "scale: x\n"), "maps/odd.map")


# -- finding maps ----------------------------------------------------------------

def test_resolve_by_name_and_by_path(tmp_path: Path) -> None:
    assert resolve_map("channel-race").stem == "channel-race"
    own = tmp_path / "mine.map"
    own.write_text(GOOD, encoding="utf-8")
    assert resolve_map(str(own)) == own
    assert load_map(str(own)).name == "mine"


def test_resolve_unknown_name() -> None:
    with pytest.raises(MapError, match=r"unknown map 'no-such-sea' \(known: .*channel-race"):
        resolve_map("no-such-sea")


@pytest.mark.parametrize("missing", ["nowhere/at-all.map", "gone.map", "./gone"])
def test_resolve_missing_path(missing: str) -> None:
    with pytest.raises(MapError, match=rf"^{re.escape(missing)}: no such map file$"):
        resolve_map(missing)


def test_a_folder_named_like_a_map_is_not_a_map(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "channel-race").mkdir()
    monkeypatch.chdir(tmp_path)
    assert resolve_map("channel-race").is_file()


def test_local_maps_folder_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "channel-race.map").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert map_dirs()[0] == (tmp_path / "maps").resolve()
    assert load_map("channel-race").title == "Test"


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.map"
    bad.write_text(swap("grids: square hex-flat\n", "grids: round\n"), encoding="utf-8")
    with pytest.raises(MapError, match=rf"^{re.escape(str(bad))}:4: unknown grid 'round'"):
        load_map(str(bad))
    binary = tmp_path / "binary.map"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(MapError, match=r"binary\.map:1: cannot read: not UTF-8 text, byte 0xff"):
        load_map(str(binary))
