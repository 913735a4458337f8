"""A battle's end-of-game chart shows what the turn limit judges: each side's strength."""

from __future__ import annotations

import pytest

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play

BATTLES = [("kyngesreach", "kr-duel"), ("ships-and-sails", "ss-duel"),
           ("salt-and-shot", "sas-duel"), ("salt-and-sails", "sails-duel")]


@pytest.mark.parametrize(("name", "map_name"), BATTLES)
def test_the_chart_is_each_sides_strength_in_percent(name: str, map_name: str) -> None:
    game = new_game(name, map_name, 3, None)
    play(game, {side: GreedyPlayer(game.ruleset) for side in game.state.sides}, turns=6)
    states = [game.states()[0], game.state]
    chart = game.ruleset.presenter.progress(states)
    assert chart.title == "strength left (%), turn by turn"
    assert [side for side, _ in chart.values] == list(game.state.sides)
    for _side, values in chart.values:
        assert values[0] == 100.0
        assert all(0.0 <= v <= 100.0 for v in values)
    assert any(values[-1] < 100.0 for _, values in chart.values), "six turns of battle"


def test_an_unnamed_ship_is_not_called_by_her_class_twice() -> None:
    game = new_game("salt-and-sails", "sails-duel", 1, None)
    rows = game.ruleset.describe(game.state, "B1")
    assert rows[0].value == "B1 Ship of the Line (blue)"
    named = new_game("salt-and-shot", "sas-duel", 1, None)
    assert named.ruleset.describe(named.state, "B1")[0].value == "B1 Sojourner (Frigate, blue)"
