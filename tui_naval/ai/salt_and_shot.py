"""The greedy player's judgement for Salt'n'Tar with Kyngesreach gunnery.

Values are in the units the battle is judged by (a ship's strength: half HIP,
half crew readiness), as the Kyngesreach advisor's: a broadside's worth is its
exact expectation over the 3d6 Gunner roll (``ai.kyngesreach.volley_value``).

- helm: a look-ahead over the ship's own helm orders, run by the ruleset's own
  half move (the enemy held still): in the first half, what her loaded
  batteries could fire in the coming missile phase, then the best second half;
  in the second half, her place for the next turn.  A place is worth what her
  batteries loaded by then could fire from it, less what the enemy's could fire
  back, less a pull for every cell beyond Close range of the nearest enemy;
  every Strain mark (a second change of direction, a gale, land) costs, the
  more the more Strain she has.
- target: the option of highest expected worth; holds its fire at a range where
  the broadside is worth less than a third of what it would be at Standard
  (she can close before the guns are reloaded);
- ammo: a loaded battery keeps its charge; an empty one loads what is worth most
  per turn of reloading at Standard range;
- luck: never rolled (a six marks Strain); maneuvers: the Salt'n'Tar advisor's
  (reef in a gale, shake it out after, set sail when idle); weather: the best reader.
"""

from __future__ import annotations

from tui_naval.ai import salt_n_tar as sailing_advisor
from tui_naval.ai.kyngesreach import volley_value
from tui_naval.core.events import EventLog
from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.kyngesreach import gunnery as gun
from tui_naval.rulesets.kyngesreach.gunnery import Battery, Guns
from tui_naval.rulesets.kyngesreach.tables import Ammo, Band
from tui_naval.rulesets.salt_and_shot.compose import (
    band_between,
    bears,
    in_play,
    pairing,
    sas_motion,
)
from tui_naval.rulesets.salt_and_shot.rules import RULESET, parse_fire
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.rulesets.salt_n_tar.sailing import Block, blocked

#: Price of the first Strain mark, in strength units; each further mark costs one
#: more share (d6 + Strain: the more she has, the nearer a mast or her sinking).
STRAIN_PRICE = 0.1
#: Pull towards the enemy: worth of each cell nearer, beyond Close range.
APPROACH = 0.01
#: Price of a place where the edge or land stops her way, per point she must turn.
PINNED = 0.03
#: Share of the enemy's broadsides at her counted against a place.
DANGER = 0.5
#: Share of a place's broadsides counted when they are a turn away.
LATER = 0.6
#: Fire at a band only when the broadside is worth this share of one at Standard.
WORTH_FIRING = 0.33


def _extra(state: SasState, side: str) -> gun.Mods:
    return RULESET.gauge_mods(state, side)


def _enemies(state: SasState, ship: SasShip) -> list[SasShip]:
    return [s for s in state.ships if s.side != ship.side and in_play(s)]


def ready_next(guns: Guns) -> bool:
    """Loaded by the next turn's missile phase (its counter drops at the turn's end)."""
    return guns.guns > 0 and not guns.empty and guns.reload <= 1


def broadsides(state: SasState, ship: SasShip, ready: dict[Battery, bool]) -> float:
    """What the ship's batteries marked ready could fire from where she is."""
    g = ship.gunnery
    extra = _extra(state, ship.side)
    total = 0.0
    for battery, able in ready.items():
        if not able:
            continue
        guns = g.guns(battery)
        best = 0.0
        for target in _enemies(state, ship):
            band = bears(state.board, ship, battery, target)
            if band is None:
                continue
            for aim in gun.ammo_aims(guns.ammo, target.gunnery, band):
                best = max(best, volley_value(g, guns, target.gunnery, band, aim, extra))
        total += best
    return total


def threat(state: SasState, ship: SasShip, now: bool) -> float:
    """What the enemy's batteries loaded now (or by next turn) could fire at her."""
    total = 0.0
    for enemy in _enemies(state, ship):
        g = enemy.gunnery
        extra = _extra(state, enemy.side)
        best = 0.0
        for battery in Battery:
            guns = g.guns(battery)
            if not (guns.ready if now else ready_next(guns)):
                continue
            band = bears(state.board, enemy, battery, ship)
            if band is None:
                continue
            for aim in gun.ammo_aims(guns.ammo, ship.gunnery, band):
                best = max(best, volley_value(g, guns, ship.gunnery, band, aim, extra))
        total += best
    return total


def approach(state: SasState, ship: SasShip) -> float:
    near = min((state.grid.distance(ship.cell, e.cell) for e in _enemies(state, ship)),
               default=0)
    return -APPROACH * max(0, near - 2)


def pinned(state: SasState, ship: SasShip) -> float:
    """The price of a place where the edge or land stops her way: the more points she
    must turn to sail free, the more."""
    grid = state.grid
    shallow = pairing(ship).stype.shallow
    for points in range(grid.points // 2 + 1):
        for side in (points, -points):
            move = sas_motion(ship, grid, state.wind, heading=grid.turn(ship.heading, side))
            if not move.inches:
                return 0.0
            ahead = grid.neighbour(ship.cell, move.direction)
            if blocked(state.board, ahead, shallow, frozenset()) in (None, Block.SHIP):
                return PINNED * points
    return PINNED * grid.points


def strain_cost(before: int, after: int) -> float:
    """The price of going from ``before`` to ``after`` Strain."""
    return sum(STRAIN_PRICE * (1 + n) for n in range(before, after))


def _after(state: SasState, ship_id: str, order: Order, half: int) -> SasState:
    """The state after the ship alone sails this half move with ``order``."""
    return RULESET.half_move(state, {ship_id: order}, half, EventLog(state.turn))


def place_value(state: SasState, ship: SasShip, ready: dict[Battery, bool]) -> float:
    """A place at the end of a turn: next turn's broadsides from it, the enemy's at her."""
    return (LATER * broadsides(state, ship, ready) - DANGER * LATER * threat(state, ship, False)
            + approach(state, ship) - pinned(state, ship))


def choose_helm(state: SasState, decision: Decision) -> Order:
    if len(decision.options) == 1:
        return decision.options[0]
    ship = state.ship(decision.ship)
    g = ship.gunnery
    now = {b: g.guns(b).ready for b in Battery}
    later = {b: ready_next(g.guns(b)) for b in Battery}
    first = state.phase == "first-half"
    best: tuple[float, int] | None = None
    choice = decision.options[0]
    for rank, order in enumerate(decision.options):
        s1 = _after(state, ship.id, order, 1 if first else 2)
        moved = s1.ship(ship.id)
        cost = strain_cost(ship.strain, moved.strain)
        if first:
            fire = broadsides(s1, moved, now) - DANGER * threat(s1, moved, True)
            follow = []
            for o2 in RULESET.helm_options(s1, moved):
                s2 = _after(s1, ship.id, o2, 2)
                end = s2.ship(ship.id)
                follow.append(place_value(s2, end, later)
                              - strain_cost(moved.strain, end.strain))
            score = fire + max(follow) - cost
        else:
            score = place_value(s1, moved, later) - cost
        key = (round(score, 9), -rank)
        if best is None or key > best:
            best, choice = key, order
    return choice


def choose_target(state: SasState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    g = ship.gunnery
    extra = _extra(state, ship.side)
    best, best_order = 0.0, None
    for order in decision.options:
        battery, aim, target_id = parse_fire(order)
        if aim is None:
            continue
        target = state.ship(target_id)
        band = bears(state.board, ship, battery, target)
        assert band is not None
        guns = g.guns(battery)
        value = volley_value(g, guns, target.gunnery, band, aim, extra)
        standard = volley_value(g, guns, target.gunnery, Band.STANDARD, aim, extra)
        if value < WORTH_FIRING * standard:
            continue
        if best_order is None or value > best:
            best, best_order = value, order
    hold = next(o for o in decision.options if o.arg == "hold")
    return best_order if best_order is not None and best > 0 else hold


def choose_ammo(state: SasState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    battery = Battery(decision.options[0].verb)
    guns = ship.gunnery.guns(battery)
    keep = next(o for o in decision.options if o.arg == "keep")
    if not guns.empty:
        return keep
    extra: gun.Mods = [("initiative", 1)]

    def per_turn(order: Order) -> float:
        ammo = guns.ammo if order.arg == "keep" else Ammo(order.arg)
        best = 0.0
        for target in _enemies(state, ship):
            band = band_between(state.grid, ship.cell, target.cell)
            band = Band.STANDARD if band in (None, Band.LONG, Band.EXTREME) else band
            for aim in gun.ammo_aims(ammo, target.gunnery, band):
                best = max(best, volley_value(ship.gunnery, Guns(guns.guns, ammo),
                                              target.gunnery, band, aim, extra))
        return best / gun.reload_time(guns.ammo, ammo, False)

    return max(decision.options, key=per_turn)


def choose(state: SasState, decision: Decision) -> Order:
    """The greedy answer to any decision of the composed ruleset."""
    kind = decision.kind
    if kind == "move":
        return choose_helm(state, decision)
    if kind == "target":
        return choose_target(state, decision)
    if kind == "ammo":
        return choose_ammo(state, decision)
    if kind == "luck":
        return next(o for o in decision.options if o.arg == "pass")
    if kind == "maneuver":
        ship = state.ship(decision.ship)
        return sailing_advisor.choose_maneuver(state, ship, decision.options)
    return decision.options[0]
