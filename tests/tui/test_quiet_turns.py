"""Turns with nothing for the player to decide are summed up on the battle screen and in
the log, and the game waits a moment or for a key, as ``Config.quiet_turn_pause`` says."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.tui.app_support import make_app, screen_text, wait_for_screen, wait_until
from tui_naval.app.quiet import brief, turn_summary
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session, default_seats
from tui_naval.app.setup import new_game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import Event, GameState
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen


class FirstOption:
    """An AI that always answers with the decision's first option."""

    name = "first"

    def choose(self, state: GameState, decision: Decision) -> Order:
        return decision.options[0]


def quiet_battle() -> MatchScreen:
    """Kyngesreach on kr-duel, seed 1: with both sides taking the first option, blue has
    nothing to decide in turn 2 (every decision of hers is forced)."""
    game = new_game("kyngesreach", "kr-duel", 1, None)
    screen = battle_screen(Session(game, default_seats(game)))
    screen.match.seats["red"] = Seat.ai(FirstOption())
    return screen


async def play_to_quiet(pilot: object, screen: MatchScreen) -> None:
    """Answer the player's prompts with their first option until a quiet turn is told."""
    for _ in range(20):
        if screen.match.quiet:
            return
        await wait_until(pilot, lambda: screen.match.quiet or (  # type: ignore[arg-type]
            screen.prompt.asking and not screen.match.thinking), what="a prompt or a quiet turn")
        if screen.match.quiet:
            return
        await pilot.press("1")  # type: ignore[attr-defined]
    raise AssertionError("no quiet turn came")


def log_texts(screen: MatchScreen) -> list[str]:
    return [entry.body.plain for entry in screen.log_view.entries]


async def test_a_quiet_turn_waits_for_a_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, quiet_turn_pause=None, first=quiet_battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await play_to_quiet(pilot, screen)
        assert screen.match.game.state.turn == 3
        text = screen_text(app)
        assert "Turn 2: nothing for you to decide" in text
        assert "any key goes on" in text
        assert any(t.startswith("Turn 2: nothing to decide: ") for t in log_texts(screen))
        assert not screen.prompt.asking
        await asyncio.sleep(0.3)
        await pilot.pause()
        assert screen.match.quiet, "the summary went away with no key pressed"
        await pilot.press("x")
        await wait_until(pilot, lambda: screen.prompt.asking, what="the turn-3 prompt")
        assert not screen.match.quiet
        assert screen.prompt.options.has_focus
        # The key that ended the wait answered nothing.
        assert screen.match.game.state.turn == 3


async def test_a_quiet_turn_goes_on_after_its_pause(tmp_path: Path) -> None:
    # A pause long enough to be seen between two looks on a loaded machine (at 0.2 s a
    # look that came late saw the turn-3 prompt and answered it: no quiet turn came).
    app = make_app(tmp_path, quiet_turn_pause=1.5, first=quiet_battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await play_to_quiet(pilot, screen)
        assert "going on in 1.5 s" in screen_text(app)
        # (Bounded by wait_until's 20 s, over 10x the pause: 5 s was 3x, tight when busy.)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the prompt after the pause")
        assert not screen.match.quiet
        assert screen.match.game.state.turn == 3
        # The quiet turn is told once.
        assert sum(t.startswith("Turn 2: nothing") for t in log_texts(screen)) == 1


def test_the_summary_is_built_from_the_turns_events() -> None:
    presenter = Presenter()
    events = [Event(2, "pos", "B1 at 3,4"),
              Event(2, "fire", "red fired: 3 hits, 6 guns lost. The rest of it"),
              Event(2, "over", "port battery reloading; and more"),
              Event(2, "hit", "a"), Event(2, "hit", "b"), Event(2, "hit", "c")]
    line = turn_summary(2, events, presenter)
    # The emphasised event first, positions left out, each cut to its first clause.
    assert line.startswith("Turn 2: nothing to decide: port battery reloading; "
                           "red fired: 3 hits, 6 guns lost; ")
    assert line.endswith("; 2 more in the log")
    assert "B1 at 3,4" not in line
    assert turn_summary(5, [], presenter) == "Turn 5: nothing to decide: the turn passed"
    assert brief("x" * 100).endswith("...") and len(brief("x" * 100)) == 60
