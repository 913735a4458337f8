"""Hints in a normal game: off unless the setting says so, on and off with ``h``."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import make_app, screen_text, wait_for_screen, wait_until

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen

SIZE = (100, 30)


def battle() -> MatchScreen:
    game = new_game("salt-n-tar", "channel-race", 3, None)
    return battle_screen(Session(game, {"blue": "human", "red": "greedy"}))


async def test_hints_are_off_by_default_and_h_shows_them(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        assert not screen.hint_panel.display and not screen.coach.current
        await pilot.press("h")
        await pilot.pause()
        assert screen.hint_panel.display
        # The game's opening and the question asked now bring their hints at once (the
        # race's, the luck roll's, the prompt's), not the next question.
        assert [hint.key for hint in screen.coach.current][:2] == ["intro", "luck"]
        assert screen.coach.current[0].title in screen_text(app)
        await pilot.press("2")
        await wait_until(pilot, lambda: screen.coach.current[0].key != "luck",
                         what="the next question's hint")
        assert screen.coach.current[0].title in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (100, 39)])
async def test_under_40_rows_the_hints_take_the_ship_and_look_panels_room(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Under 40 rows the side column has no room for a third panel (at 100x30 a Man-O-War
    move's prompt left the hints none): the hints, when on, take the ship's and the look
    panel's (v shows the fleets); look mode brings the look panel back, Escape gives its
    room back to the hints."""
    app = make_app(tmp_path, battle)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        look, ship, hint = (screen.query_one(f"#{name}") for name in ("look", "ship", "hint"))
        assert look.region.height >= 4 and not hint.display
        await pilot.press("h")
        await pilot.pause()
        assert hint.region.height >= 6
        assert not ship.display or ship.region.height == 0
        assert look.region.height == 0
        assert screen.coach.current[0].title in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert look.region.height >= 4 and "sea" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert look.region.height == 0 and hint.region.height >= 6
        await pilot.press("h")
        await pilot.pause()
        assert look.region.height >= 4 and not hint.display


async def test_at_40_rows_and_more_the_ship_panel_stays_beside_the_hints(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.press("h")
        await pilot.pause()
        assert screen.query_one("#ship").display and screen.query_one("#look").display
        assert screen.hint_panel.region.height > 0


async def test_the_setting_turns_them_on_and_h_hides_them(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.pause()
        assert screen.hint_panel.display and screen.coach.current
        shown = screen.coach.current[0].title
        assert shown in screen_text(app) and "h hides" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert not screen.hint_panel.display and shown not in screen_text(app)
        # Hidden hints are not spent: shown again, they say what they said.
        await pilot.press("h")
        await pilot.pause()
        assert shown in screen_text(app)


async def test_H_pages_through_hints_longer_than_their_room(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle, hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.pause()
        panel = screen.hint_panel
        assert "H scrolls" in screen_text(app)
        assert panel.max_scroll_y > 0, "the opening hints should overflow at 80x24"
        seen = [panel.scroll_y]
        while panel.scroll_y < panel.max_scroll_y and len(seen) < 20:
            await pilot.press("H")
            await pilot.pause()
            assert panel.scroll_y > seen[-1]
            seen.append(panel.scroll_y)
        await pilot.press("H")  # at the end: back to the top
        await pilot.pause()
        assert panel.scroll_y == 0


@pytest.mark.parametrize("setting", [False, True])
async def test_the_new_game_form_offers_them(tmp_path: Path, setting: bool) -> None:
    """A new player finds the hints on the form that starts a game (not only behind a key
    or a command-line flag); the form's choice holds for the games after it too."""
    from textual.widgets import Checkbox

    from tui_naval.tui.screens.new_game import NewGameScreen
    from tui_naval.tui.screens.title import TitleScreen

    app = make_app(tmp_path, hints=setting)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("n")
        form = await wait_for_screen(pilot, NewGameScreen)
        await wait_until(pilot, lambda: form.filled[0] != "", what="the form filled")
        box = form.query_one("#ng-hints", Checkbox)
        assert box.value is setting and "(h in the game)" in str(box.label)
        box.value = not setting
        await pilot.press("ctrl+g")
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.pause()
        assert screen.hint_panel.display is (not setting)
        assert app.config.hints is (not setting)
