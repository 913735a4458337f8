"""Salt'n'Tar with Kyngesreach gunnery on the battle screen, by keyboard: the helm,
luck and maneuver orders read as Salt'n'Tar's, the half move's path is drawn from the
ruleset's own ``half_move``, and the gunnery's targets and ammunition as Kyngesreach's,
at the band measured on the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_support import SIZE, make_app, mode_of, screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.engine import Log
from tui_naval.core.orders import Order
from tui_naval.rulesets.salt_and_shot.present import PRESENTER
from tui_naval.rulesets.salt_and_shot.rules import RULESET
from tui_naval.tui.app import NavalApp
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen


def game() -> Any:
    return new_game("salt-and-shot", "sas-duel", 3, "hex-flat")


def battle(tmp_path: Path) -> NavalApp:
    session = Session(game(), {"blue": "human", "red": "greedy"})
    return make_app(tmp_path, lambda: battle_screen(session))


def labels(screen: MatchScreen) -> list[str]:
    decision = screen.match.game.decision()
    assert decision is not None
    return [screen.presenter.option_info(screen.match.game.state, decision, o).label
            for o in screen.prompt.shown]


def number_of(screen: MatchScreen, label: str) -> str:
    for n, text in enumerate(labels(screen), 1):
        if text.startswith(label):
            return str(n)
    raise AssertionError(f"no option {label!r} in {labels(screen)}")


async def blue_prompt(pilot: Pilot[Any], screen: MatchScreen) -> str:
    """Wait for blue's next prompt (or the next turn); its decision kind ("" at turn 2)."""
    def ready() -> bool:
        if screen.match.game.state.turn > 1:
            return True
        decision = screen.match.game.decision()
        return screen.prompt.asking and decision is not None and decision.side == "blue"

    await wait_until(pilot, ready, what="blue's prompt")
    await pilot.pause()
    decision = screen.match.game.decision()
    if screen.match.game.state.turn > 1 or decision is None:
        return ""
    return decision.kind


async def answer(pilot: Pilot[Any], screen: MatchScreen, key: str) -> Order:
    played = len(screen.match.game.orders)
    await pilot.press(key)
    await wait_until(pilot, lambda: len(screen.match.game.orders) > played, what="the order played")
    return screen.match.game.orders[played]


async def test_salt_and_shot_turn_by_keyboard(tmp_path: Path) -> None:
    app = battle(tmp_path)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        assert isinstance(mode_of(screen), BattleMode)
        while kind := await blue_prompt(pilot, screen):
            seen.append(kind)
            state = screen.match.game.state
            decision = screen.match.game.decision()
            assert decision is not None
            shown = labels(screen)
            text = screen_text(app)
            raw = [str(o) for o in screen.prompt.shown]
            assert not any(r in text for r in raw), (raw, text)
            assert all(label not in raw for label in shown)
            if kind == "luck":
                assert shown == ["Roll the luck die", "Pass"]
                assert await answer(pilot, screen, "2") == Order("B1", "luck", "pass")
            elif kind == "move":
                assert shown == ["Hold course", "Port 1 point", "Starboard 1 point"]
                # The highlighted helm order's half move is drawn from the ruleset's own
                # half_move; each option's preview is the cells to where she would end.
                key = number_of(screen, "Starboard 1 point")
                await pilot.press("down", "down")
                await pilot.pause()
                order = screen.prompt.shown[2]
                preview = screen.presenter.preview(state, order)
                assert preview is not None and preview.end is not None
                half = 1 if state.phase == "first-half" else 2
                moved = RULESET.half_move(state, {"B1": order}, half, Log(state.turn))
                assert preview.end == moved.ship("B1").cell
                assert f"half: ends at {preview.end}" in screen_text(app)
                if state.phase == "first-half":
                    assert preview.path and screen._preview == preview.path
                assert await answer(pilot, screen, key) == order
            elif kind == "target":
                assert "Hold fire" in shown and any(" at R1" in s for s in shown)
                fire = screen.prompt.shown[0]
                assert screen.presenter.option_cell(state, fire) == state.ship("R1").cell
                assert screen.ocean.overlays[state.ship("R1").cell] == "target"
                assert "least one hit" in text and "hits expected" in text  # (wrapped)
                await answer(pilot, screen, "1")
            elif kind == "ammo":
                assert any(s.startswith(("Keep round", "Reload round")) for s in shown)
                assert "Chain (" in " ".join(shown)
                await answer(pilot, screen, "1")
            else:
                assert kind == "maneuver"
                assert "Keep as she is" in shown and "Reef" in shown
                await answer(pilot, screen, number_of(screen, "Keep as she is"))
        assert {"luck", "move", "target", "ammo", "maneuver"} <= set(seen), seen
        assert seen.count("move") == 2
        assert screen.match.game.state.turn == 2


def test_salt_and_shot_labels_without_a_screen() -> None:
    g = game()
    while (decision := g.decision()) is not None and decision.kind != "move":
        g.play(decision.options[0])
    assert decision is not None
    state = g.state
    assert g.ruleset.presenter is PRESENTER
    infos = [PRESENTER.option_info(state, decision, o) for o in decision.options]
    assert [i.label for i in infos] == ["Hold course", "Port 1 point", "Starboard 1 point"]
    for order in decision.options:
        preview = PRESENTER.preview(state, order)
        assert preview is not None and "first half: ends at" in preview.text
    # The target and ammunition orders, at the band measured on the map.
    while (decision := g.decision()) is not None and decision.kind not in ("target", "ammo"):
        g.play(decision.options[0])
    assert decision is not None
    for order in decision.options:
        info = PRESENTER.option_info(g.state, decision, order)
        assert info.label != str(order)
        assert "range" in info.detail or "loaded" in info.detail
