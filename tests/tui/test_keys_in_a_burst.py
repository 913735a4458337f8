"""Keys that come faster than the screen handles them (a fast typist, a slow SSH link):
a number key pressed twice never plays the first question's answer to the next one (it
was dropped as illegal, and the prompt then took no key at all), and the next question
is still answered by the next key."""

from __future__ import annotations

from pathlib import Path

from app_support import make_app, screen_text, wait_for_screen, wait_until
from textual import events
from textual.widgets import OptionList

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen


def battle() -> MatchScreen:
    game = new_game("ships-and-sails", None, 3, None)  # blue moves, loads, aims in a row
    return battle_screen(Session(game, {"blue": "human", "red": "greedy"}))


async def test_a_key_pressed_twice_before_the_screen_answers_the_first(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test() as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        game = screen.match.game
        ruleset = game.ruleset

        def asked() -> bool:
            decision = game.decision()
            return (decision is not None and decision.side == "blue"
                    and screen.prompt.asking and screen.asked is not None
                    and screen.asked.decision == decision)

        def blue_again() -> bool:
            """Whether option 1 on show leads straight to another of blue's decisions."""
            after = ruleset.decision(ruleset.apply(game.state, screen.prompt.shown[0]))
            return after is not None and after.side == "blue"

        await wait_until(pilot, asked, what="blue's first decision")
        while not blue_again():
            await pilot.press("1")
            await wait_until(pilot, asked, what="blue's next decision")
        first = screen.prompt.shown[0]
        played = len(game.orders)
        # Both keys are in the app's queue before the screen has played the first one.
        for _ in range(2):
            app.post_message(events.Key("1", "1"))
        await wait_until(pilot, lambda: len(game.orders) > played and asked(),
                         what="a question that a key answers")
        await pilot.pause()
        # The first key answered the first question; the second was dropped, or (had the
        # screen played the first before the second came) answered the next one.
        assert game.orders[played] == first
        assert len(game.orders) <= played + 2
        before = len(game.orders)
        second = screen.prompt.shown[0]
        await pilot.press("1")  # still answered by a key
        await wait_until(pilot, lambda: len(game.orders) > before, what="the answer")
        assert game.orders[before] == second


async def test_a_highlight_previews_the_option_of_the_question_on_show(tmp_path: Path) -> None:
    """The highlight's preview is drawn as it moves, from the question the prompt shows
    (no message comes later, from a question gone by)."""
    app = make_app(tmp_path, battle)
    async with app.run_test() as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        game = screen.match.game
        await wait_until(pilot, lambda: screen.prompt.asking, what="blue's first decision")
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.prompt.asking and len(game.orders) == 1,
                         what="blue's second decision")
        question = screen.asked
        assert question is not None and question.decision == game.decision()
        option = question.options[1]
        screen.prompt.options.highlighted = 1
        assert screen.prompt.options.highlighted == 1
        preview = question.preview(option.order)
        assert screen._preview == (preview.path if preview else ())


async def test_a_highlight_event_that_comes_after_the_options_went_keeps_the_wait_shown(
        tmp_path: Path) -> None:
    """The option list's highlight event may reach the prompt after it has stopped asking
    (the game over, the other side deciding): what the prompt then says stays."""
    app = make_app(tmp_path, battle)
    async with app.run_test() as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="blue's first decision")
        prompt = screen.prompt
        options = prompt.options
        option = options.get_option_at_index(1)
        prompt.wait("[b]Waiting[/b]", "what the wait says")
        options.post_message(OptionList.OptionHighlighted(options, option, 1))
        await pilot.pause()
        await pilot.pause()
        assert "what the wait says" in screen_text(app)
