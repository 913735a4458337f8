"""Saving under a name, the load list, resuming, autosave on quit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, mode_of, screen_text, wait_for_screen, wait_until
from textual.widgets import DataTable, Input

from tui_naval.ai.players import DEFAULT_OPPONENT
from tui_naval.app.session import Session, load_session, save_path, save_session
from tui_naval.app.setup import new_game
from tui_naval.core.saves import load_game, read_document, state_digest
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.dialogs.load import LoadDialog
from tui_naval.tui.dialogs.save import SaveDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen, session_screen
from tui_naval.tui.screens.title import TitleScreen


def battle_session(seed: int = 3, human: str = "blue") -> Session:
    game = new_game("salt-n-tar", "channel-race", seed, None)
    return Session(game, {s: "human" if s == human else "greedy" for s in game.state.sides})


def test_save_names_are_safe(tmp_path: Path) -> None:
    assert save_path(tmp_path, "my game!") == tmp_path / "my-game.json"
    assert save_path(tmp_path, "../../etc/passwd") == tmp_path / "etc-passwd.json"
    assert save_path(tmp_path, "   ") == tmp_path / "save.json"


def test_seats_survive_a_save(tmp_path: Path) -> None:
    session = battle_session(human="red")
    session.game.play(session.game.decision().options[0])  # type: ignore[union-attr]
    path = tmp_path / "red.json"
    save_session(session, path)
    again = load_session(path)
    assert again.seats == {"blue": "greedy", "red": "human"}
    assert state_digest(again.game.state) == state_digest(session.game.state)
    assert read_document(path)["orders"] == ["B1 luck roll"]


async def test_save_then_load(tmp_path: Path) -> None:
    session = battle_session()
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking)
        await pilot.press("1")  # roll for luck
        # Red's luck comes between: its AI may still be thinking when a second key comes.
        await wait_until(pilot, lambda: battle.prompt.asking and
                         battle.match.game.decision().kind == "move")  # type: ignore[union-attr]
        await pilot.press("2")  # port 1
        await wait_until(pilot, lambda: battle.prompt.asking and
                         battle.match.game.decision().kind == "maneuver")  # type: ignore[union-attr]
        digest = state_digest(battle.match.game.state)
        orders = battle.match.game.orders
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveDialog))
        app.screen.query_one(Input).value = "before the reef"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is battle)
        path = tmp_path / "saves" / "before-the-reef.json"
        assert path.is_file()
        assert read_document(path)["saved"] == "2024-05-01T12:00:00+00:00"
        # play on, then load the save back
        await pilot.press("2")
        await wait_until(pilot, lambda: battle.match.game.state.turn == 2 and battle.prompt.asking)
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadDialog))
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2  # the named save and the end-of-turn autosave
        text = screen_text(app)
        assert "before-the-reef" in text and "salt-n-tar" in text and "channel-race" in text
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        table.move_cursor(row=names.index("before-the-reef"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(mode_of(app.screen), BattleMode)
                         and app.screen is not battle)
        loaded = app.screen
        assert isinstance(mode_of(loaded), BattleMode)
        await wait_until(pilot, lambda: loaded.prompt.asking)
        assert state_digest(loaded.match.game.state) == digest
        assert loaded.match.game.orders == orders
        assert loaded.match.game.decision().kind == "maneuver"  # type: ignore[union-attr]
        # undo reaches back past the load: the save carries the whole order list
        await pilot.press("u")
        await wait_until(pilot, lambda: loaded.prompt.asking)
        assert loaded.match.game.decision().kind == "move"  # type: ignore[union-attr]


async def test_leaving_autosaves_and_continue_resumes(tmp_path: Path) -> None:
    session = battle_session()
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking)
        title = app.screen_stack[0]
        assert isinstance(title, TitleScreen)
        assert not title.built and not title.children  # nothing built under the battle
        await pilot.press("2")
        await wait_until(pilot, lambda: battle.prompt.asking and
                         battle.match.game.decision().kind == "move")  # type: ignore[union-attr]
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is title and title.built)
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "title-menu"
        assert "New game" in screen_text(app)
        autosave = tmp_path / "saves" / "autosave.json"
        assert load_game(autosave, find_ruleset).orders == battle.match.game.orders
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(mode_of(app.screen), BattleMode))
        resumed = app.screen
        assert isinstance(mode_of(resumed), BattleMode)
        assert resumed.match.game.orders == battle.match.game.orders
        assert resumed.match.session.seats == session.seats


async def test_continue_without_autosave_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.built)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert any("no autosaved game" in str(n.message) for n in app._notifications)


async def test_a_save_without_humans_opens_as_a_demo(tmp_path: Path) -> None:
    from tui_naval.tui.modes.demo import DemoMode

    game = new_game("salt-n-tar", "channel-race", 3, None)
    session = Session(game, {"blue": "greedy", "red": "random"})
    path = tmp_path / "watch.json"
    save_session(session, path)
    loaded = load_session(path)
    assert isinstance(mode_of(session_screen(loaded)), DemoMode)


async def test_the_battle_prepares_saving_in_the_background(tmp_path: Path) -> None:
    """Once the battle is up, a thread builds the save converter (cattrs, some 17 ms
    the first time), so the first autosave does not stall the end of turn 1; nothing is
    written until then."""
    from tui_naval.core import saves

    saves.get_converter.cache_clear()
    session = battle_session()
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: saves.get_converter.cache_info().currsize == 1,
                         what="the save converter")
        assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").iterdir())


def test_a_save_is_read_once_for_its_game_and_its_seats(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Game and seats come from one read: another process may replace the file meanwhile."""
    from tui_naval.app import session as session_module

    path = tmp_path / "red.json"
    save_session(battle_session(human="red"), path)
    reads: list[Path] = []
    real = session_module.read_document

    def counted(where: Path) -> dict[str, Any]:
        reads.append(where)
        return real(where)

    monkeypatch.setattr(session_module, "read_document", counted)
    assert load_session(path).seats == {"blue": "greedy", "red": "human"}
    assert reads == [path]


def test_seats_that_are_not_names_give_the_default(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    save_session(battle_session(human="red"), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["seats"] = {"blue": 5, "red": "human"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_session(path).seats == {"blue": "human", "red": DEFAULT_OPPONENT}


async def test_the_load_list_survives_a_dangling_link_and_a_vanished_save(
        tmp_path: Path) -> None:
    """A dangling ``*.json`` link is listed as unreadable (and can be deleted), and a save
    another process deletes after the list was shown is refused in a notice: the app
    carries on."""
    folder = tmp_path / "saves"
    folder.mkdir()
    save_session(battle_session(), folder / "good.json")
    (folder / "dangling.json").symlink_to(tmp_path / "gone.json")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.built)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadDialog))
        dialog = app.screen
        table = dialog.query_one(DataTable)
        await wait_until(pilot, lambda: table.row_count == 2, what="both rows")
        assert "unreadable" in screen_text(app)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        table.move_cursor(row=names.index("dangling"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert any("dangling.json: cannot read" in str(n.message) for n in app._notifications)
        await pilot.press("delete", "delete")
        await wait_until(pilot, lambda: table.row_count == 1, what="the link deleted")
        assert not (folder / "dangling.json").is_symlink()
        (folder / "good.json").unlink()  # by another process, after the listing
        table.move_cursor(row=0)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await wait_until(pilot, lambda: any("good.json: cannot read" in str(n.message)
                                            for n in app._notifications), what="the notice")
        assert app.is_running and app.return_code is None


async def test_the_load_list_shows_each_saves_state_at_80_by_24(tmp_path: Path) -> None:
    """At 80x24 the load list shows what each save is, a garbage file's "unreadable" too
    (the State column was cut off there, so a garbage save was a blank row)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    save_session(battle_session(), folder / "a-rather-long-save-name-for-my-game.json")
    (folder / "garbage.json").write_text("{")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.built)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadDialog))
        table = app.screen.query_one(DataTable)
        await wait_until(pilot, lambda: table.row_count == 2, what="both rows")
        await pilot.pause()
        rows = {line.split()[1]: line for line in screen_text(app).splitlines()
                if "garbage" in line or "a-rather-long" in line}
        assert "unreadable" in rows["garbage"]
        assert "in progress" in next(row for name, row in rows.items() if name != "garbage")


async def test_a_long_load_list_is_narrowed_by_typing(tmp_path: Path) -> None:
    """Issue 61: the / filter on every list of more than nine options.  Twelve saves: `/`
    then "prize p" (p is the dialog's replay key) narrows them to one, Enter chooses it,
    and Escape ends the filter before it closes the dialog."""
    saves = tmp_path / "saves"
    for n in range(11):
        save_session(battle_session(seed=n + 1), saves / f"game-{n}.json")
    save_session(battle_session(seed=40), saves / "prize-position.json")
    app = make_app(tmp_path, TitleScreen)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.built)
        chosen: list[Path | None] = []
        app.push_screen(LoadDialog(saves), chosen.append)
        dialog = await wait_for_screen(pilot, LoadDialog)
        table = dialog.query_one(DataTable)
        assert table.row_count == 12 and "/ narrows the list" in screen_text(app)
        await pilot.press("slash", *"prize p")
        await wait_until(pilot, lambda: table.row_count == 1, what="the list narrowed")
        assert app.screen is dialog  # p typed, no replay opened
        assert "1 of 12 saves match" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: table.row_count == 12, what="the filter ended")
        assert app.screen is dialog
        await pilot.press("slash", *"prize", "enter")
        await wait_until(pilot, lambda: bool(chosen), what="the save chosen")
        assert chosen == [saves / "prize-position.json"]
