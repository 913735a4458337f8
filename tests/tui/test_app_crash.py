"""A crash in the app: the game autosaved, the error logged, one line on the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_app, mode_of, wait_until

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.saves import load_game
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.modes.battle import BattleMode, battle_screen


async def test_a_crash_autosaves_logs_and_leaves_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    game = new_game("salt-n-tar", "channel-race", 3, None)
    session = Session(game, {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    real_play = Game.play

    def play(self: Game, order: Any) -> Any:
        if self.state.turn == 1 and self.decision().kind == "move":  # type: ignore[union-attr]
            raise RuntimeError("a bug in the rules")
        return real_play(self, order)

    with pytest.raises(RuntimeError, match="a bug in the rules"):  # Pilot re-raises it
        async with app.run_test(size=SIZE) as pilot:
            battle = app.screen
            assert isinstance(mode_of(battle), BattleMode)
            await wait_until(pilot, lambda: battle.prompt.asking)
            await pilot.press("1")  # luck: played
            await wait_until(pilot, lambda: battle.prompt.asking and
                             battle.match.game.decision().kind == "move")  # type: ignore[union-attr]
            monkeypatch.setattr(Game, "play", play)
            await pilot.press("1")  # the helm order: the bug
            await pilot.pause()
    assert app.return_code == 1
    assert capsys.readouterr().err.strip() == "", "Textual prints no traceback"
    line = app.crash_line or ""
    assert "\n" not in line and "internal error (RuntimeError)" in line
    logs = list((tmp_path / "data" / "crashes").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in line
    assert "a bug in the rules" in logs[0].read_text()
    saved = load_game(tmp_path / "saves" / "autosave.json", find_ruleset)
    assert [str(o) for o in saved.orders][:1] == ["B1 luck roll"]
