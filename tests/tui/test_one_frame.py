"""A keypress's whole effect is drawn in one frame: a panel that grows is laid out once,
an option list that scrolls is not drawn again after a layout, and a prompt keeps room
for its tallest option's detail, so moving its highlight never lays the screen out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import RenderableType
from textual.app import App, ComposeResult
from textual.widgets.option_list import Option

from tests.tui.app_support import make_app, wait_for_screen, wait_until
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.prompt import PromptDetail
from tui_naval.tui.widgets.option_list import PagedOptionList
from tui_naval.tui.widgets.text_panel import TextPanel


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The frames drawn (screen updates handed to the terminal), one entry each."""
    drawn: list[int] = []
    original = App._display

    def display(self: App[Any], screen: Any, renderable: Any) -> None:
        if renderable is not None:
            drawn.append(1)
        original(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    yield drawn


class Lines(TextPanel):
    """A panel of ``count`` lines, as tall as they are."""

    DEFAULT_CSS = """
    Lines { height: auto; scrollbar-gutter: stable; scrollbar-size-horizontal: 0; }
    """

    count = 0

    def content(self, width: int) -> RenderableType:
        return "\n".join(f"line {n}" for n in range(self.count))

    def say(self, count: int) -> None:
        self.count = count
        self.content_changed()


class Host(App[None]):
    """A panel above a list that scrolls."""

    CSS = "#list { height: 8; }"

    def compose(self) -> ComposeResult:
        yield Lines()
        yield PagedOptionList(*(Option(f"option {n}") for n in range(30)), id="list")


async def settle(pilot: Any, frames: list[int]) -> None:
    """Wait until the app draws no more frames, then forget them."""
    while True:
        drawn = len(frames)
        await pilot.pause(0.1)
        if len(frames) == drawn:
            frames.clear()
            return


async def test_a_panel_that_grows_is_drawn_in_one_frame(frames: list[int]) -> None:
    app = Host()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(Lines)
        panel.say(3)
        await settle(pilot, frames)
        panel.say(4)
        # No scroll bar for a moment (fitted at the old height): the layout pass would
        # take it back, and draw the panel again in a frame of its own.
        assert not panel.show_vertical_scrollbar
        await pilot.pause(0.1)
        assert panel.size.height == 4
        assert len(frames) == 1


async def test_a_layout_does_not_draw_a_scrolling_list_again(frames: list[int]) -> None:
    app = Host()
    async with app.run_test(size=(60, 30)) as pilot:
        options = app.query_one(PagedOptionList)
        app.query_one(Lines).say(1)
        await settle(pilot, frames)
        assert options.show_vertical_scrollbar
        app.query_one(Lines).say(2)  # the list moves down a line
        await pilot.pause(0.1)
        assert options.region.y == 2
        assert len(frames) == 1


# A first move prompt of 20 ships; a range prompt whose later options say more; and an
# aim prompt whose list scrolls.
PROMPTS = [("salt-n-tar", "grand-regatta", 1, (160, 50), "move"),
           ("salt-n-tar", "grand-regatta", 3, (100, 30), "luck"),
           ("kyngesreach", "kr-duel", 3, (100, 30), "range"),
           ("ships-and-sails", "ss-duel", 3, (100, 30), "aim")]


@pytest.mark.parametrize(("ruleset", "map_name", "seed", "size", "kind"), PROMPTS,
                         ids=[f"{p[0]}-{p[4]}" for p in PROMPTS])
async def test_each_highlight_is_one_frame(frames: list[int], tmp_path: Path, ruleset: str,
                                           map_name: str, seed: int, size: tuple[int, int],
                                           kind: str) -> None:
    game = new_game(ruleset, map_name, seed, None)
    seats = {s: "human" if n == 0 else "greedy" for n, s in enumerate(game.state.sides)}
    app = make_app(tmp_path, lambda: battle_screen(Session(game, seats)))
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        for _ in range(30):
            await wait_until(pilot, lambda: screen.prompt.asking, what="a prompt")
            if screen.asked is not None and screen.asked.decision.kind == kind:
                break
            await pilot.press("2" if screen.asked and screen.asked.decision.kind == "luck" else "1")
        assert screen.asked is not None and screen.asked.decision.kind == kind
        await pilot.pause(0.1)
        detail = screen.prompt.query_one(PromptDetail)
        count = min(len(screen.prompt.shown), 8)
        height = detail.size.height
        drawn = []
        for key in ["down"] * (count - 1) + ["up"] * (count - 1):
            frames.clear()
            await pilot.press(key)
            await pilot.pause(0.05)
            drawn.append(len(frames))
            assert detail.size.height == height  # room for the tallest detail from the start
        assert drawn == [1] * len(drawn)
