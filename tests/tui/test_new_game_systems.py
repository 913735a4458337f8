"""The new-game screen lets the player choose a sailing system and a gunnery system (the
ruleset joining them follows) and the ruleset's optional rules, kept in the save's setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, wait_for_screen, wait_until
from textual.pilot import Pilot
from textual.widgets import Select

from tui_naval.rulesets import (
    UnknownRuleset,
    nearest_pairing,
    registry,
    system_title,
    systems,
)
from tui_naval.tui.screens.new_game import NewGameScreen


async def pick(pilot: Pilot[Any], screen: NewGameScreen, field: str, value: str) -> None:
    """Choose ``value`` in a select of the form, as a player would, and let the form follow."""
    screen.query_one(f"#ng-{field}", Select).value = value
    await pilot.pause()
    await wait_until(pilot, lambda: screen.filled[0] == screen.ruleset.name,
                     what=f"the form after {field}={value}")
    await pilot.pause()


def test_systems_list_each_once_with_none_last() -> None:
    for kind in ("sailing", "gunnery"):
        names = systems(kind)
        assert len(names) == len(set(names))
        assert set(names) == {getattr(info, kind) for info in registry()}
        assert "" not in names[:-1]
    assert system_title("", "sailing") == "none (no sailing rules)"
    assert system_title("", "gunnery") == "none (no guns)"
    assert system_title("man-o-war", "sailing") == "Man-O-War Advanced Sailing"


def test_nearest_pairing_joins_or_keeps_the_system_just_chosen() -> None:
    assert nearest_pairing("man-o-war", "ships-and-sails", keep="gunnery").id == "mow-and-sails"
    # Salt'n'Tar's race has no guns; Man-O-War has no ruleset without guns: keep Man-O-War.
    assert nearest_pairing("man-o-war", "", keep="sailing").sailing == "man-o-war"
    assert nearest_pairing("salt-n-tar", "", keep="gunnery").id == "salt-n-tar"
    with pytest.raises(UnknownRuleset):
        nearest_pairing("no-such-sailing", "", keep="sailing")


async def test_every_ruleset_is_reached_by_its_sailing_then_its_gunnery(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, NewGameScreen)
        for info in registry():
            await pick(pilot, screen, "sailing", info.sailing)
            await pick(pilot, screen, "gunnery", info.gunnery)
            assert screen.ruleset.name == info.id
            assert screen.query_one("#ng-ruleset", Select).value == info.id
            assert screen.maps, f"{info.id} offers a map"


async def test_a_ruleset_chosen_shows_its_systems_and_optional_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, NewGameScreen)
        await pick(pilot, screen, "ruleset", "mow-and-shot")
        assert screen.query_one("#ng-sailing", Select).value == "man-o-war"
        assert screen.query_one("#ng-gunnery", Select).value == "kyngesreach"
        assert screen.query_one("#ng-option-seamanship", Select).value == "off"
        await pick(pilot, screen, "ruleset", "kyngesreach")
        assert screen.query_one("#ng-sailing", Select).value == ""
        assert not screen.query(".ng-option")


async def test_an_optional_rule_chosen_is_kept_in_the_setup(tmp_path: Path) -> None:
    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, NewGameScreen)
        await pick(pilot, screen, "sailing", "man-o-war")
        await pick(pilot, screen, "gunnery", "ships-and-sails")
        session = screen.build()
        assert session is not None
        assert session.game.setup.ruleset == "mow-and-sails"
        assert session.game.setup.options == ()
        screen.query_one("#ng-option-seamanship", Select).value = "on"
        await pilot.pause()
        session = screen.build()
        assert session is not None and session.game.setup.options == (("seamanship", "on"),)


async def test_the_ai_field_starts_at_the_configured_level(tmp_path: Path) -> None:
    """``--ai hard`` (an alias) is the field's ``search:hard``; no AI given, normal."""
    for configured, shown in (("hard", "search:hard"), ("greedy", "greedy"),
                              ("nobody", "search")):
        app = make_app(tmp_path, NewGameScreen, ai=configured)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await wait_for_screen(pilot, NewGameScreen)
            assert screen.query_one("#ng-ai", Select).value == shown, configured


async def test_tab_goes_from_the_buttons_to_the_first_field_and_the_last_shows_the_end(
        tmp_path: Path) -> None:
    """The form's scroll area takes no focus of its own: Start, Back, then the Ruleset field
    (a player's second Tab seemed to do nothing); on the last field, at 80x24, the form is
    scrolled to its end, and one more Tab is Start again."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button

    app = make_app(tmp_path, NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, NewGameScreen)
        await wait_until(pilot, lambda: screen.filled[0] == screen.ruleset.name,
                         what="the form filled")
        assert screen.focused is screen.query_one("#ng-start", Button)
        await pilot.press("tab", "tab")
        assert screen.focused is screen.query_one("#ng-ruleset", Select)
        form = screen.query_one("#newgame-form", VerticalScroll)
        assert form.max_scroll_y > 0, "the form overflows at 80x24"
        fields = [w for w in screen.focus_chain if form in w.ancestors]
        while screen.focused is not fields[-1]:
            await pilot.press("tab")
        await wait_until(pilot, lambda: form.scroll_y == form.max_scroll_y,
                         what="the form scrolled to its end")
        await pilot.press("tab")
        assert screen.focused is screen.query_one("#ng-start", Button)
