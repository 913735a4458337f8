"""Lists in the player's words: "a, b and c", "Close, Standard or Long range"."""

from __future__ import annotations

from tui_naval.app.setup import new_game
from tui_naval.core.messages import word_list
from tui_naval.systems.gunnery.kyngesreach.present import serves
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band


def test_word_list() -> None:
    assert word_list([]) == ""
    assert word_list(["a"]) == "a"
    assert word_list(["a", "b"]) == "a and b"
    assert word_list(["a", "b", "c"]) == "a, b and c"
    assert word_list(["a", "b", "c"], "or") == "a, b or c"


def test_an_ammunitions_ranges_are_a_list_not_a_chain_of_ors() -> None:
    # (it said "round shot fires at Close or Standard or Long or Extreme range")
    state = new_game("mow-and-shot", None, 777, None).state
    ship = state.ships[0]
    text = serves(state.ships, ship, Ammo.ROUND, None)
    assert text == ("round shot fires at Close, Standard, Long or Extreme range "
                    "(no enemy in range now)")
    assert serves(state.ships, ship, Ammo.BAR, Band.LONG).endswith(
        "(only at Close or Standard)")
