"""The board and panel widgets, mounted alone in a small app."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from attrs import evolve
from rich.console import Console
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Offset, Region, Size
from textual.widget import Widget

from tui_naval.app.setup import new_game
from tui_naval.core.dice import Rng
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.maps import available_maps, load_map
from tui_naval.core.ruleset import Row
from tui_naval.core.state import Board, GameState, Goal, GoalKind, Mark, ShipBase
from tui_naval.core.wind import Wind
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.widgets import BoardLayout, LookPanel, OceanView, ShipPanel, WindRose
from tui_naval.tui.widgets.glyphs import ASCII, UNICODE, octant, side_letters
from tui_naval.tui.widgets.message_log import LogEntry

SIZE = (100, 30)
KINDS = ("hex-flat", "hex-pointy", "square")


def game_state(grid: str = "hex-flat", map_name: str = "channel-race") -> GameState:
    return new_game("salt-n-tar", map_name, 1, grid).state


class Host(App[None]):
    """One widget on an otherwise empty screen; records the ocean's messages."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.moved: list[Cell] = []
        self.clicked: list[Cell] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_ocean_view_cursor_moved(self, message: OceanView.CursorMoved) -> None:
        self.moved.append(message.cell)

    def on_ocean_view_cell_clicked(self, message: OceanView.CellClicked) -> None:
        self.clicked.append(message.cell)


def screen_lines(app: App[None]) -> list[str]:
    """The whole screen as text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def on_screen(ocean: OceanView, virtual: Offset) -> Offset:
    """Screen position of a point of the board."""
    return ocean.content_region.offset + virtual - ocean.scroll_offset


def largest_map() -> str:
    names = {p.stem: p for p in available_maps()}
    if "grand-regatta" in names:
        return "grand-regatta"
    specs = [load_map(str(p)) for p in names.values()]
    return max(specs, key=lambda s: s.width * s.height).name


# -- geometry ------------------------------------------------------------------

#: The zoom levels drawn cell by cell (detailed, compact, large), and a view to centre in.
ZOOMED = [pytest.param(0, None, id="detailed"), pytest.param(1, None, id="compact"),
          pytest.param(3, None, id="large"),
          pytest.param(0, Size(120, 50), id="detailed-centred"),
          pytest.param(3, Size(120, 50), id="large-centred")]


@pytest.mark.parametrize(("zoom", "fit"), ZOOMED)
@pytest.mark.parametrize("kind", list(GridKind))
def test_layout_round_trip_and_tiling(kind: GridKind, zoom: int, fit: Size | None) -> None:
    grid = Grid(kind, 9, 7)
    layout = BoardLayout.for_grid(grid, zoom, fit)
    board = Region(0, 0, *layout.size)
    covered: dict[Offset, Cell] = {}
    for cell in grid.cells():
        region = layout.region_of(cell)
        assert layout.offset_of(cell) == region.offset
        assert board.contains_region(region)
        assert layout.cell_at(layout.glyph_offset(cell)) == cell
        for y in range(region.y, region.bottom):
            for x in range(region.x, region.right):
                assert layout.cell_at(Offset(x, y)) == cell
                assert Offset(x, y) not in covered
                covered[Offset(x, y)] = cell
    for y in range(board.height):
        for x in range(board.width):
            assert layout.cell_at(Offset(x, y)) == covered.get(Offset(x, y))


@pytest.mark.parametrize("zoom", [0, 3])
@pytest.mark.parametrize("kind", [GridKind.HEX_FLAT, GridKind.HEX_POINTY])
def test_hex_neighbours_touch_on_screen(kind: GridKind, zoom: int) -> None:
    """The staggered blocks tile like hexes: neighbours share an edge."""
    grid = Grid(kind, 8, 8)
    layout = BoardLayout.for_grid(grid, zoom)
    for cell in grid.cells():
        grown = layout.region_of(cell).grow((1, 1, 1, 1))
        for other in grid.cells():
            if other == cell:
                continue
            region = layout.region_of(other)
            touching = grown.overlaps(region) and not _corner_only(layout.region_of(cell), region)
            assert touching == (other in grid.neighbours(cell)), (cell, other)


@pytest.mark.parametrize("zoom", [0, 1, 2, 3])
@pytest.mark.parametrize("kind", list(GridKind))
def test_a_board_smaller_than_the_view_is_centred_in_it(kind: GridKind, zoom: int) -> None:
    grid = Grid(kind, 9, 7)
    view = Size(150, 50)
    layout = BoardLayout.for_grid(grid, zoom, view)
    board = BoardLayout.for_grid(grid, zoom, None if zoom != 2 else view).board_size
    left, top = layout.origin
    assert layout.board_size == board
    assert left == (view.width - board.width) // 2 and top == (view.height - board.height) // 2
    assert layout.size.width <= view.width and layout.size.height <= view.height
    assert layout.cell_at(Offset(left - 1, top)) is None
    assert layout.cell_at(layout.glyph_offset(Cell(0, 0))) == Cell(0, 0)
    assert all(cell is None for _, _, cell, _ in layout.blocks_on_line(top - 1, 0, 150))
    first = next(layout.blocks_on_line(top, 0, 150))
    assert first[:3] == (0, left, None), "the room left of the board is a gap"
    # A board larger than the view is not moved.
    assert BoardLayout.for_grid(grid, zoom, Size(4, 3)).origin == Offset(0, 0)


def _corner_only(a: Region, b: Region) -> bool:
    """True when two blocks meet only at a corner."""
    x_touch = a.right == b.x or b.right == a.x
    y_touch = a.bottom == b.y or b.bottom == a.y
    return x_touch and y_touch


def test_glyphs() -> None:
    assert UNICODE.ship("B", 0) == "B↑"
    assert UNICODE.ship("B", 240) == "↙B"
    assert ASCII.ship("R", 60) == "R/"
    assert ASCII.ship("R", 225) == "/R"
    assert [octant(a) for a in (0, 30, 90, 150, 210, 330)] == [0, 1, 2, 3, 5, 7]
    assert side_letters(["blue", "red"]) == {"blue": "B", "red": "R"}
    assert side_letters(["red", "rebels", "rovers"]) == {"red": "R", "rebels": "r", "rovers": "2"}


# -- the ocean -----------------------------------------------------------------

async def test_arrow_keys_move_the_cursor_and_post() -> None:
    state = game_state("hex-flat")
    ocean = OceanView()
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state, selected="B1")
        ocean.focus()
        ocean.cursor = Cell(10, 10)
        await pilot.pause()
        app.moved.clear()
        await pilot.press("up")
        assert ocean.cursor == Cell(10, 9)
        await pilot.press("down", "down")
        assert ocean.cursor == Cell(10, 11)
        await pilot.press("right")
        assert ocean.cursor == Cell(11, 11)
        await pilot.press("left")
        assert ocean.cursor == Cell(10, 11)
        await pilot.press("k", "j", "l", "h")
        assert ocean.cursor == Cell(10, 11)
        await pilot.press("u")  # NE on a flat-top hex grid
        assert ocean.cursor == state.grid.neighbour(Cell(10, 11), 1)
        await pilot.pause()
        assert app.moved[:3] == [Cell(10, 9), Cell(10, 10), Cell(10, 11)]
        assert app.moved[-1] == ocean.cursor


@pytest.mark.parametrize("kind", KINDS)
async def test_diagonal_keys_step_to_neighbours(kind: str) -> None:
    state = game_state(kind)
    grid = state.grid
    ocean = OceanView()
    async with Host(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state)
        ocean.focus()
        start = Cell(10, 10)
        for key, angle in (("y", 315), ("u", 45), ("b", 225), ("n", 135)):
            ocean.cursor = start
            await pilot.press(key)
            assert ocean.cursor == grid.neighbour(start, grid.nearest_facing(angle))
            assert ocean.cursor in grid.neighbours(start)


async def test_cursor_stays_on_the_board() -> None:
    state = game_state("square")
    ocean = OceanView()
    async with Host(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state)
        ocean.focus()
        ocean.cursor = Cell(0, 0)
        await pilot.press("up", "left", "y")
        assert ocean.cursor == Cell(0, 0)
        ocean.cursor = Cell(99, 99)
        assert ocean.cursor == Cell(31, 21)


async def test_cursor_scrolls_into_view() -> None:
    state = game_state("hex-flat")
    ocean = OceanView()
    async with Host(ocean).run_test(size=(60, 16)) as pilot:
        ocean.show(state)
        ocean.focus()
        ocean.cursor = Cell(31, 21)
        await pilot.pause()
        window = Region(*ocean.scroll_offset, *ocean.size)
        assert window.contains_region(ocean.region_of(Cell(31, 21)))
        ocean.center_on(Cell(0, 0))
        await pilot.pause()
        assert ocean.scroll_offset == Offset(0, 0)


async def test_view_jumps_only_near_the_edge() -> None:
    state = game_state("square")
    ocean = OceanView()
    async with Host(ocean).run_test(size=(40, 12)) as pilot:
        ocean.show(state)
        ocean.focus()
        ocean.cursor = Cell(2, 2)
        await pilot.pause()
        assert ocean.scroll_offset == Offset(0, 0)
        steps = 0
        while ocean.scroll_offset.x == 0:
            await pilot.press("right")
            steps += 1
        assert steps > 3  # no scrolling while the cursor is well inside the view
        region = ocean.region_of(ocean.cursor)
        middle = ocean.scroll_offset.x + ocean.size.width // 2
        assert region.x <= middle <= region.right  # then a jump puts it mid-view


async def test_click_moves_cursor_and_posts() -> None:
    state = game_state("hex-pointy")
    ocean = OceanView()
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state)
        await pilot.pause()
        target = Cell(7, 5)
        point = ocean.glyph_offset(target) - ocean.scroll_offset
        assert await pilot.click(OceanView, offset=point)
        await pilot.pause()
        assert app.clicked == [target]
        assert ocean.cursor == target
        assert app.moved[-1] == target


@pytest.mark.parametrize("kind", KINDS)
async def test_ship_glyphs_at_their_cells(kind: str) -> None:
    state = game_state(kind)
    grid = state.grid
    ocean = OceanView()
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state)
        letters = side_letters(state.sides)
        for ship in state.ships:
            ocean.center_on(ship.cell)
            await pilot.pause()
            x, y = on_screen(ocean, ocean.glyph_offset(ship.cell))
            token = UNICODE.ship(letters[ship.side], grid.facing_angle(ship.heading))
            assert screen_lines(app)[y][x:x + 2] == token
            assert ocean.cell_at(ocean.glyph_offset(ship.cell)) == ship.cell


async def test_marks_preview_and_cursor_are_drawn() -> None:
    state = game_state("square")
    ocean = OceanView()
    async with Host(ocean).run_test(size=SIZE) as pilot:
        trail = [Cell(4, 17), Cell(4, 16)]
        ocean.show(state, preview=trail, marks_next="3")
        ocean.cursor = Cell(4, 16)
        await pilot.pause()
        text = ocean.board_text()
        for mark in state.board.marks:
            x, y = ocean.offset_of(mark.cell)
            expected = "[3]" if mark.label == "3" else f"({mark.label})"
            assert text[y][x:x + 3] == expected
        for cell in trail:
            x, y = ocean.glyph_offset(cell)
            assert text[y][x] == "•"
        strip = ocean.render_line(ocean.offset_of(Cell(4, 16)).y - ocean.scroll_offset.y)
        x = ocean.glyph_offset(Cell(4, 16)).x - ocean.scroll_offset.x
        styles = [seg.style for seg in strip.crop(x, x + 1) if seg.text]
        assert styles and all(s is not None and s.reverse for s in styles)


async def test_sunk_ship_gone_finished_dim_selected_highlighted() -> None:
    state = game_state("hex-flat")
    b1, r1 = state.ship("B1"), state.ship("R1")
    state = state.with_ship(evolve(b1, afloat=False))
    state = state.with_ship(evolve(r1, progress=evolve(r1.progress, finished=3)))  # type: ignore[attr-defined]
    presenter = find_ruleset(state.ruleset).presenter
    assert presenter.ship_done(state, state.ship("R1")) == "finished"
    ocean = OceanView()
    async with Host(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state, selected="R1", presenter=presenter)
        ocean.cursor = Cell(0, 0)
        await pilot.pause()
        text = ocean.board_text()
        x, y = ocean.glyph_offset(b1.cell)
        assert text[y][x:x + 2] == "· "
        x, y = ocean.glyph_offset(r1.cell)
        assert text[y][x:x + 2] == "R↑"
        assert text[y + 1][x:x + 2] == "R1"
        ocean.center_on(r1.cell)
        await pilot.pause()
        line = ocean.render_line(y - ocean.scroll_offset.y)
        sx = x - ocean.scroll_offset.x
        style = next(s.style for s in line.crop(sx, sx + 1) if s.text)
        assert style is not None and style.dim and style.underline


@pytest.mark.parametrize("kind", KINDS)
async def test_ascii_only_draws_only_ascii(kind: str) -> None:
    state = game_state(kind)
    ocean = OceanView(ascii_only=True)
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state, preview=[Cell(4, 17)], marks_next="1")
        await pilot.pause()
        assert all(line.isascii() for line in ocean.board_text())
        visible = [ocean.render_line(y).text for y in range(ocean.size.height)]
        assert all(line.isascii() for line in visible)
        ocean.ascii_only = False
        assert not all(line.isascii() for line in ocean.board_text())


async def test_line_cache_reuses_unchanged_lines() -> None:
    state = game_state("hex-flat")
    ocean = OceanView()
    async with Host(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state)
        ocean.cursor = Cell(5, 5)
        await pilot.pause()
        far = ocean.render_line(0)
        near = ocean.render_line(ocean.offset_of(Cell(5, 5)).y - ocean.scroll_offset.y)
        ocean.cursor = Cell(6, 5)
        assert ocean.render_line(0) is far
        assert ocean.render_line(ocean.offset_of(Cell(5, 5)).y
                                 - ocean.scroll_offset.y) is not near


async def test_cursor_repaints_inside_a_border() -> None:
    """Moving the cursor repaints the right lines when the board has a border."""
    state = game_state("hex-flat")
    ocean = OceanView()
    ocean.styles.border = ("solid", "white")
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state)
        ocean.cursor = Cell(5, 5)
        await pilot.pause()
        ocean.cursor = Cell(5, 6)
        await pilot.pause()
        strips = app.screen._compositor.render_strips()

        def reversed_at(cell: Cell) -> list[bool]:
            """Per character of the cell's block: drawn in reverse video?"""
            region = ocean.region_of(cell)
            found = []
            for dy in range(region.height):
                x, y = on_screen(ocean, region.offset + Offset(0, dy))
                for segment in strips[y].crop(x, x + region.width):
                    found += [bool(segment.style and segment.style.reverse)] * len(segment.text)
            return found

        assert all(reversed_at(Cell(5, 6)))
        assert not any(reversed_at(Cell(5, 5)))


async def test_any_ruleset_state_draws() -> None:
    """Only ShipBase fields are needed: a bare GameState with three sides draws."""
    grid = Grid(GridKind.HEX_POINTY, 6, 4)
    board = Board("tiny", grid, ("......", "..#...", "...:..", "......"), (Mark("A", Cell(5, 0)),))
    ships = (
        ShipBase(id="x1", side="red", kind="sloop", cell=Cell(0, 0), heading=1),
        ShipBase(id="y1", side="rebels", kind="junk", cell=Cell(1, 1), heading=4),
        ShipBase(id="z1", side="navy", kind="brig", cell=Cell(2, 2), heading=0, afloat=False),
    )
    state = GameState(ruleset="none", board=board, goal=Goal(GoalKind.BATTLE),
                      sides=("red", "rebels", "navy"), wind=Wind(0, 1), rng=Rng.from_seed(1),
                      ships=ships)
    ocean, look = OceanView(), LookPanel()

    class Two(Host):
        def compose(self) -> ComposeResult:
            yield ocean
            yield look

    async with Two(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state, selected="x1")
        look.show(state, Cell(1, 1), selected="x1")
        await pilot.pause()
        text = ocean.board_text()

        def glyph(cell: Cell) -> str:
            x, y = ocean.glyph_offset(cell)
            return text[y][x:x + 2]

        assert glyph(Cell(0, 0)) == "R→" and glyph(Cell(1, 1)) == "←r"
        assert glyph(Cell(2, 2)) == "· "  # sunk: gone
        assert "(A)" in text[ocean.glyph_offset(Cell(5, 0)).y]  # (the map centred, large)
        assert "y1 junk, rebels" in look.text and "heading W" in look.text
        assert "2 cells SE of x1" in look.text


def test_largest_map_loads() -> None:
    assert load_map(largest_map()).width >= 32


@pytest.mark.parametrize("kind", KINDS)
async def test_largest_map_renders(kind: str) -> None:
    name = largest_map()
    spec = load_map(name)
    if GridKind(kind) not in spec.grids:
        pytest.skip(f"{name} is not drawn for {kind}")
    state = game_state(kind, name)
    ocean = OceanView()
    app = Host(ocean)
    async with app.run_test(size=SIZE) as pilot:
        ocean.show(state)
        await pilot.pause()
        assert ocean.virtual_size == BoardLayout.for_grid(state.grid).size
        text = ocean.board_text()
        assert len(text) == ocean.virtual_size.height
        letters = side_letters(state.sides)
        for ship in state.afloat():
            x, y = ocean.glyph_offset(ship.cell)
            token = UNICODE.ship(letters[ship.side], state.grid.facing_angle(ship.heading))
            assert text[y][x:x + 2] == token
        ocean.cursor = Cell(state.grid.width - 1, state.grid.height - 1)
        await pilot.pause()
        assert any(line.strip() for line in screen_lines(app))


# -- panels ----------------------------------------------------------------------

def widget_lines(app: App[None]) -> Iterator[str]:
    return (line.rstrip() for line in screen_lines(app) if line.strip())


@pytest.mark.parametrize("kind", KINDS)
async def test_wind_rose(kind: str) -> None:
    grid = game_state(kind).grid
    rose = WindRose()
    app = Host(rose)
    async with app.run_test(size=SIZE) as pilot:
        south = grid.nearest_facing(180)
        name = grid.facing_name(south)
        rose.show(grid, Wind(south, 2))
        await pilot.pause()
        text = "\n".join(widget_lines(app))
        assert f"[{name}]" in text
        assert f"from {name}, speed 2" in text
        assert UNICODE.arrow(grid.facing_angle(south) + 180) in text  # downwind
        for name in grid.facing_names():
            assert name in text
        rose.show(grid, Wind(0, 0))
        await pilot.pause()
        text = "\n".join(widget_lines(app))
        assert "calm" in text and "○" in text
        rose.ascii_only = True
        rose.show(grid, Wind(0, 5))
        await pilot.pause()
        text = "\n".join(widget_lines(app))
        assert "gale" in text and text.isascii()
        rose.show(grid, None)  # a game without wind: no rose
        await pilot.pause()
        assert not rose.display and not "\n".join(widget_lines(app)).strip()
        rose.show(grid, Wind(0, 2))
        await pilot.pause()
        assert rose.display and "speed 2" in "\n".join(widget_lines(app))


async def test_ship_panel() -> None:
    game = new_game("salt-n-tar", "channel-race", 1, "hex-flat")
    panel = ShipPanel()
    app = Host(panel)
    async with app.run_test(size=(40, 30)) as pilot:
        panel.show("B1 Cutter", [Row("Crew", "50%", 0.5), Row("Sails", "set")])
        await pilot.pause()
        lines = list(widget_lines(app))
        assert lines[0].strip() == "B1 Cutter"
        assert "Crew" in lines[1] and "50%" in lines[1] and "████░░░░" in lines[1]
        assert "Sails" in lines[2] and "█" not in lines[2]
        panel.ascii_only = True
        panel.show("B1", game.ruleset.describe(game.state, "B1"))
        await pilot.pause()
        text = "\n".join(widget_lines(app))
        assert "Heading" in text and "########" in text and text.isascii()
        panel.show("", [])
        await pilot.pause()
        assert "No ship selected" in "\n".join(widget_lines(app))


async def test_look_panel() -> None:
    state = game_state("hex-flat")
    panel = LookPanel()
    async with Host(panel).run_test(size=SIZE) as pilot:
        r1 = state.ship("R1")
        panel.show(state, r1.cell, selected="B1")
        await pilot.pause()
        text = panel.text
        assert f"{r1.cell} sea" in text
        assert "R1" in text and "red" in text and "heading N" in text
        assert "2 cells" in text and "of B1" in text
        mark = state.board.mark("1")
        panel.show(state, mark.cell, marks_next="1")
        assert "Mark 1 (next to round)" in panel.text
        land = next(c for c in state.grid.cells() if state.board.terrain[c.row][c.col] == "#")
        panel.show(state, land)
        assert "land" in panel.text
        panel.show(state, Cell(-1, 3))
        assert "off the board" in panel.text
        # What the ruleset's presenter says of a ship: that she has left the play.
        done = state.with_ship(evolve(r1, progress=evolve(r1.progress, escaped=True)))  # type: ignore[attr-defined]
        panel.show(done, r1.cell)
        assert "escaped" not in panel.text
        panel.show(done, r1.cell, presenter=find_ruleset(state.ruleset).presenter)
        assert "heading N, escaped" in panel.text


async def test_a_text_panel_is_as_tall_as_its_text_and_scrolls_past_its_room() -> None:
    """The look panel (a ``TextPanel``) grows and shrinks with what it says; held to a
    few rows, it scrolls through the rest."""
    state = game_state("hex-flat")
    panel = LookPanel()
    async with Host(panel).run_test(size=(40, 12)) as pilot:
        sea = next(c for c in state.grid.cells()
                   if state.board.is_sea(c) and all(s.cell != c for s in state.ships)
                   and state.board.mark_at(c) is None)
        panel.show(state, sea)
        await pilot.pause()
        short = panel.size.height
        assert short == len(panel.text.splitlines()) == 1
        panel.show(state, state.ship("R1").cell, selected="B1")
        await pilot.pause()
        tall = len(panel.text.splitlines())
        assert tall > 2 and panel.size.height == tall
        panel.styles.max_height = 2
        await pilot.pause()
        assert panel.size.height == 2 and panel.max_scroll_y == tall - 2
        panel.scroll_end(animate=False)
        await pilot.pause()
        assert panel.text.splitlines()[-1] in "\n".join(widget_lines(pilot.app))


async def test_a_text_panel_is_drawn_anew_in_a_new_theme() -> None:
    panel = ShipPanel()
    async with Host(panel).run_test(size=(40, 10)) as pilot:
        panel.show("B1 Cutter", [Row("Crew", "50%", 0.5)])
        await pilot.pause()
        before = panel.render_line(1)
        pilot.app.theme = "textual-light"
        await pilot.pause()
        after = panel.render_line(1)
        assert after.text == before.text
        assert [seg.style for seg in after] != [seg.style for seg in before]


# -- the log's entries ----------------------------------------------------------------

def _grid_entry(entry: LogEntry, wrap: bool) -> Table:
    """How the log drew an entry before: a Rich grid (``LogEntry.render`` must match it)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=4, no_wrap=True, style="dim")
    grid.add_column(width=7, no_wrap=True)
    grid.add_column(ratio=1)
    body = entry.body.copy()
    body.no_wrap, body.overflow = not wrap, "fold" if wrap else "ellipsis"
    grid.add_row(f"T{entry.turn}", Text(entry.kind, style=entry.kind_style), body)
    return grid


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("width", [20, 33, 60, 120])
@pytest.mark.parametrize("entry", [
    LogEntry(1, "wind", "cyan", Text("Initial wind: direction 1d6=3 -> from SE; speed 1d6=4")),
    LogEntry(12, "boarding", "bold red", Text.assemble("B1 ", ("grapples", "bold"),
                                                         " R2: a long fight\nsecond line")),
    LogEntry(1234, "you", "bold green", Text("short")),
    LogEntry(7, "game", "bold", Text("")),
    LogEntry(3, "move", "", Text("a text styled all through", style="italic on blue")),
])
def test_a_log_entry_is_laid_out_as_a_rich_grid(entry: LogEntry, width: int,
                                                 wrap: bool) -> None:
    console = Console(width=width, color_system="truecolor", highlight=False)
    options = console.options.update_width(width)

    def cells(renderable: object) -> list[list[tuple[str, str]]]:
        return [[(char, str(seg.style or "")) for seg in Segment.simplify(line)
                 for char in seg.text]
                for line in console.render_lines(renderable, options, pad=True)]

    assert cells(entry.render(console, width, wrap)) == cells(_grid_entry(entry, wrap))
