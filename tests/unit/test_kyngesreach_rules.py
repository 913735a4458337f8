"""Kyngesreach's battle round, driven through ``RULESET.apply`` with scripted dice.

``scripted(monkeypatch, *faces)`` makes every roll the rules make come up as
listed (3d6 for a skill roll, 1d for a hit's location, six dice for 6d x 2...),
and fails if the rules roll more than that.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.grid import GridKind
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.scenario import ScenarioError, Setup, start_state
from tui_naval.core.state import Event
from tui_naval.rulesets.kyngesreach import rules
from tui_naval.rulesets.kyngesreach.rules import RULESET
from tui_naval.rulesets.kyngesreach.state import KyngShip, KyngState
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery, Guns, Skills
from tui_naval.systems.gunnery.kyngesreach.options import Mage
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band
from tui_naval.systems.initiative import wind_gauge


class Dice(Roller):
    """A roller whose dice come up as given; fails loudly if the rules roll more."""

    def __init__(self, *faces: int) -> None:
        super().__init__(Rng.from_seed(0))
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        assert self.faces, "the rules rolled more dice than scripted"
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face


def damage(total: int, n: int = 6) -> list[int]:
    """n dice summing to ``total``."""
    faces = [1] * n
    left = total - n
    for i in range(n):
        add = min(5, left)
        faces[i] += add
        left -= add
    return faces


def scripted(monkeypatch: pytest.MonkeyPatch, *faces: int) -> Dice:
    """Script the dice of the round's rules and of the wind gauge they use."""
    dice = Dice(*faces)
    for module in (rules, wind_gauge):
        monkeypatch.setattr(module, "Roller", lambda rng: dice)
    return dice


def sea(width: int = 22, height: int = 15) -> list[str]:
    return ["~" * width] * height


def battle(ships: Iterable[str] = ("B1 blue 6,7 N frigate", "R1 red 15,7 N frigate"), *,
           grid: str = "square", turns: int = 30, header: Iterable[str] = (),
           rows: list[str] | None = None, seed: int = 1) -> KyngState:
    text = "\n".join(["game: battle", f"grids: {grid}", f"turns: {turns}", *header,
                      *(f"ship: {s}" for s in ships), "map:", *(rows or sea())])
    state = start_state(RULESET, Setup("kyngesreach", "test", text, GridKind(grid), seed))
    assert isinstance(state, KyngState)
    return state


def texts(state: KyngState, kind: str | None = None) -> list[str]:
    return [e.text for e in state.events if kind is None or e.kind == kind]


def with_gunnery(state: KyngState, ship_id: str, **changes: object) -> KyngState:
    ship = state.ship(ship_id)
    return state.with_ship(evolve(ship, gunnery=evolve(ship.gunnery, **changes)))


def play(state: KyngState, *orders: str) -> KyngState:
    for text in orders:
        state = RULESET.apply(state, Order.parse(text))
    return state


def at_round(state: KyngState, turn: int = 2, **changes: object) -> KyngState:
    """The start of a later round (phase gauge), run on to its first decision."""
    state = evolve(state, turn=turn, phase="gauge", plotted=(), acted=(), holder="", **changes)
    return RULESET.advance(state)


# -- setup and the map -----------------------------------------------------------------

def test_setup_reads_the_band_from_the_distance_between_the_squadrons() -> None:
    state = battle()
    assert state.band is Band.LONG
    assert [str(s.cell) for s in state.ships] == ["6,7", "15,7"]
    assert "meet at Long range (9 cells)" in texts(state, "game")[0]


@pytest.mark.parametrize(("red_col", "band"), [(8, Band.CLOSE), (10, Band.STANDARD),
                                               (13, Band.LONG), (21, Band.EXTREME)])
def test_the_nearest_band_is_chosen(red_col: int, band: Band) -> None:
    state = battle(("B1 blue 6,7 N frigate", f"R1 red {red_col},7 N frigate"))
    assert state.band is band


@pytest.mark.parametrize(("map_name", "grid"), [
    ("kr-duel", "square"), ("kr-duel", "hex-pointy"), ("kr-squadron", "square"),
    ("kr-squadron", "hex-pointy"), ("kr-line", "hex-flat"), ("kr-line", "square")])
def test_squadrons_stand_at_the_bands_distance_on_the_maps(map_name: str, grid: str) -> None:
    from tui_naval.core.maps import load_map

    spec = load_map(map_name)
    state = start_state(RULESET, Setup("kyngesreach", spec.name, spec.text, GridKind(grid), 1))
    assert isinstance(state, KyngState)
    a, b = state.sides
    for band in Band:
        moved = rules.arrange(evolve(state, band=band))
        ours = [s for s in moved.ships if s.side == a]
        theirs = [s for s in moved.ships if s.side == b]
        nearest = min(moved.grid.distance(x.cell, y.cell) for x in ours for y in theirs)
        assert nearest == {Band.CLOSE: 2, Band.STANDARD: 5, Band.LONG: 9, Band.EXTREME: 14}[band]
        assert len({s.cell for s in moved.ships}) == len(moved.ships)
        assert all(moved.board.is_sea(s.cell) for s in moved.ships)


def test_ships_lie_broadside_on_with_the_engaged_battery_towards_the_enemy() -> None:
    state = battle()
    blue, red = state.ships
    assert (blue.gunnery.engaged, red.gunnery.engaged) == (Battery.STARBOARD, Battery.PORT)
    assert [state.grid.facing_name(s.heading) for s in state.ships] == ["N", "N"]
    turned = rules.arrange(state.with_ship(evolve(blue, gunnery=evolve(
        blue.gunnery, engaged=Battery.PORT))))
    assert turned.grid.facing_name(turned.ship("B1").heading) == "S"


def test_a_battle_needs_exactly_two_sides() -> None:
    with pytest.raises(ScenarioError, match="two squadrons"):
        battle(("B1 blue 3,7 N frigate", "R1 red 9,7 N frigate", "G1 green 15,7 N frigate"))


def test_only_battle_maps() -> None:
    assert RULESET.goals == (rules.GoalKind.BATTLE,)


def test_map_options_set_names_crews_and_magic() -> None:
    state = battle(header=["#! name: B1 Sojourner", "#! crew: B1 gunner=14 seamanship=13",
                           "#! magic: red 2 13 the Stormcaller"])
    blue = state.ship("B1")
    assert blue.name == "Sojourner"
    assert blue.gunnery.skills == Skills(weather=12, seamanship=13, tactics=12, gunner=14)
    assert state.magic == (Mage("red", 2, 13, "the Stormcaller"),)


@pytest.mark.parametrize(("line", "message"), [
    ("#! crew: B9 gunner=14", "no ship 'B9'"), ("#! crew: B1 sailing=14", "SKILL=N"),
    ("#! crew: B1 gunner=99", "between 3 and 20"), ("#! magic: green", "no side 'green'"),
    ("#! wind: strong", "unknown option 'wind'"), ("#! magic:", "expected '#! KEY: VALUE'")])
def test_bad_map_options_name_the_line(line: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message) as info:
        battle(header=[line])
    assert "test.map:4:" in str(info.value)


# -- round 1: reading the weather ------------------------------------------------------

def test_round_one_weather_sense_decides_the_gauge_and_sets_the_modifiers(monkeypatch) -> None:
    scripted(monkeypatch, 1, 1, 2, 6, 6, 6)  # blue 4: critical success; red 18: critical failure
    state = battle()
    assert state.weather == (("blue", 2), ("red", -1))
    assert state.holder == "blue"
    weather = texts(state, "weather")
    assert "Weather Sense 12 = 12: 3d6=1+1+2=4, margin +8, critical success: +2" in weather[0]
    assert "critical failure: -1" in weather[1]
    decision = RULESET.decision(state)
    assert decision is not None and (decision.kind, decision.side) == ("range", "blue")


@pytest.mark.parametrize(("blue", "red", "mods"), [((3, 3, 3), (4, 4, 5), (1, 0)),
                                                   ((5, 5, 4), (3, 3, 4), (0, 1))])
def test_weather_sense_success_and_failure(monkeypatch, blue, red, mods) -> None:
    scripted(monkeypatch, *blue, *red)
    state = battle()
    assert state.weather == (("blue", mods[0]), ("red", mods[1]))
    assert state.holder == ("blue" if mods[0] else "red")


def test_each_side_nominates_its_weather_reader_when_it_has_a_choice(monkeypatch) -> None:
    state = battle(("B1 blue 6,5 N frigate", "B2 blue 6,9 N brig", "R1 red 15,7 N frigate"),
                   header=["#! crew: B2 weather=15"])
    decision = RULESET.decision(state)
    assert decision is not None
    assert (decision.kind, decision.side, decision.plotted) == ("weather", "blue", True)
    assert [str(o) for o in decision.options] == ["B2 weather", "B1 weather"]
    scripted(monkeypatch, 5, 5, 5, 3, 3, 3)  # B1 (nominated) 15 against 12: fails; red 9
    state = play(state, "B1 weather")
    assert "B1 Frigate reads the weather: Weather Sense 12" in texts(state, "weather")[0]
    assert state.holder == "red"


def test_a_tie_in_the_weather_means_no_range_or_battery_and_fire_together(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 4, 3, 4, 3)   # 10 and 10: equal margins
    state = battle(("B1 blue 6,7 N frigate", "R1 red 11,7 N frigate"))
    assert state.holder == "" and state.band is Band.STANDARD
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "target" and decision.plotted
    assert "a tie" in texts(state, "gauge")[0]


# -- round 2 on: the wind-gauge contest ------------------------------------------------

def test_contested_seamanship_with_its_modifiers(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 4, 4, 5)
    state = battle(("B1 blue 6,7 N sloop", "R1 red 15,7 N ship-of-the-line"))
    assert state.weather == (("blue", 1), ("red", 0))
    # blue: Tactics 9 (success), Seamanship 10; red: Tactics 14 (fail), Seamanship 9
    scripted(monkeypatch, 3, 3, 3, 4, 3, 3, 5, 5, 4, 3, 3, 3)
    state = at_round(state)
    gauge = texts(state, "gauge")
    assert gauge[0] == ("blue: B1 Sloop Seamanship 12 +1 weather sense +1 tactics +2 handling "
                        "= 16: 3d6=4+3+3=10, margin +6, success")
    assert gauge[1] == ("red: R1 Ship of the Line Seamanship 12 -1 handling = 11: 3d6=3+3+3=9, "
                        "margin +2, success")
    assert state.holder == "blue"
    assert len(texts(state, "tactics")) == 2


def test_damage_tells_in_the_contest(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = battle()
    state = with_gunnery(state, "B1", sail_hp=100, rigging_hits=2, steering=1)
    scripted(monkeypatch, 6, 6, 5, 3, 3, 3, 6, 6, 5, 3, 3, 3)
    state = at_round(state)
    assert ("-1 weather sense" not in texts(state, "gauge")[0])
    assert "-2 sails -2 rigging hits -1 steering" in texts(state, "gauge")[0]
    assert state.holder == "red"


def test_a_tied_contest_resets_the_gauge(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = battle()
    scripted(monkeypatch, 6, 6, 5, 3, 3, 4, 6, 6, 5, 3, 3, 4)
    state = at_round(state)
    assert state.holder == ""
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "target" and decision.plotted


def test_two_masts_down_lose_the_wind_gauge_without_a_roll(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = with_gunnery(battle(), "R1", mast_hits=(3, 3, 0))
    scripted(monkeypatch)
    state = at_round(state)
    assert state.holder == "blue"
    assert "red has no ship that can work to windward" in texts(state, "gauge")[0]


def test_both_crippled_is_a_tie(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = with_gunnery(with_gunnery(battle(), "R1", sail_hp=0), "B1", mast_hits=(3, 3, 3))
    scripted(monkeypatch)
    state = RULESET.advance(evolve(state, turn=2, phase="gauge", holder=""))
    assert state.holder == ""


def test_a_squadron_handles_as_its_clumsiest_ship_in_the_line(monkeypatch) -> None:
    ships = ("B1 blue 6,5 N frigate", "B2 blue 6,9 N ship-of-the-line", "R1 red 15,7 N frigate")
    state = battle(ships, header=["#! crew: B1 weather=18"])
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = play(state, "B1 weather")
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    gauge = texts(at_round(state), "gauge")
    assert "Seamanship 12 +1 weather sense +1 tactics -1 handling (B2) = 13" in gauge[0]
    # B2 out of the line (immobilised): the frigate's handling counts
    state = with_gunnery(state, "B2", sail_hp=0)
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    gauge = texts(at_round(state), "gauge")
    assert "+1 handling (B1) = 15" in gauge[0]


# -- the magical wind ------------------------------------------------------------------

def test_one_side_with_magic_gets_plus_two(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = evolve(battle(), magic=(Mage("red", 1, 12, "Biele"),))
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    state = at_round(state)
    assert "Biele of red raises a trailing wind" in texts(state, "magic")[0]
    assert "+2 trailing wind" in texts(state, "gauge")[1]
    assert "trailing wind" not in texts(state, "gauge")[0]


def test_the_stronger_spell_wins_the_wind(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = evolve(battle(), magic=(Mage("blue", 3, 10, "Biele"), Mage("red", 2, 16, "Storm")))
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    state = at_round(state)
    assert "Biele of blue is the stronger" in texts(state, "magic")[0]
    assert "+2 trailing wind" in texts(state, "gauge")[0]


@pytest.mark.parametrize(("blue_roll", "red_roll", "winner"), [
    ((3, 3, 3), (4, 4, 4), "blue"), ((4, 4, 4), (3, 3, 3), "red"), ((3, 3, 4), (3, 3, 4), "")])
def test_equal_mages_roll_a_quick_contest(monkeypatch, blue_roll, red_roll, winner) -> None:
    scripted(monkeypatch, 3, 3, 3, 3, 3, 3)
    state = evolve(battle(), magic=(Mage("blue", 2, 12, "Biele"), Mage("red", 2, 12, "Storm")))
    scripted(monkeypatch, *blue_roll, *red_roll, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    state = at_round(state)
    magic = texts(state, "magic")[0]
    assert "Quick Contest" in magic
    gauge = texts(state, "gauge")
    assert ("+2 trailing wind" in gauge[0]) == (winner == "blue")
    assert ("+2 trailing wind" in gauge[1]) == (winner == "red")
    if not winner:
        assert "the winds cancel out" in magic


# -- range -----------------------------------------------------------------------------

def holder_blue(monkeypatch: pytest.MonkeyPatch, **kwargs: object) -> KyngState:
    scripted(monkeypatch, 3, 3, 3, 4, 4, 4)
    return battle(**kwargs)  # type: ignore[arg-type]


def test_the_holder_may_close_open_or_hold(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    decision = RULESET.decision(state)
    assert decision is not None and decision.chance is not None
    assert [str(o) for o in decision.options] == ["B1 range hold", "B1 range close",
                                                  "B1 range open"]
    assert "Seamanship 13" in decision.prompt


def test_a_successful_seamanship_roll_shifts_the_range_one_band(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    scripted(monkeypatch, 4, 4, 5)  # 13 against 12 +1 handling: success
    state = play(state, "B1 range close")
    assert state.band is Band.STANDARD
    assert "closes to Standard (5 cells)" in texts(state, "range")[0]
    assert state.grid.distance(state.ship("B1").cell, state.ship("R1").cell) == 5


def test_a_failed_roll_leaves_the_range(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    scripted(monkeypatch, 5, 5, 4)
    state = play(state, "B1 range open")
    assert state.band is Band.LONG and "the range holds at Long" in texts(state, "range")[0]


def test_no_closing_from_close_and_no_opening_from_extreme(monkeypatch) -> None:
    state = holder_blue(monkeypatch, ships=("B1 blue 6,7 N frigate", "R1 red 8,7 N frigate"))
    decision = RULESET.decision(state)
    assert decision is not None and [o.arg for o in decision.options] == ["hold", "open"]
    state = holder_blue(monkeypatch, ships=("B1 blue 2,7 N frigate", "R1 red 16,7 N frigate"))
    decision = RULESET.decision(state)
    assert decision is not None and [o.arg for o in decision.options] == ["hold", "close"]


def test_the_range_roll_counts_the_squadrons_damage(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    state = with_gunnery(state, "B1", steering=2)
    decision = RULESET.decision(state)
    assert decision is not None and "Seamanship 11" in decision.prompt


# -- battery ---------------------------------------------------------------------------

def test_the_holder_chooses_the_battery_and_the_enemy_faces_with_her_other(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    state = play(state, "B1 range hold")
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "battery"
    assert [o.arg for o in decision.options] == ["starboard", "port"]
    state = play(state, "B1 battery port")
    assert state.ship("B1").gunnery.engaged is Battery.PORT
    assert state.ship("R1").gunnery.engaged is Battery.STARBOARD
    assert "red now faces them with her starboard battery" in texts(state, "battery")[0]


# -- broadsides ------------------------------------------------------------------------

def test_the_holder_fires_first_at_plus_one(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard")
    decision = RULESET.decision(state)
    assert decision is not None and (decision.kind, decision.ship) == ("target", "B1")
    assert not decision.plotted
    assert [str(o) for o in decision.options] == ["B1 fire R1", "B1 hold"]  # Long: no calls
    scripted(monkeypatch, 6, 6, 6)  # critical failure: no hits, a gun bursts
    state = play(state, "B1 fire R1")
    fired = texts(state, "gunnery")
    assert "Gunner (Cannon) 12 +1 wind gauge -2 Long range = 11" in fired[0]
    assert "a gun bursts" in fired[1]
    decision = RULESET.decision(state)
    assert decision is not None and (decision.kind, decision.ship) == ("target", "R1")
    scripted(monkeypatch, 4, 4, 4)
    state = play(state, "R1 fire B1")
    assert "Gunner (Cannon) 12 -2 Long range = 10: 3d6=4+4+4=12" in texts(state, "gunnery")[0]


def test_called_shots_need_standard_or_close_range_and_their_ammunition(monkeypatch) -> None:
    state = holder_blue(monkeypatch, ships=("B1 blue 6,7 N frigate", "R1 red 11,7 N frigate"))
    assert state.band is Band.STANDARD
    state = play(state, "B1 range hold", "B1 battery starboard")
    decision = RULESET.decision(state)
    assert decision is not None
    assert [str(o) for o in decision.options] == ["B1 fire R1", "B1 rudder R1", "B1 hold"]
    chain = with_gunnery(state, "B1", starboard=Guns(12, Ammo.CHAIN))
    decision = RULESET.decision(chain)
    assert decision is not None and [str(o) for o in decision.options] == ["B1 rigging R1",
                                                                           "B1 hold"]
    bar = with_gunnery(with_gunnery(state, "B1", starboard=Guns(12, Ammo.BAR)), "R1",
                       mast_hits=(3, 0, 0))
    decision = RULESET.decision(bar)
    assert decision is not None and [str(o) for o in decision.options] == [
        "B1 mainmast R1", "B1 mizzen R1", "B1 hold"]
    far = with_gunnery(evolve(state, band=Band.LONG), "B1", starboard=Guns(12, Ammo.GRAPE))
    decision = RULESET.decision(far)
    assert decision is not None and decision.ship == "R1"  # B1's grape cannot reach


def test_a_called_shot_carries_its_penalty(monkeypatch) -> None:
    state = holder_blue(monkeypatch, ships=("B1 blue 6,7 N frigate", "R1 red 11,7 N frigate"))
    state = with_gunnery(play(state, "B1 range hold", "B1 battery starboard"), "B1",
                         starboard=Guns(12, Ammo.GRAPE))
    scripted(monkeypatch, 2, 2, 2)  # 6 against 12 +1 -3 = 10: MoS 4, 50% of 12: 6 crew hits
    state = play(state, "B1 crew R1")
    assert "12 +1 wind gauge -3 called shot = 10" in texts(state, "gunnery")[0]
    assert state.ship("R1").gunnery.readiness == 40


def test_ties_fire_together_at_minus_one_from_the_state_before_the_volley(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 4, 3, 4, 3)
    state = battle(("B1 blue 6,7 N frigate", "R1 red 11,7 N frigate"))
    state = play(state, "B1 fire R1")
    assert state.phase == "fire" and state.plotted == (Order("B1", "fire", "R1"),)
    # B1: 3d6 = 5 (MoS 6: 75% of 12 = 9 hits, all on the cannons: 9 guns... of red's port);
    # red still fires all 12 of her port guns: the volley is simultaneous.
    faces = [1, 2, 2] + [5, 1] * 9 + [2, 2, 2] + [4] * 6
    scripted(monkeypatch, *faces)
    state = play(state, "R1 fire B1")
    fired = texts(state, "gunnery")
    assert "12 -1 tie +0" not in fired[0] and "12 -1 tie = 11" in fired[0]
    assert "hit rate 75% x 12 guns = 9 hits" in fired[0]
    assert "12 -1 tie = 11: 3d6=2+2+2=6, margin +5" in fired[1]
    assert "x 12 guns = 6 hits" in fired[1]
    assert state.ship("R1").gunnery.port.guns == 3
    assert state.ship("B1").gunnery.readiness == 40


def test_holding_fire_keeps_the_battery_loaded(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard", "B1 hold")
    assert "B1 Frigate holds her fire" in texts(state, "gunnery")
    assert state.ship("B1").gunnery.starboard.ready


# -- ammunition and reloading ----------------------------------------------------------

def test_the_reload_prompt_after_firing(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard")
    scripted(monkeypatch, 5, 5, 5, 5, 5, 5)  # both miss
    state = play(state, "B1 fire R1", "R1 fire B1")
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "ammo" and decision.plotted
    assert [str(o) for o in decision.options] == ["B1 port keep", "B1 port chain",
                                                  "B1 port bar", "B1 port grape"]
    assert "stays loaded" in decision.prompt and "chain 5 rounds" in decision.prompt
    state = play(state, "B1 port keep")
    decision = RULESET.decision(state)
    assert decision is not None
    assert [str(o) for o in decision.options] == ["B1 starboard keep", "B1 starboard chain",
                                                  "B1 starboard bar", "B1 starboard grape"]
    assert "keep 3 rounds" in decision.prompt and "grape 4 rounds" in decision.prompt


def test_reload_timings_through_the_rounds(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard")
    scripted(monkeypatch, 5, 5, 5, 5, 5, 5)
    state = play(state, "B1 fire R1", "R1 fire B1", "B1 port keep", "B1 starboard grape",
                 "R1 port keep")
    scripted(monkeypatch, *[3] * 12)
    state = play(state, "R1 starboard bar")
    ammo = texts(state, "ammo")
    assert "B1 Frigate's starboard battery reloads with grapeshot: loaded in 4 rounds" in ammo
    assert "R1 Frigate's port battery reloads with round shot: loaded in 3 rounds" in ammo
    assert ("R1 Frigate's starboard battery draws her charge and reloads with bar shot: "
            "loaded in 5 rounds") in ammo
    assert state.turn == 2
    b1, r1 = state.ship("B1").gunnery, state.ship("R1").gunnery
    assert (b1.starboard.ammo, b1.starboard.reload, b1.port.ready) == (Ammo.GRAPE, 3, True)
    assert (r1.port.reload, r1.starboard.ammo, r1.starboard.reload) == (2, Ammo.BAR, 4)


def test_illegal_orders_are_refused_with_the_legal_ones() -> None:
    state = battle()
    with pytest.raises(IllegalOrder, match="legal"):
        RULESET.apply(state, Order.parse("B1 fire R1"))


# -- the end ---------------------------------------------------------------------------

def test_sinking_the_last_enemy_wins(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard")
    state = with_gunnery(state, "R1", hip=30)
    scripted(monkeypatch, 3, 3, 3, 1, *damage(21))  # MoS 2: 3 hits; the first, PS 22, sinks her
    state = play(state, "B1 fire R1")
    assert state.outcome is not None and state.outcome.winner == "blue"
    assert not state.ship("R1").afloat
    assert RULESET.decision(state) is None
    with pytest.raises(IllegalOrder, match="over"):
        RULESET.apply(state, Order.parse("R1 fire B1"))


def test_a_crew_at_zero_readiness_strikes(monkeypatch) -> None:
    state = play(holder_blue(monkeypatch), "B1 range hold", "B1 battery starboard")
    state = with_gunnery(state, "R1", readiness=10)
    scripted(monkeypatch, 3, 3, 3, 4)
    state = play(state, "B1 fire R1")
    assert state.outcome is not None and state.outcome.winner == "blue"
    assert state.ship("R1").gunnery.struck and state.ship("R1").afloat


def test_the_turn_limit_judges_by_strength(monkeypatch) -> None:
    scripted(monkeypatch, 3, 3, 3, 4, 4, 4)
    state = battle(turns=1)
    state = with_gunnery(state, "R1", hip=400)
    scripted(monkeypatch, 5, 5, 5, 5, 5, 5)
    state = play(state, "B1 range hold", "B1 battery starboard", "B1 fire R1", "R1 fire B1",
                 "B1 port keep", "B1 starboard keep", "R1 port keep", "R1 starboard keep")
    assert state.outcome is not None and state.outcome.winner == "blue"
    assert "blue keeps 100% of its strength, red 90%" in state.outcome.reason


def test_equal_strength_at_the_limit_is_a_draw() -> None:
    state = battle(turns=1)
    assert rules.judge_at_limit(state).winner is None


# -- the UI ----------------------------------------------------------------------------

def test_describe_rows() -> None:
    state = with_gunnery(battle(header=["#! name: B1 Sojourner"]), "B1", hip=250,
                         readiness=80, sail_hp=150, mast_hits=(1, 3, 0), on_fire=True,
                         port=Guns(10, Ammo.CHAIN, 2, False))
    rows = {r.label: r for r in RULESET.describe(state, "B1")}
    assert rows["Ship"].value == "B1 Sojourner (Frigate, blue)"
    assert rows["Range"].value == "Long (9 cells)"
    assert (rows["HIP"].value, rows["HIP"].fraction) == ("250/500", 0.5)
    assert rows["Hull"].value == "DR 20; Noticeable stress"
    assert (rows["Sails"].value, rows["Sails"].fraction) == ("150/200 HP", 0.75)
    assert rows["Masts"].value == ("foremast 1/3 (DR 20), mainmast down (DR 25), "
                                   "mizzen 0/3 (DR 20)")
    assert rows["Crew"].fraction == 0.8
    assert rows["Port"].value == "10/12 x 9-pounder"
    assert rows["Starboard (engaged)"].fraction == 1.0
    assert rows["Reload"].value == "port 2, starboard ready"
    assert rows["Ammo"].value == "port chain shot, starboard round shot"
    assert rows["Skills"].value == "Weather 12, Seamanship 12, Tactics 12, Gunner 12"
    assert "ON FIRE" in rows["Damage"].value


def test_help_names_every_adaptation_section() -> None:
    text = RULESET.help_text()
    assert "## How this game adapts the rulebook" in text
    for word in ("HIP loss", "Squadrons", "Round 1", "Battery", "Reload timing", "Striking",
                 "Magic"):
        assert word in text


def test_events_belong_to_their_transition(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    scripted(monkeypatch, 3, 3, 3)
    after = play(state, "B1 range close")
    assert all(isinstance(e, Event) for e in after.events)
    assert not any(e.kind == "weather" for e in after.events)


def test_gunnery_and_rules_agree_on_the_ships(monkeypatch) -> None:
    state = holder_blue(monkeypatch)
    ship = state.ship("B1")
    assert isinstance(ship, KyngShip)
    assert ship.gunnery == evolve(gun.new_gunnery("frigate"), engaged=Battery.STARBOARD)


def test_on_a_square_grid_the_bands_are_straight_line_distances_on_the_diagonal_too() -> None:
    """The squadrons are placed by centre-to-centre distance: a band is as long on a
    square grid's diagonal as along its rows (the plain step count would stretch it)."""
    from tui_naval.core.grid import Cell, Grid
    from tui_naval.rulesets.kyngesreach import layout

    grid = Grid(GridKind.SQUARE, 30, 30)
    for homes_b in ([Cell(14, 5)], [Cell(11, 11)]):   # along a row, along the diagonal
        d = layout.axis(grid, [Cell(5, 5)], homes_b)[2]
        assert abs(d - grid.euclid(Cell(5, 5), homes_b[0])) < 1e-9
    assert layout.axis(grid, [Cell(5, 5)], [Cell(11, 11)])[2] < 9
