"""The signals that end a game: each autosaves every decision made and leaves cleanly."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from app_support import SIZE, make_app, mode_of, wait_until

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.saves import load_game
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.signals import ENDING


@pytest.mark.parametrize(("name", "code"), [("SIGHUP", 0), ("SIGTERM", 143), ("SIGINT", 130)])
async def test_an_ending_signal_autosaves_mid_turn_and_exits(tmp_path: Path, name: str,
                                                             code: int) -> None:
    game = new_game("salt-n-tar", "channel-race", 3, None)
    session = Session(game, {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking)
        await pilot.press("1")  # roll for luck: a decision in the middle of turn 1
        await wait_until(pilot, lambda: battle.prompt.asking and
                         battle.match.game.decision().kind == "move")  # type: ignore[union-attr]
        app.on_exit_signal(getattr(signal, name))
        await pilot.pause()
    assert app.return_code == code
    saved = load_game(tmp_path / "saves" / "autosave.json", find_ruleset)
    assert saved.orders == session.game.orders and saved.state.turn == 1
    assert str(saved.orders[0]) == "B1 luck roll"


def test_the_ending_signals() -> None:
    assert {signal.SIGHUP, signal.SIGTERM, signal.SIGINT} == set(ENDING)
