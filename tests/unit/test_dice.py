"""Dice: the seeded generator, notation, exact distributions, chance tables, GURPS checks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_naval.core.dice import (
    Chance,
    DiceSpec,
    Rng,
    Roller,
    gurps_check,
    roll_under,
)


def draws(rng: Rng, sides: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        value, rng = rng.die(sides)
        out.append(value)
    return out


def chi_square(counts: Counter[int], faces: range, n: int) -> float:
    expected = n / len(faces)
    return sum((counts[f] - expected) ** 2 / expected for f in faces)


# -- the generator ---------------------------------------------------------------

def test_same_seed_same_dice():
    assert draws(Rng.from_seed(7), 6, 50) == draws(Rng.from_seed(7), 6, 50)
    assert Rng.from_seed(7) == Rng.from_seed(7)


def test_a_draw_does_not_change_the_generator():
    rng = Rng.from_seed(3)
    first, after = rng.die(20)
    again, after2 = rng.die(20)
    assert (first, after) == (again, after2)
    assert after != rng


def test_different_seeds_give_different_streams():
    streams = {tuple(draws(Rng.from_seed(seed), 1000, 4)) for seed in range(500)}
    assert len(streams) == 500
    # Neighbouring seeds are not shifted copies of one another.
    a, b = draws(Rng.from_seed(10), 6, 40), draws(Rng.from_seed(11), 6, 40)
    assert all(a[i:] != b[: 40 - i] for i in range(5))


def test_first_die_of_many_seeds_is_uniform():
    firsts = Counter(Rng.from_seed(seed).die(6)[0] for seed in range(6000))
    assert chi_square(firsts, range(1, 7), 6000) < 20.5  # df 5, p = 0.001


def test_negative_and_huge_seeds_work():
    for seed in (-1, -(2**70), 2**70, 0):
        value, _ = Rng.from_seed(seed).die(6)
        assert 1 <= value <= 6


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 12, 20, 100])
def test_die_range(sides: int):
    values = draws(Rng.from_seed(sides), sides, 3000)
    assert min(values) == 1
    assert max(values) == sides


@pytest.mark.parametrize("sides", [6, 10])
def test_die_is_roughly_uniform(sides: int):
    n = 30000
    counts = Counter(draws(Rng.from_seed(99), sides, n))
    assert chi_square(counts, range(1, sides + 1), n) < 30.0  # df <= 9, p < 0.001
    for face in range(1, sides + 1):
        assert abs(counts[face] - n / sides) < 0.05 * n / sides


def test_die_needs_a_side():
    with pytest.raises(ValueError):
        Rng.from_seed(1).die(0)


def test_next64_is_64_bits():
    rng = Rng.from_seed(5)
    for _ in range(100):
        value, rng = rng.next64()
        assert 0 <= value < 2**64
        assert 0 <= rng.state < 2**64


# -- notation --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "spec", "canonical"), [
    ("d6", DiceSpec(1, 6), "1d6"),
    ("3d6", DiceSpec(3, 6), "3d6"),
    ("3D6", DiceSpec(3, 6), "3d6"),
    ("3d", DiceSpec(3, 6), "3d6"),
    ("2d6+1", DiceSpec(2, 6, 1, 1), "2d6+1"),
    ("1d6-2", DiceSpec(1, 6, 1, -2), "1d6-2"),
    ("1d6+0", DiceSpec(1, 6), "1d6"),
    ("6dx2", DiceSpec(6, 6, 2), "6d6x2"),
    ("6d x 2", DiceSpec(6, 6, 2), "6d6x2"),
    ("6d6x2+1", DiceSpec(6, 6, 2, 1), "6d6x2+1"),
    (" 2 d 10 - 3 ", DiceSpec(2, 10, 1, -3), "2d10-3"),
    ("1d12", DiceSpec(1, 12), "1d12"),
    ("2d+1", DiceSpec(2, 6, 1, 1), "2d6+1"),  # GURPS writes d6 as a bare d
    ("1d-2", DiceSpec(1, 6, 1, -2), "1d6-2"),
])
def test_parse_and_str(text: str, spec: DiceSpec, canonical: str):
    assert DiceSpec.parse(text) == spec
    assert str(spec) == canonical
    assert DiceSpec.parse(canonical) == spec


@pytest.mark.parametrize("text", [
    "", " ", "d", "dx2", "abc", "6", "+1", "x2", "0d6", "2d0", "6dx0", "1d6+", "1d6x",
    "2d6+1x2", "1.5d6", "-1d6", "1d6 2", "1d6+1+1", "3d6!", "d%",
])
def test_parse_rejects(text: str):
    with pytest.raises(ValueError, match="not dice notation"):
        DiceSpec.parse(text)


@given(count=st.integers(1, 20), sides=st.integers(1, 100), mult=st.integers(1, 5),
       bonus=st.integers(-50, 50))
def test_str_round_trip(count: int, sides: int, mult: int, bonus: int):
    spec = DiceSpec(count, sides, mult, bonus)
    assert DiceSpec.parse(str(spec)) == spec


@given(st.text(max_size=12))
def test_parse_never_crashes(text: str):
    try:
        spec = DiceSpec.parse(text)
    except ValueError:
        return
    assert spec.count >= 1 and spec.sides >= 1 and spec.multiplier >= 1


# -- distributions ---------------------------------------------------------------

def test_3d6_distribution():
    dist = DiceSpec.parse("3d6").distribution()
    assert list(dist) == list(range(3, 19))
    assert dist[10] == Fraction(27, 216)
    assert dist[11] == Fraction(27, 216)
    assert dist[3] == dist[18] == Fraction(1, 216)
    assert dist[4] == Fraction(3, 216)
    assert sum(dist.values()) == 1


def test_distribution_with_bonus_and_multiplier():
    plus = DiceSpec.parse("2d6+1").distribution()
    assert min(plus) == 3 and max(plus) == 13
    assert plus[8] == Fraction(6, 36)
    minus = DiceSpec.parse("1d6-2").distribution()
    assert minus == {v: Fraction(1, 6) for v in range(-1, 5)}
    doubled = DiceSpec.parse("6dx2").distribution()
    assert min(doubled) == 12 and max(doubled) == 72
    assert all(v % 2 == 0 for v in doubled)
    assert doubled[42] == DiceSpec.parse("6d6").distribution()[21]
    assert sum(doubled.values()) == 1


@given(st.sampled_from(["1d6", "2d6", "3d6", "2d6+1", "1d6-2", "6dx2", "1d20", "2d4x3-1"]),
       st.integers(0, 2**32))
def test_rolls_fall_within_the_distribution(notation: str, seed: int):
    roller = Roller(Rng.from_seed(seed))
    roll = roller.roll(notation)
    spec = DiceSpec.parse(notation)
    assert roll.total in spec.distribution()
    assert len(roll.dice) == spec.count
    assert all(1 <= d <= spec.sides for d in roll.dice)
    assert roll.total == sum(roll.dice) * spec.multiplier + spec.bonus


def test_3d6_rolls_match_the_distribution():
    roller = Roller(Rng.from_seed(2024))
    n = 21600
    counts = Counter(roller.roll("3d6").total for _ in range(n))
    dist = DiceSpec.parse("3d6").distribution()
    for total, p in dist.items():
        expected = float(p) * n
        assert abs(counts[total] - expected) < 5 * expected ** 0.5 + 5, total


def test_roller_is_deterministic_and_advances():
    a, b = Roller(Rng.from_seed(1)), Roller(Rng.from_seed(1))
    assert [a.roll("3d6") for _ in range(10)] == [b.roll("3d6") for _ in range(10)]
    assert a.rng == b.rng != Rng.from_seed(1)
    assert a.die(6) == b.die(6)


def test_roll_text():
    roller = Roller(Rng.from_seed(4))
    single = roller.roll("d6")
    assert str(single) == f"1d6={single.total}"
    triple = roller.roll("3d6")
    assert str(triple) == f"3d6={'+'.join(map(str, triple.dice))}={triple.total}"


# -- chance nodes ----------------------------------------------------------------

def test_chance_table():
    chance = Chance.table("1d6", {1: "luff", 6: "gust"})
    assert chance.notation == "1d6"
    assert [o.value for o in chance.outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(o.probability == Fraction(1, 6) for o in chance.outcomes)
    assert chance.outcomes[0].effect == "luff"
    assert chance.outcomes[5].effect == "gust"
    assert chance.outcomes[2].effect == ""
    assert sum(o.probability for o in chance.outcomes) == 1


def test_chance_expectation():
    d6 = Chance.table("1d6", {})
    assert d6.expectation({6: 6.0}) == pytest.approx(1.0)
    assert d6.expectation({v: float(v) for v in range(1, 7)}) == pytest.approx(3.5)
    assert d6.expectation({}) == 0.0
    three = Chance.table("3d6", {})
    assert three.expectation({v: float(v) for v in range(3, 19)}) == pytest.approx(10.5)
    assert three.expectation({10: 1.0}) == pytest.approx(27 / 216)


# -- GURPS checks ----------------------------------------------------------------

@pytest.mark.parametrize(("roll", "skill", "success", "critical"), [
    (3, 3, True, True),
    (4, 4, True, True),
    (3, -5, True, True),      # 3 and 4 always succeed, critically
    (4, 0, True, True),
    (5, 14, True, False),
    (5, 15, True, True),      # 5 is critical at skill 15+
    (6, 15, True, False),
    (6, 16, True, True),      # 6 is critical at skill 16+
    (6, 5, False, False),
    (18, 30, False, True),    # 18 always fails critically
    (17, 15, False, True),    # 17 is a critical failure at skill 15 or less
    (17, 16, False, False),   # ... otherwise an ordinary failure
    (17, 20, False, False),   # 17 always fails, however high the skill
    (16, 6, False, True),     # skill + 10 or more
    (15, 6, False, False),
    (14, 4, False, True),
    (10, 10, True, False),
    (11, 10, False, False),
    (16, 16, True, False),
])
def test_gurps_check(roll: int, skill: int, success: bool, critical: bool):
    check = gurps_check(roll, skill)
    assert (check.success, check.critical) == (success, critical)
    assert check.margin == skill - roll
    assert (check.roll, check.skill) == (roll, skill)


@given(roll=st.integers(3, 18), skill=st.integers(-10, 30))
def test_gurps_check_rules(roll: int, skill: int):
    check = gurps_check(roll, skill)
    if roll <= 4:
        assert check.success and check.critical
    if roll >= 17:
        assert not check.success
    if roll == 18 or (roll == 17 and skill <= 15) or (roll >= 5 and roll >= skill + 10):
        assert not check.success and check.critical
    if 7 <= roll <= 16 and roll < skill + 10:
        assert check.success == (roll <= skill)
        assert not check.critical
    if check.critical and check.success:
        assert roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)


def test_roll_under_uses_3d6():
    rng = Rng.from_seed(8)
    check = roll_under(Roller(rng), 12)
    expected = Roller(rng).roll("3d6").total
    assert check.roll == expected
    assert check == gurps_check(expected, 12)
