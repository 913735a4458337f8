"""Salt'n'Tar with Kyngesreach gunnery: Salt'n'Tar's Game Turn in Naval Combat.

A turn: the Wind Roll (from turn 2), luck (each ship may roll), Strain Rolls,
initiative (turn 1: Weather Sense; then Contested Seamanship: Kyngesreach's
wind gauge), the first half move (the side without the initiative first, then
the holder; on a tie all together), the missile phase (Kyngesreach broadsides
at the band of the map distance, the holder's ships first at +1; on a tie all
together at -1), the ammunition orders, the second half move (a second change
of direction marks Strain), ramming and boarding (not played: Kyngesreach has
neither), maneuvers (reef, furl, anchor), and the end of the turn (reloading,
fire, flooding, jury rigging, sinking).

The sailing steps are the Salt'n'Tar ruleset's own (wind roll, luck, strain
roll, the ships' stepping, maneuvers); the gunnery is ``kyngesreach.gunnery``;
``compose`` joins them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from attrs import evolve

from tui_naval.core.dice import Check, Rng, Roller
from tui_naval.core.events import EventLog as Log
from tui_naval.core.grid import GridKind
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, Order, check_answer
from tui_naval.core.package_data import read_package_text
from tui_naval.core.ruleset import Row, Ruleset, ShipClass
from tui_naval.core.scenario import Scenario, ScenarioError
from tui_naval.core.state import GoalKind, Outcome
from tui_naval.rulesets.kyngesreach import gunnery as gun
from tui_naval.rulesets.kyngesreach.gunnery import Aim, Battery
from tui_naval.rulesets.kyngesreach.options import read_options
from tui_naval.rulesets.kyngesreach.tables import AMMO_NAMES, MASTS, Band
from tui_naval.rulesets.kyngesreach.tables import tables as gunnery_tables
from tui_naval.rulesets.salt_and_shot import compose
from tui_naval.rulesets.salt_and_shot.compose import (
    bears,
    facing_battery,
    in_play,
    pairing,
    sailing_view,
    sas_motion,
    turns_allowed,
    with_crew_loss,
    with_gunnery,
)
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.rulesets.salt_and_shot.tables import tables
from tui_naval.rulesets.salt_n_tar import rules as salt_rules
from tui_naval.rulesets.salt_n_tar.rules import luck_chance
from tui_naval.rulesets.salt_n_tar.sailing import Way, bearing_of, cells_for, wind_speed_for
from tui_naval.rulesets.salt_n_tar.state import Change, Sails, SaltShip, SaltState
from tui_naval.rulesets.salt_n_tar.tables import tables as sailing_tables

#: The Salt'n'Tar ruleset whose sailing steps this one calls.
SALT = salt_rules.RULESET

PHASES = ("wind", "luck", "strain", "initiative", "first-half", "missile", "ammo",
          "second-half", "maneuver", "end")
DECIDING = ("luck", "initiative", "first-half", "missile", "ammo", "second-half", "maneuver")
#: Helm orders of a half move: one point at most.
STEER = {"hold": 0, "port 1": -1, "starboard 1": 1}
HOLD = "hold"


def label(ship: SaltShip) -> str:
    return f"{ship.id} {ship.name}"


def band_name(band: Band) -> str:
    return gunnery_tables().bands[band].name


def _sas(ship: SaltShip) -> SasShip:
    """A ship handed back by the Salt'n'Tar code (which keeps the class it was given)."""
    assert isinstance(ship, SasShip)
    return ship


def _state(state: SaltState) -> SasState:
    assert isinstance(state, SasState)
    return state


def helm_points(order: Order) -> int:
    return STEER[f"{order.verb} {order.arg}".strip()]


def fire_key(ship_id: str, battery: Battery) -> str:
    return f"{ship_id}/{battery.value}"


def parse_fire(order: Order) -> tuple[Battery, Aim | None, str]:
    """(battery, aim, target id) of a missile order; aim None for ``hold``."""
    battery = Battery(order.verb)
    if order.arg == HOLD:
        return battery, None, ""
    token, _, target = order.arg.partition("@")
    return battery, Aim.parse(token), target


class SaltAndShot:
    """Salt'n'Tar's naval combat turn, fought with Kyngesreach's gunnery."""

    name: str = "salt-and-shot"
    title: str = "Salt'n'Tar with Kyngesreach gunnery"
    aliases: tuple[str, ...] = ("saltandshot", "sas", "saltnshot", "salt-shot")
    grids: tuple[GridKind, ...] = (GridKind.HEX_FLAT, GridKind.HEX_POINTY, GridKind.SQUARE)
    goals: tuple[GoalKind, ...] = (GoalKind.BATTLE,)
    phases: tuple[str, ...] = PHASES
    state_type: type[SasState] = SasState

    # -- catalogue -------------------------------------------------------------
    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, p.name, p.about) for k, p in tables().classes.items()}

    def help_text(self) -> str:
        """This ruleset's page, then the sailing and gunnery parts' own sections."""
        own = read_package_text(__package__, "help.md")
        sailing = _sections(SALT.help_text(), ("Wind", "Bearings", "Ships and speed", "Luck",
                                                "Strain", "Calm and gale", "Maneuvers",
                                                "Movement"))
        from tui_naval.rulesets.kyngesreach.rules import RULESET as KYNG

        gunnery = _sections(KYNG.help_text(), ("Rolls", "Firing", "Called shots", "The ships"))
        return (f"{own.rstrip()}\n\n## Appendix: Salt'n'Tar's sailing\n\n"
                "From the Salt'n'Tar rules. Where they speak of the full move and two-point "
                "turns, this game's half moves (above) rule.\n\n"
                f"{sailing}\n\n## Appendix: Kyngesreach's gunnery\n\n"
                "From the Kyngesreach rules. The wind gauge here is the initiative (above); "
                "there is no range roll and no battery choice: both are sailed on the map.\n\n"
                f"{gunnery}\n")

    # -- setup -----------------------------------------------------------------
    def unplayable(self, spec: MapSpec) -> str | None:
        """Why this ruleset cannot play a map beyond goal, grid and classes (None: it can)."""
        if len(spec.sides) != 2:
            return (f"{self.title} is fought between two sides; map {spec.name} "
                    f"has {len(spec.sides)} ({', '.join(spec.sides)})")
        opts = read_options(spec.text, f"{spec.name}.map", tuple(s.id for s in spec.ships),
                            spec.sides)
        if opts.magic:
            return (f"map {spec.name}: the magical wind is Kyngesreach's wind-gauge "
                    f"option and is not played in {self.title}")
        return None

    def setup(self, scenario: Scenario) -> SasState:
        spec = scenario.map
        reason = self.unplayable(spec)
        if reason:
            raise ScenarioError(reason)
        opts = read_options(spec.text, f"{spec.name}.map", tuple(s.id for s in spec.ships),
                            spec.sides)
        board = spec.board(scenario.grid)
        grid = board.grid
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        wind = salt_rules.initial_wind(grid, spec.wind, roller, log)
        crews, names_of = dict(opts.crews), dict(opts.names)
        classes = tables().classes
        ships = tuple(
            compose.sync(SasShip(
                id=slot.id, side=slot.side, kind=slot.kind,
                name=names_of.get(slot.id, classes[slot.kind].name), cell=slot.cell,
                heading=grid.parse_facing(slot.facing), masts=classes[slot.kind].stype.masts,
                gunnery=gun.new_gunnery(classes[slot.kind].gunnery, crews.get(slot.id))))
            for slot in scenario.ships
        )
        state = SasState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                         turn=1, phase="luck", wind=wind, rng=roller.rng, ships=ships)
        a, b = spec.sides
        log("game", f"a battle of {spec.goal.turns} turns: {self._fleet(state, a)} against "
            f"{self._fleet(state, b)}; ramming and boarding are not played (Kyngesreach has "
            "neither)")
        return self._advance(state, log)

    def _fleet(self, state: SasState, side: str) -> str:
        return f"{side} ({', '.join(label(s) for s in state.ships if s.side == side)})"

    # -- helpers ---------------------------------------------------------------
    def in_play(self, state: SasState, side: str) -> list[SasShip]:
        return [s for s in state.ships if s.side == side and in_play(s)]

    def enemy(self, state: SasState, side: str) -> str:
        return state.sides[1] if side == state.sides[0] else state.sides[0]

    def move_groups(self, state: SasState) -> list[tuple[str, ...]]:
        """Who moves in turn in a half move: the side without the initiative, then the holder."""
        if not state.holder:
            return [state.sides]
        return [(self.enemy(state, state.holder),), (state.holder,)]

    def can_steer(self, state: SasState, ship: SasShip) -> bool:
        """Salt'n'Tar's rule (a ship needs way to turn) with the gunnery's limits."""
        if not in_play(ship) or ship.gunnery.immobilised:
            return False
        if not SALT.can_steer(sailing_view(ship), state):
            return False
        if wind_speed_for(ship, state.wind) >= sailing_tables().limits.gale:
            return True
        grid = state.grid
        return any(sas_motion(ship, grid, state.wind, heading=grid.turn(ship.heading, p)).way
                   in (Way.SAIL, Way.BACKWARDS) for p in STEER.values())

    def helm_options(self, state: SasState, ship: SasShip) -> tuple[Order, ...]:
        hold = Order(ship.id, HOLD)
        if ship.turns_made >= turns_allowed(ship) or not self.can_steer(state, ship):
            return (hold,)
        return (hold, Order(ship.id, "port", "1"), Order(ship.id, "starboard", "1"))

    def fire_options(self, state: SasState, ship: SasShip, battery: Battery
                     ) -> tuple[Order, ...]:
        """Every (aim, target) the battery can fire at now, and ``hold``; () if none."""
        if not in_play(ship) or not ship.gunnery.guns(battery).ready:
            return ()
        out = []
        for target in state.ships:
            if target.side == ship.side or not in_play(target):
                continue
            band = bears(state.board, ship, battery, target)
            if band is None:
                continue
            for aim in gun.aim_options(ship.gunnery, battery, target.gunnery, band):
                out.append(Order(ship.id, battery.value, f"{aim.token}@{target.id}"))
        if not out:
            return ()
        return (*out, Order(ship.id, battery.value, HOLD))

    def firing_order(self, state: SasState) -> list[SasShip]:
        """The initiative holder's ships first (map order), then the other side's."""
        if not state.holder:
            return list(state.ships)
        return sorted(state.ships, key=lambda s: s.side != state.holder)

    def gauge_mods(self, state: SasState, side: str) -> list[tuple[str, int]]:
        t = gunnery_tables()
        if not state.holder:
            return [("no initiative", t.tie_gunner)]
        if side == state.holder:
            return [("initiative", t.holder_gunner)]
        return []

    def line_mods(self, state: SasState, side: str) -> tuple[list[tuple[str, int]], str]:
        """The side's handling modifiers: its clumsiest ship still able to work to windward."""
        line = [s for s in self.in_play(state, side) if not s.gunnery.out_of_line]
        if not line:
            return [], ""
        worst = min(line, key=lambda s: sum(v for _, v in gun.seamanship_modifiers(s.gunnery)))
        return gun.seamanship_modifiers(worst.gunnery), worst.id

    # -- decisions -------------------------------------------------------------
    def decision(self, state: SasState) -> Decision | None:
        if state.outcome is not None or state.phase not in DECIDING:
            return None
        phase = state.phase
        if phase == "initiative":
            return self._weather_decision(state) if state.turn == 1 else None
        if phase == "missile":
            return self._fire_decision(state)
        if phase == "ammo":
            return self._ammo_decision(state)
        done = {Order.parse(text).ship for text in state.plotted}
        if phase in ("first-half", "second-half"):
            group = self.move_groups(state)[state.group]
            deciders = [s for s in state.ships if s.side in group]
        else:
            deciders = list(state.ships)
        deciders.sort(key=lambda s: state.sides.index(s.side))
        for ship in deciders:
            if ship.id in done or not in_play(ship):
                continue
            if phase == "luck":
                return Decision(ship.side, "luck", ship.id, f"{label(ship)}: roll a luck die?",
                                (Order(ship.id, "luck", "roll"), Order(ship.id, "luck", "pass")),
                                chance=luck_chance(), plotted=True)
            if phase == "maneuver":
                return Decision(ship.side, "maneuver", ship.id,
                                f"{label(ship)}: sails and anchor", SALT.maneuver_options(ship),
                                plotted=True)
            return Decision(ship.side, "move", ship.id, self._helm_prompt(state, ship),
                            self.helm_options(state, ship), plotted=True)
        return None

    def _helm_prompt(self, state: SasState, ship: SasShip) -> str:
        half = "first" if state.phase == "first-half" else "second"
        text = f"{label(ship)}: helm for the {half} half move (one point at most)"
        if ship.turns_made and turns_allowed(ship) > 1:
            text += "; a second change of direction this turn marks 1 Strain"
        return text

    def _weather_decision(self, state: SasState) -> Decision | None:
        done = {state.ship(Order.parse(text).ship).side for text in state.plotted}
        return gun.weather_decision(state.sides, lambda side: self.in_play(state, side), done,
                                    "who reads the weather (Weather Sense) for the initiative?")

    def _fire_decision(self, state: SasState) -> Decision | None:
        done = set(state.acted) | {fire_key(o.ship, Battery(o.verb))
                                   for o in map(Order.parse, state.plotted)}
        for ship in self.firing_order(state):
            for battery in Battery:
                if fire_key(ship.id, battery) in done:
                    continue
                options = self.fire_options(state, ship, battery)
                if not options:
                    continue
                guns = ship.gunnery.guns(battery)
                return Decision(ship.side, "target", ship.id,
                                f"{label(ship)}: {battery.value} battery, {guns.guns} guns of "
                                f"{AMMO_NAMES[guns.ammo]}: choose a target and aim, or hold",
                                options, plotted=not state.holder)
        return None

    def _ammo_decision(self, state: SasState) -> Decision | None:
        return gun.ammo_decision(state.ships, state.plotted, in_play, "turns")

    # -- transitions -----------------------------------------------------------
    def apply(self, state: SasState, order: Order) -> SasState:
        decision = check_answer(self.decision(state), order, state.outcome is not None)
        log = Log(state.turn)
        state = self._answer(state, decision, order, log)
        return self._advance(state, log)

    def advance(self, state: SasState) -> SasState:
        """Run a state (one a test has changed, say) on to its next decision."""
        return self._advance(state, Log(state.turn))

    def _answer(self, state: SasState, decision: Decision, order: Order, log: Log) -> SasState:
        if decision.plotted:
            return evolve(state, plotted=(*state.plotted, str(order)))
        battery = Battery(order.verb)
        state = evolve(state, acted=(*state.acted, fire_key(order.ship, battery)))
        return self._fire_one(state, order, log)

    def _advance(self, state: SasState, log: Log) -> SasState:
        """Run automatic steps and forced answers until a real choice or the end."""
        if state.outcome is None:
            state = self._judge(state, log)
        while state.outcome is None:
            if state.phase in DECIDING:
                decision = self.decision(state)
                if decision is not None:
                    if len(decision.options) > 1:
                        break
                    state = self._answer(state, decision, decision.options[0], log)
                    continue
                state = self._close_phase(state, log)
            elif state.phase == "wind":
                state = evolve(_state(SALT._wind_roll(state, log)), phase="luck")
            elif state.phase == "strain":
                state = self._strain_rolls(state, log)
            else:
                state = self._end_turn(state, log)
                log.turn = state.turn
            if state.outcome is None:
                state = self._judge(state, log)
        return evolve(state, events=tuple(log.events))

    def _next(self, state: SasState, phase: str) -> SasState:
        return evolve(state, phase=phase, plotted=(), acted=(), group=0)

    def _close_phase(self, state: SasState, log: Log) -> SasState:
        orders = [Order.parse(text) for text in state.plotted]
        phase = state.phase
        if phase == "luck":
            lucky = _state(SALT._resolve_luck(evolve(state, plotted=()),
                                              {o.ship: o for o in orders}, log))
            return self._next(lucky, "strain")
        if phase == "initiative":
            if state.turn == 1:
                return self._next(self._read_weather(state, orders, log), "first-half")
            return self._next(self._contest(state, log), "first-half")
        if phase in ("first-half", "second-half"):
            half = 1 if phase == "first-half" else 2
            state = self.half_move(state, {o.ship: o for o in orders}, half, log)
            if state.group + 1 < len(self.move_groups(state)):
                return evolve(state, group=state.group + 1, plotted=())
            if half == 1:
                return self._next(state, "missile")
            # a turn has passed for maneuvers under way (Salt'n'Tar ticks them after moving)
            ticked = tuple(_sas(SALT._tick(s, log)) for s in state.ships)
            return self._next(evolve(state, ships=ticked), "maneuver")
        if phase == "missile":
            if not state.holder:
                state = self._fire_together(state, orders, log)
            return self._next(state, "ammo")
        if phase == "ammo":
            return self._next(self._reload(state, orders, log), "second-half")
        return self._next(self._maneuvers(state, {o.ship: o for o in orders}, log), "end")

    # strain --------------------------------------------------------------------
    def _strain_rolls(self, state: SasState, log: Log) -> SasState:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            if in_play(ship) and ship.strain > 0:
                ship = with_crew_loss(ship, _sas(SALT.strain_roll(ship, roller, log)))
            ships.append(ship)
        return self._next(evolve(state, ships=tuple(ships), rng=roller.rng), "initiative")

    # initiative ----------------------------------------------------------------
    def _read_weather(self, state: SasState, orders: list[Order], log: Log) -> SasState:
        """Turn 1: each side's nominee rolls Weather Sense; the better reading leads."""
        t = gunnery_tables()
        roller = Roller(state.rng)
        checks: dict[str, Check] = {}
        weather = []
        for order in orders:
            ship = state.ship(order.ship)
            check, text = gun.skill_roll(roller, "Weather Sense", ship.gunnery.skills.weather, [])
            mod = t.weather_sense[gun.result_text(check).replace(" ", "_")]
            checks[ship.side] = check
            weather.append((ship.side, mod))
            log("weather", f"{ship.side}: {label(ship)} reads the weather: {text}: {mod:+d} to "
                "the side's Seamanship in the contests for the initiative", ship.id)
        state = evolve(state, rng=roller.rng,
                       weather=tuple(sorted(weather, key=lambda w: state.sides.index(w[0]))))
        a, b = state.sides
        if a not in checks or b not in checks:
            holder = a if a in checks else b if b in checks else ""
        else:
            result = gun.contest(checks[a], checks[b])
            holder = a if result > 0 else b if result < 0 else ""
        return self._set_holder(state, holder, "the better reading of the weather", log)

    def _contest(self, state: SasState, log: Log) -> SasState:
        """Turn 2 on: Tactics, then Contested Seamanship, as Kyngesreach's wind gauge."""
        t = gunnery_tables()
        a, b = state.sides
        able = {side: bool(self.line_mods(state, side)[1]) for side in state.sides}
        if not (able[a] and able[b]):
            for side in state.sides:
                if not able[side]:
                    log("gauge", f"{side} has no ship that can work to windward (two masts "
                        "down or sails shot away): it cannot contest the initiative")
            holder = a if able[a] else b if able[b] else ""
            return self._set_holder(state, holder, "the other cannot contest", log)
        roller = Roller(state.rng)
        checks: dict[str, Check] = {}
        for side in state.sides:
            flag = self.in_play(state, side)[0]
            mods, worst = self.line_mods(state, side)
            tactics, ttext = gun.skill_roll(roller, "Tactics (Naval)",
                                            flag.gunnery.skills.tactics, [])
            log("tactics", f"{side}: {label(flag)} {ttext}", flag.id)
            if len(self.in_play(state, side)) > 1:
                mods = [(f"{name} ({worst})", v) for name, v in mods]
            mods = [("weather sense", state.weather_mod(side)),
                    ("tactics", t.tactics if tactics.success else 0), *mods]
            check, text = gun.skill_roll(roller, "Seamanship", flag.gunnery.skills.seamanship,
                                         mods)
            checks[side] = check
            log("gauge", f"{side}: {label(flag)} {text}", flag.id)
        state = evolve(state, rng=roller.rng)
        ca, cb = checks[a], checks[b]
        result = gun.contest(ca, cb)
        holder = a if result > 0 else b if result < 0 else ""
        why = f"Contested Seamanship, margins {ca.margin:+d} and {cb.margin:+d}"
        return self._set_holder(state, holder, why, log)

    def _set_holder(self, state: SasState, holder: str, why: str, log: Log) -> SasState:
        t = gunnery_tables()
        if holder:
            log("gauge", f"{holder} has the initiative (the wind gauge: {why}): it moves last "
                f"in each half move and fires first, at +{t.holder_gunner}")
        else:
            log("gauge", f"no initiative ({why}): both sides move together and fire together "
                f"at {t.tie_gunner}")
        return evolve(state, holder=holder)

    # movement ------------------------------------------------------------------
    def half_move(self, state: SasState, orders: Mapping[str, Order], half: int,
                  log: Log) -> SasState:
        """Turn and move the ships given orders through half their move (1: first, 2: second).

        The first half is half the turn's inches rounded down, the second the rest,
        each by the ship's speed on her heading at the time.  Ships step by
        Salt'n'Tar's stepping (fouling, land, the edge).
        """
        grid, board = state.grid, state.board
        ships = {s.id: s for s in state.ships}
        plans: dict[str, tuple[int, int]] = {}
        for sid in (s.id for s in state.ships if s.id in orders):
            ship = ships[sid]
            points = helm_points(orders[sid])
            if points:
                ship = evolve(ship, heading=grid.turn(ship.heading, points),
                              turns_made=ship.turns_made + 1)
                note = (f"{label(ship)} turns one point to {'starboard' if points > 0 else 'port'}"
                        f", now heading {grid.facing_name(ship.heading)}")
                if ship.turns_made >= 2:
                    ship = evolve(ship, strain=ship.strain + 1)
                    note += ": a second change of direction this turn, mark 1 Strain"
                log("helm", note, sid)
            move = sas_motion(ship, grid, state.wind)
            inches = move.inches // 2 if half == 1 else move.inches - move.inches // 2
            cells, carry = cells_for(ship.carry, inches, board.scale)
            strain = move.strain if half == 1 else 0
            ship = evolve(ship, carry=carry, strain=ship.strain + strain,
                          last_speed=inches + (ship.last_speed if half == 2 else 0),
                          last_motion=f"{move.way.value} ({move.reason})")
            plans[sid] = (move.direction, cells)
            text = f"{label(ship)} {move.way.value}: {move.reason}"
            if move.inches:
                text += f'; {"first" if half == 1 else "second"} half {inches}" -> {cells} ' \
                        f"cell{'s' * (cells != 1)}"
            if strain:
                text += "; sails set in a gale, mark 1 Strain"
            log("move", text, sid)
            ships[sid] = ship
        views: dict[str, SaltShip] = {sid: sailing_view(s) for sid, s in ships.items()}
        moved, _ = SALT._step_ships(state, views, plans, log)
        return evolve(state, ships=tuple(evolve(_sas(moved[s.id]), kind=s.kind)
                                         for s in state.ships))

    # missiles ------------------------------------------------------------------
    def _names(self, ship: SasShip, target: SasShip) -> tuple[str, str, str, str]:
        return ship.id, label(ship), target.id, label(target)

    def _range_note(self, state: SasState, ship: SasShip, battery: Battery, target: SasShip,
                    band: Band, log: Log) -> None:
        d = state.grid.distance(ship.cell, target.cell)
        log("range", f"{label(ship)}'s {battery.value} battery bears on {label(target)} at "
            f"{d} cell{'s' * (d != 1)}: {band_name(band)} range", ship.id)

    def _fire_one(self, state: SasState, order: Order, log: Log) -> SasState:
        """One battery fires, its hits falling at once (the initiative decides the order)."""
        ship = state.ship(order.ship)
        battery, aim, target_id = parse_fire(order)
        if aim is None:
            log("gunnery", f"{label(ship)} holds her {battery.value} battery's fire", ship.id)
            return state
        target = state.ship(target_id)
        band = bears(state.board, ship, battery, target)
        assert band is not None
        self._range_note(state, ship, battery, target, band, log)
        roller = Roller(state.rng)
        shooter, hit, _ = gun.fire(roller, ship.gunnery, battery, target.gunnery,
                                   facing_battery(state.grid, target, ship.cell), band, aim, log,
                                   extra=self.gauge_mods(state, ship.side),
                                   names=self._names(ship, target))
        state = state.with_ship(with_gunnery(ship, shooter))
        state = state.with_ship(with_gunnery(state.ship(target.id), hit))
        return evolve(state, rng=roller.rng)

    def _fire_together(self, state: SasState, orders: list[Order], log: Log) -> SasState:
        """No initiative: every battery fires at once, each rolling as the ships were before."""
        before = {s.id: s for s in state.ships}
        roller = Roller(state.rng)
        for order in orders:
            ship0 = before[order.ship]
            battery, aim, target_id = parse_fire(order)
            if aim is None:
                log("gunnery", f"{label(ship0)} holds her {battery.value} battery's fire",
                    ship0.id)
                continue
            target0 = before[target_id]
            band = bears(state.board, ship0, battery, target0)
            assert band is not None
            self._range_note(state, ship0, battery, target0, band, log)
            g0 = ship0.gunnery
            volley = gun.roll_volley(roller, g0, battery, target0.gunnery, band, aim,
                                     self.gauge_mods(state, ship0.side))
            ammo = AMMO_NAMES[g0.guns(battery).ammo]
            log("gunnery", f"{label(ship0)} fires {aim.describe()} of {ammo} from her "
                f"{battery.value} battery at {label(target0)}: {volley.text}", ship0.id)
            ship = state.ship(ship0.id)
            shooter = gun.after_firing(ship.gunnery, battery, volley)
            if volley.check.critical and not volley.check.success:
                log("gunnery", f"{label(ship)}: a gun bursts ({shooter.guns(battery).guns} left "
                    f"in the {battery.value} battery)", ship.id)
            state = state.with_ship(with_gunnery(ship, shooter))
            target = state.ship(target0.id)
            hit = gun.apply_hits(roller, target.gunnery, g0.info.calibre, aim, volley.hits,
                                 facing_battery(state.grid, target0, ship0.cell), log,
                                 target.id, label(target))
            state = state.with_ship(with_gunnery(target, hit))
        return evolve(state, rng=roller.rng)

    # ammunition ----------------------------------------------------------------
    def _reload(self, state: SasState, orders: list[Order], log: Log) -> SasState:
        for order in orders:
            ship = state.ship(order.ship)
            battery = Battery(order.verb)
            before = ship.gunnery.guns(battery)
            g, turns = gun.start_reload(ship.gunnery, battery, order.arg)
            if turns:
                now = g.guns(battery)
                what = "draws her charge and reloads" if not before.empty else "reloads"
                log("ammo", f"{label(ship)}'s {battery.value} battery {what} with "
                    f"{AMMO_NAMES[now.ammo]}: loaded in {now.reload} turn"
                    f"{'s' * (now.reload != 1)}", ship.id)
            state = state.with_ship(with_gunnery(ship, g))
        return state

    # maneuvers -----------------------------------------------------------------
    def _maneuvers(self, state: SasState, orders: Mapping[str, Order], log: Log) -> SasState:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            order = orders.get(ship.id)
            if order is not None:
                ship = with_crew_loss(ship, _sas(SALT._maneuver(ship, order.verb, roller, log)))
            ships.append(ship)
        return evolve(state, ships=tuple(ships), rng=roller.rng)

    # end of turn ---------------------------------------------------------------
    def _end_turn(self, state: SasState, log: Log) -> SasState:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            if ship.afloat and ship.sinking:
                if ship.sinking == 1:
                    log("sinks", f"{label(ship)} founders and sinks!", ship.id)
                    ship = with_gunnery(evolve(ship, sinking=0, afloat=False),
                                        evolve(ship.gunnery, hip=0))
                else:
                    ship = evolve(ship, sinking=ship.sinking - 1)
            if ship.afloat:
                ship = with_gunnery(ship, gun.end_of_round(roller, ship.gunnery, log, ship.id,
                                                           label(ship)))
            ships.append(evolve(ship, luck=0, luck_die=0, turns_made=0))
        state = evolve(state, ships=tuple(ships), rng=roller.rng)
        state = self._judge(state, log)
        if state.outcome is not None:
            return state
        if state.turn >= state.goal.turns:
            outcome = self.judge_at_limit(state)
            log("over", str(outcome))
            return evolve(state, outcome=outcome)
        return evolve(self._next(state, "wind"), turn=state.turn + 1)

    def _judge(self, state: SasState, log: Log) -> SasState:
        fighting = [side for side in state.sides if self.in_play(state, side)]
        if len(fighting) == 2:
            return state
        if fighting:
            loser = self.enemy(state, fighting[0])
            outcome = Outcome(fighting[0], f"no ship of {loser} is left in action (sunk, "
                              f"sinking or struck) on turn {state.turn}")
        else:
            outcome = Outcome(None, "both sides are out of action")
        log("over", str(outcome))
        return evolve(state, outcome=outcome)

    def side_strength(self, state: SasState, side: str) -> float:
        """Half its HIP and half its crew readiness, averaged over the side (0: out of action)."""
        ships = [s for s in state.ships if s.side == side]
        return sum(gun.strength(s.gunnery) if in_play(s) else 0.0 for s in ships) / len(ships)

    def judge_at_limit(self, state: SasState) -> Outcome:
        a, b = state.sides
        sa, sb = self.side_strength(state, a), self.side_strength(state, b)
        text = f"after {state.turn} turns {a} keeps {sa:.0%} of its strength, {b} {sb:.0%}"
        if round(sa, 9) == round(sb, 9):
            return Outcome(None, text)
        return Outcome(a if sa > sb else b, text)

    # -- for the UI ------------------------------------------------------------
    @staticmethod
    def _initiative_text(state: SasState) -> str:
        if PHASES.index(state.phase) < PHASES.index("first-half"):
            return "to be contested this turn"
        if not state.holder:
            return "none (a tie): all move and fire together"
        return f"{state.holder}: moves last, fires first"

    def describe(self, state: SasState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        pair = pairing(ship)
        stype = pair.stype
        g = ship.gunnery
        info = g.info
        t = gunnery_tables()
        grid = state.grid
        bearing = bearing_of(grid, state.wind, ship.heading)
        move = sas_motion(ship, grid, state.wind)
        rows = [
            Row("Ship", f"{ship.id} {ship.name} ({pair.name}, {ship.side})"),
            Row("Class", f"sails as a {stype.name}, fights as a {info.name}"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {stype.bearing_name(bearing)} "
                f"(BN {stype.bn(bearing)})"),
            Row("Wind", f"WS {wind_speed_for(ship, state.wind)}"
                + (f" (luck {ship.luck:+d})" if ship.luck_die else "")),
            Row("Speed", f'{move.inches}" a turn ({move.inches // 2}" + '
                f'{move.inches - move.inches // 2}"): {move.way.value}, {move.reason}'),
            Row("Last move", f'{ship.last_speed}" {ship.last_motion}' if ship.last_motion else "-"),
            Row("Strain", str(ship.strain), min(1.0, ship.strain / 6)),
            Row("Speed loss", f'{ship.speed_loss}" ({ship.damage_loss}" from damage)'),
            Row("Sails", ship.sails.value + (f", {ship.change.value} in {ship.change_turns}"
                                             if ship.change is not Change.NONE else "")),
            Row("Helm", f"{ship.turns_made} change{'s' * (ship.turns_made != 1)} of direction "
                f"this turn, {turns_allowed(ship)} allowed"),
            Row("Initiative", self._initiative_text(state)),
            Row("HIP", f"{g.hip}/{info.hip}", g.hip / info.hip),
            Row("Hull", f"DR {info.dr}; {gun.status_of(g).name}"),
            Row("Sail HP", f"{g.sail_hp}/{info.sail_hp}", g.sail_hp / info.sail_hp),
            Row("Masts", f"{ship.masts}/{stype.masts} sailing; " + ", ".join(
                f"{m.value} {'down' if g.mast_down(m) else f'{h}/{t.falls_after}'}"
                for m, h in zip(MASTS, g.mast_hits, strict=True)),
                ship.masts / stype.masts),
            Row("Crew", f"{g.readiness}% readiness", g.readiness / 100),
        ]
        for battery in Battery:
            guns = g.guns(battery)
            if guns.ready:
                what = "ready"
            elif guns.empty:
                what = "fired"
            else:
                what = f"loaded in {guns.reload}"
            rows.append(Row(battery.value.title(),
                            f"{guns.guns}/{info.guns} x {t.calibres[info.calibre].name}, "
                            f"{AMMO_NAMES[guns.ammo]}, {what}", guns.guns / info.guns))
        rows.append(Row("Reload", ", ".join(
            f"{b.value} {'fired' if g.guns(b).empty else g.guns(b).reload or 'ready'}"
            for b in Battery)))
        rows.append(Row("Ammo", ", ".join(f"{b.value} {AMMO_NAMES[g.guns(b).ammo]}"
                                          for b in Battery)))
        sk = g.skills
        rows.append(Row("Skills", f"Weather {sk.weather}, Seamanship {sk.seamanship}, "
                        f"Tactics {sk.tactics}, Gunner {sk.gunner}"))
        damage = []
        if g.steering:
            damage.append(f"steering -{g.steering}")
        if g.rigging_hits:
            damage.append(f"rigging hits {g.rigging_hits}")
        if g.on_fire:
            damage.append("ON FIRE")
        if damage:
            rows.append(Row("Damage", ", ".join(damage)))
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif ship.sinking:
            rows.append(Row("SINKING", f"in {ship.sinking} turn{'s' * (ship.sinking > 1)}"))
        elif g.struck:
            rows.append(Row("Status", "struck her colours"))
        elif g.sinking:
            rows.append(Row("Status", "sinking"))
        elif g.adrift:
            rows.append(Row("Status", "dismasted, adrift"))
        elif g.immobilised:
            rows.append(Row("Status", "sails shot away: adrift, jury rigging"))
        elif ship.sails is not Sails.SET:
            rows.append(Row("Status", f"sails {ship.sails.value}"))
        return rows


def _sections(text: str, names: tuple[str, ...]) -> str:
    """The named ``## `` sections of a help page, one level down (``### ``)."""
    parts = re.split(r"^## ", text, flags=re.M)
    found = {}
    for part in parts[1:]:
        head, _, body = part.partition("\n")
        found[head.strip()] = body.strip()
    out = []
    for name in names:
        body = re.sub(r"^(#+) ", r"#\1 ", found[name], flags=re.M)
        out.append(f"### {name}\n\n{body}")
    return "\n\n".join(out)


RULESET = SaltAndShot()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[SasState] = RULESET
