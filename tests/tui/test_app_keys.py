"""Small terminals, the keys dialog, remapped keys, the command palette, the CLI's TUI options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot

from tui_naval import cli
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.cli import command_line, play
from tui_naval.tui import keys
from tui_naval.tui.dialogs.keys import KeysDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.base import TooSmall
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.rules import RulesScreen
from tui_naval.tui.screens.title import TitleScreen


def battle(seed: int = 3) -> MatchScreen:
    game = new_game("salt-n-tar", "channel-race", seed, None)
    return battle_screen(Session(game, {"blue": "human", "red": "greedy"}))


async def resized(pilot: Pilot[Any], width: int, height: int) -> None:
    await pilot.resize_terminal(width, height)
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", [(79, 30), (100, 23), (60, 20)])
async def test_too_small_terminal_says_so(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=size) as pilot:
        await wait_for_screen(pilot, BattleMode)
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
        screen = await wait_for_screen(pilot, BattleMode)
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
    path.write_text('[keys]\n"battle.undo" = "b"\n"battle.redo" = ["y", "ctrl+y"]\n')
    assert keys.load_keymap(path) == {"battle.undo": "b", "battle.redo": "y,ctrl+y"}
    assert keys.load_keymap(tmp_path / "absent.toml") == {}
    with pytest.raises(keys.KeymapError, match="no such keymap"):
        keys.load_keymap(tmp_path / "absent.toml", required=True)
    path.write_text('[keys]\n"battle.jump" = "j"\n')
    with pytest.raises(keys.KeymapError, match=r"unknown binding id 'battle\.jump'"):
        keys.load_keymap(path)
    path.write_text('[keys\n')
    with pytest.raises(keys.KeymapError, match="not valid TOML"):
        keys.load_keymap(path)


def test_a_keymap_that_binds_one_key_twice_on_a_screen_is_refused(tmp_path: Path) -> None:
    """'q' for the hints would be the battle's Menu key too: refused in one line. Keys may
    be swapped, and a key bound on two screens that never share one is no clash."""
    assert keys.first_clash({}) == ""  # the defaults
    path = tmp_path / "keys.toml"
    path.write_text('"game.hints" = "q"\n')
    with pytest.raises(keys.KeymapError,
                       match=r"'q' would be both game\.hints \(Hints\) and battle\.quit"):
        keys.load_keymap(path)
    path.write_text('"game.look" = "ctrl+q"\n')
    with pytest.raises(keys.KeymapError, match=r"'ctrl\+q' would be both app\.quit"):
        keys.load_keymap(path)
    path.write_text('"battle.undo" = "z"\n')  # (README's example once: z is the zoom)
    with pytest.raises(keys.KeymapError, match=r"'z' would be both game\.zoom"):
        keys.load_keymap(path)
    path.write_text('"game.hints" = "l"\n"game.look" = "h"\n"title.new" = "b"\n'
                    '"battle.undo" = "b"\n')
    assert keys.load_keymap(path)["game.look"] == "h"


def test_default_keymap_path_follows_xdg(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert keys.default_keymap_path() == tmp_path / "tui-naval" / "keys.toml"


async def test_remapped_keys_work_and_show(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle, keymap={"battle.undo": "b", "game.choose_2": "x"})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        await pilot.press("x")  # option 2: pass
        await wait_until(pilot, lambda: screen.prompt.asking and
                         screen.match.game.decision().kind == "move")  # type: ignore[union-attr]
        assert str(screen.match.game.orders[0]) == "B1 luck pass"
        played = screen.match.game.orders
        await pilot.press("u")  # no longer undo
        await pilot.pause()
        assert screen.match.game.orders == played
        await pilot.press("b")
        await wait_until(pilot, lambda: not screen.match.game.orders)
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        await wait_until(pilot, lambda: "Escape closes" in screen_text(app))
        text = screen_text(app)
        await pilot.press("end")  # (the list scrolls)
        await pilot.pause()
        text += screen_text(app)
        assert "Go back to your previous decision" in text, text
        assert "b  " in text and " u  " not in text
        assert "Save the game under a name" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert dialog is not app.screen


async def test_command_palette_offers_the_screens_commands(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
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

    app = make_app(tmp_path, lambda: battle_screen(Session(
        new_game("salt-n-tar", "channel-race", 3, None), {"blue": "human", "red": "human"})))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
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
    parser = command_line.build_parser()
    assert parser.parse_args([]).func is command_line.title
    args = parser.parse_args(["--ascii", "play", "--seed", "3", "--side", "red"])
    assert args.func is play.play_game and args.ascii and args.seed == 3 and args.side == "red"
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


# -- the too-small notice holds the keyboard ------------------------------------------

HELD = ("1", "2", "pagedown", "pageup", "down", "enter", "tab", "l", "u", "s", "o", "m",
        "q", "escape", "f1", "f2", "question_mark", "ctrl+p", "space")


@pytest.mark.parametrize("size", [(80, 20), (79, 23), (40, 12)])
async def test_the_notice_holds_the_keyboard(tmp_path: Path, size: tuple[int, int]) -> None:
    """Below 80x24 no key reaches the prompt or the screen's bindings (the issue's
    reproductions: PageDown at 80x20; 1 then PageDown at 79x23); grown again, the prompt
    has the focus and its keys work; ctrl+q quits at any size."""
    app = make_app(tmp_path, battle)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        assert screen.holds_keys and app.focused is None
        assert "ctrl+q quits" in screen_text(app)
        for key in HELD:
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and not screen.match.game.orders and not screen.looking
        # (The luck prompt's default is "Pass": "Roll the luck die" is marked !.)
        assert screen.prompt.options.highlighted == 1 and screen.selected == "B1"
        assert not screen.log_view.big
        assert {a.binding.action for a in screen.active_bindings.values()} == {"quit"}
        await resized(pilot, 80, 24)
        assert not screen.holds_keys and screen.prompt.options.has_focus
        await pilot.press("pageup")
        assert screen.prompt.options.highlighted == 0
        await pilot.press("pagedown")
        assert screen.prompt.options.highlighted == 1
        await pilot.press("2")
        await wait_until(pilot, lambda: bool(screen.match.game.orders), what="option 2 played")
        assert str(screen.match.game.orders[0]) == "B1 luck pass"
        await resized(pilot, *size)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: app.return_code == 0, what="the app to quit")


async def test_a_shrinking_terminal_takes_the_keys_and_gives_them_back(tmp_path: Path) -> None:
    """Shrunk mid-game, the prompt loses the focus and the number keys do nothing; a
    decision asked meanwhile gets the focus once the terminal is large enough."""
    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        assert screen.prompt.options.has_focus
        await resized(pilot, 79, 23)
        assert app.focused is None
        await pilot.press("1", "pagedown", "pageup", "pagedown")
        await pilot.pause()
        assert not screen.match.game.orders
        screen.prompt.options.focus()  # as a new decision would (``Mode.ask``)
        await pilot.pause()
        assert app.focused is None
        await resized(pilot, *SIZE)
        assert screen.prompt.options.has_focus
        await pilot.press("1")
        await wait_until(pilot, lambda: bool(screen.match.game.orders), what="option 1 played")
        assert str(screen.match.game.orders[0]) == "B1 luck roll"


async def test_a_screen_resumed_at_another_size_fits_it(tmp_path: Path) -> None:
    """A dialog opened (as the palette or the game opens one) while the terminal is too
    small, and closed once it is large again: the battle under it drops the notice
    (Textual resizes only the top screen) and gets its keys back."""
    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        await resized(pilot, 60, 20)
        app.action_show_keys()
        dialog = await wait_for_screen(pilot, KeysDialog)
        assert dialog.holds_keys and app.focused is None
        await resized(pilot, *SIZE)
        dialog.action_close()
        await wait_until(pilot, lambda: app.screen is screen, what="the battle")
        await pilot.pause()
        assert screen.has_class("-roomy") and not screen.has_class("-narrow")
        assert "Turn 1/60" in screen_text(app)
        assert screen.prompt.options.has_focus


async def test_the_notice_holds_the_keyboard_on_every_screen(tmp_path: Path) -> None:
    """The title's menu and a dialog hold no key below 80x24 either."""
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        for key in ("r", "n", "enter", "down", "q", "question_mark", "f2", "ctrl+p"):
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is title and app.return_code is None
        await resized(pilot, *SIZE)
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        await resized(pilot, 60, 20)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog
        await resized(pilot, *SIZE)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is title, what="the title")


# -- paging the prompt --------------------------------------------------------------

async def test_the_prompt_pages_before_it_is_laid_out_and_while_hidden() -> None:
    """Textual's OptionList raised KeyError paging a list not laid out (or hidden)."""
    from textual.app import App, ComposeResult
    from textual.widgets.option_list import Option

    from tui_naval.tui.widgets.option_list import PagedOptionList

    class Lists(App[None]):
        def compose(self) -> ComposeResult:
            yield PagedOptionList(*(Option(str(n)) for n in range(30)), id="shown")
            hidden = PagedOptionList(*(Option(str(n)) for n in range(30)), id="hidden")
            hidden.display = False
            yield hidden

    app = Lists()
    async with app.run_test(size=(40, 12)) as pilot:
        hidden = app.query_one("#hidden", PagedOptionList)
        hidden.highlighted = 0
        hidden.action_page_down()
        assert hidden.highlighted is not None and hidden.highlighted > 0
        hidden.action_page_up()
        assert hidden.highlighted == 0
        for _ in range(40):
            hidden.action_page_down()
        assert hidden.highlighted == 29
        shown = app.query_one("#shown", PagedOptionList)
        shown.focus()
        shown.highlighted = 0
        await pilot.pause()
        await pilot.press("pagedown")
        page = shown.highlighted
        assert page is not None and 1 < page < 29
        await pilot.press("pageup")
        assert shown.highlighted == 0
        shown.clear_options()
        shown.action_page_down()
        assert shown.highlighted is None


# -- closing screens ---------------------------------------------------------------

async def test_closing_never_pops_the_last_screen(tmp_path: Path) -> None:
    """A close that comes late (the rules closed twice: by Escape, then by the palette's
    Back) or from a screen under another one closes nothing else."""
    app = make_app(tmp_path, RulesScreen)
    async with app.run_test(size=SIZE) as pilot:
        rules = await wait_for_screen(pilot, RulesScreen)
        await pilot.press("escape")
        title = await wait_for_screen(pilot, TitleScreen)
        assert app.screen_stack == [title]
        rules.action_close()
        title.dismiss()
        await pilot.pause()
        assert app.screen_stack == [title]
        await pilot.press("question_mark")
        dialog = await wait_for_screen(pilot, KeysDialog)
        await pilot.press("f2")  # not bound in a dialog: the app's action, as the palette runs it
        app.action_show_rules()
        rules = await wait_for_screen(pilot, RulesScreen)
        dialog.action_close()
        await pilot.pause()
        assert app.screen_stack == [title, dialog, rules]
        await pilot.press("escape", "escape")
        await wait_until(pilot, lambda: app.screen_stack == [title], what="the title alone")


@pytest.mark.parametrize("keys", [["ctrl+p", "pagedown"], ["ctrl+p", "pageup"],
                                  ["ctrl+p", "down", "pagedown", "pagedown", "pageup"]])
async def test_the_palette_pages_as_soon_as_it_opens(tmp_path: Path, keys: list[str]) -> None:
    """ctrl+p then PageDown at once paged Textual's palette list before it was laid out."""
    from test_key_fuzz import press_at_once

    from tui_naval.tui.dialogs.palette import Palette

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await press_at_once(pilot, keys)
        assert isinstance(app.screen, Palette)
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)


async def test_the_title_menu_pages_as_soon_as_it_is_built(tmp_path: Path) -> None:
    """Back from a battle, the title's menu is built; End then PageUp at once paged it
    before it was laid out."""
    from test_key_fuzz import press_at_once
    from textual.widgets import OptionList

    app = make_app(tmp_path, battle)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, BattleMode)
        await press_at_once(pilot, ["q", "end", "pageup"])
        title = await wait_for_screen(pilot, TitleScreen)
        await pilot.press("end", "pageup")
        assert title.query_one("#title-menu", OptionList).highlighted == 0


@pytest.mark.parametrize("keys", [["ctrl+q", "ctrl+p", "c"],
                                  ["q", "f2", "c", "question_mark"]])
async def test_keys_after_quitting_do_nothing(tmp_path: Path, keys: list[str]) -> None:
    """Keys typed straight after quitting opened a palette as the app closed; its search
    then failed (WorkerFailed: no CommandList), and the app exited with an error.

    (``q`` and ctrl+p in the same instant is not here: ctrl+p is a priority binding, so
    Textual opens the palette before ``q`` reaches the title, and ``q`` then types into
    the palette's search; nothing is lost.)"""
    from test_key_fuzz import press_at_once

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await press_at_once(pilot, keys)
    assert app.return_code == 0


async def test_the_palette_opens_once_though_a_screen_lies_over_it(tmp_path: Path) -> None:
    """ctrl+p with the palette under another screen (one it opened): a second palette took
    the same id and the app failed (DuplicateIds, found by the key fuzz)."""
    from textual.screen import ModalScreen

    from tui_naval.tui.dialogs.palette import Palette
    from tui_naval.tui.screens.title import TitleScreen

    app = make_app(tmp_path, TitleScreen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, Palette), what="the palette")
        app.push_screen(ModalScreen())
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        assert sum(isinstance(s, Palette) for s in app.screen_stack) == 1
