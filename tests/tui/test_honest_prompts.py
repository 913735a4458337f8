"""Keys that do what the bar says: the move filter is entered with ``/`` and leaves the
screen's letters alone; ``?`` lists every key of the screen with its binding id."""

from __future__ import annotations

from pathlib import Path

from app_support import make_app, screen_text, wait_for_screen, wait_until

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui import keys
from tui_naval.tui.dialogs.keys import KeysDialog, keys_table, merged, screen_keys
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.key_bar import KeyBar

SIZE = (100, 30)


def _battle(tmp_path: Path, ruleset: str, map_name: str) -> object:
    game = new_game(ruleset, map_name, 3, None)
    seats = {side: "human" if n == 0 else "greedy" for n, side in enumerate(game.state.sides)}
    return make_app(tmp_path, lambda: battle_screen(Session(game, seats)))


def _bar(screen: MatchScreen) -> list[str]:
    return [key for key, *_ in screen.query_one(KeyBar).shown_keys()]


async def test_the_move_filter_starts_with_slash(tmp_path: Path) -> None:
    app = _battle(tmp_path, "ships-and-sails", "ss-duel")
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        every = len(screen.prompt.shown)
        assert "l" in _bar(screen) and "slash" in _bar(screen)
        assert f"/ then type L/F/R/0 to narrow the {every}" in screen_text(app)
        # l looks (the bar's word), it does not type
        await pilot.press("l")
        await pilot.pause()
        assert screen.looking and screen.prompt.typed == ""
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.looking
        # / starts the filter: l, r, f now type, and the bar no longer offers them
        await pilot.press("slash")
        await pilot.pause()
        assert screen.prompt.filtering
        assert "l" not in _bar(screen) and "slash" not in _bar(screen)
        await pilot.press("f")
        await pilot.pause()
        assert screen.prompt.typed == "F" and not screen.looking
        assert all(o.arg.startswith("F") for o in screen.prompt.shown)
        assert len(screen.prompt.shown) < every
        # Escape ends the filter, the whole list back; f is the battle's key again
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.prompt.filtering and len(screen.prompt.shown) == every
        assert "l" in _bar(screen)
        fast = screen.mode.fast
        await pilot.press("f")
        await pilot.pause()
        assert screen.mode.fast != fast and screen.prompt.typed == ""


async def test_no_filter_key_where_there_is_nothing_to_narrow(tmp_path: Path) -> None:
    app = _battle(tmp_path, "salt-n-tar", "channel-race")
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        assert "slash" not in _bar(screen)
        await pilot.press("slash")
        await pilot.pause()
        assert not screen.prompt.filtering


async def test_the_keys_list_names_every_key_with_its_id(tmp_path: Path) -> None:
    app = _battle(tmp_path, "salt-n-tar", "channel-race")
    async with app.run_test(size=SIZE) as pilot:  # type: ignore[attr-defined]
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking)
        rows = merged(screen_keys(screen), len(screen.prompt.shown))
        ids = {row.id for row in rows}
        bound = {c.id for c in (*keys.GAME, *keys.BATTLE, *keys.APP)
                 if not c.id.startswith("game.choose_")}
        assert bound <= ids  # space (battle.skip) too, though it does nothing now
        skip = next(r for r in rows if r.id == "battle.skip")
        assert skip.labels == ["space"] and not skip.enabled
        choose = next(r for r in rows if r.id == "game.choose_N")
        assert choose.labels == ["1-2"] and choose.enabled  # the luck prompt: two options
        undo = next(r for r in rows if r.id == "battle.undo")
        assert not undo.enabled  # nothing to undo yet
        table = keys_table(screen)
        assert [c.header for c in table.columns] == ["Key", "Does", "Id"]
        await pilot.press("question_mark")
        await wait_for_screen(pilot, KeysDialog)
        await pilot.pause()
        text = screen_text(app)
        assert "game.next_ship" in text and "Id" in text
