"""Salt'n'Tar's game turn, driven through ``RULESET.apply`` with the legal orders.

Each test builds a small map, sets the ships and the wind it needs with
``attrs.evolve``, fixes the dice by picking an RNG state whose next faces are the
ones wanted, then answers the ruleset's decisions turn by turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import pytest
from attrs import evolve, fields_dict

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.scenario import Setup, start_state
from tui_naval.core.state import Event
from tui_naval.core.wind import Wind
from tui_naval.rulesets.salt_n_tar.rules import RULESET
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems.goals.course import Progress
from tui_naval.systems.sailing.salt_n_tar.component import Change, Sails, SaltSail, new_sail
from tui_naval.systems.sailing.salt_n_tar.steps import strain_roll
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables

# -- helpers ---------------------------------------------------------------------------


def rng_for(*faces: int, sides: int = 6) -> Rng:
    """An RNG whose next dice of ``sides`` faces come up ``faces``, in order."""
    for seed in itertools.count():
        rng = Rng.from_seed(seed)
        roller = Roller(rng)
        if all(roller.die(sides) == face for face in faces):
            return rng
    raise AssertionError("unreachable")


class FixedRoller(Roller):
    """A roller whose dice come up as given."""

    def __init__(self, *faces: int) -> None:
        super().__init__(Rng.from_seed(0))
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face


def sea(width: int, height: int, cells: Mapping[tuple[int, int], str] | None = None
        ) -> list[str]:
    """Map rows of open sea, with some cells set to other characters."""
    rows = [["."] * width for _ in range(height)]
    for (col, row), ch in (cells or {}).items():
        rows[row][col] = ch
    return ["".join(r) for r in rows]


DEFAULTS = {"luck": "pass", "move": "hold", "maneuver": "keep"}

SAIL_FIELDS = frozenset(fields_dict(SaltSail))
PROGRESS_FIELDS = frozenset(fields_dict(Progress))


def changed(ship: SaltShip, **changes: Any) -> SaltShip:
    """``ship`` with ``changes`` made to her sailing (``sail``), her progress on the course
    (``progress``) or the ship herself, wherever each figure lives."""
    sail = {k: v for k, v in changes.items() if k in SAIL_FIELDS}
    progress = {k: v for k, v in changes.items() if k in PROGRESS_FIELDS}
    own = {k: v for k, v in changes.items() if k not in SAIL_FIELDS | PROGRESS_FIELDS}
    return evolve(ship, sail=evolve(ship.sail, **sail),
                  progress=evolve(ship.progress, **progress), **own)


class Sim:
    """A game under test: the state, every event so far, and turn-by-turn play."""

    def __init__(self, rows: list[str], ships: list[str], *, grid: str = "square",
                 wind: str = "N 2", scale: int = 1, game: tuple[str, ...] = ("race", "Z"),
                 turns: int = 60, rounding: int = 1, catch: int = 1) -> None:
        header = [f"grids: {grid}", f"scale: {scale}", f"turns: {turns}", f"wind: {wind}"]
        if game[0] == "race":
            header += ["game: race", f"course: {game[1]}", f"rounding: {rounding}"]
        else:
            header += ["game: chase", f"quarry: {game[1]}", f"escape: {game[2]}",
                       f"catch: {catch}"]
        text = "\n".join([*header, *(f"ship: {s}" for s in ships), "map:", *rows])
        state = start_state(RULESET, Setup("salt-n-tar", "test", text, GridKind(grid), seed=1))
        assert isinstance(state, SaltState)
        self.state = state
        self.events: list[Event] = list(self.state.events)
        #: The ships asked for a decision, in order.
        self.asked: list[str] = []

    # -- reading ------------------------------------------------------------------
    def ship(self, sid: str) -> SaltShip:
        return self.state.ship(sid)

    def texts(self, kind: str | None = None, ship: str | None = None) -> list[str]:
        return [e.text for e in self.events
                if (kind is None or e.kind == kind) and (ship is None or e.ship == ship)]

    def options(self, sid: str) -> list[str]:
        decision = RULESET.decision(self.state)
        assert decision is not None and decision.ship == sid, decision
        return [str(o) for o in decision.options]

    # -- changing -----------------------------------------------------------------
    def set(self, sid: str, **changes: Any) -> Sim:
        """Change a ship's figures, each in the component that holds it."""
        self.state = self.state.with_ship(changed(self.state.ship(sid), **changes))
        return self

    def wind(self, source: str, speed: int) -> Sim:
        self.state = evolve(self.state, wind=Wind(self.state.grid.parse_facing(source), speed))
        return self

    def dice(self, *faces: int) -> Sim:
        """The next d6 rolled come up ``faces``."""
        self.state = evolve(self.state, rng=rng_for(*faces))
        return self

    def apply(self, text: str) -> Sim:
        self.state = RULESET.apply(self.state, Order.parse(text))
        self.events += self.state.events
        return self

    def phase(self, kind: str, orders: Mapping[str, str] | None = None) -> Sim:
        """Answer every pending decision of one phase (by default: pass, hold, keep)."""
        orders = dict(orders or {})
        turn = self.state.turn
        while self.state.outcome is None and self.state.turn == turn:
            decision = RULESET.decision(self.state)
            if decision is None or decision.kind != kind:
                break
            self.asked.append(decision.ship)
            text = orders.pop(decision.ship, DEFAULTS[kind])
            if kind == "luck":
                text = f"luck {text}"
            self.state = RULESET.apply(self.state, decision.find(f"{decision.ship} {text}"))
            self.events += self.state.events
        assert not orders, f"orders not asked for in the {kind} phase: {orders}"
        return self

    def turn(self, luck: Mapping[str, str] | None = None, helm: Mapping[str, str] | None = None,
             sails: Mapping[str, str] | None = None) -> Sim:
        """Play one whole turn: luck, move, maneuvers (then the next turn's Wind Roll)."""
        decision = RULESET.decision(self.state)
        assert decision is None or decision.kind == "luck", "turn() starts at the luck phase"
        return self.phase("luck", luck).phase("move", helm).phase("maneuver", sails)


def open_sea(*ships: str, **kw: Any) -> Sim:
    """A 30x30 square sea with the race mark far away in the north-east corner."""
    return Sim(sea(30, 30, {(29, 0): "Z"}), list(ships), **kw)


# -- turn sequence and the Wind Roll --------------------------------------------------


def test_turn_one_sails_on_the_initial_wind_and_the_wind_roll_starts_on_turn_two() -> None:
    sim = open_sea("B1 blue 10,20 E cutter", "R1 red 20,20 E cutter", wind="N 2")
    start_rng = sim.state.rng
    assert (sim.state.turn, sim.state.phase) == (1, "luck")
    sim.phase("luck").phase("move")
    assert sim.state.rng == start_rng            # no die rolled on turn 1 so far
    assert sim.ship("B1").sail.last_speed == 2 * 7    # quarter reaching cutter on the map's WS 2
    assert not sim.texts("wind")[1:]             # only the setup's line
    sim.phase("maneuver")
    assert sim.state.turn == 2
    assert any(t.startswith("Wind Roll") for t in sim.texts("wind"))


@pytest.mark.parametrize(("face", "direction", "speed"), [
    (1, "NE", 2),   # direction change clockwise
    (2, "N", 1), (3, "N", 2), (4, "N", 2), (5, "N", 3),
    (6, "NW", 2),   # counter clockwise
])
def test_wind_roll_on_squares(face: int, direction: str, speed: int) -> None:
    sim = open_sea("B1 blue 10,20 E cutter", "R1 red 20,20 E cutter", wind="N 2")
    sim.phase("luck").phase("move").dice(face).phase("maneuver")
    assert sim.state.turn == 2
    assert sim.state.grid.facing_name(sim.state.wind.direction) == direction
    assert sim.state.wind.speed == speed


@pytest.mark.parametrize(("grid", "start", "face", "direction"), [
    ("hex-flat", "N", 1, "NE"), ("hex-flat", "N", 6, "NW"),
    ("hex-flat", "NW", 1, "N"), ("hex-pointy", "W", 1, "NW"), ("hex-pointy", "NE", 6, "NW"),
])
def test_wind_roll_turns_one_point_on_hexes(grid: str, start: str, face: int,
                                            direction: str) -> None:
    sim = Sim(sea(12, 12, {(11, 0): "Z"}), ["B1 blue 2,9 N cutter", "R1 red 6,9 N cutter"],
              grid=grid, wind=f"{start} 2")
    sim.set("B1", sails=Sails.ANCHORED).set("R1", sails=Sails.ANCHORED)   # stay put
    sim.phase("luck").phase("move").dice(face).phase("maneuver")
    assert sim.state.grid.facing_name(sim.state.wind.direction) == direction
    assert sim.state.wind.speed == 2


# -- worked examples through the whole turn ------------------------------------------


@pytest.mark.parametrize(("kind", "heading", "ws", "cells", "steps"), [
    ("small-galley", "E", 2, 14, 14),   # quarter reaching at WS 2: 14"
    ("longship", "E", 2, 18, 18),       # 18"
    ("warship", "NE", 3, 12, 8),        # beating at WS 3: 12", 8 diagonal steps (1-2-1-2)
    ("schooner", "NE", 3, 24, 16),      # 24", 16 diagonal steps
])
def test_rulebook_examples_on_the_board(kind: str, heading: str, ws: int, cells: int,
                                        steps: int) -> None:
    sim = Sim(sea(40, 40, {(39, 39): "Z"}), [f"B1 blue 2,30 {heading} {kind}",
                                            "R1 red 2,38 S cutter"], wind=f"N {ws}")
    before = sim.ship("B1").cell
    sim.phase("luck").phase("move")
    after = sim.ship("B1").cell
    assert sim.state.grid.distance(before, after) == cells   # the inches, at 1" a cell
    assert after.col - before.col == steps        # east, or north-east
    if heading == "NE":
        assert before.row - after.row == steps


def test_scale_turns_inches_into_cells_and_carries_the_rest() -> None:
    # a cutter quarter reaching at WS 2 makes 14": at 4" a cell 3 cells and 2" over,
    # then 14 + 2 = 16": 4 cells
    sim = open_sea("B1 blue 2,20 E cutter", "R1 red 2,25 E cutter", scale=4)
    sim.turn()
    assert (sim.ship("B1").cell, sim.ship("B1").sail.carry) == (Cell(5, 20), 2)
    sim.wind("N", 2).turn()
    assert (sim.ship("B1").cell, sim.ship("B1").sail.carry) == (Cell(9, 20), 0)


def test_head_to_wind_goes_astern_on_the_board() -> None:
    sim = open_sea("B1 blue 10,10 N longship", "R1 red 20,20 E cutter", wind="N 3")
    sim.phase("luck").phase("move")
    assert sim.ship("B1").cell == Cell(10, 16)     # 3 x 2" backwards, still heading N
    assert sim.ship("B1").heading == 0


# -- helm: turning first, two points mark Strain, no way no turning ---------------------


def test_helm_options() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter")
    sim.phase("luck")
    assert sim.options("B1") == ["B1 hold", "B1 port 1", "B1 port 2", "B1 starboard 1",
                                 "B1 starboard 2"]
    with pytest.raises(IllegalOrder):
        sim.apply("B1 starboard 3")
    with pytest.raises(IllegalOrder):
        sim.apply("R1 hold")    # not R1's turn to answer


def test_a_ship_turns_first_then_moves_on_the_new_heading() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter", wind="N 2")
    sim.phase("luck").phase("move", {"B1": "port 1"})      # E -> NE: beating 2 x 5
    ship = sim.ship("B1")
    assert sim.state.grid.facing_name(ship.heading) == "NE"
    assert ship.cell == Cell(17, 3)     # 10": 7 diagonal steps cost 1, 2, 1, 2, 1, 2, 1
    assert ship.sail.strain == 0


def test_a_two_point_turn_marks_strain() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter", wind="N 2")
    sim.phase("luck").phase("move", {"B1": "starboard 2", "R1": "starboard 1"})
    assert sim.state.grid.facing_name(sim.ship("B1").heading) == "S"
    assert sim.ship("B1").sail.strain == 1
    assert sim.ship("B1").cell == Cell(10, 22)       # running 2 x 6
    assert sim.ship("R1").sail.strain == 0


def test_drifting_and_anchored_ships_cannot_turn() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter", "B2 blue 5,5 E cutter")
    sim.set("B1", sails=Sails.FURLED).set("R1", sails=Sails.ANCHORED)
    sim.set("B2", masts=0)
    sim.phase("luck")
    # all three have one option only, answered for them: the move is already resolved
    decision = RULESET.decision(sim.state)
    assert decision is not None and decision.kind == "maneuver"
    assert [sim.ship(s).heading for s in ("B1", "R1", "B2")] == [2, 2, 2]


def test_a_becalmed_ship_cannot_turn() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter", wind="N 0")
    sim.phase("luck")
    decision = RULESET.decision(sim.state)
    assert decision is None or decision.kind != "move"
    assert sim.ship("B1").heading == 2
    assert sim.ship("B1").cell == Cell(10, 10)      # and no drift in a calm


def test_a_ship_without_way_on_every_heading_cannot_turn() -> None:
    # WS 1 small galley with 9" of losses: no bearing makes more than 1 x 9 - 9 = 0
    sim = open_sea("B1 blue 10,10 E small-galley", "R1 red 20,20 E cutter", wind="N 1")
    sim.set("B1", speed_loss=9)
    sim.phase("luck")
    decision = RULESET.decision(sim.state)
    assert decision is not None and decision.ship == "R1"
    assert sim.ship("B1").heading == 2


def test_in_a_gale_a_ship_under_sail_may_bear_away_to_run() -> None:
    # head to wind in a gale, every heading within two points is driven downwind,
    # but she is not adrift: she turns towards running
    sim = open_sea("B1 blue 10,10 N cutter", "R1 red 20,20 E cutter", wind="N 4")
    sim.phase("luck")
    assert "B1 starboard 2" in sim.options("B1")
    sim.phase("move", {"B1": "starboard 2"})
    ship = sim.ship("B1")
    assert (ship.cell, ship.sail.strain) == (Cell(10, 14), 2)   # driven at WS 4; turn + gale
    sim.phase("maneuver").wind("N", 4).dice(1)             # Strain Roll 1 + 2: no effect
    sim.turn(helm={"B1": "starboard 2"})                   # now running: WS 4 + BN 6
    assert sim.ship("B1").cell == Cell(10, 24)


def test_a_ship_drifting_on_her_heading_may_turn_to_find_way() -> None:
    # beating at WS 1 x BN 2 - 3 = -1 drifts, but one point off the wind she has way
    sim = open_sea("B1 blue 10,10 NE small-galley", "R1 red 20,20 E cutter", wind="N 1")
    sim.set("B1", speed_loss=3)
    sim.phase("luck")
    assert "B1 starboard 1" in sim.options("B1")
    sim.phase("move", {"B1": "starboard 1"})
    assert sim.ship("B1").cell == Cell(14, 10)       # quarter reaching 1 x 7 - 3


# -- luck -------------------------------------------------------------------------------


def test_luck_is_decided_by_all_before_any_die_is_rolled() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 20,20 E cutter")
    rng = sim.state.rng
    sim.apply("B1 luck roll")
    assert sim.state.rng == rng and sim.ship("B1").sail.luck_die == 0   # plotted, not rolled
    assert sim.options("R1") == ["R1 luck roll", "R1 luck pass"]
    sim.apply("R1 luck pass")
    assert sim.ship("B1").sail.luck_die != 0 and sim.state.rng != rng


@pytest.mark.parametrize(("face", "b1_cell", "strain"), [
    (1, Cell(9, 10), 0),     # sails luff: WS 1 x 7
    (2, Cell(16, 10), 0), (3, Cell(16, 10), 0), (4, Cell(16, 10), 0),   # no change: 14
    (5, Cell(23, 10), 0),    # a gust: WS 3 x 7
    (6, Cell(29, 10), 1),    # WS 4 x 7 = 28 (her luck is no gale), to the edge; the six's
])                           # 1 Strain
def test_luck_roll_changes_only_that_ships_wind(face: int, b1_cell: Cell, strain: int) -> None:
    sim = open_sea("B1 blue 2,10 E cutter", "R1 red 2,20 E cutter", wind="N 2")
    # the luck die, then (after a six) the Strain Roll's die: 1 + 1 Strain, no effect
    sim.dice(face, 1).phase("luck", {"B1": "roll"}).phase("move")
    b1, r1 = sim.ship("B1"), sim.ship("R1")
    assert b1.sail.luck_die == face
    assert b1.cell == b1_cell
    assert b1.sail.strain == strain
    assert r1.cell == Cell(16, 20)         # R1 did not roll: WS 2 x 7
    assert sim.state.wind.speed == 2       # the overall wind is untouched


def test_luck_lasts_one_turn() -> None:
    sim = open_sea("B1 blue 2,10 E cutter", "R1 red 2,20 E cutter", wind="N 2")
    sim.dice(5).turn({"B1": "roll"})
    assert sim.ship("B1").sail.last_speed == 21
    sim.wind("N", 2).turn()
    assert sim.ship("B1").sail.last_speed == 14
    assert sim.ship("B1").sail.luck == 0


def test_a_six_marks_strain_and_is_rolled_for_the_same_turn() -> None:
    sim = open_sea("B1 blue 2,10 S cutter", "R1 red 2,20 E cutter", wind="N 2")
    sim.dice(6, 5).phase("luck", {"B1": "roll"})
    # luck 6 marks 1 Strain; the Strain Roll follows at once: 5 + 1 = 6, one more
    assert sim.ship("B1").sail.strain == 2
    assert any("Strain Roll" in t for t in sim.texts("strain", "B1"))


def test_two_sides_rolling_ones_drop_the_wind_for_everyone() -> None:
    sim = open_sea("B1 blue 2,5 E cutter", "R1 red 2,10 E cutter", "B2 blue 2,15 E cutter",
                   wind="N 3")
    sim.dice(1, 1).phase("luck", {"B1": "roll", "R1": "roll"}).phase("move")
    assert sim.state.wind.speed == 2
    # rollers: -1 in all; the one who did not roll: -1 too
    assert [sim.ship(s).sail.last_speed for s in ("B1", "R1", "B2")] == [14, 14, 14]
    assert any("2 sides rolled 1" in t for t in sim.texts("luck"))


def test_one_side_rolling_two_ones_is_not_shared() -> None:
    sim = open_sea("B1 blue 2,5 E cutter", "B2 blue 2,10 E cutter", "R1 red 2,15 E cutter",
                   wind="N 3")
    sim.dice(1, 1).phase("luck", {"B1": "roll", "B2": "roll"}).phase("move")
    assert sim.state.wind.speed == 3
    assert [sim.ship(s).sail.last_speed for s in ("B1", "B2", "R1")] == [14, 14, 21]


def test_two_sides_rolling_sixes_raise_the_wind_for_everyone() -> None:
    sim = open_sea("B1 blue 2,5 E cutter", "R1 red 2,10 E cutter", "B2 blue 2,15 E cutter",
                   wind="N 1")
    # the luck dice 6, 6; then the two Strain Rolls 1 + 1: no effect
    sim.dice(6, 6, 1, 1).phase("luck", {"B1": "roll", "R1": "roll"}).phase("move")
    assert sim.state.wind.speed == 2
    # rollers: WS 1 + 2 = 3; the ship that did not roll: 1 + 1 = 2 (a six still leads by 1)
    assert [sim.ship(s).sail.last_speed for s in ("B1", "R1", "B2")] == [21, 21, 14]
    assert [sim.ship(s).sail.strain for s in ("B1", "R1", "B2")] == [1, 1, 0]


def test_a_shared_change_lasts_until_a_wind_roll_sets_the_speed() -> None:
    sim = open_sea("B1 blue 2,5 E cutter", "R1 red 2,10 E cutter", wind="N 3")
    sim.dice(1, 1).phase("luck", {"B1": "roll", "R1": "roll"}).phase("move")
    sim.dice(1).phase("maneuver")          # turn 2's Wind Roll: the wind veers only
    assert (sim.state.wind.speed, sim.state.wind.direction) == (2, 1)
    sim.phase("luck").phase("move").dice(5).phase("maneuver")   # turn 3: Wind Speed = 3
    assert sim.state.wind.speed == 3


# -- strain -----------------------------------------------------------------------------


def strained(kind: str = "warship", **changes: Any) -> SaltShip:
    s = SaltShip(id="S1", side="blue", kind=kind, cell=Cell(0, 0), heading=0,
                 sail=new_sail(kind))
    assert s.sail.masts == tables().ships[kind].masts
    return changed(s, **changes)


@pytest.mark.parametrize(("strain", "face"), [(1, 1), (1, 4), (4, 1), (3, 2)])
def test_strain_roll_five_or_less_no_effect(strain: int, face: int) -> None:
    before = strained(strain=strain)
    assert strain_roll(before, FixedRoller(face), Log(1)) == before


@pytest.mark.parametrize(("strain", "face"), [(1, 5), (2, 6)])   # 6 and 8
def test_strain_roll_creaks_and_snaps_mark_strain(strain: int, face: int) -> None:
    after = strain_roll(strained(strain=strain), FixedRoller(face), Log(1))
    assert after.sail.strain == strain + 1


@pytest.mark.parametrize(("strain", "face"), [(1, 6), (4, 6)])   # 7 and 10
def test_strain_roll_leaks_and_torn_sails_cost_three_inches(strain: int, face: int) -> None:
    after = strain_roll(strained(strain=strain, speed_loss=3), FixedRoller(face), Log(1))
    assert (after.sail.speed_loss, after.sail.strain) == (6, strain)


def test_strain_roll_deck_awash_costs_ten_percent_crew() -> None:
    after = strain_roll(strained(strain=3), FixedRoller(6), Log(1))
    assert after.sail.crew == 90
    again = strain_roll(changed(after, crew=5), FixedRoller(6), Log(1))
    assert again.sail.crew == 0


def test_a_mast_breaks_on_a_many_masted_ship() -> None:
    ship = strained("warship", strain=5)
    masts = ship.sail.masts
    ship = strain_roll(ship, FixedRoller(6), Log(1))
    assert (ship.sail.masts, ship.sail.speed_loss) == (masts - 1, 3)
    while ship.sail.masts > 1:
        ship = strain_roll(ship, FixedRoller(6), Log(1))
    assert ship.sail.speed_loss == 3 * (masts - 1)
    ship = strain_roll(ship, FixedRoller(6), Log(1))   # the last mast: she drifts
    assert ship.sail.masts == 0


@pytest.mark.parametrize("kind", ["cutter", "longship", "small-galley", "small-merchant"])
def test_a_mast_breaks_on_a_one_masted_ship_she_drifts(kind: str) -> None:
    ship = strain_roll(strained(kind, strain=7), FixedRoller(4), Log(1))
    assert ship.sail.masts == 0


@pytest.mark.parametrize(("strain", "face"), [(6, 6), (11, 1), (20, 3)])
def test_strain_roll_twelve_or_more_sinks_in_1d6_turns(strain: int, face: int) -> None:
    ship = strain_roll(strained(strain=strain), FixedRoller(face, 4), Log(1))
    assert ship.sail.sinking == 4
    # already sinking: a second result does not restart the count
    again = strain_roll(changed(ship, sinking=2), FixedRoller(6), Log(1))
    assert again.sail.sinking == 2


def test_strain_stays_marked_and_is_rolled_every_turn() -> None:
    sim = open_sea("B1 blue 2,10 E cutter", "R1 red 2,20 E cutter", wind="N 2")
    sim.set("B1", strain=1)
    for turn in range(1, 4):
        sim.wind("N", 2).dice(2).turn()     # 2 + 1: no effect
        rolls = [t for t in sim.texts("strain", "B1") if "Strain Roll" in t]
        assert len(rolls) == turn
        assert sim.ship("B1").sail.strain == 1
    assert not sim.texts("strain", "R1")


def test_sinking_countdown() -> None:
    # turn 1: Strain Roll 5 + 7 = 12, sinking in 1d6 = 3 turns: afloat after turns 1 and 2,
    # gone at the end of turn 3
    sim = open_sea("B1 blue 2,10 E cutter", "B2 blue 2,20 E cutter", "R1 red 2,25 E cutter")
    sim.set("B1", strain=7).dice(5, 3).turn()
    assert sim.ship("B1").afloat and sim.ship("B1").sail.sinking
    sim.turn()
    assert sim.ship("B1").afloat
    sim.turn()
    assert not sim.ship("B1").afloat
    assert sim.texts("sinks", "B1")
    assert sim.state.outcome is None          # B2 still sails for blue


def test_a_one_for_sinking_sinks_her_at_the_end_of_this_turn() -> None:
    sim = open_sea("B1 blue 2,10 E cutter", "B2 blue 2,20 E cutter", "R1 red 2,25 E cutter")
    sim.set("B1", strain=7).dice(5, 1).phase("luck").phase("move")
    assert sim.ship("B1").afloat
    sim.phase("maneuver")
    assert not sim.ship("B1").afloat
    # a sunk ship is asked nothing more
    sim.asked.clear()
    sim.turn()
    assert sim.asked and "B1" not in sim.asked


def test_a_dismasted_ship_drifts_on_the_board() -> None:
    sim = open_sea("B1 blue 10,10 E cutter", "R1 red 2,25 E cutter", wind="N 3")
    sim.set("B1", strain=7).dice(4).phase("luck").phase("move")   # 4 + 7 = 11: the mast
    assert sim.ship("B1").sail.masts == 0
    assert sim.ship("B1").cell == Cell(10, 13)


# -- maneuvers ---------------------------------------------------------------------------


def at_sea(kind: str = "cutter") -> Sim:
    """B1 quarter reaching east at WS 2 (BN 7: 14"), R1 far away."""
    return open_sea(f"B1 blue 2,10 E {kind}", "R1 red 2,25 E cutter", wind="N 2")


def sail(sim: Sim, **sails: str) -> Sim:
    """One turn on a steady wind from N at speed 2."""
    return sim.wind("N", 2).turn(sails=sails)


def test_maneuver_options() -> None:
    sim = at_sea().phase("luck").phase("move")
    assert sim.options("B1") == ["B1 keep", "B1 reef", "B1 furl", "B1 anchor"]


def test_reef_halves_speed_from_the_next_turn() -> None:
    sim = sail(at_sea(), B1="reef")
    assert sim.ship("B1").sail.last_speed == 14
    assert sim.ship("B1").sail.sails is Sails.REEFED
    sail(sim)
    assert sim.ship("B1").sail.last_speed == 7


def test_unreefing_takes_a_turn() -> None:
    sim = at_sea().set("B1", sails=Sails.REEFED)
    sail(sim, B1="unreef")
    sail(sim)
    assert sim.ship("B1").sail.last_speed == 7          # still reefed while shaking it out
    sail(sim)
    assert sim.ship("B1").sail.last_speed == 14


def test_furl_is_immediate_and_setting_sail_takes_two_turns_adrift() -> None:
    sim = sail(at_sea(), B1="furl")
    sail(sim, B1="set-sail")
    assert sim.ship("B1").sail.last_motion.startswith("drifts")
    assert sim.ship("B1").sail.last_speed == 2
    sail(sim)
    assert sim.ship("B1").sail.last_motion.startswith("drifts")
    sail(sim)
    assert sim.ship("B1").sail.last_motion.startswith("drifts")
    sail(sim)
    assert sim.ship("B1").sail.last_speed == 14


def test_anchoring_a_furled_ship_drags_two_turns_then_holds() -> None:
    sim = sail(at_sea(), B1="furl")
    rng = sim.state.rng
    sail(sim, B1="anchor")
    assert not sim.texts("strain", "B1")          # furled: no Strain Roll
    assert sim.state.rng != rng                   # (the next Wind Roll was made)
    for _ in range(2):
        cell = sim.ship("B1").cell
        sail(sim)
        assert sim.ship("B1").cell == Cell(cell.col, cell.row + 2)   # dragging downwind
    cell = sim.ship("B1").cell
    sail(sim)
    sail(sim)
    assert sim.ship("B1").cell == cell
    assert sim.ship("B1").sail.last_speed == 0


def test_anchoring_with_sails_set_makes_an_immediate_strain_roll() -> None:
    sim = at_sea().set("B1", strain=4).dice(1).phase("luck").phase("move")   # 1 + 4: no effect
    assert sim.ship("B1").sail.strain == 4
    rolls = len(sim.texts("strain", "B1"))
    sim.dice(2).phase("maneuver", {"B1": "anchor"})      # 2 + 4 = 6: creak, mark 1
    assert len(sim.texts("strain", "B1")) == rolls + 1
    assert sim.ship("B1").sail.strain == 5
    assert sim.ship("B1").sail.sails is Sails.ANCHORED    # the sails are struck
    # and the anchor drags as for a furled ship
    assert sim.ship("B1").sail.change is Change.ANCHOR


def test_weighing_takes_three_turns() -> None:
    sim = at_sea().set("B1", sails=Sails.ANCHORED)
    sim.phase("luck").phase("move").phase("maneuver", {"B1": "weigh"})
    speeds = []
    for _ in range(4):
        sail(sim)
        speeds.append(sim.ship("B1").sail.last_speed)
    # one turn at anchor, two setting sail adrift, then under sail
    assert speeds == [0, 2, 2, 14]


def test_a_ship_under_a_maneuver_can_only_keep() -> None:
    sim = at_sea().set("B1", sails=Sails.FURLED, change=Change.SET_SAIL, change_turns=2)
    sim.phase("luck")
    assert sim.options("R1")     # B1 answered "hold" for itself; R1 is asked
    sim.phase("move")
    decision = RULESET.decision(sim.state)
    assert decision is not None and decision.ship == "R1"    # B1 could only keep


# -- movement: stepping, fouling, land, shoals, edges --------------------------------------


@pytest.mark.parametrize("turn", [1, 2])
def test_ships_in_line_ahead_move_together(turn: int) -> None:
    # B1 follows R1's wake; both make 14": neither is fouled whoever steps first
    sim = open_sea("R1 red 10,10 E cutter", "B1 blue 9,10 E cutter")
    sim.state = evolve(sim.state, turn=turn)
    sim.phase("luck").phase("move")
    assert sim.ship("R1").cell == Cell(24, 10)
    assert sim.ship("B1").cell == Cell(23, 10)


def test_fouling_an_occupied_cell_stops_the_ship() -> None:
    sim = open_sea("B1 blue 2,10 E cutter", "R1 red 8,10 N cutter", wind="N 2")
    sim.set("R1", sails=Sails.ANCHORED)
    sim.phase("luck").phase("move")
    assert sim.ship("B1").cell == Cell(7, 10)
    assert sim.ship("B1").sail.strain == 0
    assert any("fouled" in t for t in sim.texts("move", "B1"))


def test_ships_meeting_head_on_foul_each_other() -> None:
    # step 1: 3,10 and 5,10; step 2: B1 takes 4,10 and R1 is fouled; then B1 is fouled too
    sim = open_sea("B1 blue 2,10 E cutter", "R1 red 6,10 W cutter", wind="N 2")
    sim.phase("luck").phase("move")
    assert (sim.ship("B1").cell, sim.ship("R1").cell) == (Cell(4, 10), Cell(5, 10))
    assert any("fouled" in t for t in sim.texts("move", "B1"))
    assert any("fouled" in t for t in sim.texts("move", "R1"))


@pytest.mark.parametrize(("turn", "first", "b1", "r1"), [
    (1, "B1", Cell(5, 13), Cell(4, 10)),   # B1 steps first: R1 is fouled at once
    (2, "R1", Cell(2, 10), Cell(1, 13)),   # the order alternates: now B1 is
])
def test_two_ships_making_for_the_same_cell_alternate_by_turn(turn: int, first: str, b1: Cell,
                                                              r1: Cell) -> None:
    # beating at WS 1 x 5 = 5": 3 diagonal steps (1 + 2 + 1), both make for 3,11 first
    sim = open_sea("B1 blue 2,10 SE cutter", "R1 red 4,10 SW cutter", wind="S 1")
    sim.state = evolve(sim.state, turn=turn)
    sim.phase("luck").phase("move")
    assert (sim.ship("B1").cell, sim.ship("R1").cell) == (b1, r1)


def test_land_stops_a_ship_and_marks_strain() -> None:
    # 3" carried + 14" = 17": 4 cells at 4" a cell, but land lies 3 cells ahead
    sim = Sim(sea(30, 30, {(29, 0): "Z", (5, 10): "#"}),
              ["B1 blue 2,10 E cutter", "R1 red 2,25 E cutter"], scale=4)
    sim.set("B1", carry=3)
    sim.phase("luck").phase("move")
    ship = sim.ship("B1")
    assert ship.cell == Cell(4, 10)
    assert (ship.sail.strain, ship.sail.carry) == (1, 0)
    assert sim.texts("aground", "B1")


@pytest.mark.parametrize(("kind", "crosses"), [
    ("cutter", True), ("longship", True), ("small-galley", True), ("large-galley", True),
    ("warship", False), ("schooner", False), ("small-merchant", False),
    ("large-merchant", False),
])
def test_shoals_stop_deep_ships_only(kind: str, crosses: bool) -> None:
    sim = Sim(sea(30, 30, {(29, 0): "Z", (5, 10): ":"}),
              [f"B1 blue 2,10 E {kind}", "R1 red 2,25 E cutter"], wind="W 1")
    sim.phase("luck").phase("move")                         # running east at WS 1
    bn = tables().ships[kind].bn(Bearing.RUNNING)
    ship = sim.ship("B1")
    if crosses:
        assert ship.cell == Cell(2 + bn, 10)
        assert ship.sail.strain == 0
    else:
        assert ship.cell == Cell(4, 10)
        assert ship.sail.strain == 1


def test_the_map_edge_stops_a_ship() -> None:
    sim = open_sea("B1 blue 25,10 E cutter", "R1 red 2,25 E cutter")
    sim.phase("luck").phase("move")
    assert sim.ship("B1").cell == Cell(29, 10)
    assert sim.ship("B1").sail.strain == 0
    assert sim.ship("B1").afloat


def test_drifting_ships_touch_land_too() -> None:
    sim = Sim(sea(30, 30, {(29, 0): "Z", (10, 12): "#"}),
              ["B1 blue 10,10 E cutter", "R1 red 2,25 E cutter"], wind="N 3")
    sim.set("B1", sails=Sails.FURLED).phase("luck").phase("move")
    assert sim.ship("B1").cell == Cell(10, 11)
    assert sim.ship("B1").sail.strain == 1


def test_hex_movement_follows_the_hex_facing() -> None:
    sim = Sim(sea(20, 20, {(19, 0): "Z"}), ["B1 blue 2,10 SE cutter", "R1 red 15,15 N cutter"],
              grid="hex-flat", wind="N 1")
    sim.phase("luck").phase("move")            # broad reaching SE at WS 1: 8 hexes
    grid = sim.state.grid
    assert sim.ship("B1").cell == grid.ray(Cell(2, 10), grid.parse_facing("SE"), 8)[-1]


# -- racing -------------------------------------------------------------------------------

RACE_MAP = sea(30, 12, {(10, 5): "1", (20, 5): "2"})


def race(*ships: str, course: str = "1 2", **kw: Any) -> Sim:
    return Sim(RACE_MAP, list(ships), game=("race", course), **kw)


def test_a_mark_is_rounded_by_passing_within_the_rounding_distance() -> None:
    # B1 passes 2 cells south of mark 1: rounding 2 counts it, rounding 1 does not
    for rounding, rounded in ((2, 1), (1, 0)):
        sim = race("B1 blue 2,7 E cutter", "R1 red 2,11 E cutter", rounding=rounding,
                   wind="N 2")
        sim.phase("luck").phase("move")
        assert sim.ship("B1").progress.rounded == rounded


def test_marks_are_rounded_in_course_order() -> None:
    # passing mark 2 (at 20,5) before mark 1 does not count it
    sim = race("B1 blue 24,5 W cutter", "R1 red 2,11 E cutter", course="1 2", wind="N 1")
    sim.phase("luck").phase("move")           # 7 cells west: 17,5
    assert sim.ship("B1").progress.rounded == 0
    sim = race("B1 blue 22,5 W cutter", "R1 red 2,11 E cutter", course="2 1", wind="N 2")
    sim.phase("luck").phase("move")           # 14 cells west: passes 2 then 1
    assert sim.ship("B1").progress.rounded == 2


def test_one_cell_can_round_two_marks() -> None:
    # a gate: marks 1 (10,3) and 2 (10,5); B1 ends her move at 9,4, within 1 of both
    rows = sea(30, 12, {(10, 3): "1", (10, 5): "2", (29, 11): "Z"})
    sim = Sim(rows, ["B1 blue 4,4 E cutter", "R1 red 2,11 E cutter"], game=("race", "1 2 Z"),
              wind="N 1")
    sim.set("B1", speed_loss=2)               # 1 x 7 - 2 = 5 cells
    sim.phase("luck").phase("move")
    assert sim.ship("B1").cell == Cell(9, 4)
    assert sim.ship("B1").progress.rounded == 2


def test_first_to_finish_wins() -> None:
    sim = race("B1 blue 2,5 E cutter", "R1 red 4,6 E cutter", course="2", wind="N 3")
    sim.phase("luck").phase("move")
    # both make 21": R1 comes within 1 of mark 2 (20,5) on her 15th cell, B1 on her 17th
    assert sim.state.outcome is not None
    assert sim.state.outcome.winner == "red"
    assert RULESET.decision(sim.state) is None


@pytest.mark.parametrize("turn", [1, 2])
def test_the_earlier_step_wins_whatever_the_stepping_order(turn: int) -> None:
    sim = race("B1 blue 2,5 E longship", "R1 red 6,6 E cutter", course="2", wind="N 2")
    sim.state = evolve(sim.state, turn=turn)
    # B1 needs 17 cells to come within 1 of mark 2 (at 20,5), R1 13: R1 is first
    sim.phase("luck").phase("move")
    assert sim.state.outcome is not None and sim.state.outcome.winner == "red"


def test_dead_heat() -> None:
    sim = race("B1 blue 2,4 E cutter", "R1 red 2,6 E cutter", course="2", wind="N 3")
    sim.phase("luck").phase("move")
    assert sim.state.outcome is not None
    assert sim.state.outcome.winner is None
    assert "dead heat" in sim.state.outcome.reason


def test_turn_limit_most_marks_wins() -> None:
    sim = race("B1 blue 8,5 N cutter", "R1 red 2,5 N cutter", turns=1, wind="N 0")
    sim.set("B1", rounded=0).set("R1", rounded=1)
    sim.turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner == "red"


def test_turn_limit_fewest_cells_to_sail_round_land() -> None:
    # B1 is 3 cells from mark 2 as the crow flies but behind a wall; R1 5 in open water
    rows = sea(30, 12, {(10, 5): "1", (20, 5): "2"})
    rows = [r[:18] + ("#" if 2 <= i <= 8 else r[18]) + r[19:] for i, r in enumerate(rows)]
    sim = Sim(rows, ["B1 blue 17,5 N cutter", "R1 red 25,5 N cutter"], game=("race", "1 2"),
              turns=1, wind="N 0")
    sim.set("B1", rounded=1).set("R1", rounded=1)
    sim.turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner == "red"


def test_turn_limit_level_is_a_draw() -> None:
    sim = race("B1 blue 15,3 N cutter", "R1 red 15,7 N cutter", turns=1, wind="N 0")
    sim.set("B1", rounded=1).set("R1", rounded=1)
    sim.turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner is None


def test_the_game_runs_to_the_turn_limit_and_no_further() -> None:
    sim = race("B1 blue 2,1 N cutter", "R1 red 2,10 N cutter", turns=3, wind="N 0")
    while sim.state.outcome is None:
        sim.wind("N", 0).turn()
    assert sim.state.turn == 3


def test_a_side_with_no_ship_afloat_loses() -> None:
    sim = race("B1 blue 2,1 N cutter", "R1 red 2,10 N cutter", wind="N 0")
    sim.set("R1", strain=7).dice(5, 1).turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner == "blue"


# -- chasing ------------------------------------------------------------------------------

CHASE_MAP = sea(20, 20)


def chase(*ships: str, **kw: Any) -> Sim:
    return Sim(CHASE_MAP, list(ships), game=("chase", "red", "E"), **kw)


def test_the_quarry_escapes_by_its_edge() -> None:
    sim = chase("R1 red 15,10 E cutter", "B1 blue 2,10 E cutter")
    sim.phase("luck").phase("move")
    assert sim.ship("R1").progress.escaped
    assert sim.state.outcome is not None and sim.state.outcome.winner == "red"


def test_other_edges_stop_the_quarry_and_hunters_cannot_escape() -> None:
    sim = chase("R1 red 10,12 S cutter", "B1 blue 15,2 E cutter", wind="N 2")
    sim.phase("luck").phase("move")
    assert sim.ship("R1").cell == Cell(10, 19) and not sim.ship("R1").progress.escaped
    assert sim.ship("B1").cell == Cell(19, 2) and not sim.ship("B1").progress.escaped
    assert sim.state.outcome is None


def test_a_hunter_catches_within_catch_cells() -> None:
    sim = chase("R1 red 5,10 N cutter", "B1 blue 5,18 N cutter", catch=2, wind="S 1")
    sim.set("R1", sails=Sails.ANCHORED)
    sim.phase("luck").phase("move")   # B1 runs north 6 cells: 5,12, two from R1
    assert sim.state.outcome is not None and sim.state.outcome.winner == "blue"
    assert "caught" in sim.state.outcome.reason


def test_the_quarry_surviving_the_turn_limit_wins() -> None:
    sim = chase("R1 red 5,2 N cutter", "B1 blue 5,18 N cutter", turns=2, wind="N 0")
    sim.turn()
    assert sim.state.outcome is None
    sim.wind("N", 0).turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner == "red"


def test_a_sunk_quarry_loses_the_chase() -> None:
    sim = chase("R1 red 5,2 N cutter", "B1 blue 5,18 N cutter", wind="N 0")
    sim.set("R1", strain=7).dice(5, 1).turn()
    assert sim.state.outcome is not None and sim.state.outcome.winner == "blue"
