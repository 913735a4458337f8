"""Interrupt windows (Fast Play Salamis' Stop!) on the battle screen: asked, or passed for
the player when the setting says so."""

from __future__ import annotations

from pathlib import Path

from app_support import make_app, wait_for_screen, wait_until

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.modes.battle import BattleMode, battle_screen


async def play_until_an_interrupt(tmp_path: Path, passed: bool) -> tuple[list[str], list[str]]:
    """The greek plays the duel's first moves (the first option each time) until the
    persian's move brings her into bow range; (kinds asked, orders the greek played)."""
    game = new_game("salamis", "salamis-duel", 3, None)
    seats = {"greek": "human", "persian": "greedy"}
    app = make_app(tmp_path, lambda: battle_screen(Session(game, seats)), ai_delay=0.0,
                   pass_interrupts=passed)
    asked: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        while game.state.turn < 3 and game.state.outcome is None:
            await wait_until(pilot, lambda: screen.prompt.asking or game.state.turn >= 3
                             or game.state.outcome is not None, what="a prompt")
            decision = game.decision()
            if decision is None or game.state.turn >= 3 or not screen.prompt.asking:
                break
            asked.append(decision.kind)
            played = len(game.orders)
            await pilot.press("1")
            await wait_until(pilot, lambda n=played: len(game.orders) > n,  # type: ignore[misc]
                             what="the answer")
    greek = {s.id for s in game.state.ships if s.home_side == "greek"}
    return asked, [str(o) for o in game.orders if o.ship in greek]


async def test_the_stop_window_is_asked(tmp_path: Path) -> None:
    asked, _ = await play_until_an_interrupt(tmp_path, passed=False)
    assert "stop" in asked


async def test_the_stop_window_is_passed_for_the_player_who_asks_so(tmp_path: Path) -> None:
    asked, played = await play_until_an_interrupt(tmp_path, passed=True)
    assert "stop" not in asked and "bows" not in asked
    assert any(order.endswith(" pass") for order in played)
