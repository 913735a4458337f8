"""An AI that fails in a battle: the player is told in one line (the details in the crash
log), and the ruleset's advisor answers for it, so the game goes on; if the advisor fails
too, the game waits with the error said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, wait_for_screen, wait_until

from tui_naval.app.crash_log import crash_folder
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState
from tui_naval.tui.app import NavalApp
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen


class Broken:
    """An AI whose every answer raises."""

    name = "broken"

    def choose(self, state: GameState, decision: Decision) -> Order:
        raise RuntimeError("the admiral fell overboard")


def broken_battle(tmp_path: Path) -> NavalApp:
    """A channel race, the player blue, red played by ``Broken``."""
    game = new_game("salt-n-tar", "channel-race", 3, "hex-flat")

    def screen() -> MatchScreen:
        battle = battle_screen(Session(game, {"blue": "human", "red": "greedy"}, {}))
        battle.match.seats["red"] = Seat.ai(Broken())
        return battle

    return make_app(tmp_path, screen)


def notices(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_a_failing_ai_is_said_and_its_advisor_answers(tmp_path: Path) -> None:
    logs_before = set(crash_folder().glob("crash-*.log"))
    app = broken_battle(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking, what="the player's prompt")
        await pilot.press("1")
        await wait_until(pilot, lambda: len(battle.match.game.orders) >= 2 and battle.prompt.asking,
                         what="red's answer")
        # Red's order is the advisor's for that decision.
        states = battle.match.game.states()
        decision = battle.match.game.ruleset.decision(states[1])
        assert decision is not None and decision.side == "red"
        seen = battle.match.game.ruleset.observe(states[1], "red")
        assert battle.match.game.orders[1] == battle.match.game.ruleset.advisor(seen, decision)
        said = [n for n in notices(app) if "red's AI failed" in n]
        assert len(said) == 1 and "\n" not in said[0]
        assert "internal error (RuntimeError)" in said[0]
    new = set(crash_folder().glob("crash-*.log")) - logs_before
    assert any("the admiral fell overboard" in p.read_text() for p in new)


async def test_when_the_advisor_fails_too_the_game_waits_with_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = broken_battle(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking, what="the player's prompt")

        def broken_advisor(state: GameState, decision: Decision) -> Order:
            raise ValueError("no chart aboard")

        monkeypatch.setattr(type(battle.match.game.ruleset), "advisor",
                            property(lambda self: broken_advisor))
        await pilot.press("1")
        await wait_until(pilot, lambda: any("internal error (ValueError)" in n
                                            for n in notices(app)), what="the error said")
        assert len(battle.match.game.orders) == 1  # red's decision still waits
        assert not battle.match.thinking
