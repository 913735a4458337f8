"""Kyngesreach Naval Combat: two squadrons, the wind gauge and range bands.

A round: the wind gauge (round 1 by Weather Sense, then Contested Seamanship),
the holder's try to change the range band, the holder's choice of battery, the
broadsides (the holder's squadron first at +1, then the other; on a tie both
together at -1), the ammunition orders, and the end of the round (reloading,
fire, flooding, jury rigging, foundering).  The gunnery is the Kyngesreach
gunnery system, which knows nothing of how the band was reached; the gauge is
the wind-gauge initiative system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache

from attrs import evolve

from tui_naval.core.dice import Chance, ChanceOutcome, DiceSpec, Rng, Roller, gurps_check
from tui_naval.core.engine import Auto, Decide, Log, Turn
from tui_naval.core.grid import Cell
from tui_naval.core.maps import MapSpec
from tui_naval.core.messages import cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Departure, Part, Row, Ruleset, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario, ScenarioError
from tui_naval.core.state import Board, End, GoalKind, Outcome, ShipBase
from tui_naval.core.wind import Wind
from tui_naval.rulesets.kyngesreach import INFO, layout
from tui_naval.rulesets.kyngesreach.state import KyngShip, KyngState
from tui_naval.systems.gunnery.kyngesreach import damage
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gauge import CREWS
from tui_naval.systems.gunnery.kyngesreach.gunnery import (
    SKILL_RANGE,
    Aim,
    Battery,
    Gunnery,
    gunnery_problem,
    gunnery_wear,
    gunnery_worn,
)
from tui_naval.systems.gunnery.kyngesreach.options import map_options
from tui_naval.systems.gunnery.kyngesreach.tables import AMMO_NAMES, BANDS, MASTS, Band, tables
from tui_naval.systems.initiative.wind_gauge import WindGauge, Words, gauge_problem


def label(ship: KyngShip) -> str:
    return f"{ship.id} {ship.name}"


def band_name(band: Band) -> str:
    return tables().bands[band].name


def shift_band(band: Band, steps: int) -> Band:
    """The band ``steps`` farther (negative: closer), kept within the table."""
    i = min(max(BANDS.index(band) + steps, 0), len(BANDS) - 1)
    return BANDS[i]


@cache
def skill_chance(skill: int, success: str, failure: str) -> Chance:
    """A 3d6 roll under ``skill`` as a chance node."""
    dist = DiceSpec.parse("3d6").distribution()
    outcomes = []
    for value, p in dist.items():
        check = gurps_check(value, skill)
        text = success if check.success else failure
        if check.critical:
            text = f"critical {'success' if check.success else 'failure'}: {text}"
        outcomes.append(ChanceOutcome(value, p, text))
    return Chance("3d6", tuple(outcomes))


def magic_bonus(state: KyngState, roller: Roller, log: Log) -> str:
    """The side whose magical wind blows this round ("" if none)."""
    mages = {m.side: m for m in state.magic if GAUGE.in_action(state, m.side)}
    if not mages:
        return ""
    if len(mages) == 1:
        (side, mage), = mages.items()
        log("magic", f"{mage.name} of {side} raises a trailing wind: "
            f"+{tables().trailing_wind} to {side}'s Seamanship")
        return side
    a, b = (mages[s] for s in state.sides)
    if a.strength != b.strength:
        win = a if a.strength > b.strength else b
        log("magic", f"the wind-mages strive: {win.name} of {win.side} is the stronger "
            f"({a.strength} against {b.strength}) and the trailing wind is {win.side}'s")
        return win.side
    ca, ta = gun.skill_roll(roller, f"{a.side} spell", a.skill, [], log.loud)
    cb, tb = gun.skill_roll(roller, f"{b.side} spell", b.skill, [], log.loud)
    result = gun.contest(ca, cb)
    win_side = a.side if result > 0 else b.side if result < 0 else ""
    text = f"the trailing wind is {win_side}'s" if win_side else "the winds cancel out"
    log("magic", f"the wind-mages are evenly matched: Quick Contest {ta}; {tb}: {text}")
    return win_side


GAUGE = WindGauge(
    CREWS,
    lambda ship: ship.gunnery.in_action,
    Words(reading="the wind-gauge contests",
          taken="{holder} takes the wind gauge ({why}): fires first at +{holder_gunner}, "
                "chooses the battery and may change the range",
          tie="a tie ({why}): both squadrons fire together at {tie_gunner}, no one switches "
              "battery; the gauge resets",
          cannot="(two masts down, adrift or immobilised): it loses the wind gauge"),
    magic=magic_bonus,  # type: ignore[arg-type]
)


def in_action(state: KyngState, side: str) -> list[KyngShip]:
    return [s for s in state.ships if s.side == side and s.gunnery.in_action]


def enemy(state: KyngState, side: str) -> str:
    return state.sides[1] if side == state.sides[0] else state.sides[0]


def flagship(state: KyngState, side: str) -> KyngShip | None:
    """The side's first ship in action (map order) commands the squadron."""
    ships = in_action(state, side)
    return ships[0] if ships else None


def range_skill(state: KyngState, side: str) -> tuple[int, list[tuple[str, int]]]:
    flag = flagship(state, side)
    assert flag is not None
    return flag.gunnery.skills.seamanship, GAUGE.squadron_mods(state, side)


def gauge_mods(state: KyngState, side: str) -> list[tuple[str, int]]:
    """The wind gauge's Gunner modifier for ``side``."""
    return GAUGE.gunner_mods(state, side, ("wind gauge", "tie"))


def firing_order(state: KyngState) -> list[KyngShip]:
    """The holder's ships first (map order), then the other side's."""
    if not state.holder:
        return list(state.ships)
    return sorted(state.ships, key=lambda s: s.side != state.holder)


def aims(state: KyngState, ship: KyngShip) -> list[tuple[KyngShip, Aim]]:
    """Every legal (target, aim) for the ship's engaged battery this round."""
    if not ship.gunnery.in_action:
        return []
    out = []
    for target in state.ships:
        if target.side == ship.side:
            continue
        for aim in gun.aim_options(ship.gunnery, ship.gunnery.engaged, target.gunnery,
                                   state.band):
            out.append((target, aim))
    return out


def target_options(state: KyngState, ship: KyngShip) -> tuple[Order, ...]:
    found = aims(state, ship)
    if not found:
        return ()
    return (*(Order(ship.id, aim.token, target.id) for target, aim in found),
            Order(ship.id, "hold"))


def _names(ship: KyngShip, target: KyngShip) -> tuple[str, str, str, str]:
    return ship.id, label(ship), target.id, label(target)


def _homes(ships: Sequence[KyngShip], sides: tuple[str, ...]
           ) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    return (tuple(s.home for s in ships if s.side == sides[0]),
            tuple(s.home for s in ships if s.side == sides[1]))


@lru_cache(maxsize=1024)
def _arrangement(board: Board, homes: tuple[tuple[Cell, ...], tuple[Cell, ...]],
                 moving: tuple[tuple[Cell, ...], tuple[Cell, ...]], cells: int,
                 fixed: tuple[Cell, ...]
                 ) -> tuple[tuple[float, float, float], tuple[Cell, ...], tuple[Cell, ...]]:
    """The squadrons' axis (from all ``homes``) and the cells of the ``moving`` ships, by
    their homes, at ``cells`` apart (the same few layouts come back round after round)."""
    line = layout.axis(board.grid, *homes)
    a, b = layout.place(board, line, *moving, cells, fixed)
    return line, tuple(a), tuple(b)


def arrange(state: KyngState) -> KyngState:
    """Put the squadrons at the band's distance, broadside on (ships out of action stay)."""
    grid, sides = state.grid, state.sides
    moving = [s for s in state.ships if s.gunnery.in_action]
    fixed = tuple(s.cell for s in state.ships if s.afloat and not s.gunnery.in_action)
    cells = tables().bands[state.band].cells
    line, a, b = _arrangement(state.board, _homes(state.ships, sides), _homes(moving, sides),
                              cells, fixed)
    where = dict(zip([s.id for s in moving if s.side == sides[0]], a, strict=True))
    where |= dict(zip([s.id for s in moving if s.side == sides[1]], b, strict=True))
    ships = []
    for ship in state.ships:
        if ship.id in where:
            towards = (line[0], line[1]) if ship.side == sides[0] else (-line[0], -line[1])
            heading = layout.broadside_heading(grid, towards, ship.gunnery.engaged)
            if ship.cell != where[ship.id] or ship.heading != heading:
                ship = evolve(ship, cell=where[ship.id], heading=heading)
        ships.append(ship)
    if all(a is b for a, b in zip(ships, state.ships, strict=True)):
        return state
    return evolve(state, ships=tuple(ships))


# -- the steps of a round --------------------------------------------------------------

def _weather(state: KyngState) -> Decision | None:
    return GAUGE.weather_decision(state, "who reads the weather (Weather Sense)?")


def _range_decision(state: KyngState) -> Decision | None:
    side = state.holder
    flag = flagship(state, side) if side else None
    if flag is None or state.acted:
        return None
    options = [Order(flag.id, "range", "hold")]
    if state.band is not BANDS[0]:
        options.append(Order(flag.id, "range", "close"))
    if state.band is not BANDS[-1]:
        options.append(Order(flag.id, "range", "open"))
    base, mods = range_skill(state, side)
    skill = base + sum(v for _, v in mods)
    return Decision(side, "range", flag.id,
                    f"{side} holds the wind gauge at {band_name(state.band)} range: close, "
                    f"open or hold? (Seamanship {skill})",
                    tuple(options),
                    chance=skill_chance(skill, "the range changes by one band",
                                        "the range holds"))


def _change_range(state: KyngState, order: Order, log: Log) -> KyngState:
    side = state.holder
    if order.arg == "hold":
        log("range", f"{side} holds the range at {band_name(state.band)}", order.ship)
        return state
    roller = Roller(state.rng)
    base, mods = range_skill(state, side)
    check, text = gun.skill_roll(roller, "Seamanship", base, mods, log.loud)
    flag = state.ship(order.ship)
    want = "close" if order.arg == "close" else "open"
    if not check.success:
        log("range", f"{label(flag)} tries to {want} the range: {text}: the range holds at "
            f"{band_name(state.band)}", flag.id)
        return evolve(state, rng=roller.rng)
    band = shift_band(state.band, -1 if order.arg == "close" else 1)
    cells = tables().bands[band].cells
    log("range", f"{label(flag)} tries to {want} the range: {text}: the range "
        f"{'closes' if order.arg == 'close' else 'opens'} to {band_name(band)} "
        f"({cells} cells)", flag.id)
    return arrange(evolve(state, rng=roller.rng, band=band))


def battery_text(g: Gunnery, battery: Battery) -> str:
    guns = g.guns(battery)
    if guns.ready:
        state = f"loaded, {AMMO_NAMES[guns.ammo]}"
    elif guns.empty:
        state = "empty"
    else:
        state = f"{AMMO_NAMES[guns.ammo]} in {guns.reload}"
    return f"{battery.value} {guns.guns} guns {state}"


def _battery_decision(state: KyngState) -> Decision | None:
    """The holder chooses the side of the engagement for the whole line."""
    flag = flagship(state, state.holder) if state.holder else None
    if flag is None or state.acted:
        return None
    now = flag.gunnery.engaged
    ours = "; ".join(f"{label(s)}: " + ", ".join(battery_text(s.gunnery, b) for b in Battery)
                     for s in in_action(state, state.holder))
    return Decision(state.holder, "battery", flag.id,
                    f"{state.holder}: engage with which battery? (the enemy then faces you "
                    f"with her other one; {ours})",
                    (Order(flag.id, "battery", now.value),
                     Order(flag.id, "battery", now.other.value)))


def _choose_battery(state: KyngState, order: Order, log: Log) -> KyngState:
    """Set the engaged batteries: the holder's choice, the other side the opposite."""
    side = state.holder
    battery = Battery(order.arg)
    flag = state.ship(order.ship)
    if battery is flag.gunnery.engaged:
        log("battery", f"{side} keeps the {battery.value} battery engaged", flag.id)
        return state
    ships = []
    for ship in state.ships:
        mine = battery if ship.side == side else battery.other
        ships.append(evolve(ship, gunnery=evolve(ship.gunnery, engaged=mine)))
    state = evolve(state, ships=tuple(ships))
    log("battery", f"{side} wears round to engage with the {battery.value} battery; "
        f"{enemy(state, side)} now faces them with her {battery.other.value} battery", flag.id)
    return arrange(state)


def _fire_decision(state: KyngState) -> Decision | None:
    done = {o.ship for o in state.acted} | {o.ship for o in state.plotted}
    for ship in firing_order(state):
        if ship.id in done:
            continue
        options = target_options(state, ship)
        if not options:
            continue
        g = ship.gunnery
        guns = g.guns(g.engaged)
        return Decision(ship.side, "target", ship.id,
                        f"{label(ship)}: {g.engaged.value} battery, {guns.guns} guns of "
                        f"{AMMO_NAMES[guns.ammo]}, {band_name(state.band)} range: "
                        "choose a target and aim", options, plotted=not state.holder)
    return None


def _fire_one(state: KyngState, order: Order, log: Log) -> KyngState:
    """A ship of the holder's or the other side fires in turn."""
    ship = state.ship(order.ship)
    if order.verb == "hold":
        log("gunnery", f"{label(ship)} holds her fire", ship.id)
        return state
    target = state.ship(order.arg)
    roller = Roller(state.rng)
    g, tg = ship.gunnery, target.gunnery
    shooter, hit, _ = damage.fire(roller, g, g.engaged, tg, tg.engaged, state.band,
                               Aim.parse(order.verb), log,
                               extra=gauge_mods(state, ship.side), names=_names(ship, target))
    state = state.with_ship(evolve(ship, gunnery=shooter))
    state = state.with_ship(evolve(target, gunnery=hit, afloat=not hit.sunk))
    return evolve(state, rng=roller.rng)


def _fire_together(state: KyngState, orders: tuple[Order, ...], log: Log) -> KyngState:
    """On a tie every ship fires at once: rolls from the state before the volley."""
    if state.holder:
        return state
    before = {s.id: s for s in state.ships}
    roller = Roller(state.rng)
    by_ship = {o.ship: o for o in orders}
    for ship0 in state.ships:
        order = by_ship.get(ship0.id)
        if order is None:
            continue
        if order.verb == "hold":
            log("gunnery", f"{label(ship0)} holds her fire", ship0.id)
            continue
        target0 = before[order.arg]
        g0, tg0 = ship0.gunnery, target0.gunnery
        ship, target = state.ship(ship0.id), state.ship(target0.id)
        shooter, hit = damage.fire_at_once(roller, (g0, tg0), (ship.gunnery, target.gunnery),
                                        g0.engaged, tg0.engaged, state.band,
                                        Aim.parse(order.verb), log,
                                        extra=gauge_mods(state, ship0.side),
                                        names=_names(ship0, target0), count_burst=False)
        state = state.with_ship(evolve(ship, gunnery=shooter))
        state = state.with_ship(evolve(state.ship(target0.id), gunnery=hit,
                                       afloat=not hit.sunk))
    return evolve(state, rng=roller.rng)


def _ammo_decision(state: KyngState) -> Decision | None:
    return gun.ammo_decision(state.ships, state.plotted, lambda ship: ship.gunnery.in_action,
                             "rounds")


def _reload(state: KyngState, orders: tuple[Order, ...], log: Log) -> KyngState:
    ships = {ship.id: ship for ship in state.ships}
    for order in orders:
        ship = ships[order.ship]
        g = gun.reload_ordered(ship, order, "round", log)
        if g is not ship.gunnery:
            ships[order.ship] = evolve(ship, gunnery=g)
    if all(ships[s.id] is s for s in state.ships):
        return state
    return evolve(state, ships=tuple(ships[s.id] for s in state.ships))


def _end_round(state: KyngState, log: Log) -> KyngState:
    roller = Roller(state.rng)
    ships = []
    changed = False
    for ship in state.ships:
        if ship.afloat:
            g = gun.end_of_round(roller, ship.gunnery, log, ship.id, label(ship))
            if g is not ship.gunnery or g.sunk:
                ship = evolve(ship, gunnery=g, afloat=not g.sunk)
                changed = True
        ships.append(ship)
    rng = roller.rng
    if not changed and rng == state.rng:
        return state
    return evolve(state, ships=tuple(ships), rng=rng)


def judge(state: KyngState) -> Outcome | None:
    fighting = [side for side in state.sides
                if any(s.side == side and s.gunnery.in_action for s in state.ships)]
    if len(fighting) == 2:
        return None
    if fighting:
        loser = enemy(state, fighting[0])
        return Outcome(fighting[0], f"every ship of {loser} is sunk, sinking or struck",
                       End.OUT_OF_ACTION)
    return Outcome(None, "both squadrons are out of action", End.OUT_OF_ACTION)


def side_strength(state: KyngState, side: str) -> float:
    ships = [s for s in state.ships if s.side == side]
    return sum(gun.strength(s.gunnery) for s in ships) / len(ships)


def judge_at_limit(state: KyngState) -> Outcome:
    """After the last round: the squadron with more of its strength left wins."""
    a, b = state.sides
    sa, sb = side_strength(state, a), side_strength(state, b)
    text = f"after {state.turn} rounds {a} keeps {sa:.0%} of its strength, {b} {sb:.0%}"
    if round(sa, 9) == round(sb, 9):
        return Outcome(None, text, End.TURN_LIMIT)
    return Outcome(a if sa > sb else b, text, End.TURN_LIMIT)


TURN: Turn[KyngState] = Turn(
    steps=(
        Decide("weather", _weather, when=lambda s: s.turn == 1,
               close=lambda state, held, log: GAUGE.read_weather(state, held, log)),
        Auto("gauge", GAUGE.contest, when=lambda s: s.turn > 1),
        Decide("range", _range_decision, answer=_change_range),
        Decide("battery", _battery_decision, answer=_choose_battery),
        Decide("fire", _fire_decision, answer=_fire_one, close=_fire_together),
        Decide("ammo", _ammo_decision, close=_reload),
        Auto("end", _end_round),
    ),
    judge=judge,
    at_limit=judge_at_limit,
)


class Kyngesreach(RulesetBase[KyngState]):
    """The Kyngesreach ruleset: squadron battles by wind gauge and range band."""

    info = INFO
    goals = (GoalKind.BATTLE,)
    state_type = KyngState
    turn = TURN

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, c.name, c.about) for k, c in tables().classes.items()}

    def invalid(self, state: KyngState) -> str | None:
        """The common checks, the wind gauge, the wind-mages and the ships' gunnery."""
        problem = super().invalid(state) or gauge_problem(state, state.holder, state.weather)
        if problem:
            return problem
        low, high = SKILL_RANGE
        for mage in state.magic:
            if mage.side not in state.sides or not (1 <= mage.strength <= 10
                                                    and low <= mage.skill <= high):
                return f"a wind-mage of {cut(mage.side)} is no side's, or out of range"
        return next((problem for ship in state.ships
                     if (problem := gunnery_problem(ship.id, ship.gunnery, ship.kind))), None)

    def unplayable(self, spec: MapSpec) -> str | None:
        """A map of other than two squadrons, or whose ``#!`` options cannot be read
        (ScenarioError naming its file and line; ``unplayable_reason`` gives it)."""
        if len(spec.sides) != 2:
            return (f"Kyngesreach is fought between two squadrons (the map has "
                    f"{len(spec.sides)} sides)")
        map_options(spec)
        return None

    def setup(self, scenario: Scenario) -> KyngState:
        spec = scenario.map
        if len(spec.sides) != 2:
            raise ScenarioError(f"Kyngesreach is fought between two squadrons; map {spec.name} "
                                f"has {len(spec.sides)} sides ({', '.join(spec.sides)})")
        board = spec.board(scenario.grid)
        grid = board.grid
        opts = map_options(spec)
        crews, names = dict(opts.crews), dict(opts.names)
        t = tables()
        ships = tuple(
            KyngShip(id=slot.id, side=slot.side, kind=slot.kind,
                     name=names.get(slot.id, t.classes[slot.kind].name), cell=slot.cell,
                     heading=grid.parse_facing(slot.facing), home=slot.cell,
                     gunnery=evolve(gun.new_gunnery(slot.kind, crews.get(slot.id)),
                                    engaged=(Battery.STARBOARD if slot.side == spec.sides[0]
                                             else Battery.PORT)))
            for slot in scenario.ships
        )
        homes = _homes(ships, spec.sides)
        distance = layout.axis(grid, *homes)[2]
        cells = layout.nearest_band_distance(distance, (t.bands[b].cells for b in BANDS))
        band = next(b for b in BANDS if t.bands[b].cells == cells)
        wind = Wind(grid.parse_facing(spec.wind[0]), spec.wind[1]) if spec.wind else Wind(0, 2)
        state = KyngState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                          wind=wind, rng=Rng.from_seed(scenario.seed), ships=ships, band=band,
                          magic=opts.magic)
        state = arrange(state)
        log = Log(1)
        log("game", f"a battle of {spec.goal.turns} rounds: {self._fleet(state, spec.sides[0])} "
            f"against {self._fleet(state, spec.sides[1])}; the squadrons meet at "
            f"{band_name(band)} range ({t.bands[band].cells} cells)")
        for mage in state.magic:
            log("magic", f"{mage.side} has {mage.name} (strength {mage.strength}, "
                f"spell skill {mage.skill}): the magical wind is in play")
        return self.begin(state, log)

    def _fleet(self, state: KyngState, side: str) -> str:
        ships = [s for s in state.ships if s.side == side]
        return f"{side} ({', '.join(label(s) for s in ships)})"

    def standing(self, state: KyngState, side: str) -> float:
        """The side's strength left against the other's (what the limit judges by)."""
        ours = side_strength(state, side)
        theirs = side_strength(state, enemy(state, side))
        return (ours - theirs) / max(ours + theirs, 1e-9)

    def departure(self, state: KyngState, ship: ShipBase) -> Departure | None:
        """Sunk; struck her colours or sinking while still afloat."""
        if not isinstance(ship, KyngShip) or not ship.afloat:
            return super().departure(state, ship)
        if ship.gunnery.struck:
            return Departure.STRUCK
        return Departure.SINKING if ship.gunnery.sinking else None

    def wear(self, ship: KyngShip) -> tuple[Part, ...]:
        """Her hull, sails, masts, guns and crew (the gunnery system's)."""
        return gunnery_wear(ship.gunnery)

    def worn(self, ship: KyngShip, have: Mapping[str, int]) -> KyngShip:
        g = gunnery_worn(ship.gunnery, have)
        return evolve(ship, gunnery=g, afloat=ship.afloat and not g.sunk)

    def describe(self, state: KyngState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        g = ship.gunnery
        info = g.info
        t = tables()
        rows = [
            Row("Ship", f"{ship.id} {ship.name} ({info.name}, {ship.side})"),
            Row("Range", f"{band_name(state.band)} ({t.bands[state.band].cells} cells)"),
            Row("Wind gauge", state.holder or "tie"),
            Row("HIP", f"{g.hip}/{info.hip}", g.hip / info.hip),
            Row("Hull", f"DR {info.dr}; {gun.hull_words(g)}"),
            Row("Sails", f"{g.sail_hp}/{info.sail_hp} HP", g.sail_hp / info.sail_hp),
            Row("Masts", ", ".join(
                f"{m.value} {'down' if g.mast_down(m) else f'{h}/{t.falls_after}'} "
                f"(DR {info.mast_dr(m)})" for m, h in zip(MASTS, g.mast_hits, strict=True))),
            Row("Crew", f"{g.readiness}% readiness", g.readiness / 100),
        ]
        for battery in Battery:
            guns = g.guns(battery)
            mark = " (engaged)" if battery is g.engaged else ""
            rows.append(Row(f"{battery.value.title()}{mark}",
                            f"{guns.guns}/{info.guns} x {t.calibres[info.calibre].name}",
                            guns.guns / info.guns))
        rows.extend(gun.readiness_rows(g))
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif g.struck:
            rows.append(Row("Status", "struck her colours"))
        elif g.sinking:
            rows.append(Row("Status", "sinking"))
        elif g.adrift:
            rows.append(Row("Status", "dismasted, adrift"))
        elif g.immobilised:
            rows.append(Row("Status", "immobilised: jury rigging"))
        return rows



RULESET = Kyngesreach()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[KyngState] = RULESET
