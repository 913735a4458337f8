"""The prompt uses the screen and cuts nothing: every word of its title, its options and
its detail is on screen at 80x24, 100x30 and 200x60, for each kind of prompt of each
ruleset; and it is as tall as it needs (a short prompt leaves the rest to the map)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_support import make_app, screen_text, wait_for_screen, wait_until
from rich.console import Console

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.prompt import PromptDetail, PromptPanel

GAMES = {
    "salt-n-tar": ("channel-race", "hex-flat"),
    "kyngesreach": ("kr-duel", None),
    "ships-and-sails": ("ss-duel", None),
    "salt-and-shot": ("sas-duel", "hex-flat"),
    "salt-and-sails": ("sails-duel", None),
    "mow-and-shot": ("mow-crossing", None),
    "mow-and-sails": ("mow-crossing", None),
    "salamis": ("salamis-duel", None),
}
SIZES = [(80, 24), (100, 30), (200, 60)]
WORD = re.compile(r"[A-Za-z0-9%]+")


def words(text: str) -> list[str]:
    return WORD.findall(text)


def plain(renderable: object, width: int) -> str:
    console = Console(width=max(20, width), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def missing(screen: MatchScreen, shown: str) -> list[str]:
    """The words of the prompt's title, options and detail that are not on screen."""
    prompt = screen.query_one(PromptPanel)
    detail = prompt.query_one(PromptDetail)
    options = prompt.options
    # a list longer than its room scrolls (its scroll bar shows): only a list that
    # fits is checked word for word
    fits = options.virtual_size.height <= options.size.height
    texts = [str(prompt.query_one("#prompt-title").render()),  # type: ignore[attr-defined]
             *(str(o.prompt) for o in options.options if fits),
             plain(detail.shown, detail.size.width)]
    on_screen = set(words(shown))
    return [w for t in texts for w in words(t) if w not in on_screen]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", sorted(GAMES))
async def test_no_word_of_a_prompt_is_lost(tmp_path: Path, ruleset: str,
                                           size: tuple[int, int]) -> None:
    map_name, grid = GAMES[ruleset]
    game = new_game(ruleset, map_name, 3, grid)
    seats = {s: "human" if n == 0 else "greedy" for n, s in enumerate(game.state.sides)}
    app = make_app(tmp_path, lambda: battle_screen(Session(game, seats)))
    lost: dict[str, list[str]] = {}
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        seen: set[str] = set()
        for _ in range(24):
            await wait_until(pilot, lambda: screen.prompt.asking
                             or screen.match.game.state.outcome is not None, what="a prompt")
            decision = screen.match.game.decision()
            if decision is None or screen.match.game.state.outcome is not None:
                break
            if decision.kind not in seen:
                seen.add(decision.kind)
                await pilot.pause()
                await pilot.pause()
                gone = missing(screen, screen_text(app))
                if gone:
                    lost[decision.kind] = gone
            played = len(screen.match.game.orders)
            await pilot.press("1")
            await wait_until(pilot, lambda n=played: len(screen.match.game.orders) > n,  # type: ignore[misc]
                             what="the answer")
        assert len(seen) >= 2
    assert not lost, lost


async def test_the_prompt_is_as_tall_as_it_needs(tmp_path: Path) -> None:
    """At 200x60 a short prompt takes its lines, not a fixed block: the map gets the rest."""
    game = new_game("salt-n-tar", "channel-race", 3, "hex-flat")
    app = make_app(tmp_path, lambda: battle_screen(Session(game, {"blue": "human",
                                                                 "red": "greedy"})))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.prompt.asking
                         and screen.match.game.decision().kind == "move")  # type: ignore[union-attr]
        await pilot.pause()
        prompt = screen.prompt
        # the title, five options and the border: no empty block under them
        assert prompt.outer_size.height <= 1 + 1 + max(5, prompt.query_one(
            PromptDetail).virtual_size.height)
        assert screen.ocean.size.height >= 30


async def test_the_prompt_keeps_its_height_while_the_highlight_moves(tmp_path: Path) -> None:
    """Details of different lengths do not make the prompt (and so the map) jump: it keeps
    the height of the tallest detail of the decision, and a new decision starts afresh."""
    game = new_game("salt-n-tar", "channel-race", 5, None)
    app = make_app(tmp_path, lambda: battle_screen(Session(game, {"blue": "human",
                                                                 "red": "greedy"})))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        await pilot.press("2")  # no luck roll: the helm
        await wait_until(pilot, lambda: screen.prompt.asking
                         and screen.match.game.decision().kind == "move")  # type: ignore[union-attr]
        await pilot.pause()
        detail = screen.prompt.query_one(PromptDetail)
        heights = []
        lines = []
        for _ in range(2 * len(screen.prompt.shown)):
            lines.append(len(detail.strips(detail.size.width)))
            heights.append(screen.prompt.size.height)
            await pilot.press("down" if len(heights) <= len(screen.prompt.shown) else "up")
            await pilot.pause()
        assert max(lines) > len(screen.prompt.shown), "a detail taller than the options"
        assert heights == sorted(heights), heights  # it never shrinks within the decision
        assert heights[-1] == max(heights)
        # Waiting for the other side, it is as short as what it says.
        screen.prompt.wait("red is deciding...")
        await pilot.pause()
        assert detail.min_lines == len(detail.strips(detail.size.width))  # its own text
        assert screen.prompt.size.height < max(heights)
