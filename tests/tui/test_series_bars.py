"""The game-over chart's rows: one scale for every side, stretched or squeezed to fit."""

from __future__ import annotations

from tui_naval.tui.widgets.series_bars import bars

LEVELS = "01234567"


def test_a_side_at_full_strength_draws_full_whatever_the_other_lost() -> None:
    assert bars([100.0, 100.0, 100.0], 100.0, 3, LEVELS) == "777"
    assert bars([100.0, 50.0, 0.0], 100.0, 3, LEVELS) == "740"


def test_fewer_turns_than_columns_repeat_each_turn() -> None:
    assert bars([0.0, 100.0], 100.0, 4, LEVELS) == "0077"


def test_more_turns_than_columns_show_each_columns_highest() -> None:
    assert bars([10.0, 100.0, 0.0, 0.0], 100.0, 2, LEVELS) == "70"


def test_nothing_to_draw() -> None:
    assert bars([], 100.0, 5, LEVELS) == ""
    assert bars([1.0], 100.0, 0, LEVELS) == ""
    assert bars([0.0, 0.0], 0.0, 2, LEVELS) == "00"
