"""Orders' text form and decisions' lookup of an order by its text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_naval.core.dice import Chance
from tui_naval.core.orders import NO_SHIP, Decision, IllegalOrder, Order

token = st.text(st.characters(categories=("L", "N", "P", "S")), min_size=1, max_size=8)


@pytest.mark.parametrize(("order", "text"), [
    (Order("B1", "hold"), "B1 hold"),
    (Order("B1", "port", "1"), "B1 port 1"),
    (Order("R2", "luck", "roll"), "R2 luck roll"),
    (Order("S1", "turn", "+1"), "S1 turn +1"),
    (Order(NO_SHIP, "pass"), "- pass"),
])
def test_text_form_round_trip(order: Order, text: str):
    assert str(order) == text
    assert Order.parse(text) == order


def test_parse_ignores_extra_whitespace():
    assert Order.parse("  B1\t luck   roll \n") == Order("B1", "luck", "roll")


@given(ship=token, verb=token, arg=st.one_of(st.just(""), token))
def test_round_trip_of_any_tokens(ship: str, verb: str, arg: str):
    order = Order(ship, verb, arg)
    assert Order.parse(str(order)) == order


@pytest.mark.parametrize("text", ["", "   ", "B1", "B1 luck roll now", "a b c d e"])
def test_parse_errors(text: str):
    with pytest.raises(IllegalOrder, match="cannot read order"):
        Order.parse(text)


def test_illegal_order_is_a_value_error():
    assert issubclass(IllegalOrder, ValueError)


def test_orders_are_values():
    assert Order("B1", "hold") == Order("B1", "hold", "")
    assert hash(Order("B1", "hold")) == hash(Order("B1", "hold"))
    assert Order("B1", "hold") != Order("B2", "hold")
    with pytest.raises(AttributeError):
        Order("B1", "hold").verb = "x"  # type: ignore[misc]


def decision() -> Decision:
    return Decision("blue", "luck", "B1", "B1: roll a luck die?",
                    (Order("B1", "luck", "roll"), Order("B1", "luck", "pass")),
                    chance=Chance.table("1d6", {}), plotted=True)


def test_find_returns_the_option():
    d = decision()
    assert d.find("B1 luck roll") is d.options[0]
    assert d.find("  B1   luck\tpass ") is d.options[1]


@pytest.mark.parametrize("text", ["B1 luck", "B2 luck roll", "b1 luck roll", "", "B1 hold"])
def test_find_rejects_what_is_not_an_option(text: str):
    with pytest.raises(IllegalOrder, match="not a legal order now") as info:
        decision().find(text)
    assert "B1 luck roll, B1 luck pass" in str(info.value)
    assert "\n" not in str(info.value)


def test_decision_defaults():
    d = Decision("red", "move", "R1", "helm", (Order("R1", "hold"),))
    assert d.chance is None
    assert d.plotted is False
