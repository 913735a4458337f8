"""The new-game screen offers a random sea, drawn from the game's seed, and starts a game
on it; a new seed draws a new sea."""

from __future__ import annotations

from pathlib import Path

from app_support import SIZE, make_app, mode_of, wait_for_screen, wait_until
from textual.widgets import Input, Select

from tui_naval.core import mapgen
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.new_game import RANDOM_SEA, NewGameScreen


async def test_a_game_starts_on_the_random_sea_of_its_seed(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, NewGameScreen)
        select = screen.query_one("#ng-map", Select)
        assert RANDOM_SEA in [value for _, value in select._options]
        select.value = RANDOM_SEA
        await wait_until(pilot, lambda: screen.filled[1] == "random-3",
                         what="the form for the sea of seed 3")
        expected = mapgen.generate_spec(find_ruleset("salt-n-tar"), 8)
        rows = {f"ng-ship-{s.id}" for s in expected.ships}
        screen.query_one("#ng-seed", Input).value = "8"
        await wait_until(pilot, lambda: screen.filled[1] == "random-8",
                         what="the form for the sea of seed 8")
        # The fleet rows follow the new sea's ships.
        assert {w.id for w in screen.query(".ng-ship")} == rows
        screen.query_one("#ng-start").focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(mode_of(app.screen), BattleMode), what="battle")
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        setup = battle.match.game.setup
        assert (setup.map_name, setup.seed, setup.map_text) == ("random-8", 8, expected.text)
