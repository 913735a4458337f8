"""Watching the admiral think (issue 15 item 5, issue 18 item 4): ``a`` in a battle shows
what the search made of its latest decisions, a demo's panel shows it for every
decision, saves keep it (a corrupt value is ignored) and a replay shows it; with its SVG
snapshot at 100x30."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, screen_text, wait_for_screen, wait_until
from attrs import evolve
from snapshot_apps import settled
from textual.pilot import Pilot

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.search import SearchPlayer, SearchSettings
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session, load_session, save_session
from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.replay import load_recording
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.thoughts import Thought, Weighed, thought_to_json
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.app import NavalApp
from tui_naval.tui.dialogs.thinking import ThinkingDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.modes.demo import DemoMode, demo_screen
from tui_naval.tui.modes.replay import ReplayMode, replay_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.prompt import PromptDetail
from tui_naval.tui.widgets.thinking import (
    Deliberation,
    ThinkingPanel,
    deliberation_summary,
    deliberation_text,
)

SnapCompare = Callable[..., bool]
SIZE = (100, 30)
#: A search with a budget in rollouts only: fast, and the same values every run.
SETTINGS = SearchSettings(iterations=12, seconds=None)


def race() -> Game:
    return new_game("salt-n-tar", "channel-race", 3, "hex-flat")


def searched_game(decisions: int = 12) -> tuple[Game, dict[int, Thought]]:
    """Channel-race seed 3: blue greedy, red a small search, ``decisions`` orders (blue to
    decide next), and red's thoughts, each 250 ms (so drawings are the same every run)."""
    game = race()
    search = SearchPlayer(game.ruleset, SETTINGS)
    greedy = GreedyPlayer(game.ruleset)
    kept: dict[int, Thought] = {}
    while len(game.orders) < decisions:
        decision = game.decision()
        assert decision is not None
        seen = game.ruleset.observe(game.state, decision.side)
        if decision.side == "red":
            order = search.choose(seen, decision)
            assert search.last is not None
            index = len(game.orders)
            kept[index] = evolve(Thought.from_analysis(index, "red", search.last), seconds=0.25)
        else:
            order = greedy.choose(seen, decision)
        game.play(order)
    return game, kept


def battle_app(tmp_path: Path, game: Game, human: str = "blue",
               ai: Callable[[Ruleset[Any]], Any] = lambda rules: SearchPlayer(rules, SETTINGS),
               thoughts: dict[int, Thought] | None = None) -> NavalApp:
    """A battle, the player on ``human``, the other side played by ``ai(ruleset)``."""
    other = next(side for side in game.state.sides if side != human)
    seats = {human: "human", other: "search"}

    def screen() -> MatchScreen:
        battle = battle_screen(Session(game, seats, dict(thoughts or {})))
        battle.match.seats[other] = Seat.ai(ai(game.ruleset))
        return battle

    return make_app(tmp_path, screen)


async def answer(pilot: Pilot[Any], battle: MatchScreen, times: int) -> None:
    """Answer the player's prompt ``times`` times with its first option, each time waiting
    for the AI's answer and the next prompt."""
    for _ in range(times):
        await wait_until(pilot, lambda: battle.prompt.asking, what="a prompt")
        played = len(battle.match.game.orders)
        await pilot.press("1")
        await wait_until(pilot, lambda n=played: len(battle.match.game.orders) > n + 1  # type: ignore[misc]
                         and battle.prompt.asking, what="the AI's answer")


async def thinking(pilot: Pilot[Any]) -> ThinkingDialog:
    await pilot.press("a")
    dialog: ThinkingDialog = await wait_for_screen(pilot, ThinkingDialog)
    return dialog


# -- the battle ------------------------------------------------------------------------------
async def test_a_shows_the_search_s_values_for_its_last_decision(tmp_path: Path) -> None:
    app = battle_app(tmp_path, race())
    async with app.run_test(size=SIZE) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await answer(pilot, battle, 3)
        game = battle.match.game
        assert sorted(battle.match.thoughts) == [1, 3, 5]  # red's answers, each searched
        thought = battle.match.thoughts[5]
        assert thought.chosen == str(game.orders[5]) and 0 < thought.rollouts <= 12
        # The values are the search's own: the same search of the same decision gives them.
        state = game.states()[5]
        decision = game.ruleset.decision(state)
        assert decision is not None
        again = SearchPlayer(game.ruleset, SETTINGS).analyse(game.ruleset.observe(state, "red"),
                                                             decision)
        assert [(str(o.order), o.visits, o.value) for o in again.options[:5]] == \
            [(w.order, w.visits, w.value) for w in thought.best]
        dialog = await thinking(pilot)
        text = dialog.text
        assert text.startswith(f"red (search), turn {state.turn}, decision 6")
        assert decision.prompt in text
        assert f"Weighed {len(decision.options)} options in {thought.rollouts} rollouts" in text
        presenter = game.ruleset.presenter
        for rank, weighed in enumerate(thought.best):
            label = presenter.option_info(state, decision, decision.find(weighed.order)).label
            row = next(line for line in text.splitlines() if line.endswith(f"  {label}"))
            assert row.startswith(">" if rank == 0 else " ")
            assert f"{weighed.visits}  {label}" in row
            if weighed.visits:
                assert f"{weighed.value:+.3f}" in row
        assert "Value: the mean of its rollouts, -1 lost to +1 won, for red." in text
        assert "The admiral's thinking" in screen_text(app)
        await pilot.press("escape")
        await wait_for_screen(pilot, BattleMode)
        assert battle.prompt.asking


async def test_undo_forgets_the_thoughts_of_the_orders_undone(tmp_path: Path) -> None:
    app = battle_app(tmp_path, race())
    async with app.run_test(size=SIZE) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await answer(pilot, battle, 2)
        assert sorted(battle.match.thoughts) == [1, 3]
        await pilot.press("u")
        await wait_until(pilot, lambda: len(battle.match.game.orders) == 2 and battle.prompt.asking)
        assert sorted(battle.match.thoughts) == [1]
        assert battle.match.session.thoughts is battle.match.thoughts


async def test_a_greedy_admiral_has_no_values_to_show(tmp_path: Path) -> None:
    app = battle_app(tmp_path, race(), ai=GreedyPlayer)
    async with app.run_test(size=SIZE) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        dialog = await thinking(pilot)
        assert "No AI has decided yet in this game." in dialog.text
        await pilot.press("escape")
        await answer(pilot, battle, 2)
        assert battle.match.thoughts == {}
        dialog = await thinking(pilot)
        assert dialog.text.startswith("red (greedy), turn 1, decision 4")
        assert "No search: the greedy admiral chooses by its rules." in dialog.text
        assert "Earlier" not in dialog.text  # only the latest, as none of them has values


async def test_another_side_s_plotted_order_stays_hidden(tmp_path: Path) -> None:
    """Blue (the search) plots before red (the player): until red has plotted too, the
    dialog does not show what blue chose."""
    app = battle_app(tmp_path, race(), human="red")
    async with app.run_test(size=SIZE) as pilot:
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking, what="red's prompt")
        assert sorted(battle.match.thoughts) == [0]  # blue's luck, plotted and held
        dialog = await thinking(pilot)
        assert dialog.decisions == ()
        assert "1 plotted order stays hidden (the other side's) until every side has " \
            "plotted." in dialog.text
        assert battle.match.thoughts[0].chosen not in dialog.text
        await pilot.press("escape")
        await wait_for_screen(pilot, BattleMode)
        await answer(pilot, battle, 1)  # red plots: the luck is resolved, blue plots again
        dialog = await thinking(pilot)
        assert [seen.index for seen in dialog.decisions] == [0]
        assert dialog.text.startswith("blue (search), turn 1, decision 1")


# -- the demo --------------------------------------------------------------------------------
async def test_the_demo_shows_each_search_decision_in_a_panel(tmp_path: Path) -> None:
    session = Session(race(), {"blue": "search", "red": "search"})

    def demo() -> MatchScreen:
        screen = demo_screen(session, max_turns=1)
        screen.match.seats.update({side: Seat.ai(SearchPlayer(session.game.ruleset, SETTINGS))
                                   for side in screen.match.seats})
        return screen

    app = make_app(tmp_path, demo)
    async with app.run_test(size=SIZE) as pilot:
        screen: MatchScreen = await wait_for_screen(pilot, DemoMode)
        panel = screen.query_one(ThinkingPanel)
        assert panel.display
        await wait_until(pilot, lambda: screen.match.paused and not screen.match.thinking,
                         what="a turn played")
        orders = len(screen.match.game.orders)
        assert sorted(screen.match.thoughts) == list(range(orders))  # every decision searched
        assert panel.seen is not None and panel.seen.index == orders - 1
        assert panel.seen.thought == screen.match.thoughts[orders - 1]
        await pilot.pause()
        text = screen_text(app)
        assert "The admiral's thinking (a hides)" in text
        assert f"{panel.seen.side} (search), turn 1, decision {orders}" in text
        assert f"{panel.seen.thought.rollouts} rollouts" in text
        await pilot.press("a")
        assert not panel.display
        await pilot.press("a")
        assert panel.display and panel.seen.index == orders - 1


async def test_a_greedy_demo_shows_the_panel_on_a(tmp_path: Path) -> None:
    session = Session(race(), {"blue": "greedy", "red": "greedy"})
    app = make_app(tmp_path, lambda: demo_screen(session, max_turns=1))
    async with app.run_test(size=SIZE) as pilot:
        screen: MatchScreen = await wait_for_screen(pilot, DemoMode)
        panel = screen.query_one(ThinkingPanel)
        assert not panel.display
        await wait_until(pilot, lambda: screen.match.paused and not screen.match.thinking,
                         what="a turn played")
        await pilot.press("a")
        await pilot.pause()
        assert panel.display
        assert panel.seen is not None and panel.seen.who == "greedy"
        assert panel.seen.thought is None and screen.match.thoughts == {}
        assert "No search: the greedy admiral" in screen_text(app)  # (the rest wrapped)


# -- saves -----------------------------------------------------------------------------------
def test_a_save_keeps_the_thoughts(tmp_path: Path) -> None:
    game, kept = searched_game()
    path = tmp_path / "thinking.json"
    save_session(Session(game, {"blue": "human", "red": "search"}, kept), path)
    doc = json.loads(path.read_text())
    assert [t["index"] for t in doc["thoughts"]] == sorted(kept)
    session = load_session(path)
    assert sorted(session.thoughts) == sorted(kept)
    for index, thought in kept.items():  # (values and times kept to three digits)
        assert thought_to_json(session.thoughts[index]) == thought_to_json(thought)
        assert session.thoughts[index].best[0].value == round(thought.best[0].value, 3)
    assert session.game.orders == game.orders


def test_a_save_without_searched_decisions_has_no_thoughts(tmp_path: Path) -> None:
    game, kept = searched_game(4)
    path = tmp_path / "plain.json"
    unsearched = {i: evolve(t, rollouts=0, note="forced") for i, t in kept.items()}
    save_session(Session(game, {"blue": "human", "red": "search"}, unsearched), path)
    assert "thoughts" not in json.loads(path.read_text())
    assert load_session(path).thoughts == {}


@pytest.mark.parametrize("corrupt", [
    "a thought", 7, {"1": "R1 hold"}, [None, [], {"index": "1"}],
    [{"index": 1, "side": "red", "rollouts": 12, "seconds": 0.2, "options": 2,
      "best": [["R1 no such order", 6, 0.1]]}],
], ids=["text", "number", "dict", "junk entries", "an order not played"])
def test_corrupt_thoughts_are_ignored(tmp_path: Path, corrupt: object) -> None:
    game, kept = searched_game(4)
    path = tmp_path / "corrupt.json"
    save_session(Session(game, {"blue": "human", "red": "search"}, kept), path)
    doc = json.loads(path.read_text())
    doc["thoughts"] = corrupt
    path.write_text(json.dumps(doc))
    session = load_session(path)
    assert session.thoughts == {}
    assert session.game.orders == game.orders
    assert load_recording(path, find_ruleset).thoughts == {}


async def test_a_resumed_game_shows_the_saved_thoughts(tmp_path: Path) -> None:
    game, kept = searched_game()
    path = tmp_path / "resumed.json"
    save_session(Session(game, {"blue": "human", "red": "search"}, kept), path)
    session = load_session(path)
    app = battle_app(tmp_path, session.game, thoughts=session.thoughts)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, BattleMode)
        dialog = await thinking(pilot)
        assert [seen.index for seen in dialog.decisions] == [max(kept)]
        assert dialog.text.startswith("red (search), turn ")


# -- the replay ------------------------------------------------------------------------------
async def test_a_replay_shows_the_search_s_values(tmp_path: Path) -> None:
    game, kept = searched_game()
    path = tmp_path / "replayed.json"
    save_session(Session(game, {"blue": "human", "red": "search"}, kept), path)
    recording = load_recording(path, find_ruleset)
    index = 3
    thought = kept[index]
    app = make_app(tmp_path, lambda: replay_screen(recording, index))
    async with app.run_test(size=SIZE) as pilot:
        screen: MatchScreen = await wait_for_screen(pilot, ReplayMode)
        state, step = recording.state(index), recording.step(index)
        assert step is not None
        decision = step.decision
        presenter = screen.presenter
        labels = {w.order: presenter.option_info(state, decision, decision.find(w.order)).label
                  for w in thought.best}
        detail = " ".join(str(screen.prompt.query_one(PromptDetail).shown).split())
        assert "saves do not keep its values" not in detail
        assert (f"search weighed {len(decision.options)} options in {thought.rollouts} "
                "rollouts, 250 ms") in detail
        for weighed in thought.best:
            assert (f"{labels[weighed.order]} {weighed.value:+.3f} ({weighed.visits})"
                    if weighed.visits else f"{labels[weighed.order]} not tried") in detail
        dialog = await thinking(pilot)
        assert dialog.text.startswith("red (search), turn 1, decision 4")
        await pilot.press("escape")
        await wait_for_screen(pilot, ReplayMode)
        await pilot.press("left")  # blue's decision: greedy, no values
        await pilot.pause()
        dialog = await thinking(pilot)
        assert dialog.text.startswith("blue (human), turn 1, decision 3")
        assert "No search: a player made this decision." in dialog.text
        await pilot.press("escape")
        await wait_for_screen(pilot, ReplayMode)
        screen.mode._take_over(("blue", "greedy"))  # the thoughts before the position go along
        battle: MatchScreen = await wait_for_screen(pilot, BattleMode)
        assert battle.match.thoughts == {1: recording.thoughts[1]}


def test_the_values_of_a_longer_look_say_so() -> None:
    """Where every option ended level by the turn's end and the search looked further, the
    text says the rollouts listed are those (fewer than the search's rollouts)."""
    best = (Weighed("R1 ammo round", 9, 1.0), Weighed("R1 ammo chain", 8, 1.0))
    level = Thought(3, "red", best, 88, 0.128, 2, ahead=2)
    seen = Deliberation(3, "red", "search", 29, "R1 Frigate: reload with?", level)
    wide = deliberation_text(seen, 70).plain
    assert ("Weighed 2 options in 88 rollouts, 128 ms. All ended level by the turn's end, "
            "so those below played 2 turns further.") in wide
    assert "2 options, 88 rollouts, 128 ms, +2 turns" in deliberation_text(seen, 30).plain
    assert "in 88 rollouts, played 2 turns further, 128 ms" in deliberation_summary(seen).plain
    once = Deliberation(3, "red", "search", 29, "R1", evolve(level, ahead=0))
    assert "further" not in deliberation_text(once, 70).plain
    assert "further" not in deliberation_summary(once).plain


def test_an_answer_below_a_rival_s_mean_is_explained() -> None:
    """The search keeps greedy's choice unless another option is surely better, so the
    answer may show a lower mean than a rival's: the text says why, only then."""
    best = (Weighed("R1 keep", 21, 0.494), Weighed("R1 reef", 21, 0.496),
            Weighed("R1 anchor", 8, 0.464))
    close = Thought(3, "red", best, 58, 0.251, 4)
    seen = Deliberation(3, "red", "search", 29, "R1 Cutter: sails and anchor", close)
    assert "a higher mean alone is not enough" in deliberation_text(seen, 70).plain
    ordered = Deliberation(3, "red", "search", 29, "R1", evolve(close, best=best[1:]))
    assert "a higher mean alone" not in deliberation_text(ordered, 70).plain


# -- the snapshot ----------------------------------------------------------------------------
def made_thoughts(game: Game) -> dict[int, Thought]:
    """Red's decisions given thoughts of fixed values (the drawing does not change with the
    search): the order played first, then the other options, each worse."""
    kept = {}
    states = game.states()
    for index, order in enumerate(game.orders):
        decision = game.ruleset.decision(states[index])
        assert decision is not None
        if decision.side != "red":
            continue
        others = [o for o in decision.options if o != order]
        best = tuple(Weighed(str(o), 60 - 10 * rank, round(0.2 - 0.07 * rank, 3))
                     for rank, o in enumerate([order, *others][:5]))
        kept[index] = Thought(index, "red", best, 240, 0.25, len(decision.options))
    return kept


def test_snapshot(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """The dialog over channel-race's turn 2, greedy's orders: red's helm order."""
    game = race()
    greedy = GreedyPlayer(game.ruleset)
    while len(game.orders) < 10:
        decision = game.decision()
        assert decision is not None
        game.play(greedy.choose(game.ruleset.observe(game.state, decision.side), decision))
    kept = made_thoughts(game)

    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for_screen(pilot, BattleMode)
        await pilot.press("a")
        await wait_for_screen(pilot, ThinkingDialog)
        await settled(pilot)

    assert snap_compare(battle_app(tmp_path, game, thoughts=kept), terminal_size=SIZE,
                        run_before=run_before)
