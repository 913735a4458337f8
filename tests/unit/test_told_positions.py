"""A game refereed elsewhere: the orders still held in a plot, the game as a side may know
it, and positions told by the referee (``Game.held``, ``revealed``, ``tell``, ``untell``;
``core.told``)."""

from __future__ import annotations

import pytest

from tui_naval.core.engine import HIDDEN, observe
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.saves import state_digest
from tui_naval.core.told import BadPosition, position, read_position


def new_game(ruleset: str, seed: int = 1) -> Game:
    """A game of ``ruleset`` on its default map."""
    from tui_naval.app.setup import new_game as set_up

    return set_up(ruleset, None, seed, None)


def plot_side(game: Game) -> list[str]:
    """Play the side to decide's plotted orders (the last option each) until the other
    side's turn; their texts."""
    first = game.decision()
    assert first is not None and first.plotted
    played = []
    while (decision := game.decision()) is not None and decision.side == first.side:
        game.play(decision.options[-1])
        played.append(str(decision.options[-1]))
    return played


def test_plotted_orders_are_held_until_their_step_closes() -> None:
    game = new_game("ships-and-sails")
    blue, red = game.state.sides
    plot = plot_side(game)
    assert game.held() == list(range(len(plot)))
    assert [game.side_of(i) for i in game.held()] == [blue] * len(plot)
    while game.held():
        decision = game.decision()
        assert decision is not None and decision.side == red
        game.play(decision.options[0])
    assert game.state.plotted == () or game.state.phase != "orders"  # the step closed


def test_the_revealed_game_stops_at_the_first_order_hidden_from_its_side() -> None:
    game = new_game("ships-and-sails")
    blue, red = game.state.sides
    plot = plot_side(game)
    assert game.revealed(blue) is game  # her own plot: she knows it
    for seen in (game.revealed(red), game.revealed()):
        assert seen.orders == () and seen.state is game.states()[0]
    mine = game.decision()
    assert mine is not None
    game.play(mine.options[0])
    assert len(game.revealed(red).orders) == 0 and len(game.revealed(blue).orders) == len(plot)


def test_a_told_position_round_trips_as_its_side_may_know_it() -> None:
    referee = new_game("ships-and-sails")
    blue, red = referee.state.sides
    plot_side(referee)
    after = referee.state
    decision = referee.decision()
    assert decision is not None and decision.side == red
    for side in (red, blue):
        told = position(0, Order("B1", HIDDEN), after, decision, side)
        index, order, state = read_position(told, referee.ruleset)
        assert (index, order) == (0, Order("B1", HIDDEN))
        assert state_digest(state) == state_digest(observe(after, side))
        asked = referee.ruleset.decision(state)  # the decision told, not worked out here
        assert asked is not None and asked.side == red
        if side == red:
            assert asked == decision
        else:
            assert asked.options == () and decision.prompt not in asked.prompt
    assert all(o.verb == HIDDEN for o in observe(after, red).plotted)


def test_a_decision_with_a_roll_is_told_whole() -> None:
    game = new_game("salt-n-tar", seed=7)
    decision = game.decision()
    assert decision is not None and decision.chance is not None
    told = position(0, Order("-", "x"), game.state, decision, decision.side)
    _, _, state = read_position(told, game.ruleset)
    assert game.ruleset.decision(state) == decision


def test_a_bad_position_is_one_error() -> None:
    game = new_game("salt-n-tar")
    with pytest.raises(BadPosition, match="does not fit"):
        read_position({"index": 0, "order": "B1 x", "state": {"turn": "no"},
                       "decision": None}, game.ruleset)


def test_told_positions_wait_on_the_referee_and_go_when_revealed() -> None:
    referee = new_game("ships-and-sails")
    red = referee.state.sides[1]
    copy = new_game("ships-and-sails")  # red's game: blue's plot is told, not known
    plot = plot_side(referee)
    states = referee.states()
    for index in range(len(plot)):
        after = states[index + 1]
        copy.tell(*read_position(position(index, Order("B1", HIDDEN), after,
                                          referee.ruleset.decision(after), red),
                                 copy.ruleset))
    assert copy.told_from == 0 and not copy.can_undo()
    mine = copy.decision()
    assert mine is not None and mine.side == red and mine.options
    with pytest.raises(IllegalOrder):
        copy.play(Order("R1", "fly"))
    copy.play(mine.options[0])  # waits on the referee's word
    assert copy.decision() is None and copy.state.plotted[-1] == mine.options[0]
    referee.play(mine.options[0])
    after = referee.state
    told = read_position(position(len(plot), mine.options[0], after,
                                  referee.ruleset.decision(after), red), copy.ruleset)
    copy.tell(*told)  # takes the place of the waiting position
    assert len(copy.orders) == len(referee.orders)
    assert state_digest(copy.state) == state_digest(observe(after, red))
    with pytest.raises(ValueError, match="does not follow"):
        copy.tell(len(plot) + 5, *told[1:])
    assert copy.untell() == (*[Order("B1", HIDDEN)] * len(plot), mine.options[0])
    assert copy.told_from is None and copy.orders == ()
    for order in referee.orders:  # the plot revealed: played by the rules again
        copy.play(order)
    assert state_digest(copy.state) == state_digest(referee.state)
