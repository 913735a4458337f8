"""The game-over dialog: the game in sentences, one scale for every row of its chart, at
every size, for every ruleset; and each way out dismisses it with its own choice."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, mode_of, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button

from tui_naval.ai.players import make_player
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.summary import chart_scale, summarise
from tui_naval.rulesets import registry
from tui_naval.tui.dialogs.game_over import GameOverDialog
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.glyphs import glyphs
from tui_naval.tui.widgets.series_bars import SeriesBars, bars

SIZES = [(80, 24), (100, 30), (200, 60)]
RULESETS = [info.id for info in registry()]


def finished(ruleset: str, player: str = "greedy") -> Game:
    game = new_game(ruleset, None, 3, None)
    play(game, {side: make_player(player, game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    return game


class Host(Screen[None]):
    """An empty screen under the dialog."""


async def opened(pilot: Pilot[Any], game: Game, chosen: list[str | None]) -> GameOverDialog:
    pilot.app.push_screen(GameOverDialog(Session(game, {})), chosen.append)
    dialog: GameOverDialog = await wait_for_screen(pilot, GameOverDialog)
    return dialog


def visible(pilot: Pilot[Any], dialog: GameOverDialog, selector: str) -> bool:
    """Whether every cell of the widget is on the screen."""
    region = dialog.query_one(selector).region
    return bool(region) and pilot.app.screen.region.contains_region(region)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_game_in_sentences_on_one_scale(tmp_path: Path, ruleset: str,
                                                  size: tuple[int, int]) -> None:
    game = finished(ruleset)
    summary = summarise(game)
    app = make_app(tmp_path, Host)
    async with app.run_test(size=size) as pilot:
        await wait_for_screen(pilot, Host)
        dialog = await opened(pilot, game, [])
        text = screen_text(app)
        lines = [line.strip(" ║") for line in text.splitlines()]
        flat = " ".join(" ".join(lines).split())  # sentences wrap at the dialog's edge
        for sentence in (*summary.sentences, summary.figures, summary.record):
            assert sentence in flat
        assert summary.chart.title in text
        assert "->" not in text
        assert not any(re.fullmatch(r"(Turns? )?\d+", line) for line in lines), \
            "no figure alone on a line"
        rows = list(dialog.query(SeriesBars))
        assert len(rows) == len(game.state.sides)
        top = chart_scale(summary.chart)
        levels = glyphs(False).levels
        for row, (_side, values) in zip(rows, summary.chart.values, strict=True):
            assert row.top == top, "every row on the chart's one scale"
            assert row.size.width >= 20
            drawn = row.render().plain
            assert drawn == bars(values, top, row.size.width, levels)
        for selector in ("#over-summary", "#over-figures", "#over-stats", "#over-buttons"):
            assert visible(pilot, dialog, selector), f"{selector} at {size}"


async def test_a_side_that_kept_everything_draws_full_beside_one_that_lost_all(
        tmp_path: Path) -> None:
    game = finished("ships-and-sails", player="random")
    chart = summarise(game).chart
    full = [side for side, values in chart.values if set(values) == {100.0}]
    gone = [side for side, values in chart.values if values[-1] == 0.0]
    assert full and gone, chart  # seed 3, random: red sinks blue unscathed
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        dialog = await opened(pilot, game, [])
        levels = glyphs(False).levels
        drawn = {side: row.render().plain for row, (side, _) in
                 zip(dialog.query(SeriesBars), chart.values, strict=True)}
        assert set(drawn[full[0]]) == {levels[-1]}
        assert drawn[gone[0]].endswith(levels[0]) and drawn[gone[0]][0] == levels[-1]


@pytest.mark.parametrize(("keys", "choice"), [
    (("r",), "rematch"), (("n",), "new"), (("escape",), "review"), (("b",), "review"),
    (("q",), "quit"), (("enter",), "rematch"), (("tab", "enter"), "new"),
    (("tab", "tab", "enter"), "review"), (("p",), "replay"),
    (("tab", "tab", "tab", "enter"), "replay"), (("tab", "tab", "tab", "tab", "enter"), "quit"),
])
async def test_each_way_out_dismisses_with_its_choice(tmp_path: Path, keys: tuple[str, ...],
                                                      choice: str) -> None:
    game = finished("salt-n-tar")
    chosen: list[str | None] = []
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        dialog = await opened(pilot, game, chosen)
        assert dialog.query_one("#rematch", Button).has_focus
        await pilot.press(*keys)
        await wait_until(pilot, lambda: bool(chosen), what="the dialog to close")
        assert chosen == [choice]
        if choice == "replay":  # the dialog opens the replay over the screen it leaves
            from tui_naval.tui.modes.replay import ReplayMode

            replay = await wait_for_screen(pilot, ReplayMode)
            assert replay.mode.recording.orders == game.orders
            assert app.screen_stack[-2] is not dialog and isinstance(app.screen_stack[-2], Host)
        else:
            assert isinstance(app.screen, Host)


async def test_the_buttons_say_what_is_offered(tmp_path: Path) -> None:
    game = finished("salt-n-tar")
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        dialog = await opened(pilot, game, [])
        labels = [str(button.label) for button in dialog.query(Button)]
        assert labels == ["Rematch (r)", "New game (n)", "Review (esc)", "Replay (p)",
                          "Quit (q)"]


async def test_a_rematch_from_the_battle_is_the_same_game_from_its_start(
        tmp_path: Path) -> None:
    from tui_naval.app.session import Session
    from tui_naval.tui.modes.battle import BattleMode, battle_screen

    game = finished("kyngesreach")
    seats = {"blue": "human", "red": "random"}
    app = make_app(tmp_path, lambda: battle_screen(Session(game, seats)))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, GameOverDialog)
        await pilot.press("r")
        await wait_until(pilot, lambda: (isinstance(mode_of(app.screen), BattleMode)
                                         and app.screen.match.game is not game), what="the rematch")
        rematch = app.screen
        assert isinstance(mode_of(rematch), BattleMode)
        assert rematch.match.game.setup == game.setup  # ruleset, map, grid, seed, fleets
        assert rematch.match.game.ruleset is game.ruleset
        assert rematch.match.game.states()[0] == game.states()[0]
        assert dict(rematch.match.session.seats) == seats


async def test_a_new_game_from_the_battle_opens_the_new_game_screen(tmp_path: Path) -> None:
    from tui_naval.app.session import Session
    from tui_naval.tui.modes.battle import BattleMode, battle_screen
    from tui_naval.tui.screens.new_game import NewGameScreen

    game = finished("salt-n-tar")
    app = make_app(tmp_path, lambda: battle_screen(Session(game, {"blue": "human",
                                                                 "red": "greedy"})))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, GameOverDialog)
        await pilot.press("n")
        await wait_for_screen(pilot, NewGameScreen)
        assert not any(isinstance(mode_of(s), BattleMode) for s in app.screen_stack)


async def test_u_on_the_game_over_dialog_undoes_back_into_the_battle(tmp_path: Path) -> None:
    """The footer and the prompt behind the dialog offer u: in a battle it closes the
    dialog and undoes the player's last decision, and the game is on again."""
    from tui_naval.tui.modes.battle import battle_screen

    game = finished("salt-n-tar")
    orders = len(game.orders)
    app = make_app(tmp_path, lambda: battle_screen(Session(game, {"blue": "human",
                                                                 "red": "greedy"})))
    async with app.run_test(size=(100, 30)) as pilot:
        dialog = await wait_for_screen(pilot, GameOverDialog)
        assert dialog.undo
        await pilot.press("u")
        await wait_until(pilot, lambda: app.screen is not dialog, what="the dialog to close")
        battle = app.screen
        assert isinstance(battle, MatchScreen)
        await wait_until(pilot, lambda: battle.prompt.asking, what="the undone decision")
        assert battle.match.game.state.outcome is None
        assert len(battle.match.game.orders) < orders
        assert battle.match.game.decision().side == "blue"  # type: ignore[union-attr]


async def test_u_does_nothing_where_the_game_cannot_be_undone(tmp_path: Path) -> None:
    game = finished("salt-n-tar")
    chosen: list[str | None] = []
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        dialog = await opened(pilot, game, chosen)
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is dialog and chosen == []
