"""The battle screen's layout at 80x24 and 100x30: the status line keeps the seed, the
ship panel fits its column and leaves the look panel room, the footer fits, and the
log is short on a short terminal and never opens on the tail of an earlier event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, mode_of, screen_text, wait_for_screen, wait_until
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.ruleset import Row
from tui_naval.tui import keys
from tui_naval.tui.app import NavalApp
from tui_naval.tui.modes.base import Mode
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.look_panel import LookPanel
from tui_naval.tui.widgets.message_log import MessageLog
from tui_naval.tui.widgets.ship_panel import (
    BAR_WIDTH,
    LABEL_WIDTH,
    MIN_BAR,
    ShipPanel,
    wrap,
    wrap_label,
)

RULESETS = [
    pytest.param(("salt-n-tar", "channel-race"), id="salt-n-tar"),
    pytest.param(("kyngesreach", None), id="kyngesreach"),
    pytest.param(("ships-and-sails", None), id="ships-and-sails"),
]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 30), id="100x30")]


def game_of(ruleset: str, map_name: str | None) -> Game:
    return new_game(ruleset, map_name, 3, None)


def battle_app(tmp_path: Path, game: Game) -> NavalApp:
    seats = {side: "human" if i == 0 else "greedy" for i, side in enumerate(game.state.sides)}
    return make_app(tmp_path, lambda: battle_screen(Session(game, seats)))


async def settled_battle(pilot: Pilot[Any]) -> MatchScreen:
    battle = await wait_for_screen(pilot, BattleMode)
    assert isinstance(mode_of(battle), BattleMode)
    await wait_until(pilot, lambda: battle.prompt.asking, what="the first prompt")
    await pilot.pause()
    return battle


# -- the status line ------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", SIZES)
async def test_the_status_line_keeps_the_seed(tmp_path: Path, ruleset: tuple[str, str | None],
                                              size: tuple[int, int]) -> None:
    app = battle_app(tmp_path, game_of(*ruleset))
    async with app.run_test(size=size) as pilot:
        battle = await settled_battle(pilot)
        status = screen_text(app).splitlines()[0]
        assert "Seed 3" in status and "You: blue" in status
        assert f"Turn {battle.match.game.state.turn}/" in status
        assert "…" not in status


async def test_the_status_line_gives_way_in_order(tmp_path: Path) -> None:
    app = battle_app(tmp_path, game_of("salt-n-tar", "channel-race"))
    async with app.run_test(size=(100, 30)) as pilot:
        battle = await settled_battle(pilot)
        full = battle.status_left(200).plain
        assert "(hex-flat)" in full and "Phase " in full and "Salt'n'Tar" in full
        seen = []
        for width in range(30, 90):
            text = battle.status_left(width)
            assert text.cell_len <= width, (width, text.plain)
            assert text.plain.endswith("Seed 3")
            seen.append(text.plain)
        assert "(hex-flat)" not in seen[0] and "Phase" not in seen[0]
        assert "Salt'n'Tar" not in seen[0] and "…" in seen[0]
        # Wide enough for everything, nothing is dropped.
        assert battle.status_left(len(full)).plain == full


# -- the ship panel -------------------------------------------------------------------
class PanelHost(App[None]):
    def __init__(self, panel: ShipPanel) -> None:
        super().__init__()
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield self.panel


def check_lines(panel: ShipPanel, rows: list[Row], width: int) -> None:
    """Every line fits ``width``; labels keep to their column; bars are whole-row."""
    lines = panel.lines(width)
    label_width = panel.label_width(width)
    assert label_width <= LABEL_WIDTH
    for line in lines:
        assert line.cell_len <= width, (width, line.plain)
    body = "\n".join(line.plain for line in lines)
    title, shown = panel.heading()
    heading = wrap(title, width)
    assert [line.plain for line in lines[:len(heading)]] == heading
    for row in shown:
        words = row.label.split()
        assert all(word[:label_width - 1] in body for word in words), row.label
    for line in lines[len(heading):]:
        label = line.plain[:label_width]
        assert not label.strip() or label.rstrip() in {
            part for row in shown for part in wrap_label(row.label, label_width)}, line.plain
        # A bar is never cut and never wraps under the label column.
        bar = line.plain[label_width:].split(" ")[-1]
        if bar and set(bar) <= {"█", "░"}:
            assert MIN_BAR <= len(bar) <= BAR_WIDTH, line.plain


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_the_ship_panel_fits_any_width(ruleset: tuple[str, str | None]) -> None:
    game = game_of(*ruleset)
    panel = ShipPanel()
    async with PanelHost(panel).run_test(size=(60, 40)) as pilot:
        for ship in game.state.ships:
            rows = game.ruleset.describe(game.state, ship.id)
            panel.show(f"{ship.id} {ship.name}".strip(), rows)
            await pilot.pause()
            for width in range(10, 47):
                check_lines(panel, rows, width)


async def test_the_ship_panel_wraps_long_labels_and_keeps_bars_on_their_row() -> None:
    panel = ShipPanel()
    async with PanelHost(panel).run_test(size=(40, 20)) as pilot:
        rows = [Row("HIP", "480/500", 0.96),
                Row("Starboard (engaged)", "7/12 x 9-pounder", 7 / 12),
                Row("Port", "12/12 x 9-pounder", 1.0),
                Row("Supercalifragilistic", "x")]
        panel.show("B1 Sojourner", [Row("Ship", "B1 Sojourner (Frigate, blue)"), *rows])
        await pilot.pause()
        lines = [line.plain for line in panel.lines(31)]
        # The ship's own line becomes the title.
        assert lines[0] == "B1 Sojourner (Frigate, blue)"
        assert not any(line.startswith("Ship ") for line in lines)
        assert panel.label_width(31) == len("Supercalif…")
        assert lines[1].startswith("HIP") and lines[1].endswith("████████")
        # The long label wraps; its second line carries the bar the value left no room for.
        assert lines[2].startswith("Starboard   7/12 x 9-pounder")
        assert lines[3].startswith("(engaged)") and "█████░░░" in lines[3]
        assert lines[4].startswith("Port        12/12 x 9-pounder")
        assert "Supercalif… x" in lines[-1]
        # Wide, every bar sits beside its value.
        wide = [line.plain for line in panel.lines(44)]
        assert all("█" in line for line in wide[1:4] if not line.startswith("(engaged)"))


@pytest.mark.parametrize("size", SIZES)
async def test_the_look_panel_keeps_room_beside_kyngesreachs_ship(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = battle_app(tmp_path, game_of("kyngesreach", None))
    async with app.run_test(size=size) as pilot:
        battle = await settled_battle(pilot)
        look = battle.query_one("#look", LookPanel)
        panel = battle.query_one("#ship", ShipPanel)
        footer = battle.query_one(KeyBar)
        assert look.size.height >= 3
        assert look.region.bottom <= footer.region.y
        assert panel.region.bottom <= look.region.y
        assert "sea" in screen_text(app)  # the look panel's first line is on screen
        # The ship panel says more than its room, and scrolls.
        width = panel.scrollable_content_region.width
        assert panel.virtual_size.height > panel.scrollable_content_region.height
        assert panel.max_scroll_y > 0
        assert all(line.cell_len <= width for line in panel.lines(width))
        panel.scroll_end(animate=False)
        await pilot.pause()
        assert panel.lines(width)[-1].plain.strip() in screen_text(app)


# -- the footer -----------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_the_footer_fits_80_columns(tmp_path: Path,
                                          ruleset: tuple[str, str | None]) -> None:
    app = battle_app(tmp_path, game_of(*ruleset))
    async with app.run_test(size=(80, 24)) as pilot:
        battle = await settled_battle(pilot)
        footer = screen_text(app).splitlines()[-1]
        for shown in ("Next ship", "Look", "Undo", "Save", "Menu", "? Keys", "^p palette"):
            assert shown in footer, footer
        # Out of the footer, but still bound.
        assert "Redo" not in footer and "Fast AI" not in footer
        actions = {b.binding.action for b in battle.active_bindings.values()}
        assert {keys.battle("redo"), keys.battle("toggle_fast")} <= actions


async def test_the_demo_footer_fits_80_columns(tmp_path: Path) -> None:
    from tui_naval.tui.modes.demo import DemoMode, demo_screen

    game = game_of("kyngesreach", None)
    app = make_app(tmp_path, lambda: demo_screen(Session(game, dict.fromkeys(
        game.state.sides, "greedy"))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, DemoMode)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert "Seed 3" in lines[0]
        for shown in ("Pause", "Faster", "Slower", "Quit", "? Keys", "^p palette"):
            assert shown in lines[-1], lines[-1]


# -- the log --------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_the_log_gives_each_event_one_line(tmp_path: Path, size: tuple[int, int]) -> None:
    app = battle_app(tmp_path, game_of("kyngesreach", None))
    async with app.run_test(size=size) as pilot:
        battle = await settled_battle(pilot)
        log = battle.query_one("#log", MessageLog)
        assert log.size.height == (2 if size[1] < 30 else 3)
        for _ in range(3):  # a few decisions, for a few long events
            played = len(battle.match.game.orders)
            await pilot.press("1")
            await wait_until(pilot, lambda n=played: len(battle.match.game.orders) > n  # type: ignore[misc]
                             and battle.prompt.asking, what="the next prompt")
        await pilot.pause()
        assert len(log.lines) == len(log.entries) > log.size.height
        assert any(len(entry.body.plain) > log.size.width for entry in log.entries)
        # Every line on screen starts with its turn.
        shown = [line.text for line in log.lines[-log.size.height:]]
        assert all(line.startswith("T") for line in shown), shown
        assert all(line.rstrip().endswith("…") or len(line.rstrip()) < log.size.width
                   for line in shown)
        # m enlarges the log, whose events then wrap in full; m again shrinks it.
        small = log.size.height
        await pilot.press("m")
        await pilot.pause()
        assert log.big and log.size.height > small
        assert len(log.lines) > len(log.entries)
        assert "shrinks" in str(log.border_title)
        await pilot.press("m")
        await pilot.pause()
        assert not log.big and log.size.height == small
        assert len(log.lines) == len(log.entries)


async def test_the_log_and_status_follow_a_resize(tmp_path: Path) -> None:
    app = battle_app(tmp_path, game_of("salt-n-tar", "channel-race"))
    async with app.run_test(size=(100, 30)) as pilot:
        battle = await settled_battle(pilot)
        assert isinstance(mode_of(battle), Mode)
        log = battle.query_one("#log", MessageLog)
        assert not battle.has_class("-low") and log.size.height == 3
        wide = log.lines[-1].cell_length
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: battle.has_class("-low"), what="the short layout")
        await pilot.pause()
        assert log.size.height == 2
        assert all(cell_len(line.text) <= log.size.width for line in log.lines)
        assert log.lines[-1].cell_length < wide
        assert "Seed 3" in screen_text(app).splitlines()[0]


def played_on(ruleset: str, map_name: str | None, turns: int) -> Game:
    """A game ``turns`` turns on (greedy on both sides), not over."""
    from tui_naval.ai.players import make_player
    from tui_naval.core.controller import play

    game = game_of(ruleset, map_name)
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides},
         turns=turns)
    assert game.state.outcome is None
    return game


@pytest.mark.parametrize("size", SIZES)
async def test_the_log_pages_back_to_the_games_start_and_on_again(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """``[`` pages the log back as far as the game's first entry, ``]`` on again to the
    newest, which it then follows; ``{`` and ``}`` go to the start and the end at once;
    the log's title says how to come back while it is paged back."""
    app = battle_app(tmp_path, played_on("salt-n-tar", "channel-race", 3))
    async with app.run_test(size=size) as pilot:
        battle = await settled_battle(pilot)
        log = battle.query_one("#log", MessageLog)
        first = log.entries[0]
        height = log.scrollable_content_region.height
        assert len(log.entries) > 5 * height
        end = log.max_scroll_y
        assert log.scroll_y == end and log.following
        assert "[ ] page" in str(log.border_title)
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert end - height <= log.scroll_y < end and not log.following
        assert "paged back" in str(log.border_title)
        presses = 1
        while log.scroll_y > 0:
            await pilot.press("left_square_bracket")
            presses += 1
            assert presses < len(log.entries), "the log pages back to its start"
        await pilot.pause()
        top = screen_text(app).splitlines()[log.region.y + 1]  # (under the log's rule)
        assert f"T{first.turn} " in top and first.body.plain[:10] in top
        # The newest entries come in below while the player reads the start: it stays.
        before = len(log.entries)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(log.entries) > before, what="a new entry")
        await pilot.pause()
        assert log.scroll_y == 0 and not log.following
        await pilot.press("right_curly_bracket")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.following
        assert "[ ] page" in str(log.border_title)
        await pilot.press("left_curly_bracket")
        await pilot.pause()
        assert log.scroll_y == 0 and not log.following
        while not log.following:
            await pilot.press("right_square_bracket")
            presses -= 1
            assert presses > -len(log.entries), "the log pages on to its end"
        assert log.scroll_y == log.max_scroll_y
        # Following again: a new entry is in view.
        entries = len(log.entries)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(log.entries) > entries, what="a new entry")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


async def test_the_key_list_names_the_logs_paging_keys(tmp_path: Path) -> None:
    """``?`` lists the log's paging keys on a battle's screen, each doing something."""
    from tui_naval.tui.dialogs.keys import screen_keys

    app = battle_app(tmp_path, game_of("salt-n-tar", "channel-race"))
    async with app.run_test(size=(100, 30)) as pilot:
        battle = await settled_battle(pilot)
        rows = {row.id: row for row in screen_keys(battle)}
        for ident, key in (("game.log_back", "["), ("game.log_on", "]"),
                           ("game.log_start", "{"), ("game.log_end", "}")):
            assert rows[ident].labels == [key] and rows[ident].enabled
        assert "game's start" in rows["game.log_back"].what
