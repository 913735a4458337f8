"""Seeing the fight: the map follows the acting ship with a margin and keeps her mark or
enemy in view, zooms out to the whole map, points at what is out of sight, centres
again after a resize; every ship can be selected and read, and a sheet shows both
fleets.  A highlight's preview is drawn in the refresh that draws the highlight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region, Size, Spacing

from tests.tui.app_support import make_app, screen_text, wait_for_screen, wait_until
from tui_naval.app.session import Session, default_seats
from tui_naval.app.setup import new_game
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.tui.dialogs.fleets import FleetsDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen, selectable
from tui_naval.tui.widgets.board_layout import ZOOMS, BoardLayout
from tui_naval.tui.widgets.ocean import OceanView


def battle(ruleset: str = "salt-n-tar", map_name: str = "grand-regatta", seed: int = 1,
           grid: str | None = None) -> MatchScreen:
    game = new_game(ruleset, map_name, seed, grid)
    return battle_screen(Session(game, default_seats(game)))


def visible(ocean: OceanView) -> Region:
    view = ocean.view_size
    return Region(int(ocean.scroll_x), int(ocean.scroll_y), view.width, view.height)


def comfortable(ocean: OceanView) -> Region:
    mx, my = ocean.margins(ocean.view_size)
    return visible(ocean).shrink(Spacing(my, mx, my, mx))


async def asked(pilot: Any, size: tuple[int, int] = (100, 30), **screen: Any) -> MatchScreen:
    """The battle's first prompt, drawn."""
    found: MatchScreen = await wait_for_screen(pilot, BattleMode)
    await wait_until(pilot, lambda: found.prompt.asking, what="the first prompt")
    await pilot.pause()
    return found


# -- following -----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_the_acting_ship_is_never_on_the_views_edge(tmp_path: Path,
                                                          size: tuple[int, int]) -> None:
    app = make_app(tmp_path, first=lambda: battle(grid="hex-pointy"))
    async with app.run_test(size=size) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        for _ in range(4):  # luck prompts of several ships, each centred on her
            ship = screen.match.game.state.ship(screen.acting_ship() or "")
            block = ocean.region_of(ship.cell)
            assert comfortable(ocean).contains_region(block), (size, ship.id)
            await pilot.press("2")
            await wait_until(pilot, lambda: screen.prompt.asking, what="the next prompt")
            await pilot.pause()


async def test_keep_in_view_keeps_the_aim_when_both_fit() -> None:
    game = new_game("salt-n-tar", "grand-regatta", 1, None)
    state = game.state
    ocean = OceanView()

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield ocean

    async with Host().run_test(size=(60, 20)) as pilot:
        ocean.show(state)
        await pilot.pause()
        ship = Cell(3, 11)
        near, far = Cell(9, 12), Cell(state.grid.width - 1, 0)
        ocean.keep_in_view(ship, aims=(near,))
        await pilot.pause()
        assert comfortable(ocean).contains_region(ocean.region_of(ship))
        assert visible(ocean).contains_region(ocean.region_of(near))
        # An aim too far to fit with her: she alone, with her margin.
        ocean.keep_in_view(ship, aims=(far,))
        await pilot.pause()
        assert comfortable(ocean).contains_region(ocean.region_of(ship))
        assert not visible(ocean).contains_region(ocean.region_of(far))


# -- zoom --------------------------------------------------------------------------------
async def test_zoom_cycles_detailed_compact_the_whole_map_and_large(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        detailed = ocean.board_layout
        assert detailed is not None and ocean.zoom == 0
        await pilot.press("z")
        await pilot.pause()
        compact = ocean.board_layout
        assert compact is not None and ocean.zoom == 1
        cells = (detailed.cell_width * detailed.cell_height) / (
            compact.cell_width * compact.cell_height)
        assert 1.5 <= cells <= 3, "compact shows about twice the cells"
        assert comfortable(ocean).contains_region(
            ocean.region_of(screen.match.game.state.ship(screen.acting_ship() or "").cell))
        await pilot.press("z")
        await pilot.pause()
        overview = ocean.board_layout
        assert overview is not None and ocean.zoom == 2 and ZOOMS[2] == "overview"
        size = overview.size
        assert size.width <= ocean.container_size.width
        assert size.height <= ocean.container_size.height
        # Every ship is drawn: her side's letter where she is.
        text = ocean.board_text()
        for ship in screen.match.game.state.ships:
            at = overview.offset_of(ship.cell)
            assert text[at.y][at.x] in "BR"
        await pilot.press("z")
        await pilot.pause()
        large = ocean.board_layout
        assert large is not None and ocean.zoom == 3 and ZOOMS[3] == "large"
        assert large.cell_width >= 1.5 * detailed.cell_width
        assert large.cell_height >= 1.5 * detailed.cell_height
        assert comfortable(ocean).contains_region(
            ocean.region_of(screen.match.game.state.ship(screen.acting_ship() or "").cell))
        await pilot.press("z")
        await pilot.pause()
        assert ocean.zoom == 0 and ocean.board_layout == detailed


@pytest.mark.parametrize("kind", list(GridKind))
def test_the_overview_fits_any_map_into_the_map_area_at_80x24(kind: GridKind) -> None:
    for width, height in ((200, 200), (40, 30), (7, 3)):
        layout = BoardLayout.for_grid(Grid(kind, width, height), 2, Size(45, 9))
        assert layout.size.width <= 45 and layout.size.height <= 9
        # Each cell is in the block its character stands for.
        corner = layout.cell_at(layout.offset_of(Cell(width - 1, height - 1)))
        assert corner is not None
        assert corner.col <= width - 1 < corner.col + layout.scale_x
        assert corner.row <= height - 1 < corner.row + layout.scale_y


# -- arrows on the edge ----------------------------------------------------------------
async def test_out_of_sight_marks_and_enemies_get_arrows_with_distances(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        state = screen.match.game.state
        labels = [text.strip() for line in ocean.edge_labels().values()
                  for _, text, _ in line]
        mark_label = screen.presenter.next_mark(state, screen.selected)
        mark = next(m for m in state.board.marks if m.label == mark_label)
        assert not visible(ocean).contains_region(ocean.region_of(mark.cell))
        ship = state.ship(screen.selected or "")
        distance = state.grid.distance(ship.cell, mark.cell)
        wanted = f"[{mark.label}] {distance}"
        assert any(text.endswith(wanted) for text in labels), labels
        assert wanted in screen_text(app)
        # Enemies out of sight, named with their distances.
        assert any(text[1:].startswith("R") for text in labels)
        # The whole map in view: no arrows.
        await pilot.press("z", "z")
        await pilot.pause()
        assert ocean.edge_labels() == {}


# -- resizing ----------------------------------------------------------------------------
@pytest.mark.parametrize("to", [(80, 24), (200, 60)])
async def test_after_a_resize_the_view_is_centred_on_the_acting_ship(
        tmp_path: Path, to: tuple[int, int]) -> None:
    app = make_app(tmp_path, first=lambda: battle(map_name="channel-race"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        ocean.scroll_to(0, 0, animate=False, force=True, immediate=True)
        await pilot.resize_terminal(*to)
        await pilot.pause()
        await pilot.pause()
        ship = screen.match.game.state.ship(screen.acting_ship() or "")
        block = ocean.region_of(ship.cell)
        view = ocean.view_size
        wanted_x = max(0, min(block.x + block.width // 2 - view.width // 2, ocean.max_scroll_x))
        wanted_y = max(0, min(block.y + block.height // 2 - view.height // 2,
                              ocean.max_scroll_y))
        assert comfortable(ocean).contains_region(block) or (
            abs(ocean.scroll_x - wanted_x) <= 1 and abs(ocean.scroll_y - wanted_y) <= 1)
        assert visible(ocean).contains_region(block)


# -- every ship, and both fleets -------------------------------------------------------
async def test_tab_selects_the_enemy_too_and_reads_her_as_observed(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=lambda: battle("kyngesreach", "kr-duel"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await asked(pilot)
        assert screen.selected == "B1"
        assert selectable(screen.match) == ["B1", "R1"]
        await pilot.press("tab")
        await pilot.pause()
        assert screen.selected == "R1"
        panel = screen.query_one("#ship")
        state = screen.match.game.state
        seen = screen.match.game.ruleset.observe(state, "blue")
        assert panel.rows == tuple(screen.match.game.ruleset.describe(seen, "R1"))  # type: ignore[attr-defined]
        assert "R1" in panel.title  # type: ignore[attr-defined]
        await pilot.press("shift+tab")
        await pilot.pause()
        assert screen.selected == "B1"


async def test_the_fleet_sheet_shows_both_fleets_and_escape_closes_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=lambda: battle("kyngesreach", "kr-squadron"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await asked(pilot)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, FleetsDialog),
                         what="the fleet sheet")
        sheet = app.screen
        assert isinstance(sheet, FleetsDialog)
        state = screen.match.observed()
        assert [side for side, _ in sheet.fleets] == list(state.sides)
        for ship in state.ships:
            assert ship.id in sheet.text
        first = state.ships[0]
        for row in screen.match.game.ruleset.describe(state, first.id):
            assert row.value in sheet.text
        assert "(you)" in sheet.text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, what="the battle again")


# -- one frame a keypress ----------------------------------------------------------------
async def test_a_highlight_is_previewed_in_the_same_refresh(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await asked(pilot)
        for _ in range(12):
            if screen.asked is not None and screen.asked.decision.kind != "luck":
                break
            await pilot.press("2")
            await wait_until(pilot, lambda: screen.prompt.asking, what="the next prompt")
        assert screen.asked is not None and screen.asked.decision.kind == "move"
        options = screen.prompt.options
        shown = screen.prompt.shown
        for index in (2, 1, 3):
            options.highlighted = index  # no await: nothing else has run
            preview = screen.presenter.preview(screen.asked.seen, shown[index])
            assert preview is not None
            assert screen.ocean._preview == preview.path


# -- the log's size ----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_log_key_keeps_the_acting_ship_in_sight(tmp_path: Path,
                                                          size: tuple[int, int]) -> None:
    """``m`` enlarges the log, which takes rows from the map: the acting ship near the
    view's bottom edge stays in sight, with her margin (it went off the map at 80x24)."""
    app = make_app(tmp_path, first=lambda: battle(map_name="channel-race"))
    async with app.run_test(size=size) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        ship = screen.match.game.state.ship(screen.acting_ship() or "")
        block = ocean.region_of(ship.cell)
        # Scroll so that she sits on the lowest row of the view's comfortable part.
        _, my = ocean.margins(ocean.view_size)
        ocean.scroll_to(y=block.bottom + my - ocean.view_size.height, animate=False,
                        force=True, immediate=True)
        await pilot.pause()
        assert comfortable(ocean).contains_region(block)
        small = ocean.view_size
        await pilot.press("m")
        await wait_until(pilot, lambda: ocean.view_size.height < small.height,
                         what="the map to give the log rows")
        await pilot.pause()
        assert comfortable(ocean).contains_region(block), (visible(ocean), block)
        await pilot.press("m")
        await wait_until(pilot, lambda: ocean.view_size == small, what="the map back")
        await pilot.pause()
        assert comfortable(ocean).contains_region(block)


# -- a small map on a big terminal ---------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "map_name", "grid", "zoom"), [
    ("kyngesreach", "kr-duel", None, "large"), ("kyngesreach", "kr-duel", "hex-pointy", "large"),
    # (its large hexes would not fit in the view's height: detailed, centred)
    ("ships-and-sails", "ss-duel", None, "detailed")])
async def test_a_small_map_at_200x60_is_large_and_centred(
        tmp_path: Path, ruleset: str, map_name: str, grid: str | None, zoom: str) -> None:
    """At 200x60 a map that fits in the view with its large cells (half as big again as
    the detailed ones each way, or twice) is drawn so, and in the middle of the view; at
    80x24 it is drawn detailed.  Once the player picks a zoom with z, a resize keeps it."""
    app = make_app(tmp_path, first=lambda: battle(ruleset, map_name, grid=grid))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await asked(pilot)
        ocean = screen.ocean
        layout = ocean.board_layout
        assert layout is not None and ZOOMS[ocean.zoom] == zoom
        view = ocean.view_size
        board = layout.board_size
        left, top = layout.origin
        right = view.width - left - board.width
        assert left > 0 and abs(left - right) <= 1, (left, right)
        if zoom == "large":
            assert board.width <= view.width and board.height <= view.height
            assert board.width > view.width // 2, "the map fills more than half the width"
            bottom = view.height - top - board.height
            assert abs(top - bottom) <= 1, (top, bottom)
            assert (ocean.scroll_x, ocean.scroll_y) == (0, 0)
        # Drawn where the layout says: the acting ship's token at her glyph.
        ship = screen.match.game.state.ship(screen.acting_ship() or "")
        at = layout.glyph_offset(ship.cell)
        assert ocean.board_text()[at.y][at.x] == "B"
        assert visible(ocean).contains_region(ocean.region_of(ship.cell))
        if zoom != "large":
            return
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: ZOOMS[ocean.zoom] == "detailed", what="detailed")
        await pilot.resize_terminal(200, 60)
        await wait_until(pilot, lambda: ZOOMS[ocean.zoom] == "large", what="large again")
        await pilot.press("z")  # the player's choice: detailed, kept at any size
        await pilot.pause()
        assert ZOOMS[ocean.zoom] == "detailed"
        await pilot.resize_terminal(190, 58)
        await wait_until(pilot, lambda: ocean.view_size.width < view.width, what="the resize")
        await pilot.pause()
        assert ZOOMS[ocean.zoom] == "detailed"
        detailed = ocean.board_layout
        assert detailed is not None and detailed.origin.x > 0, "centred, detailed too"
