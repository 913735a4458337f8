"""Small terminals, the keys dialog, remapped keys, the command palette, the CLI's TUI options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot

from tui_naval import cli
from tui_naval.cli import new_game
from tui_naval.tui import keys
from tui_naval.tui.dialogs.keys import KeysDialog
from tui_naval.tui.screens.base import TooSmall
from tui_naval.tui.screens.battle import BattleScreen
from tui_naval.tui.screens.rules import RulesScreen
from tui_naval.tui.screens.title import TitleScreen
from tui_naval.tui.session import Session


def battle(seed: int = 3) -> BattleScreen:
    game = new_game("salt-n-tar", "channel-race", seed, None)
    return BattleScreen(Session(game, {"blue": "human", "red": "greedy"}))


async def resized(pilot: Pilot[Any], width: int, height: int) -> None:
    await pilot.resize_terminal(width, height)
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", [(79, 30), (100, 23), (60, 20)])
async def test_too_small_terminal_says_so(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=size) as pilot:
        await wait_for_screen(pilot, BattleScreen)
        notice = app.screen.query_one(TooSmall)
        assert notice.display
        text = screen_text(app)
        assert "enlarge the terminal to at least 80x24" in text
        assert f"{size[0]}x{size[1]}" in text
        assert "Turn 1/60" not in text
        await resized(pilot, 80, 24)
        assert not notice.display
        assert "Turn 1/60" in screen_text(app)


async def test_a_terminal_that_shrinks_later_gets_the_notice(tmp_path: Path) -> None:
    """Built at a fine size, a screen has no notice; shrunk below 80x24 it gets one (on
    the battle and on a dialog over it); grown again, the screen is back."""
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleScreen)
        assert not screen.query(TooSmall)
        await resized(pilot, 70, 20)
        assert screen.query_one(TooSmall).display
        assert "enlarge the terminal to at least 80x24" in screen_text(app)
        await resized(pilot, 100, 30)
        assert not screen.query_one(TooSmall).display
        assert "Turn 1/60" in screen_text(app)
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        assert not dialog.query(TooSmall)
        await resized(pilot, 60, 30)
        assert dialog.query_one(TooSmall).display
        assert "It is 60x30 now" in screen_text(app)


def test_every_command_has_a_unique_id() -> None:
    ids = [c.id for c in keys.ALL]
    assert len(ids) == len(set(ids))
    assert all(b.id for b in keys.bindings(keys.ALL))


def test_keymap_files(tmp_path: Path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text('[keys]\n"battle.undo" = "z"\n"battle.redo" = ["y", "ctrl+y"]\n')
    assert keys.load_keymap(path) == {"battle.undo": "z", "battle.redo": "y,ctrl+y"}
    assert keys.load_keymap(tmp_path / "absent.toml") == {}
    with pytest.raises(keys.KeymapError, match="no such keymap"):
        keys.load_keymap(tmp_path / "absent.toml", required=True)
    path.write_text('[keys]\n"battle.jump" = "j"\n')
    with pytest.raises(keys.KeymapError, match=r"unknown binding id 'battle\.jump'"):
        keys.load_keymap(path)
    path.write_text('[keys\n')
    with pytest.raises(keys.KeymapError, match="not valid TOML"):
        keys.load_keymap(path)


def test_default_keymap_path_follows_xdg(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert keys.default_keymap_path() == tmp_path / "tui-naval" / "keys.toml"


async def test_remapped_keys_work_and_show(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle, keymap={"battle.undo": "z", "game.choose_2": "x"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleScreen)
        await wait_until(pilot, lambda: screen.prompt.asking)
        await pilot.press("x")  # option 2: pass
        await wait_until(pilot, lambda: screen.prompt.asking and
                         screen.game.decision().kind == "move")  # type: ignore[union-attr]
        assert str(screen.game.orders[0]) == "B1 luck pass"
        played = screen.game.orders
        await pilot.press("u")  # no longer undo
        await pilot.pause()
        assert screen.game.orders == played
        await pilot.press("z")
        await wait_until(pilot, lambda: not screen.game.orders)
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        await wait_until(pilot, lambda: "Escape closes" in screen_text(app))
        text = screen_text(app)
        assert "Go back to your previous decision" in text
        assert "z  " in text and " u  " not in text
        assert "Save the game under a name" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert dialog is not app.screen


async def test_command_palette_offers_the_screens_commands(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleScreen)
        titles = [c.title for c in app.get_system_commands(screen)]
        for title in ("Undo", "Save", "Load", "Next ship", "Fast AI", "Keys", "Rules", "Quit"):
            assert title in titles
        assert "Option 1" not in titles
        title_titles = [c.title for c in app.get_system_commands(app.screen_stack[0])]
        assert "New game" in title_titles and "Continue" in title_titles


async def test_rules_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("r")
        await wait_for_screen(pilot, RulesScreen)
        assert "Salt'n'Tar" in screen_text(app)
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)


async def test_ships_cycle_and_look(tmp_path: Path) -> None:
    from tui_naval.tui.widgets.look_panel import LookPanel

    app = make_app(tmp_path, lambda: BattleScreen(Session(
        new_game("salt-n-tar", "channel-race", 3, None), {"blue": "human", "red": "human"})))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleScreen)
        await wait_until(pilot, lambda: screen.prompt.asking)
        assert screen.selected == "B1"
        await pilot.press("tab")
        assert screen.selected == "R1"
        await pilot.press("tab")
        assert screen.selected == "B1"
        await pilot.press("l")
        assert screen.ocean.has_focus
        start = screen.ocean.cursor
        await pilot.press("up")
        await pilot.pause()
        assert screen.ocean.cursor != start
        assert str(screen.ocean.cursor) in screen.query_one(LookPanel).text
        await pilot.press("escape")
        assert screen.prompt.options.has_focus


def test_cli_parses_tui_commands() -> None:
    parser = cli.build_parser()
    assert parser.parse_args([]).func is cli.cmd_title
    args = parser.parse_args(["--ascii", "play", "--seed", "3", "--side", "red"])
    assert args.func is cli.cmd_play and args.ascii and args.seed == 3 and args.side == "red"
    args = parser.parse_args(["play", "--ascii"])
    assert args.ascii
    args = parser.parse_args(["demo", "--script", "x.txt", "--exit-when-done", "--delay", "0"])
    assert args.script == "x.txt" and args.exit_when_done and args.delay == 0.0
    assert parser.parse_args(["load", "a.json"]).path == "a.json"


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["load", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tui-naval: error:") and err.count("\n") == 1
    assert cli.main(["play", "--keys", str(tmp_path / "none.toml")]) == 2
    assert "no such keymap" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("nonsense\n")
    assert cli.main(["demo", "--script", str(bad)]) == 2
    assert "bad.txt:1" in capsys.readouterr().err
    assert cli.main(["play", "--side", "green", "--keys", str(tmp_path / "k.toml")]) == 2
    assert cli.main(["play", "--map", "atlantis"]) == 2
    assert "unknown map" in capsys.readouterr().err
