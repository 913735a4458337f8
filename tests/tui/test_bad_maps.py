"""Bad maps in ./maps: the New game screen reports them, skips them and goes on; map text
(titles, about lines, names, ship names) is shown as written, never read as markup."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, mode_of, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot
from textual.widgets import Select, Static

from tui_naval.rulesets import registry
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.new_game import NewGameScreen

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"
MARKUP_NAME = "zz-[b]markup"
MARKUP_TITLE = "[/x] Frigates [bold]"


def _text(name: str) -> str:
    return (CHECKOUT_MAPS / f"{name}.map").read_text(encoding="utf-8")


@pytest.fixture
def in_bad_maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runs in ``tmp_path``, whose ./maps is ``bad_maps_folder``."""
    bad_maps_folder(tmp_path)
    monkeypatch.chdir(tmp_path)


def bad_maps_folder(tmp_path: Path) -> Path:
    """A ./maps with a broken map, a FIFO, a map with a bad ``#!`` line and one whose
    text is full of markup."""
    folder = tmp_path / "maps"
    folder.mkdir()
    duel = _text("kr-duel")
    (folder / "zz-huge.map").write_text(duel.replace("turns: 30", "turns: " + "9" * 5000))
    (folder / "zz-option.map").write_text(duel.replace("#! name: B1 Sojourner", "#! bogus: x"))
    markup = (duel.replace("title: Frigate Duel", f"title: {MARKUP_TITLE}")
              .replace("about: Two", "about: [/x] Two [b]")
              .replace("#! name: B1 Sojourner", "#! name: B1 [/x]Sojourner[bold]"))
    (folder / f"{MARKUP_NAME}.map").write_text(markup)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "zz-fifo.map")
    return folder


def notices(app: Any) -> str:
    """The notifications shown so far, "TITLE: MESSAGE" a line."""
    return "\n".join(f"{n.title}: {n.message}" for n in app._notifications)


async def open_new_game(pilot: Pilot[Any]) -> NewGameScreen:
    screen = await wait_for_screen(pilot, NewGameScreen)
    assert isinstance(screen, NewGameScreen)
    return screen


async def choose(pilot: Pilot[Any], screen: NewGameScreen, ruleset: str, map_name: str) -> None:
    """Choose a ruleset and a map as a player would (the selects' values), and wait until
    the fields that depend on them are filled."""
    screen.query_one("#ng-ruleset", Select).value = ruleset
    await wait_until(pilot, lambda: screen.ruleset.name == ruleset, what=ruleset)
    await pilot.pause()
    assert map_name in [m.name for m in screen.maps]
    screen.query_one("#ng-map", Select).value = map_name
    await wait_until(pilot, lambda: screen.filled == (ruleset, map_name),
                     what=f"{ruleset} on {map_name}")
    await pilot.pause()


async def test_new_game_skips_bad_maps_and_says_so(tmp_path: Path, in_bad_maps: None) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(pilot)
        await wait_until(pilot, lambda: "Map skipped" in notices(app), what="the notice")
        first = "zz-fifo.map: cannot read: a FIFO" if hasattr(os, "mkfifo") else "zz-huge.map:6:"
        assert f"maps/{first}" in notices(app)
        assert "(and 1 more; tui-naval maps lists them)" in notices(app) or not hasattr(
            os, "mkfifo")
        assert any(error.endswith("'turns' is 5000 characters long, more than the 1000 a "
                                  "value may have") for error in screen.bad_maps)
        assert all(len(error) <= 200 and "\n" not in error for error in screen.bad_maps)
        # Every ruleset, every map it is offered: the screen fills in, nothing crashes.
        for info in registry():
            screen.query_one("#ng-ruleset", Select).value = info.id
            await wait_until(pilot, lambda i=info: screen.ruleset.name == i.id,  # type: ignore[misc]
                             what=info.id)
            await pilot.pause()
            names = [m.name for m in screen.maps]
            assert "zz-huge" not in names and "zz-fifo" not in names
            for name in names:
                await choose(pilot, screen, info.id, name)
        assert isinstance(app.screen, NewGameScreen)


async def test_map_text_is_shown_as_written(tmp_path: Path, in_bad_maps: None) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(pilot)
        await choose(pilot, screen, "kyngesreach", MARKUP_NAME)
        text = screen_text(app)
        assert f"{MARKUP_TITLE} ({MARKUP_NAME})" in text
        about = screen.query_one("#ng-about", Static).render()
        assert str(about).startswith("[/x] Two [b] fifth-rate")
        # Start it: the battle shows the map's name and the ship's name as written.
        screen.action_start()
        battle = await wait_for_screen(pilot, BattleMode)
        assert isinstance(mode_of(battle), BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking, what="the first prompt")
        assert battle.match.game.state.ship("B1").name == "[/x]Sojourner[bold]"
        assert MARKUP_NAME in screen_text(app)
        for _ in range(4):  # a few decisions, through the log and the panels
            if battle.prompt.asking:
                await pilot.press("1")
            await pilot.pause()
        assert isinstance(mode_of(app.screen), BattleMode)


async def test_a_bad_option_line_never_crashes_new_game(tmp_path: Path, in_bad_maps: None) -> None:
    """zz-option's ``#! bogus`` line: Salt-and-Shot does not offer the map (it reads the
    options to choose); a ruleset that offers it says in one line why it cannot start."""
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(pilot)
        screen.query_one("#ng-ruleset", Select).value = "salt-and-shot"
        await wait_until(pilot, lambda: screen.ruleset.name == "salt-and-shot",
                         what="salt-and-shot")
        await pilot.pause()
        assert "zz-option" not in [m.name for m in screen.maps]
        assert "kr-duel" in [m.name for m in screen.maps]
        screen.query_one("#ng-ruleset", Select).value = "kyngesreach"
        await wait_until(pilot, lambda: screen.ruleset.name == "kyngesreach", what="kyngesreach")
        await pilot.pause()
        if "zz-option" in [m.name for m in screen.maps]:
            await choose(pilot, screen, "kyngesreach", "zz-option")
            screen.action_start()
            await wait_until(pilot, lambda: "Cannot start" in notices(app), what="notice")
            assert "zz-option.map:7: unknown option 'bogus'" in notices(app)
            assert isinstance(app.screen, NewGameScreen)


async def test_no_playable_map_is_said_not_a_crash(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every map the default ruleset plays is shadowed by a broken one in ./maps."""
    from tui_naval.core.maps import available_maps, load_map
    from tui_naval.core.scenario import unplayable_reason
    from tui_naval.rulesets import DEFAULT_RULESET, find_ruleset

    ruleset = find_ruleset(DEFAULT_RULESET)
    playable = [p.stem for p in available_maps()
                if unplayable_reason(ruleset, load_map(str(p))) is None]
    assert playable
    folder = tmp_path / "maps"
    folder.mkdir()
    for name in playable:
        (folder / f"{name}.map").write_text("broken\n")
    monkeypatch.chdir(tmp_path)
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(pilot)
        assert screen.maps == []
        await wait_until(pilot, lambda: "No map fits" in notices(app), what="the notice")
        screen.action_start()
        await wait_until(pilot, lambda: "Choose a map first" in notices(app), what="why")
        await choose(pilot, screen, "kyngesreach", "kr-duel")  # other rulesets still play
        screen.action_start()
        await wait_for_screen(pilot, BattleMode)
