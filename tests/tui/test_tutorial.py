"""The tutorial, played as a player would: its race to the end with the hints at the
moments they belong to, then on to the battle; the title screen's entry; the hint key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_support import SIZE, make_app, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot

from tui_naval.app.session import autosave_path
from tui_naval.tui.modes.lesson import LessonEnd, LessonMode, LessonStart, lesson_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.title import TitleScreen


def dialog_text(app: Any) -> str:
    """The texts of the dialog on top (its Statics and Buttons)."""
    return "\n".join(str(widget.render()) for widget in app.screen.query("Static, Button"))


async def answer(pilot: Pilot[Any], screen: MatchScreen) -> None:
    """Answer the prompt with the option the greedy advisor picks, by its number key."""
    game = screen.match.game
    decision = game.decision()
    assert decision is not None
    order = game.ruleset.advisor(game.ruleset.observe(game.state, decision.side), decision)
    index = screen.prompt.shown.index(order)
    assert index < 9
    played = len(game.orders)
    await pilot.press(str(index + 1))
    await wait_until(pilot, lambda: len(game.orders) > played, what="the order played")


async def test_the_race_lesson_played_to_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, first=lambda: lesson_screen(0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, LessonStart)
        text = dialog_text(app)
        assert "Lesson 1 of 2" in text and "Round the marks 1 > 2" in text
        await pilot.press("enter")
        screen = await wait_for_screen(pilot, LessonMode)
        game = screen.match.game
        #: Each hint's key: the turn and the kind of decision it was first shown at.
        first: dict[str, tuple[int, str]] = {}
        panel_at_first_move = ""
        for _ in range(300):
            await wait_until(pilot, lambda: game.state.outcome is not None
                             or (screen.prompt.asking and screen.match.game.decision() is not None
                                 and screen.match.is_here(screen.match.game.decision().side)),
                             what="a prompt")
            if game.state.outcome is not None:
                break
            decision = game.decision()
            assert decision is not None
            for hint in screen.hint_panel.hints:
                first.setdefault(hint.key, (game.state.turn, decision.kind))
            if decision.kind == "move" and not panel_at_first_move:
                panel_at_first_move = screen_text(app)
            await answer(pilot, screen)
        else:
            raise AssertionError("the race did not end")
        await wait_for_screen(pilot, LessonEnd)
        # The hints came as their rules first came up.
        assert first["luck"] == (1, "luck")
        assert first["prompt"] == (1, "luck")
        assert first["wind"] == first["speed"] == (1, "move")
        assert first["maneuver"] == (1, "maneuver")
        assert first["undo"][0] == 1  # after the player's first decision
        assert first["wind-roll"][0] == 2 and first["save"][0] == 2
        assert "mark" in first
        assert "WS 2 x BN" in panel_at_first_move  # this game's numbers, on screen
        assert "intro" not in first  # (the lesson's opening card said it)
        # A tutorial is not autosaved: Continue keeps the player's own game.
        assert not autosave_path(app.config.save_dir).exists()
        assert "Next lesson" in dialog_text(app)
        shown = set(screen.coach.shown)
        await pilot.press("n")
        await wait_for_screen(pilot, LessonStart)
        assert "Lesson 2 of 2" in dialog_text(app)
        await pilot.press("enter")
        battle = await wait_for_screen(pilot, LessonMode)
        assert battle.mode.index == 1 and battle.coach.shown >= shown
        await wait_until(pilot, lambda: battle.prompt.asking, what="the battle's prompt")
        # The race taught luck already: the battle does not say it again.
        assert "luck" not in {h.key for h in battle.hint_panel.hints}


async def test_the_title_screen_opens_the_tutorial_and_h_hides_the_hints(tmp_path: Path
                                                                        ) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        assert "Tutorial" in screen_text(app)
        await pilot.press("t")
        await wait_for_screen(pilot, LessonStart)
        await pilot.press("enter")
        screen = await wait_for_screen(pilot, LessonMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        assert screen.hint_panel.display and "Luck" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert not screen.hint_panel.display and not screen.coach.enabled
        await pilot.press("h")
        await pilot.pause()
        assert screen.hint_panel.display and screen.coach.enabled
        await pilot.press("q")
        await wait_for_screen(pilot, TitleScreen)
        assert not autosave_path(app.config.save_dir).exists()


async def test_the_last_lessons_end_names_the_hint_key_as_the_player_has_it(
        tmp_path: Path) -> None:
    from tui_naval.app.tutorial import LESSONS
    from tui_naval.tui.modes.lesson import lesson_session

    app = make_app(tmp_path, keymap={"game.hints": "f6"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        state = lesson_session(LESSONS[-1], "greedy").game.state
        app.push_screen(LessonEnd(state, LESSONS[-1], None))
        await wait_for_screen(pilot, LessonEnd)
        text = " ".join(dialog_text(app).split())
        assert "That was the last lesson." in text
        assert "in any game, f6 shows the hints again or hides them" in text
