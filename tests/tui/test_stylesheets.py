"""Each screen's sheet is added to the app's stylesheet as the screen opens, once, and
parsed alone: a launch into a battle parses the battle's sheet and the app's only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, wait_for_screen
from textual.css import stylesheet as textual_stylesheet

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.dialogs.keys import KeysDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.title import TitleScreen
from tui_naval.tui.styles import STYLES, stylesheet

SHEETS = sorted(path.stem for path in STYLES.glob("*.tcss"))


def battle() -> MatchScreen:
    game = new_game("salt-n-tar", "channel-race", 3, None)
    return battle_screen(Session(game, {"blue": "human", "red": "greedy"}))


def loaded(app: Any) -> list[str]:
    return sorted(name for name in SHEETS if app.stylesheet.has_source(str(stylesheet(name)), ""))


def test_every_sheet_belongs_to_a_screen() -> None:
    from tui_naval.tui.app import NavalApp
    from tui_naval.tui.screens.base import NavalModal
    from tui_naval.tui.screens.hall import HallScreen
    from tui_naval.tui.screens.lobby import LobbyScreen
    from tui_naval.tui.screens.new_game import NewGameScreen
    from tui_naval.tui.screens.rules import RulesScreen
    from tui_naval.tui.screens.voyage import VoyageScreen

    # (``ascii`` is the app's own, laid over the rest by ``styles.use_ascii``.)
    used = {"app", "ascii", *(cls.STYLESHEET for cls in (TitleScreen, NewGameScreen,
                                                          MatchScreen, RulesScreen, NavalModal,
                                                          HallScreen, VoyageScreen,
                                                          LobbyScreen))}
    assert stylesheet("app") == NavalApp.CSS_PATH
    assert sorted(used) == SHEETS


async def test_a_battle_launch_parses_its_own_sheets_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    original = textual_stylesheet.parse

    def counted(scope: str, css: str, read_from: Any, *args: Any, **kwargs: Any) -> Any:
        parsed.append(Path(read_from[0]).stem if read_from[0].endswith(".tcss") else "")
        return original(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counted)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        assert loaded(app) == ["app", "game"]
        assert screen.query_one("#status").styles.background.a > 0  # the game sheet's
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        assert loaded(app) == ["app", "dialogs", "game"]
        box = dialog.query_one(".dialog")
        assert box.styles.border_top[0] == "round"  # styled by the dialogs' sheet
        await pilot.press("escape")
        await pilot.press("q")  # back to the title, built as it is first shown
        title = await wait_for_screen(pilot, TitleScreen)
        assert loaded(app) == ["app", "dialogs", "game", "title"]
        assert title.styles.align_horizontal == "center"  # the title sheet's
    sheets = [name for name in parsed if name]
    assert sorted(sheets) == ["app", "dialogs", "game", "title"]  # each parsed once
