"""The replay screen (issue 18): a recorded game watched forward and back, played on at a
pace, taken over from any position; opened from the game-over dialog, the load dialog
and ``tui-naval replay FILE``; and its SVG snapshots at 100x30 and 80x24."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, mode_of, screen_text, wait_for_screen, wait_until
from rich.console import Console, RenderableType
from snapshot_apps import settled
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList

from tui_naval.ai.players import make_player
from tui_naval.app.session import Session, save_session
from tui_naval.app.setup import new_game
from tui_naval.cli.replay import add as add_replay
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.replay import Recording, load_recording
from tui_naval.core.saves import save_game
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.app import NavalApp
from tui_naval.tui.dialogs.game_over import GameOverDialog
from tui_naval.tui.dialogs.load import LoadDialog
from tui_naval.tui.dialogs.take_over import TakeOverDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.modes.replay import ReplayMode, replay_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.prompt import PromptDetail
from tui_naval.tui.widgets.timeline import Timeline, timeline_columns, timeline_text

SnapCompare = Callable[..., bool]
SEATS = {"blue": "human", "red": "search"}


@pytest.fixture(scope="module")
def battle() -> Game:
    """Kyngesreach's squadron action (seed 42), greedy against greedy to the end: 9 turns
    with hits, two ships sunk and one struck."""
    game = new_game("kyngesreach", "sas-squadron", 42, None)
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    return game


def replay_app(tmp_path: Path, recording: Recording, index: int = 0, **extra: Any) -> NavalApp:
    return make_app(tmp_path, lambda: replay_screen(recording, index), **extra)


async def opened(pilot: Pilot[Any]) -> MatchScreen:
    screen: MatchScreen = await wait_for_screen(pilot, ReplayMode)
    return screen


def prompt_title(screen: MatchScreen) -> str:
    return str(screen.prompt.query_one("#prompt-title").render())


def plain(renderable: RenderableType) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def press(pilot: Pilot[Any], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


# -- moving --------------------------------------------------------------------------------
async def test_the_screen_follows_the_position(tmp_path: Path, battle: Game) -> None:
    recording = Recording.from_game(battle, SEATS)
    app = replay_app(tmp_path, recording)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        assert screen.mode.index == 0
        assert screen.ocean._state is recording.states[0]
        await press(pilot, "right")
        assert screen.mode.index == 1
        assert screen.ocean._state is recording.states[1]
        assert len(screen.log_view.entries) == sum(len(s.events) for s in recording.states[:2])
        await press(pilot, "left")
        assert screen.mode.index == 0
        await press(pilot, "greater_than_sign")
        assert screen.mode.index == recording.next_turn(0)
        assert screen.match.state.turn == 2
        assert "Turn 2/" in screen_text(app) and "Seed 4" in screen_text(app)
        assert screen.query_one(Timeline).current == 2
        await press(pilot, "greater_than_sign", "right", "less_than_sign")
        assert screen.mode.index == recording.next_turn(recording.next_turn(0))
        await press(pilot, "end")
        assert screen.mode.at_end
        assert "End of the game" in screen_text(app)
        assert screen.check_action("mode", ("step_forward", "replay")) is None
        assert screen.check_action("mode", ("take_over", "replay")) is None
        await press(pilot, "right")
        assert screen.mode.at_end
        await press(pilot, "home")
        assert screen.mode.index == 0
        assert screen.check_action("mode", ("step_back", "replay")) is None
        assert recording.states == battle.states()


async def test_each_decision_says_who_made_it_and_its_options(tmp_path: Path,
                                                             battle: Game) -> None:
    recording = Recording.from_game(battle, SEATS)
    app = replay_app(tmp_path, recording)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        seen = set()
        for _ in range(recording.last):
            step = screen.mode.recording.step(screen.mode.index)
            assert step is not None
            decision = step.decision
            order = screen.presenter.option_order(step_state := screen.match.state, decision)
            assert screen.prompt.shown == order
            chosen = order.index(step.order)
            assert screen.prompt.options.highlighted == chosen
            assert f"({step.side}, {SEATS[step.side]} chose {chosen + 1};" in \
                " ".join(prompt_title(screen).split())
            assert step_state is recording.states[step.index]
            if step.side == "red" and len(decision.options) > 1:
                detail = plain(screen.prompt.query_one(PromptDetail).shown)
                assert "saves do not keep its values" in " ".join(detail.split())
            seen.add(step.side)
            if seen == {"blue", "red"} and step.side == "red":
                break
            await press(pilot, "right")
        assert seen == {"blue", "red"}


async def test_space_plays_on_to_the_end_and_pauses(tmp_path: Path, battle: Game) -> None:
    recording = Recording.from_game(battle)
    app = replay_app(tmp_path, recording, demo_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        await press(pilot, "space")
        assert screen.mode.playing and not screen.mode.at_end
        await wait_until(pilot, lambda: screen.mode.at_end, what="the end")
        await pilot.pause()
        assert not screen.mode.playing
        await press(pilot, "home", "space")
        await wait_until(pilot, lambda: screen.mode.index > 3, what="a few decisions")
        await press(pilot, "space")
        where = screen.mode.index
        await pilot.pause(0.05)
        assert screen.mode.index == where and not screen.mode.playing
        pace = screen.mode.delay
        await press(pilot, "minus")
        assert screen.mode.delay > pace


# -- taking over ---------------------------------------------------------------------------
async def test_take_over_from_turn_5(tmp_path: Path, battle: Game) -> None:
    path = tmp_path / "battle.json"
    save_game(battle, path)
    before = path.read_bytes()
    recording = load_recording(path, find_ruleset)
    index = recording.index_after_turn(4)
    app = replay_app(tmp_path, recording, index)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        assert screen.match.state.turn == 5
        await press(pilot, "t")
        await wait_for_screen(pilot, TakeOverDialog)
        await press(pilot, "escape")  # changed its mind: nothing happens
        assert await wait_for_screen(pilot, ReplayMode) is screen
        await press(pilot, "t")
        dialog = await wait_for_screen(pilot, TakeOverDialog)
        assert "at turn 5" in screen_text(app)
        sides, opponents = (dialog.query_one(f"#takeover-{which}", OptionList)
                            for which in ("side", "ai"))
        assert [str(sides.get_option_at_index(i).prompt) for i in range(2)] == \
            ["Sail blue", "Sail red"]
        assert "against hard (search:hard)" in [
            str(opponents.get_option_at_index(i).prompt) for i in range(opponents.option_count)]
        await press(pilot, "enter", "enter")  # blue, against easy (the first)
        battle_screen = await wait_for_screen(pilot, BattleMode)
        game = battle_screen.match.game
        # (the AI may have answered its first decisions already)
        assert game.orders[:index] == recording.orders[:index]
        assert game.states()[index] == recording.states[index]
        assert dict(battle_screen.match.session.seats) == {"blue": "human", "red": "easy"}
        for _ in range(3):
            await wait_until(pilot, lambda: battle_screen.prompt.asking, what="a prompt")
            played = len(game.orders)
            await pilot.press("1")
            await wait_until(pilot, lambda n=played: len(game.orders) > n,  # type: ignore[misc]
                             what="the answer")
        assert game.orders[:index] == recording.orders[:index]
        await press(pilot, "q")
        back = await wait_for_screen(pilot, ReplayMode)
        assert back is screen and screen.mode.index == index
    assert recording.orders == load_recording(path, find_ruleset).orders
    assert path.read_bytes() == before


# -- ways in -------------------------------------------------------------------------------
async def test_the_game_over_dialog_opens_the_replay(tmp_path: Path, battle: Game) -> None:
    session = Session(battle, {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, GameOverDialog)
        assert "Replay (p)" in screen_text(app)
        await press(pilot, "p")
        screen = await opened(pilot)
        assert screen.mode.index == 0
        assert screen.mode.recording.orders == battle.orders
        assert screen.mode.recording.seats == session.seats
        await press(pilot, "q")
        await wait_for_screen(pilot, BattleMode)
        assert battle.state.outcome is not None and len(battle.orders) == screen.mode.recording.last


class Host(Screen[None]):
    """An empty screen under the load dialog."""


async def test_the_load_dialog_replays_a_save(tmp_path: Path, battle: Game) -> None:
    folder = tmp_path / "saves"
    save_session(Session(battle, SEATS), folder / "squadron.json")
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        app.push_screen(LoadDialog(folder))
        await wait_for_screen(pilot, LoadDialog)
        assert "p replays" in screen_text(app)
        await press(pilot, "p")
        screen = await opened(pilot)
        recording = screen.mode.recording
        assert recording.seats == SEATS and recording.last == len(battle.orders)
        await press(pilot, "q")
        await wait_for_screen(pilot, Host)


async def test_the_load_dialog_says_why_a_save_cannot_be_replayed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "broken.json").write_text("{")
    app = make_app(tmp_path, Host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, Host)
        app.push_screen(LoadDialog(folder))
        await wait_for_screen(pilot, LoadDialog)
        await press(pilot, "p")
        await wait_until(pilot, lambda: any("broken.json" in str(n.message)
                                            for n in app._notifications), what="the notice")
        assert isinstance(app.screen, LoadDialog)


def test_replay_file_to_opens_the_screen_at_that_turn(tmp_path: Path, battle: Game,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``tui-naval replay FILE --to 3`` (the terminal's): the screen at the end of turn 3."""
    import tui_naval.tui.launch as launch

    path = tmp_path / "battle.json"
    save_game(battle, path)
    opened_at: list[int] = []

    def fake_run_app(config: Any, first: Callable[[], Screen[Any]]) -> int:
        screen = first()
        assert isinstance(mode_of(screen), ReplayMode)
        opened_at.append(screen.mode.index)
        return 0

    monkeypatch.setattr(launch, "run_app", fake_run_app)
    parser = argparse.ArgumentParser(prog="tui-naval")
    add_replay(parser.add_subparsers(dest="command"))
    for argv, expected in ((["--to", "3"], load_recording(path, find_ruleset).index_after_turn(3)),
                           ([], 0)):
        args = parser.parse_args(["replay", str(path), *argv])
        assert args.func(args) == 0
        assert opened_at.pop() == expected


# -- the timeline --------------------------------------------------------------------------
def test_the_timeline_shows_where_the_fighting_was(battle: Game) -> None:
    turns = Recording.from_game(battle).turns
    text = timeline_text(turns, 5, 80).plain
    cells = text[len("Turns  "):len("Turns  ") + len(turns)]
    assert cells == "xx·X†·X·C"  # seed 42: hits, two sunk in turn 5, R1 strikes in turn 9
    assert "hits" in text and "taken" in text
    assert timeline_text(turns, 5, 80, ascii_only=True).plain.isascii()
    spans = timeline_columns(100, 30)
    assert len(spans) == 30 and spans[0][0] == 0 and spans[-1][1] == 100
    assert all(a[1] == b[0] for a, b in pairwise(spans))


async def test_a_click_on_the_timeline_goes_to_that_turn(tmp_path: Path, battle: Game) -> None:
    recording = Recording.from_game(battle)
    app = replay_app(tmp_path, recording)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(pilot)
        assert await pilot.click(Timeline, offset=(len("Turns ") + 1 + 4, 0))
        await pilot.pause()
        assert screen.mode.index == recording.turns[4].first
        assert screen.match.state.turn == 5


async def test_in_ascii_the_replay_is_drawn_in_ascii(tmp_path: Path, battle: Game) -> None:
    recording = Recording.from_game(battle, SEATS)
    app = replay_app(tmp_path, recording, recording.turns[4].first, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        await settled(pilot)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})


# -- snapshots -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=["100x30", "80x24"])
def test_snapshot(snap_compare: SnapCompare, tmp_path: Path, battle: Game,
                  size: tuple[int, int]) -> None:
    """Turn 5 of the squadron action, its fight on the timeline, a red decision asked."""
    recording = Recording.from_game(battle, {"blue": "human", "red": "greedy"})
    index = recording.turns[4].first + 2

    async def run_before(pilot: Pilot[Any]) -> None:
        await opened(pilot)
        await settled(pilot)

    assert snap_compare(replay_app(tmp_path, recording, index), terminal_size=size,
                        run_before=run_before)
