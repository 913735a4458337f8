"""Kyngesreach's gunnery on its own: the formulas, the worked examples, every effect.

Dice are scripted: ``Dice(...)`` is a roller whose dice come up as listed, in
the order the rules roll them (3d6 for a skill roll, 1d for hit location,
six dice for "6d x 2" damage...).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from tui_naval.core.dice import Check, Rng, Roller, gurps_check
from tui_naval.systems.gunnery.kyngesreach import damage as firing
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Aim, Battery, Gunnery, Guns, Skills
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band, Called, Mast, tables


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


class Log:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str]] = []

    def __call__(self, kind: str, text: str, ship: str = "") -> None:
        self.lines.append((kind, text, ship))

    def text(self) -> str:
        return "\n".join(t for _, t, _ in self.lines)


def ship(kind: str = "frigate", **changes: object) -> Gunnery:
    return evolve(gun.new_gunnery(kind), **changes)


def damage(total: int, n: int = 6) -> list[int]:
    """n dice summing to ``total`` (each 1-6)."""
    assert n <= total <= 6 * n
    faces = [1] * n
    left = total - n
    for i in range(n):
        add = min(5, left)
        faces[i] += add
        left -= add
    return faces


# -- GURPS rolls -----------------------------------------------------------------------

@pytest.mark.parametrize(("roll", "skill", "success", "critical"), [
    (3, 5, True, True), (4, 3, True, True), (5, 15, True, True), (5, 14, True, False),
    (6, 16, True, True), (6, 15, True, False), (18, 20, False, True), (17, 15, False, True),
    (17, 16, False, False), (16, 6, False, True), (15, 6, False, False), (12, 12, True, False),
    (13, 12, False, False)])
def test_gurps_criticals_via_the_cores_check(roll: int, skill: int, success: bool,
                                             critical: bool) -> None:
    check = gurps_check(roll, skill)
    assert (check.success, check.critical) == (success, critical)


def test_skill_roll_logs_skill_modifiers_roll_margin_and_result() -> None:
    check, text = gun.skill_roll(Dice(3, 3, 3), "Gunner (Cannon)", 12,
                                 [("wind gauge", 1), ("Long range", -2)])
    assert (check.roll, check.skill, check.margin, check.success) == (9, 11, 2, True)
    assert text == ("Gunner (Cannon) 12 +1 wind gauge -2 Long range = 11: 3d6=3+3+3=9, "
                    "margin +2, success")


def test_skill_roll_names_criticals() -> None:
    assert "critical success" in gun.skill_roll(Dice(1, 1, 2), "x", 12, [])[1]
    assert "critical failure" in gun.skill_roll(Dice(6, 6, 6), "x", 12, [])[1]


@pytest.mark.parametrize(("a", "b", "result"), [
    ((9, 12), (10, 12), 1),        # margins 3 and 2
    ((10, 12), (10, 12), 0),       # equal margins: a tie
    ((12, 13), (11, 12), 0),       # margin 1 each
    ((13, 12), (14, 12), 1),       # both fail: the smaller failure wins
    ((4, 12), (7, 18), 1),         # critical success (margin 8) beats margin 11
    ((17, 12), (16, 12), -1),      # critical failure loses to a plain failure
    ((3, 12), (4, 14), -1),        # two criticals: the margins decide (9 against 10)
])
def test_quick_contest(a: tuple[int, int], b: tuple[int, int], result: int) -> None:
    assert gun.contest(gurps_check(*a), gurps_check(*b)) == result
    assert gun.contest(gurps_check(*b), gurps_check(*a)) == -result


# -- hit rate --------------------------------------------------------------------------

@pytest.mark.parametrize(("mos", "rate"), [(0, 10), (1, 10), (2, 25), (3, 25), (4, 50), (5, 50),
                                           (6, 75), (7, 75), (8, 100), (12, 100), (-1, 0)])
def test_hit_rate_by_margin_of_success(mos: int, rate: int) -> None:
    assert gun.hit_rate(mos) == rate


def test_worked_example_skill_12_roll_9_is_mos_3_and_three_hits_of_twelve_guns() -> None:
    """The footnote: modified skill 12, roll 9, MoS 3 -> 25%; x 12 guns (Sojourner)."""
    check = gurps_check(9, 12)
    assert check.margin == 3
    assert gun.hits_scored(gun.hit_rate(check.margin), 12, Band.STANDARD) == (25, 3)


@pytest.mark.parametrize(("rate", "guns", "band", "expected"), [
    (100, 12, Band.EXTREME, (25, 3)), (100, 12, Band.LONG, (50, 6)),
    (100, 12, Band.STANDARD, (100, 12)), (75, 12, Band.CLOSE, (75, 9)),
    (10, 9, Band.STANDARD, (10, 0)), (10, 12, Band.STANDARD, (10, 1)),
    (75, 37, Band.STANDARD, (75, 27)), (50, 25, Band.LONG, (50, 12))])
def test_hits_are_capped_by_the_band_and_rounded_down(rate: int, guns: int, band: Band,
                                                      expected: tuple[int, int]) -> None:
    assert gun.hits_scored(rate, guns, band) == expected


def test_volley_with_the_wind_gauge_at_long_range() -> None:
    frigate = ship()
    volley = gun.roll_volley(Dice(2, 3, 3), frigate, Battery.STARBOARD, ship(), Band.LONG,
                             Aim(), [("wind gauge", 1)])
    # skill 12 +1 -2 = 11, roll 8: MoS 3 -> 25% of 12 = 3 hits
    assert (volley.skill, volley.check.margin, volley.rate, volley.hits) == (11, 3, 25, 3)
    assert "hit rate 25% x 12 guns = 3 hits" in volley.text


def test_a_critical_success_hits_at_the_best_rate_but_the_band_still_caps_it() -> None:
    volley = gun.roll_volley(Dice(1, 1, 2), ship(), Battery.PORT, ship(), Band.EXTREME, Aim())
    assert volley.check.critical and volley.check.success
    assert (volley.rate, volley.hits) == (25, 3)


def test_a_failure_scores_nothing_and_a_critical_failure_bursts_a_gun() -> None:
    frigate = ship()
    volley = gun.roll_volley(Dice(6, 6, 6), frigate, Battery.PORT, ship(), Band.CLOSE, Aim())
    assert volley.hits == 0 and volley.check.critical and not volley.check.success
    after = gun.after_firing(frigate, Battery.PORT, volley)
    assert after.port == Guns(11, Ammo.ROUND, 0, True)
    plain = gun.roll_volley(Dice(5, 5, 5), frigate, Battery.PORT, ship(), Band.CLOSE, Aim())
    assert gun.after_firing(frigate, Battery.PORT, plain).port.guns == 12


def test_gunner_modifiers_range_morale_damage_called_and_dismasted_target() -> None:
    shooter = ship(readiness=70, hip=200)          # 40% HIP: severe flooding
    target = ship(mast_hits=(3, 0, 0))             # foremast down: +2
    mods = gun.gunner_modifiers(shooter, target, Band.CLOSE, Aim(Called.CREW),
                                [("wind gauge", 1)])
    assert mods == [("wind gauge", 1), ("Close range", 1), ("morale", -1), ("hull damage", -2),
                    ("called shot", -3), ("target dismasted", 2)]


@pytest.mark.parametrize(("readiness", "mod"), [(100, 0), (76, 0), (75, -1), (51, -1), (50, -2),
                                                (25, -3), (10, -3)])
def test_morale_from_crew_readiness(readiness: int, mod: int) -> None:
    assert gun.morale(readiness) == mod


@pytest.mark.parametrize(("masts", "bonus"), [((0, 0, 0), 0), ((3, 0, 0), 2), ((0, 3, 0), 3),
                                              ((0, 0, 3), 1), ((3, 3, 0), 5), ((3, 3, 3), 5),
                                              ((2, 2, 2), 0)])
def test_enemy_to_hit_for_fallen_masts(masts: tuple[int, int, int], bonus: int) -> None:
    assert gun.enemy_to_hit(ship(mast_hits=masts)) == bonus


# -- HIP -------------------------------------------------------------------------------

@pytest.mark.parametrize(("ps", "loss"), [(0, 0), (-5, 0), (1, 10), (10, 10), (11, 20), (20, 20),
                                          (21, 30), (30, 30), (31, 40), (50, 40), (51, 50),
                                          (120, 50)])
def test_hip_loss_brackets(ps: int, loss: int) -> None:
    assert gun.hip_loss(ps) == loss


@pytest.mark.parametrize(("hip", "name"), [(500, "Minor damage"), (375, "Minor damage"),
                                           (374, "Noticeable stress"), (250, "Noticeable stress"),
                                           (249, "Severe flooding"), (125, "Severe flooding"),
                                           (124, "Critical flooding"), (50, "Critical flooding"),
                                           (49, "Rapid sinking"), (1, "Rapid sinking")])
def test_sinking_thresholds_of_a_frigate(hip: int, name: str) -> None:
    assert gun.hip_status(hip, 500).name == name


def test_an_untouched_hull_is_shown_as_no_damage_not_minor_damage() -> None:
    # (the first band, 75-100%, is "Minor damage": the ship panel said it of a new ship)
    assert gun.hull_words(ship()) == "no damage"
    assert gun.hull_words(ship(hip=499)) == "Minor damage"
    assert gun.hull_words(ship(hip=374)) == "Noticeable stress"


def test_hull_hit_penetrates_and_costs_hip_by_penetration_strength() -> None:
    log = Log()
    # location 1 (hull); 6dx2 = 2 x 21 = 42 against DR 20: PS 22 -> -30
    g = firing.apply_hit(Dice(1, *damage(21)), ship(), 9, Aim(), Battery.PORT, log, "R1", "hit")
    assert g.hip == 470
    assert "damage 6d6x2" in log.text() and "=42 vs DR 20: penetrates, PS 22, HIP -30" \
        in log.text()


def test_hull_hit_that_does_not_penetrate_does_nothing() -> None:
    # 6dx2 = 20 against DR 20: no penetration (damage must exceed DR)
    g = firing.apply_hit(Dice(2, *damage(10)), ship(), 9, Aim(), Battery.PORT, Log(), "R1", "hit")
    assert g == ship()


def test_heavy_calibres_against_heavy_hulls() -> None:
    sotl = ship("ship-of-the-line")
    # 32-pounder 6dx4: 4 x 30 = 120 against DR 40: PS 80 -> -50
    g = firing.apply_hit(Dice(1, *damage(30)), sotl, 32, Aim(), Battery.PORT, Log(), "", "")
    assert g.hip == 950
    # 18-pounder 6dx3: 3 x 15 = 45 against DR 50: nothing
    first = ship("first-rate")
    assert firing.apply_hit(Dice(1, *damage(15)), first, 18, Aim(), Battery.PORT, Log(), "",
                         "") == first


def test_rigging_location_takes_the_calibres_sail_damage() -> None:
    g = firing.apply_hit(Dice(3), ship(), 9, Aim(), Battery.PORT, Log(), "", "")
    assert g.sail_hp == 190
    g = firing.apply_hit(Dice(3), ship("ship-of-the-line"), 32, Aim(), Battery.PORT, Log(), "", "")
    assert g.sail_hp == 360


def test_deck_crew_location_costs_ten_percent_readiness() -> None:
    assert firing.apply_hit(Dice(4), ship(), 9, Aim(), Battery.PORT, Log(), "", "").readiness == 90


def test_cannons_location_destroys_1d_guns_of_the_facing_battery_and_delays_it() -> None:
    g = firing.apply_hit(Dice(5, 4), ship(), 9, Aim(), Battery.STARBOARD, Log(), "", "")
    assert g.starboard == Guns(8, Ammo.ROUND, 1, False)
    assert g.port == Guns(12)
    few = ship(port=Guns(2, Ammo.ROUND, 2, False))
    g = firing.apply_hit(Dice(5, 6), few, 9, Aim(), Battery.PORT, Log(), "", "")
    assert g.port == Guns(0, Ammo.ROUND, 3, False)


def test_a_critical_location_needs_a_penetrating_hit() -> None:
    g = firing.apply_hit(Dice(6, *damage(10)), ship(), 9, Aim(), Battery.PORT, Log(), "", "")
    assert g == ship()


def critical(face: int, *more: int, target: Gunnery | None = None) -> tuple[Gunnery, Log]:
    """A penetrating critical hit (PS 22, -30 HIP) and the critical table's ``face``."""
    log = Log()
    g = firing.apply_hit(Dice(6, *damage(21), face, *more), target or ship(), 9, Aim(),
                      Battery.PORT, log, "R1", "hit")
    return g, log


def test_critical_fire_on_deck() -> None:
    g, _ = critical(1)
    assert g.hip == 470 and g.on_fire


def test_critical_steering_damaged() -> None:
    g, _ = critical(2)
    assert g.steering == 1
    g, _ = critical(2, target=ship(steering=3))
    assert g.steering == 3  # at most 3


def test_critical_magazine_disruption_delays_both_batteries() -> None:
    g, _ = critical(3, target=ship(starboard=Guns(12, Ammo.CHAIN, 1, False)))
    assert (g.port.reload, g.starboard.reload) == (2, 3)


@pytest.mark.parametrize(("die", "skill"), [(1, "gunner"), (2, "gunner"), (3, "seamanship"),
                                            (4, "seamanship"), (5, "tactics"), (6, "weather")])
def test_critical_injury_costs_an_officer_two_points(die: int, skill: str) -> None:
    g, log = critical(4, die)
    assert getattr(g.skills, skill) == 10
    assert sum(getattr(g.skills, s) for s in ("gunner", "seamanship", "tactics", "weather")) == 46
    assert "injured" in log.text()


def test_injury_never_takes_a_skill_below_3() -> None:
    g, _ = critical(4, 1, target=ship(skills=Skills(gunner=4)))
    assert g.skills.gunner == 3


def test_critical_rigging_collapse_is_a_rigging_hit_and_sail_damage() -> None:
    g, _ = critical(5)
    assert (g.rigging_hits, g.sail_hp) == (1, 190)
    assert ("rigging hits", -1) in gun.seamanship_modifiers(g)


def test_critical_major_hit_costs_a_further_fifty_hip() -> None:
    g, _ = critical(6)
    assert g.hip == 500 - 30 - 50


# -- called shots ----------------------------------------------------------------------

def test_rudder_shot_against_the_hull_dr_damages_steering() -> None:
    aim = Aim(Called.RUDDER)
    g = firing.apply_hit(Dice(*damage(11)), ship(), 9, aim, Battery.PORT, Log(), "", "")
    assert g.steering == 1 and g.hip == 500
    g = firing.apply_hit(Dice(*damage(10)), ship(), 9, aim, Battery.PORT, Log(), "", "")
    assert g.steering == 0


def test_chain_shot_at_the_rigging_against_dr_10() -> None:
    aim = Aim(Called.RIGGING)
    g = firing.apply_hit(Dice(*damage(6)), ship(), 9, aim, Battery.PORT, Log(), "", "")
    assert g.sail_hp == 190  # 12 > DR 10
    g = firing.apply_hit(Dice(*damage(6)), ship("sloop"), 18, aim, Battery.PORT, Log(), "", "")
    assert g.sail_hp == 80   # 18 > 10: 20 HP


def test_grapeshot_at_the_crew_has_no_dr() -> None:
    g = firing.apply_hit(Dice(), ship(), 9, Aim(Called.CREW), Battery.PORT, Log(), "", "")
    assert g.readiness == 90


def test_a_mast_falls_after_three_penetrating_hits() -> None:
    aim = Aim(Called.MAST, Mast.FORE)
    g = ship()
    for n in range(1, 4):
        g = firing.apply_hit(Dice(*damage(11)), g, 9, aim, Battery.PORT, Log(), "", "")  # 22 > 20
        assert g.mast_hits[0] == n
    assert g.mast_down(Mast.FORE) and g.masts_lost == (Mast.FORE,)
    assert ("no foremast", -2) in gun.seamanship_modifiers(g)
    assert gun.enemy_to_hit(g) == 2


def test_mast_hits_must_beat_the_masts_dr() -> None:
    aim = Aim(Called.MAST, Mast.MAIN)
    g = firing.apply_hit(Dice(*damage(12)), ship(), 9, aim, Battery.PORT, Log(), "", "")
    assert g.mast_hits == (0, 0, 0)   # 24 against the frigate's mainmast DR 25
    g = firing.apply_hit(Dice(*damage(13)), ship(), 9, aim, Battery.PORT, Log(), "", "")
    assert g.mast_hits == (0, 1, 0)


def test_losing_the_mainmast_is_major_sail_loss() -> None:
    log = Log()
    g = firing.apply_hit(Dice(*damage(13)), ship(mast_hits=(0, 2, 0)), 9,
                         Aim(Called.MAST, Mast.MAIN), Battery.PORT, log, "", "")
    assert g.mast_down(Mast.MAIN) and g.sail_hp == 100
    assert gun.enemy_to_hit(g) == 3 and "goes by the board" in log.text()


def test_losing_the_mizzen_is_steering_loss() -> None:
    g = firing.apply_hit(Dice(*damage(11)), ship(mast_hits=(0, 0, 2)), 9,
                      Aim(Called.MAST, Mast.MIZZEN), Battery.PORT, Log(), "", "")
    assert g.steering == 1 and gun.enemy_to_hit(g) == 1


def test_two_masts_lost_put_her_out_of_the_line_and_all_three_set_her_adrift() -> None:
    two = ship(mast_hits=(3, 3, 0))
    assert two.out_of_line and not two.adrift and gun.enemy_to_hit(two) == 5
    three = ship(mast_hits=(3, 3, 3))
    assert three.adrift and three.out_of_line


def test_hits_on_a_fallen_mast_are_wasted() -> None:
    g = ship(mast_hits=(3, 0, 0))
    assert firing.apply_hit(Dice(), g, 9, Aim(Called.MAST, Mast.FORE), Battery.PORT, Log(), "",
                         "") == g


def test_aims_follow_the_ammunition_and_the_band() -> None:
    target = ship()
    tokens = {ammo: [a.token for a in gun.ammo_aims(ammo, target, Band.STANDARD)]
              for ammo in Ammo}
    assert tokens == {Ammo.ROUND: ["fire", "rudder"], Ammo.CHAIN: ["rigging"],
                      Ammo.BAR: ["foremast", "mainmast", "mizzen"], Ammo.GRAPE: ["crew"]}
    for band in (Band.LONG, Band.EXTREME):
        assert [a.token for a in gun.ammo_aims(Ammo.ROUND, target, band)] == ["fire"]
        for ammo in (Ammo.CHAIN, Ammo.BAR, Ammo.GRAPE):
            assert gun.ammo_aims(ammo, target, band) == []
    assert [a.token for a in gun.ammo_aims(Ammo.BAR, ship(mast_hits=(3, 1, 0)), Band.CLOSE)] \
        == ["mainmast", "mizzen"]


def test_no_aims_without_a_ready_battery_or_at_a_ship_out_of_action() -> None:
    shooter = ship(port=Guns(12, Ammo.ROUND, 2, False))
    assert gun.aim_options(shooter, Battery.PORT, ship(), Band.CLOSE) == []
    assert gun.aim_options(shooter, Battery.STARBOARD, ship(struck=True), Band.CLOSE) == []
    assert gun.aim_options(ship(port=Guns(0)), Battery.PORT, ship(), Band.CLOSE) == []


def test_aim_tokens_round_trip() -> None:
    for token in gun.AIM_TOKENS:
        assert Aim.parse(token).token == token


# -- a whole broadside -----------------------------------------------------------------

def test_fire_rolls_empties_the_battery_and_resolves_each_hit() -> None:
    log = Log()
    # 3d6 = 8 against 12 + 1 (gauge): MoS 5 -> 50% of 12 = 6 hits; then six crew hits
    shooter, target, volley = firing.fire(
        Dice(2, 3, 3, 4, 4, 4, 4, 4, 4), ship(), Battery.STARBOARD, ship(), Battery.PORT,
        Band.STANDARD, Aim(), log, extra=[("wind gauge", 1)], names=("B1", "B1 x", "R1", "R1 y"))
    assert volley.hits == 6
    assert shooter.starboard.empty and shooter.port.ready
    assert target.readiness == 40
    assert [k for k, _, _ in log.lines] == ["gunnery"] + ["hit"] * 6


def test_hits_stop_once_the_target_strikes() -> None:
    log = Log()
    g = firing.apply_hits(Dice(), ship(readiness=20), 9, Aim(Called.CREW), 5, Battery.PORT, log,
                       "R1", "R1")
    assert g.readiness == 0 and g.struck and not g.in_action
    assert sum(1 for k, _, _ in log.lines if k == "hit") == 2


def test_under_ten_percent_hip_she_is_sinking_and_at_zero_sunk() -> None:
    g = firing.apply_hits(Dice(1, *damage(21)), ship(hip=60), 9, Aim(), 3, Battery.PORT, Log(),
                       "R1", "R1")
    assert g.hip == 30 and g.sinking and not g.sunk and not g.in_action
    g = firing.apply_hits(Dice(1, *damage(21)), ship(hip=30), 9, Aim(), 1, Battery.PORT, Log(),
                       "R1", "R1")
    assert g.hip == 0 and g.sunk


# -- sails and seamanship --------------------------------------------------------------

@pytest.mark.parametrize(("sail_hp", "mod"), [(200, 0), (151, 0), (150, -1), (101, -1), (100, -2),
                                              (51, -2), (50, -4), (1, -4), (0, -4)])
def test_sail_hp_loss_effects(sail_hp: int, mod: int) -> None:
    assert gun.sail_penalty(sail_hp, 200) == mod


def test_full_sail_loss_immobilises_her() -> None:
    g = ship(sail_hp=0)
    assert g.immobilised and g.out_of_line


def test_seamanship_modifiers_collect_class_and_damage() -> None:
    g = ship(sail_hp=90, rigging_hits=2, steering=1, mast_hits=(3, 0, 0), hip=200)
    assert gun.seamanship_modifiers(g) == [("handling", 1), ("sails", -2), ("rigging hits", -2),
                                           ("steering", -1), ("no foremast", -2), ("hull", -2)]
    assert gun.seamanship_modifiers(ship("fourth-rate")) == []


# -- reloading -------------------------------------------------------------------------

@pytest.mark.parametrize(("current", "new", "loaded", "rounds"), [
    (Ammo.ROUND, Ammo.ROUND, False, 3), (Ammo.ROUND, Ammo.CHAIN, False, 4),
    (Ammo.ROUND, Ammo.GRAPE, True, 5), (Ammo.BAR, Ammo.BAR, True, 3)])
def test_reload_times(current: Ammo, new: Ammo, loaded: bool, rounds: int) -> None:
    assert gun.reload_time(current, new, loaded) == rounds


def test_reload_prompt_for_an_empty_battery() -> None:
    empty = Guns(12, Ammo.ROUND, 0, True)
    assert gun.reload_options(empty) == [("keep", 3), ("chain", 4), ("bar", 4), ("grape", 4)]


def test_reload_prompt_for_a_loaded_battery() -> None:
    loaded = Guns(12, Ammo.GRAPE)
    assert gun.reload_options(loaded) == [("keep", 0), ("round", 5), ("chain", 5), ("bar", 5)]


def test_no_prompt_while_reloading_or_without_guns() -> None:
    assert gun.reload_options(Guns(12, Ammo.ROUND, 2, False)) == []
    assert gun.reload_options(Guns(0, Ammo.ROUND, 0, True)) == []


def test_start_reload() -> None:
    g = ship(port=Guns(12, Ammo.ROUND, 0, True))
    g2, rounds = gun.start_reload(g, Battery.PORT, "keep")
    assert rounds == 3 and g2.port == Guns(12, Ammo.ROUND, 3, False)
    g2, rounds = gun.start_reload(g, Battery.PORT, "grape")
    assert rounds == 4 and g2.port == Guns(12, Ammo.GRAPE, 4, False)
    g2, rounds = gun.start_reload(g, Battery.STARBOARD, "keep")
    assert rounds == 0 and g2 == g
    g2, rounds = gun.start_reload(g, Battery.STARBOARD, "bar")
    assert rounds == 5 and g2.starboard == Guns(12, Ammo.BAR, 5, False)


def test_a_delay_on_an_empty_battery_adds_to_its_reload() -> None:
    g = ship(port=Guns(8, Ammo.ROUND, 1, True))
    g2, _ = gun.start_reload(g, Battery.PORT, "keep")
    assert g2.port.reload == 4


def test_a_battery_that_fires_in_round_r_fires_again_in_round_r_plus_3() -> None:
    g = ship(port=Guns(12, Ammo.ROUND, 0, True))
    g, _ = gun.start_reload(g, Battery.PORT, "keep")   # round R's ammunition orders
    ready = []
    for _ in range(4):                                  # ends of rounds R, R+1, ...
        g = gun.end_of_round(Dice(), g, Log(), "", "")
        ready.append(g.port.ready)
    assert ready == [False, False, True, True]


# -- the end of a round ----------------------------------------------------------------

def test_fire_burns_until_put_out() -> None:
    log = Log()
    g = gun.end_of_round(Dice(6, 6, 1), ship(on_fire=True), log, "B1", "B1")
    assert g.hip == 490 and g.on_fire                   # 13 against 12: still burning
    g = gun.end_of_round(Dice(3, 3, 3), g, log, "B1", "B1")
    assert g.hip == 480 and not g.on_fire
    assert sum(1 for k, _, _ in log.lines if k == "burn") == 2


def test_critical_flooding_costs_ten_hip_a_round() -> None:
    g = gun.end_of_round(Dice(), ship(hip=100), Log(), "", "")
    assert g.hip == 90
    assert gun.end_of_round(Dice(), ship(hip=130), Log(), "", "").hip == 130


def test_flooding_can_send_her_under() -> None:
    log = Log()
    g = gun.end_of_round(Dice(), ship(hip=55), log, "", "")
    assert g.hip == 0 and g.sunk
    assert any(k == "sinks" for k, _, _ in log.lines)


def test_a_sinking_ship_founders_at_the_end_of_the_round() -> None:
    g = gun.end_of_round(Dice(), ship(hip=40, sinking=True), Log(), "", "")
    assert g.sunk


def test_jury_rigging() -> None:
    g = gun.end_of_round(Dice(6, 6, 5), ship(sail_hp=0), Log(), "", "")
    assert g.sail_hp == 0
    g = gun.end_of_round(Dice(4, 4, 4), g, Log(), "", "")
    assert g.sail_hp == 50 and not g.immobilised
    g = gun.end_of_round(Dice(1, 1, 1), ship(sail_hp=0), Log(), "", "")
    assert g.sail_hp == 100                              # critical success: 50%
    adrift = ship(sail_hp=0, mast_hits=(3, 3, 3))
    assert gun.end_of_round(Dice(), adrift, Log(), "", "") == adrift


def test_band_for_cells_measures_range_on_a_map() -> None:
    assert [gun.band_for_cells(c) for c in (0, 2, 3, 5, 6, 9, 10, 14, 15)] == [
        Band.CLOSE, Band.CLOSE, Band.STANDARD, Band.STANDARD, Band.LONG, Band.LONG,
        Band.EXTREME, Band.EXTREME, None]


def test_strength_for_judging() -> None:
    assert gun.strength(ship()) == 1.0
    assert gun.strength(ship(hip=250, readiness=50)) == 0.5
    assert gun.strength(ship(struck=True)) == 0.0


def test_checks_are_gurps_checks() -> None:
    assert isinstance(gun.skill_roll(Dice(1, 2, 3), "x", 12, [])[0], Check)
    assert tables().skills["gunner"] == Skills.default().gunner


def test_the_cannons_reload_delay_falls_once_a_broadside() -> None:
    g = firing.apply_hits(Dice(5, 1, 5, 2, 5, 1), ship(), 9, Aim(), 3, Battery.PORT, Log(), "R1",
                       "R1")
    assert g.port == Guns(8, Ammo.ROUND, 1, False)
    g = firing.apply_hits(Dice(5, 1), g, 9, Aim(), 1, Battery.PORT, Log(), "R1", "R1")
    assert g.port == Guns(7, Ammo.ROUND, 2, False)


def test_a_delay_taken_in_the_volley_carries_into_the_reload() -> None:
    g = ship(port=Guns(12, Ammo.ROUND, 1, False))
    volley = gun.roll_volley(Dice(5, 5, 5), ship(), Battery.PORT, ship(), Band.CLOSE, Aim())
    assert gun.after_firing(g, Battery.PORT, volley).port == Guns(12, Ammo.ROUND, 1, True)
