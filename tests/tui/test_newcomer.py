"""A newcomer's first admiral: the easy one, until she has played a game to its end; the
new-game screen says so and offers the others; a battle's end is counted."""

from __future__ import annotations

from pathlib import Path

from app_support import SIZE, make_app, mode_of, screen_text, wait_until
from textual.widgets import Select

from tui_naval.ai.players import make_player
from tui_naval.app.record import note_finished, read_record
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.tui.dialogs.game_over import GameOverDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.new_game import NewGameScreen


async def test_a_newcomer_meets_the_easy_admiral_and_is_told_so(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen, ai="")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: screen.filled[0] != "", what="the form filled")
        assert screen.query_one("#ng-ai", Select).value == "easy"
        assert "Your first game: the easy admiral" in screen_text(app)
        assert any("easy admiral" in str(n.message) for n in app._notifications)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(mode_of(app.screen), BattleMode),
                         what="battle")
        assert set(app.screen.match.session.seats.values()) == {"human", "easy"}


async def test_after_a_finished_game_the_normal_admiral(tmp_path: Path) -> None:
    note_finished(tmp_path / "saves", won=False)
    app = make_app(tmp_path, NewGameScreen, ai="")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: screen.filled[0] != "", what="the form filled")
        assert screen.query_one("#ng-ai", Select).value == "search"
        assert "Your first game" not in screen_text(app)


async def test_an_admiral_chosen_is_kept_and_nothing_said(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen, ai="hard")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: screen.filled[0] != "", what="the form filled")
        assert screen.query_one("#ng-ai", Select).value == "search:hard"
        assert "Your first game" not in screen_text(app)


async def test_a_battle_played_to_its_end_is_counted_once(tmp_path: Path) -> None:
    game = new_game("salt-n-tar", "channel-race", 3, None)
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    winner = game.state.outcome.winner
    session = Session(game, {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog), what="game over")
    record = read_record(tmp_path / "saves")
    assert record.finished == 1
    assert record.won == (1 if winner == "blue" else 0)
