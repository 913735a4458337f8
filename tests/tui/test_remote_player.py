"""The other side of a duel: a wait that was stopped never takes an order from the next."""

from __future__ import annotations

import threading

import pytest

from tui_naval.app.scripts import ScriptEnded, ScriptError
from tui_naval.app.seats import RemotePlayer
from tui_naval.app.setup import new_game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState


def first_question() -> tuple[GameState, Decision]:
    """A race's first state and the decision it waits on."""
    game = new_game("salt-n-tar", "channel-race", 3, None)
    decision = game.decision()
    assert decision is not None
    return game.state, decision


def test_a_stopped_wait_leaves_the_order_to_the_wait_after_it() -> None:
    state, decision = first_question()
    remote = RemotePlayer()
    first_stopped = threading.Event()
    results: dict[str, Order | str] = {}

    def wait(name: str) -> None:
        try:
            results[name] = remote.choose(state, decision)
        except ScriptEnded as exc:
            results[name] = str(exc)

    waiting = threading.Event()

    def first_stop() -> bool:
        waiting.set()
        return first_stopped.is_set()

    remote.should_stop = first_stop
    first = threading.Thread(target=wait, args=("first",))
    first.start()
    assert waiting.wait(5)  # the first wait has begun
    remote.should_stop = lambda: False  # the next question's wait replaces the check
    first_stopped.set()
    first.join(5)
    assert not first.is_alive()
    second = threading.Thread(target=wait, args=("second",))
    second.start()
    remote.deliver(str(decision.options[1]))
    second.join(5)
    assert results == {"first": "the wait for the other side was stopped",
                       "second": decision.options[1]}


def test_an_order_that_is_no_option_is_an_error() -> None:
    state, decision = first_question()
    remote = RemotePlayer()
    remote.deliver("B1 fly")
    with pytest.raises(ScriptError, match="does not fit"):
        remote.choose(state, decision)
    remote.close()
    with pytest.raises(ScriptEnded, match="stopped coming"):
        remote.choose(state, decision)
