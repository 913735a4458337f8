"""The voyage's chart: seeded, every place reachable, every path from home to the final
action, the encounters the ruleset can play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_naval.voyage.chart import (
    BATTLE,
    COLUMNS,
    FINAL,
    FLEE,
    HOME,
    HUNT,
    MERCHANT,
    PORT,
    RACE,
    STORM,
    draw,
    encounter_kinds,
    make_chart,
    size,
)

GOALS = (("battle",), ("race", "chase"))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), goals=st.sampled_from(GOALS))
def test_every_place_lies_on_a_way_home_to_final(seed: int, goals: tuple[str, ...]) -> None:
    chart = make_chart(seed, goals)
    assert chart == make_chart(seed, goals)
    assert chart.home.kind == HOME and chart.places[-1].kind == FINAL
    reached = {0}
    for column in range(COLUMNS - 1):
        for place in chart.places:
            if place.column == column and place.id in reached:
                onward = chart.onward(place.id)
                assert onward, f"{place} leads nowhere"
                assert all(p.column == column + 1 for p in onward)
                reached.update(p.id for p in onward)
    assert reached == {p.id for p in chart.places}
    kinds = set(encounter_kinds(goals)) | {HOME, FINAL, PORT}
    assert {p.kind for p in chart.places} <= kinds
    assert len({p.name for p in chart.places}) == len(chart.places)
    # A port somewhere on the way, on legs 2 and 5.
    for column in (2, 5):
        assert any(p.kind == PORT for p in chart.places if p.column == column)


@pytest.mark.parametrize("goals", GOALS)
def test_a_port_is_reachable_before_the_third_leg_on_every_chart(goals: tuple[str, ...]
                                                                 ) -> None:
    """Issue 61: no port lay on the course before leg 4.  On every chart (600 seeds) a
    port lies on leg 1 or 2 on a way sailed from home."""
    for seed in range(600):
        chart = make_chart(seed, goals)
        first = chart.onward(chart.home.id)
        second = {p.id: p for place in first for p in chart.onward(place.id)}
        ports = [p for p in (*first, *second.values()) if p.kind == PORT]
        assert ports and all(p.column <= 2 for p in ports), f"seed {seed}: no early port"


def test_a_ruleset_meets_only_what_it_plays() -> None:
    assert set(encounter_kinds(("battle",))) == {STORM, BATTLE, MERCHANT}
    assert set(encounter_kinds(("race", "chase"))) == {STORM, RACE, FLEE, HUNT}


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_drawn_chart_marks_where_she_is(ascii_only: bool) -> None:
    chart = make_chart(7, ("battle",))
    first = chart.onward(0)[0]
    grid = draw(chart, first.id, (0, first.id), ascii_only)
    rows, cols = size()
    assert len(grid) == rows and all(len(row) == cols for row in grid)
    text = "".join(ch for row in grid for ch, _ in row)
    assert text.count("@") == 1
    assert "*" in text  # the lane sailed
    roles = {role for row in grid for _, role in row}
    assert {"here", "sailed", "next", "past"} <= roles
    assert "chosen" not in roles and "[" not in text
    if ascii_only:
        assert all(ord(ch) < 128 for ch in text)


def test_the_place_the_list_highlights_is_drawn_bracketed() -> None:
    """Issue 61: the chart drew both reachable places alike.  The chosen one is drawn
    [X], in its own role; the others as before."""
    from tui_naval.voyage.chart import position

    chart = make_chart(7, ("battle",))
    one, two = chart.onward(0)[:2]
    for chosen, other in ((one, two), (two, one)):
        grid = draw(chart, 0, (0,), True, chosen=chosen.id)
        r, c = position(chosen)
        assert "".join(ch for ch, _ in grid[r][c - 1:c + 2]) == f"[{chosen.letter}]"
        assert {role for _, role in grid[r][c - 1:c + 2]} == {"chosen"}
        r, c = position(other)
        assert grid[r][c] == (other.letter, "next") and grid[r][c - 1][0] != "["


def test_drawn_twice_as_large_it_is_the_same_chart_spread_out() -> None:
    """A large terminal's chart (scale 2): twice the rows and columns, each place at twice
    its place, each island cell a 2x2 block, and every lane still an unbroken line."""
    from tui_naval.voyage.chart import position

    chart = make_chart(7, ("battle",))
    first = chart.onward(0)[0]
    small = draw(chart, first.id, (0, first.id))
    large = draw(chart, first.id, (0, first.id), scale=2)
    rows, cols = size(2)
    assert (rows, cols) == (2 * size()[0], 2 * size()[1])
    assert len(large) == rows and all(len(row) == cols for row in large)
    for place in chart.places:
        (r, c), (r2, c2) = position(place), position(place, 2)
        assert (r2, c2) == (2 * r, 2 * c) and large[r2][c2] == small[r][c]
    def count(grid: list[list[tuple[str, str]]], role: str) -> int:
        return sum(1 for row in grid for _, cell in row if cell == role)

    assert count(large, "land") <= 4 * count(small, "land") <= count(large, "land") + 40
    lanes = {(r, c) for r, row in enumerate(large) for c, (_, role) in enumerate(row)
             if role in ("lane", "sailed", "here", "next", "past", "place")}
    for r, c in lanes:  # no lane cell stands alone
        assert any((r + dr, c + dc) in lanes for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr, dc) != (0, 0))
