"""Apps and set-up steps for the SVG snapshot tests: fixed seeds, a tmp save folder,
a fixed clock, and waits that stop on an exact decision so every run draws the same."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from app_support import make_app, mode_of, wait_for_screen, wait_until
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from tui_naval.ai.players import make_player
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.tui.app import NavalApp
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.new_game import NewGameScreen
from tui_naval.tui.screens.rules import RulesScreen

SEED = 3
RunBefore = Callable[[Pilot[Any]], Awaitable[None]]


def battle_app(tmp_path: Path, game: Game, human: str = "blue") -> NavalApp:
    """A battle with the player on ``human`` and the greedy AI on the other sides."""
    seats = {side: "human" if side == human else "greedy" for side in game.state.sides}
    return make_app(tmp_path, lambda: battle_screen(Session(game, seats)))


async def settled(pilot: Pilot[Any]) -> None:
    """Let the app's background work end (the battle prepares saving in a thread), then
    the frames it leads to.  A worker cancelled meanwhile has nothing left to draw (an AI
    still thinking when a key leaves its turn, as on a loaded machine it may be)."""
    for worker in list(pilot.app.workers):
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()
    await pilot.pause()
    await pilot.pause()


def settle_on(kind: type) -> RunBefore:
    """Wait for a screen of ``kind`` on top, drawn."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for_screen(pilot, kind)
        await settled(pilot)

    return run_before


def at_prompt(kind: str, answers: dict[str, str] | None = None,
              after: tuple[str, ...] = ()) -> RunBefore:
    """Answer the player's prompts (``answers``: decision kind -> key, default "1") until
    a ``kind`` decision is asked; centre the chart on the selected ship; then press
    ``after`` (e.g. "down" for a preview).

    (Centred, as the player's Center key does: on the way, each AI answer shows its wait
    in a shorter prompt, and whether that frame is drawn before the AI has answered is the
    machine's timing; the chart scrolls as little as it can from the view before, so
    its scroll at the prompt asked could differ by a row or more from run to run.)"""
    answers = answers or {}

    async def run_before(pilot: Pilot[Any]) -> None:
        battle = await wait_for_screen(pilot, BattleMode)
        assert isinstance(mode_of(battle), BattleMode)
        for _ in range(40):
            await wait_until(pilot, lambda: battle.prompt.asking, what="a prompt")
            decision = battle.match.game.decision()
            assert decision is not None
            if decision.kind == kind:
                break
            played = len(battle.match.game.orders)
            await pilot.press(answers.get(decision.kind, "1"))
            await wait_until(pilot, lambda n=played: len(battle.match.game.orders) > n,  # type: ignore[misc]
                             what="the answer to be played")
        else:
            raise AssertionError(f"no {kind} prompt came")
        await settled(pilot)
        battle.action_center()
        await pilot.pause()
        for key in after:
            await pilot.press(key)
            await pilot.pause()
        await settled(pilot)

    return run_before


# -- the apps ---------------------------------------------------------------------------
def title(tmp_path: Path) -> NavalApp:
    return make_app(tmp_path)


def new_game_screen(tmp_path: Path) -> NavalApp:
    return make_app(tmp_path, NewGameScreen)


def rules(tmp_path: Path) -> NavalApp:
    return make_app(tmp_path, RulesScreen)


def hex_race(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("salt-n-tar", "channel-race", SEED, "hex-flat"))


def square_regatta(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("salt-n-tar", "square-regatta", SEED, "square"))


def kr_duel(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("kyngesreach", "kr-duel", SEED, None))


def ss_duel(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("ships-and-sails", "ss-duel", SEED, None))


def sas_duel(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("salt-and-shot", "sas-duel", SEED, "hex-flat"))


def sails_duel(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("salt-and-sails", "sails-duel", SEED, None))


def mow_crossing(tmp_path: Path, ruleset: str) -> NavalApp:
    return battle_app(tmp_path, new_game(ruleset, "mow-crossing", SEED, None))


def salamis_duel(tmp_path: Path) -> NavalApp:
    return battle_app(tmp_path, new_game("salamis", "salamis-duel", SEED, None), human="greek")


def finished_race(tmp_path: Path) -> NavalApp:
    """Channel-race seed 3, greedy against greedy to the end: the game-over dialog."""
    game = new_game("salt-n-tar", "channel-race", SEED, "hex-flat")
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    return battle_app(tmp_path, game)

