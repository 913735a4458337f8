"""Undo and redo: exact earlier states, the same dice again, and no redo after a new order."""

from __future__ import annotations

import pytest

from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder, Order


def event_texts(game: Game) -> list[str]:
    return [str(e) for e in game.state.events]


def test_a_new_game_waits_for_a_decision(make_game):
    game = make_game()
    assert game.decision() is not None
    assert game.orders == ()
    assert not game.can_undo() and not game.can_redo()
    assert game.states() == (game.state,)


def test_undo_returns_the_identical_earlier_state(make_game, play_random):
    game = play_random(make_game(seed=3), 30, 1)
    states = game.states()
    orders = game.orders
    assert len(states) == len(orders) + 1
    for i in range(len(orders), 0, -1):
        assert game.undo() is states[i - 1]
        assert game.orders == orders[: i - 1]
    assert not game.can_undo()
    with pytest.raises(IndexError):
        game.undo()


def test_redo_gives_the_same_state_and_the_same_dice(make_game, play_random):
    game = play_random(make_game(seed=5), 40, 2)
    later = game.states()
    logs = []
    orders = game.orders
    for _ in range(len(orders)):
        logs.append(event_texts(game))
        game.undo()
    assert game.can_redo()
    for i in range(1, len(orders) + 1):
        state = game.redo()
        assert state == later[i]
        assert state.rng == later[i].rng
        assert event_texts(game) == logs[len(orders) - i]
    assert game.orders == orders
    assert not game.can_redo()
    with pytest.raises(IndexError):
        game.redo()


def test_the_same_order_after_undo_gives_the_same_dice(make_game):
    game = make_game(seed=11)
    decision = game.decision()
    assert decision is not None and decision.kind == "luck"
    roll = decision.find(f"{decision.ship} luck roll")
    for _ in range(8):  # answer every luck decision with a roll, to force dice
        d = game.decision()
        assert d is not None
        game.play(d.find(f"{d.ship} luck roll") if d.kind == "luck" else d.options[0])
    after, log = game.state, event_texts(game)
    game.undo_to(0)
    assert game.decision() == decision
    game.play(roll)
    for _ in range(7):
        d = game.decision()
        assert d is not None
        game.play(d.find(f"{d.ship} luck roll") if d.kind == "luck" else d.options[0])
    assert game.state == after
    assert event_texts(game) == log


def test_play_after_undo_clears_redo(make_game, play_random):
    game = play_random(make_game(seed=2), 10, 3)
    game.undo()
    game.undo()
    assert game.can_redo()
    decision = game.decision()
    assert decision is not None
    game.play(decision.options[-1])
    assert not game.can_redo()
    with pytest.raises(IndexError):
        game.redo()
    assert len(game.orders) == 9


def test_undo_to(make_game, play_random):
    game = play_random(make_game(seed=4), 12, 4)
    states = game.states()
    assert game.undo_to(5) is states[5]
    assert len(game.orders) == 5
    assert game.undo_to(7) is states[5]  # never goes forward
    assert game.undo_to(0) is states[0]
    game.redo()
    assert game.undo_to(-3) is states[0]
    assert len(game.orders) == 0


def test_an_illegal_order_changes_nothing(make_game, play_random):
    game = play_random(make_game(seed=6), 5, 5)
    game.undo()
    before, orders = game.state, game.orders
    with pytest.raises(IllegalOrder):
        game.play(Order("ZZ", "sink", "everything"))
    assert game.state is before
    assert game.orders == orders
    assert game.can_redo()  # a refused order does not throw away the redo stack
