"""Random keys and resizes through Pilot: the app never raises, and is usable again
whenever the terminal is back to 80x24 or more.

Bounded and seeded: a fixed seed and a fixed number of steps per run, a battle of
every ruleset and two runs from the title screen.  A step is a resize (to 40x12 ..
200x60, often to just around 80x24) or a burst of one to four keys sent at once (as
fast typing or a held key sends them), after which the app is let settle and the
question on show, if any, must be the game's decision (no key left a dead prompt).  The plan
is fixed by the seed; the AI answers in a thread, so the games may vary a little.

Quitting is part of the fuzz: ``q`` quits from the title screen and the game-over
dialog, ``ctrl+q`` anywhere; the Load and Save dialogs open too (the saves go to the
test's folder, Escape or any choice closes them).  When the app exits, the run starts
a fresh app (the same first screen) and goes on with the rest of its plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, screen_text, wait_until
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.rulesets import registry
from tui_naval.tui.app import MIN_HEIGHT, MIN_WIDTH, NavalApp, screen_commands
from tui_naval.tui.modes.battle import battle_screen
from tui_naval.tui.screens.base import AppScreen, TooSmall
from tui_naval.tui.screens.match import MatchScreen

#: Steps per run, and the chance that a step resizes the terminal rather than press keys.
STEPS = 60
RESIZE = 0.15
#: The keys, the screens' own (undo, save, load, look, rules...) and the page keys
#: (which crashed the prompt) more often.
KEY_POOL = (
    *"0123456789", *"abcdefghjklmnopqrsuyz", "r", "u", "s", "l", "o",
    "up", "down", "left", "right", *("pageup", "pagedown") * 3, "home", "end",
    "tab", "shift+tab", "enter", "escape", "backspace", "delete", "space",
    "plus", "minus", "question_mark", "f1", "f2", "ctrl+p", "ctrl+z", "ctrl+y", "ctrl+c",
    # The filter of a list of more than nine options, and text typed into it.
    "slash", "slash", "comma", "full_stop",
)
#: Rarer keys: quitting the app (the run then starts a fresh one).
RARE_KEYS = ("ctrl+q",)
#: The characters of the keys that type one (the others' is their own name).
CHARACTERS = {"space": " ", "plus": "+", "minus": "-", "question_mark": "?", "slash": "/",
              "comma": ",", "full_stop": ".",
              "enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}
#: Sizes around the 80x24 minimum, tried more often than the rest.
EDGES = ((MIN_WIDTH - 1, MIN_HEIGHT), (MIN_WIDTH, MIN_HEIGHT - 1),
         (MIN_WIDTH, MIN_HEIGHT), (40, 12), (200, 60))


def battle_factory(ruleset: str, seed: int) -> Callable[[], Screen[Any]]:
    """A battle of ``ruleset`` on its default map, the first side the player's."""

    def first() -> Screen[Any]:
        game = new_game(ruleset, None, seed, None)
        seats = {side: "human" if i == 0 else "greedy"
                 for i, side in enumerate(game.state.sides)}
        return battle_screen(Session(game, seats))

    return first


def steps(seed: int) -> list[tuple[str, Any]]:
    """The run's steps: ("keys", [name, ...]) or ("size", (width, height))."""
    rng = random.Random(seed)
    out: list[tuple[str, Any]] = []
    for _ in range(STEPS):
        if rng.random() < RESIZE:
            size = rng.choice(EDGES) if rng.random() < 0.4 else \
                (rng.randint(40, 200), rng.randint(12, 60))
            out.append(("size", size))
            continue
        burst = [rng.choice(RARE_KEYS) if rng.random() < 0.01 else rng.choice(KEY_POOL)
                 for _ in range(rng.randint(1, 4))]
        out.append(("keys", burst))
    return out


def exited(app: App[Any]) -> bool:
    return app.return_code is not None or not app.is_running


async def press_at_once(pilot: Pilot[Any], keys: list[str]) -> None:
    """Send ``keys`` as the terminal would, one straight after the other (``Pilot.press``
    lets the app settle after each), then let the app settle."""
    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, character)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()


async def assert_usable(pilot: Pilot[Any]) -> None:
    """At 80x24 or more: no notice, the screen's keys are back, the prompt asks the game's
    decision and has the focus."""
    app = pilot.app
    await pilot.pause()
    await pilot.pause()
    if exited(app):
        return
    screen = app.screen
    assert "enlarge the terminal" not in screen_text(app)
    if not isinstance(screen, AppScreen):
        return
    assert not any(notice.display for notice in screen.query(TooSmall))
    assert not screen.holds_keys
    actions = {active.binding.action for active in screen.active_bindings.values()}
    own = {command.action for command in screen_commands(screen)}
    assert own & actions or not own, (actions, screen)
    assert_answerable(app)
    if isinstance(screen, MatchScreen) and screen.prompt.asking and not screen.looking:
        assert screen.prompt.options.has_focus, screen.focused


def assert_answerable(app: App[Any]) -> None:
    """A question on show is the game's decision now: a number key answers it."""
    screen = app.screen
    if isinstance(screen, MatchScreen) and screen.prompt.asking and not exited(app):
        decision = screen.match.game.decision()
        assert screen.asked is not None and screen.asked.decision == decision, (screen.asked,
                                                                               decision)


def screen_heard(app: App[Any]) -> bool:
    """Whether the top screen has taken in the app's size (its focus let go below 80x24)."""
    screen = app.screen
    return exited(app) or not isinstance(screen, AppScreen) or app.focused is None


def assert_held(app: App[Any]) -> None:
    """Below 80x24: the notice holds the keyboard (no focus, only the quit key bound)."""
    screen = app.screen
    if exited(app) or not isinstance(screen, AppScreen):
        return
    assert screen.holds_keys and app.focused is None, app.focused
    actions = {active.binding.action for active in screen.active_bindings.values()}
    assert actions <= {"quit", "app.quit"}, actions


async def fuzz(tmp_path: Path, first: Callable[[], Screen[Any]] | None, seed: int) -> None:
    plan = steps(seed)
    size = (100, 30)
    done = 0
    while done < len(plan):
        # (A demo shows each move for a moment: Pilot waits for the app to be idle.)
        app: NavalApp = make_app(tmp_path, first, demo_delay=0.05)
        try:
            async with app.run_test(size=size) as pilot:
                await wait_until(pilot, lambda: isinstance(pilot.app.screen, AppScreen),
                                 what="a screen")
                while done < len(plan) and not exited(app):
                    kind, what = plan[done]
                    done += 1
                    if kind == "size":
                        size = what
                        await pilot.resize_terminal(*size)
                        if size[0] >= MIN_WIDTH and size[1] >= MIN_HEIGHT:
                            await assert_usable(pilot)
                        else:
                            # The app's size changes first, the top screen hears of it
                            # after (on a busy machine, some messages later).
                            await wait_until(pilot, partial(screen_heard, app),
                                             what="the notice to take the keyboard")
                    else:
                        await press_at_once(pilot, what)
                        await pilot.pause()
                        assert_answerable(app)
                    if size[0] < MIN_WIDTH or size[1] < MIN_HEIGHT:
                        assert_held(app)
        except Exception as exc:
            exc.add_note(f"fuzz seed {seed}, step {done}: {plan[:done]}")
            raise


RULESETS = [entry.id for entry in registry()]


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_key_fuzz_in_battle(tmp_path: Path, ruleset: str) -> None:
    seed = 1000 + RULESETS.index(ruleset)
    await fuzz(tmp_path, battle_factory(ruleset, seed), seed)


@pytest.mark.parametrize("seed", [7, 8])
async def test_key_fuzz_from_the_title(tmp_path: Path, seed: int) -> None:
    await fuzz(tmp_path, None, seed)
