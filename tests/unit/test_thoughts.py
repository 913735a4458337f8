"""What a searching AI made of its decisions (``core.thoughts``): kept from a search's
analysis, written to a save and read back, anything malformed or not fitting the game
left out; and a recording's steps carrying them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.search import Analysis, OptionValue, SearchPlayer, SearchSettings
from tui_naval.app.session import Session, save_session
from tui_naval.app.setup import new_game
from tui_naval.core import thoughts as thoughts_module
from tui_naval.core.history import Game
from tui_naval.core.orders import Order
from tui_naval.core.replay import Recording, load_recording
from tui_naval.core.thoughts import (
    MAX_BEST,
    Thought,
    Weighed,
    thought_to_json,
    thoughts_from_json,
    thoughts_to_json,
)
from tui_naval.rulesets import find_ruleset


def searched_game(decisions: int = 8) -> tuple[Game, dict[int, Thought]]:
    """Channel-race seed 3: blue greedy, red a small search (12 rollouts, no time limit),
    and red's thoughts by the index of their answers."""
    game = new_game("salt-n-tar", "channel-race", 3, "hex-flat")
    search = SearchPlayer(game.ruleset, SearchSettings(iterations=12, seconds=None))
    greedy = GreedyPlayer(game.ruleset)
    kept: dict[int, Thought] = {}
    while len(game.orders) < decisions:
        decision = game.decision()
        assert decision is not None
        seen = game.ruleset.observe(game.state, decision.side)
        if decision.side == "red":
            order = search.choose(seen, decision)
            assert search.last is not None
            kept[len(game.orders)] = Thought.from_analysis(len(game.orders), "red", search.last)
        else:
            order = greedy.choose(seen, decision)
        game.play(order)
    return game, kept


@pytest.fixture(scope="module")
def searched() -> tuple[Game, dict[int, Thought]]:
    return searched_game()


def test_a_thought_keeps_the_answer_first_and_the_best_five() -> None:
    options = tuple(OptionValue(Order("R1", "fire", f"B{i}"), 10 - i, 0.5 - i / 10)
                    for i in range(7))
    thought = Thought.from_analysis(4, "red", Analysis(options, 55, 0.25))
    assert thought.chosen == "R1 fire B0"
    assert [w.order for w in thought.best] == [f"R1 fire B{i}" for i in range(MAX_BEST)]
    assert thought.best[1] == Weighed("R1 fire B1", 9, 0.4)
    assert (thought.index, thought.side, thought.rollouts, thought.options) == (4, "red", 55, 7)
    assert thought.searched
    forced = Thought.from_analysis(0, "red", Analysis(options[:1], 0, 0.0, "forced"))
    assert not forced.searched and forced.note == "forced"


def test_a_search_s_analysis_makes_its_thought(
        searched: tuple[Game, dict[int, Thought]]) -> None:
    game, kept = searched
    assert sorted(kept) == [i for i in range(len(game.orders)) if i % 2]  # red's answers
    for index, thought in kept.items():
        assert thought.chosen == str(game.orders[index])
        assert 0 < thought.rollouts <= 12 and thought.searched
        assert sum(w.visits for w in thought.best) <= thought.rollouts
        assert all(-1.0 <= w.value <= 1.0 for w in thought.best)


def test_thoughts_round_trip_through_json(searched: tuple[Game, dict[int, Thought]]) -> None:
    game, kept = searched
    stored = json.loads(json.dumps(thoughts_to_json(kept, game.orders)))
    back = thoughts_from_json(stored, game.orders, game.state.sides)
    assert sorted(back) == sorted(kept)
    for index, thought in kept.items():
        again = back[index]
        assert [(w.order, w.visits) for w in again.best] == \
            [(w.order, w.visits) for w in thought.best]
        assert all(abs(a.value - b.value) <= 0.0005 for a, b in zip(again.best, thought.best,
                                                                     strict=True))
        assert abs(again.seconds - thought.seconds) <= 0.0005
        assert (again.rollouts, again.options, again.side, again.ahead) == \
            (thought.rollouts, thought.options, thought.side, thought.ahead)


def test_only_searched_thoughts_that_fit_the_orders_are_saved(
        searched: tuple[Game, dict[int, Thought]], monkeypatch: pytest.MonkeyPatch) -> None:
    game, kept = searched[0], dict(searched[1])
    first, second, *rest = sorted(kept)
    kept[first] = evolve(kept[first], rollouts=0, note="hidden orders not sampled")
    kept[second] = evolve(kept[second], best=(Weighed("R1 anchor", 3, 0.1),))  # not played
    saved = thoughts_to_json(kept, game.orders)
    assert [t["index"] for t in saved] == rest
    assert thoughts_to_json(kept, game.orders[:rest[0]]) == []  # undone: nothing fits
    monkeypatch.setattr(thoughts_module, "MAX_SAVED", 2)
    assert [t["index"] for t in thoughts_to_json(kept, game.orders)] == rest[-2:]


BAD_ENTRIES: list[tuple[str, Any]] = [
    ("not a dict", "R1 hold"),
    ("no index", {"index": None}),
    ("negative index", {"index": -1}),
    ("index past the orders", {"index": 10_000}),
    ("index of blue's order", {"index": 0}),
    ("a bool for a count", {"rollouts": True}),
    ("a text for a count", {"rollouts": "12"}),
    ("unknown side", {"side": "green"}),
    ("a side of control characters", {"side": "red\x1b[2J"}),
    ("negative seconds", {"seconds": -1}),
    ("no best", {"best": []}),
    ("best not a list", {"best": {"R1 hold": 3}}),
    ("six options", {"best": [["R1 hold", 1, 0.0]] * 6}),
    ("more best than options", {"options": 1}),
    ("an option of two fields", {"best": [["R1 hold", 1]]}),
    ("a value past 1", {"best": [["R1 hold", 1, 1.5]]}),
    ("a value of NaN", {"best": [["R1 hold", 1, float("nan")]]}),
    ("an answer not played", {"best": [["R1 anchor", 1, 0.2]]}),
    ("a long option text", {"best": [["R1 " + "x" * 100, 1, 0.2]]}),
    ("a look ahead less than none", {"ahead": -1}),
    ("a look ahead in words", {"ahead": "two"}),
]


@pytest.mark.parametrize(("what", "change"), BAD_ENTRIES, ids=[w for w, _ in BAD_ENTRIES])
def test_a_malformed_or_misfit_thought_is_left_out(
        searched: tuple[Game, dict[int, Thought]], what: str, change: Any) -> None:
    game, kept = searched
    good = thought_to_json(kept[max(kept)])
    bad = change if not isinstance(change, dict) else {**thought_to_json(kept[min(kept)]),
                                                       **change}
    back = thoughts_from_json([bad, good], game.orders, game.state.sides)
    assert sorted(back) == [max(kept)], what


def test_a_thought_saved_before_the_look_ahead_was_kept_reads_as_none(
        searched: tuple[Game, dict[int, Thought]]) -> None:
    game, kept = searched
    old = {k: v for k, v in thought_to_json(kept[max(kept)]).items() if k != "ahead"}
    assert thoughts_from_json([old], game.orders, game.state.sides)[max(kept)].ahead == 0
    farther = evolve(kept[max(kept)], ahead=2)
    back = thoughts_from_json([thought_to_json(farther)], game.orders, game.state.sides)
    assert back[max(kept)].ahead == 2


@pytest.mark.parametrize("stored", [None, "thoughts", 3, {"1": {}}, [[]], [None, 1.5]])
def test_thoughts_that_are_not_a_list_of_thoughts_are_none(
        searched: tuple[Game, dict[int, Thought]], stored: object) -> None:
    game, _kept = searched
    assert thoughts_from_json(stored, game.orders, game.state.sides) == {}


def test_a_recording_s_steps_carry_the_saved_thoughts(
        searched: tuple[Game, dict[int, Thought]], tmp_path: Path) -> None:
    game, kept = searched
    path = tmp_path / "searched.json"
    save_session(Session(game, {"blue": "human", "red": "search"}, kept), path)
    recording = load_recording(path, find_ruleset)
    assert sorted(recording.thoughts) == sorted(kept)
    for index in range(recording.last):
        step = recording.step(index)
        assert step is not None
        if index in kept:
            assert step.thought is not None and step.thought.chosen == str(step.order)
            assert step.who == "search"
        else:
            assert step.thought is None


def test_a_recording_keeps_only_the_thoughts_that_fit_its_orders(
        searched: tuple[Game, dict[int, Thought]]) -> None:
    game, kept = searched[0], dict(searched[1])
    last = max(kept)
    kept[last] = evolve(kept[last], best=(Weighed("R1 anchor", 3, 0.1),))
    recording = Recording.from_game(game, thoughts=kept)
    assert last not in recording.thoughts
    assert sorted(recording.thoughts) == sorted(kept)[:-1]
