"""The greedy judgement of Ships & Sails battles (the ruleset's advisor).

Moves: never sail off the edge of the world (nor into a spot from which next
turn's slowest move would), then score where the move ends: a broadside that
bears on where each enemy is likely to be, the range the loaded ammunition
wants, out of the enemies' loaded broadsides, a ram when it pays.
Aim: each enemy's next wake is predicted as a mix of "straight ahead at her
speed" and "any of her legal moves", and the aim hex with the most expected
damage is taken, if it is worth the two rounds the broadside then needs.
Ammunition: the load that hurts the likeliest target most for each hit, in
reach of it; switched only when it clearly pays and no shot is ready now.
"""

from __future__ import annotations

from collections import defaultdict

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.ships_and_sails import movement as mv
from tui_naval.rulesets.ships_and_sails.rules import aim_orders
from tui_naval.rulesets.ships_and_sails.state import SailShip, SailState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    HOLD,
    SIDES,
    TENTHS,
    ammo_range,
    arc,
    bears,
    firing_value_of,
    parse_aim,
    pattern_cells,
    whole,
)
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo

#: Weight of "she sails straight on at her speed" in the prediction of an enemy's wake.
STRAIGHT = 0.5
#: Fire only when the expected damage is at least this share of one 40% hit.
FIRE_THRESHOLD = 0.12
#: A switch of ammunition must promise this much more per hit.
SWITCH_GAIN = 1.35
DOOMED = -1e9
#: Weights of an expected shot's worth and of an enemy threat in a move's score.
SHOT_SCALE = 100.0
THREAT_SCALE = 60.0
#: Price of running into one of our own ships.
FRIENDLY_COLLISION = 40.0


def choose(state: SailState, decision: Decision) -> Order:
    """The greedy answer to a Ships & Sails decision."""
    ship = state.ship(decision.ship)
    if len(decision.options) == 1:
        return decision.options[0]
    if decision.kind == "move":
        return choose_move(state, ship, decision)
    if decision.kind == "ammo":
        return choose_ammo(state, ship, decision)
    if decision.kind == "aim":
        return choose_aim(state, ship, decision)
    return decision.options[0]


def enemies(state: SailState, ship: SailShip) -> list[SailShip]:
    return [s for s in state.ships if s.afloat and s.side != ship.side]


def own_move(state: SailState, ship: SailShip) -> str:
    for order in state.plotted:
        if order.ship == ship.id and order.verb == "move":
            return order.arg
    return mv.STAY


# -- predicting an enemy ------------------------------------------------------------

def wake_of(grid: Grid, ship: SailShip, arg: str) -> list[Cell]:
    if arg == mv.STAY or arg in mv.SWINGS:
        return [ship.cell]
    return [c for c, _ in mv.trace(grid, ship.cell, ship.heading, arg)]


def straight_move(state: SailState, ship: SailShip) -> str:
    """Her plain course: straight on at her speed, as far as the wind lets her."""
    st = mv.ship_type(ship)
    base = mv.base_cap(ship, st, state.wind)
    caps = mv.heading_caps(state.grid, st, state.wind, ship.heading)
    return mv.cut("F" * ship.way.speed, base, caps, mv.speed_range(ship, st)[0])


def pass_chances(state: SailState, enemy: SailShip) -> dict[Cell, float]:
    """Chance that the enemy passes each hex in her next movement."""
    grid = state.grid
    out: dict[Cell, float] = defaultdict(float)
    for cell in wake_of(grid, enemy, straight_move(state, enemy)):
        out[cell] += STRAIGHT
    options = mv.move_options(grid, state.wind, enemy)
    share = (1.0 - STRAIGHT) / len(options)
    for arg in options:
        for cell in wake_of(grid, enemy, arg):
            out[cell] += share
    return out


def value_per_point(enemy: SailShip, ammo: Ammo) -> float:
    """What a point of this ammunition's damage is worth against ``enemy``."""
    st = mv.ship_type(enemy)
    if ammo is Ammo.BALL:
        return 1.2 / st.hull
    if ammo is Ammo.CHAIN:
        return 1.0 / st.rigging if enemy.gunnery.rigging > 0 else 0.0
    bonus = 2.0 if whole(enemy.gunnery.sailors) < 3 * st.broadside else 1.0
    return bonus / st.sailors if enemy.gunnery.sailors > 0 else 0.0


# -- aim ----------------------------------------------------------------------------

def aim_values(state: SailState, ship: SailShip, options: tuple[Order, ...],
               chances: dict[str, dict[Cell, float]] | None = None) -> dict[Order, float]:
    """Expected worth of each aim order (hold: 0)."""
    grid = state.grid
    st = mv.ship_type(ship)
    _, heading = mv.planned_end(grid, ship, own_move(state, ship))
    foes = enemies(state, ship)
    if chances is None:
        chances = {e.id: pass_chances(state, e) for e in foes}
    pattern = st.pattern(ship.gunnery.ammo)
    out: dict[Order, float] = {}
    for order in options:
        aim = parse_aim(order.arg)
        if aim is None:
            out[order] = 0.0
            continue
        side, cell = aim
        fv = firing_value_of(ship.gunnery, side)
        total = 0.0
        for enemy in foes:
            worth = value_per_point(enemy, ship.gunnery.ammo)
            seen = chances[enemy.id]
            for c, percent in pattern_cells(grid, cell, heading, side, pattern):
                p = seen.get(c, 0.0)
                if p:
                    total += min(1.0, p) * percent / 100 * percent / 100 * fv * worth
        out[order] = total
    return out


def choose_aim(state: SailState, ship: SailShip, decision: Decision) -> Order:
    values = aim_values(state, ship, decision.options)
    best = max(decision.options, key=lambda o: (values[o], str(o)))
    fv = max(firing_value_of(ship.gunnery, side) for side in SIDES)
    foes = enemies(state, ship)
    if not foes:
        return decision.find(f"{ship.id} aim {HOLD}")
    worth = max(value_per_point(e, ship.gunnery.ammo) for e in foes)
    if values[best] < FIRE_THRESHOLD * 0.4 * 0.4 * fv * worth:
        return decision.find(f"{ship.id} aim {HOLD}")
    return best


# -- ammunition -----------------------------------------------------------------------

def choose_ammo(state: SailState, ship: SailShip, decision: Decision) -> Order:
    keep = decision.options[0]
    foes = enemies(state, ship)
    if not foes:
        return keep
    grid = state.grid
    cell, _ = mv.planned_end(grid, ship, own_move(state, ship))
    nearest = min(foes, key=lambda e: grid.distance(cell, e.cell))
    dist = grid.distance(cell, nearest.cell)

    def worth(ammo: Ammo) -> float:
        reach = ammo_range(ammo)
        in_reach = 1.0 if dist <= reach + 1 else 0.35 if dist <= reach + 3 else 0.1
        return value_per_point(nearest, ammo) * in_reach

    if ship.gunnery.reload == 0:
        # A shot ready now is not thrown away for a better load.
        aims = aim_orders(state, ship, own_move(state, ship), KEEP)
        values = aim_values(state, ship, aims)
        fv = max(firing_value_of(ship.gunnery, side) for side in SIDES)
        if max(values.values()) >= FIRE_THRESHOLD * 0.16 * fv * value_per_point(nearest,
                                                                                ship.gunnery.ammo):
            return keep
    current = worth(ship.gunnery.ammo)
    best = max(Ammo, key=lambda a: (worth(a), a is ship.gunnery.ammo))
    if best is not ship.gunnery.ammo and worth(best) > SWITCH_GAIN * current:
        return decision.find(f"{ship.id} ammo {best.value}")
    return keep


# -- moves ----------------------------------------------------------------------------

def safe_after(grid: Grid, ship: SailShip, cell: Cell, heading: int, speed: int) -> bool:
    """Whether next turn's slowest allowed move can keep the ship on the board."""
    st = mv.ship_type(ship)
    lo = max(0, speed - st.speed_change)
    if lo == 0:
        return True
    for path in mv.sequences(lo, mv.turns_allowed(ship, st)):
        if all(grid.in_bounds(c) for c, _ in mv.trace(grid, cell, heading, path)):
            return True
    return False


def edge_room(grid: Grid, cell: Cell) -> int:
    return min(cell.col, grid.width - 1 - cell.col, cell.row, grid.height - 1 - cell.row)


def shot_map(state: SailState, ship: SailShip, chances: dict[str, dict[Cell, float]]
             ) -> dict[tuple[int, str], dict[Cell, float]]:
    """Expected worth of aiming at each hex near an enemy, by (our heading, side)."""
    grid = state.grid
    pattern = mv.ship_type(ship).pattern(ship.gunnery.ammo)
    foes = enemies(state, ship)
    worth = {e.id: value_per_point(e, ship.gunnery.ammo) for e in foes}
    centres: set[Cell] = set()
    for seen in chances.values():
        for cell in seen:
            centres.add(cell)
            centres.update(grid.neighbour(cell, f) for f in range(6))
    out: dict[tuple[int, str], dict[Cell, float]] = {}
    for heading in range(6):
        for side in SIDES:
            fv = firing_value_of(ship.gunnery, side)
            values: dict[Cell, float] = {}
            for centre in centres:
                total = 0.0
                for c, percent in pattern_cells(grid, centre, heading, side, pattern):
                    for enemy in foes:
                        p = chances[enemy.id].get(c, 0.0)
                        if p:
                            total += min(1.0, p) * (percent / 100) ** 2 * fv * worth[enemy.id]
                if total > 0:
                    values[centre] = total
            out[heading, side] = values
    return out


def best_shot(grid: Grid, shots: dict[tuple[int, str], dict[Cell, float]], cell: Cell,
              heading: int, reach: int) -> float:
    best = 0.0
    for side in SIDES:
        values = shots[heading % 6, side]
        if not values:
            continue
        for c in arc(grid, cell, heading, side, reach):
            v = values.get(c, 0.0)
            if v > best and grid.in_bounds(c):
                best = v
    return best


def choose_move(state: SailState, ship: SailShip, decision: Decision) -> Order:
    grid, board = state.grid, state.board
    foes = enemies(state, ship)
    chances = {e.id: pass_chances(state, e) for e in foes}
    loaded = ship.gunnery.reload == 0 and any(firing_value_of(ship.gunnery, s) > 0 for s in SIDES)
    shots = shot_map(state, ship, chances) if loaded else {}
    threats = threat_map(state, ship, foes)
    plans = []
    for enemy in foes:
        arg = straight_move(state, enemy)
        steps = mv.trace(grid, enemy.cell, enemy.heading, arg)
        end = steps[-1] if steps else (enemy.cell, enemy.heading)
        plans.append((enemy, [c for c, _ in steps], end))
    friends = friend_courses(state, ship)
    reach = ammo_range(ship.gunnery.ammo)
    best_score, best = DOOMED * 10, decision.options[0]
    for order in decision.options:
        arg = order.arg
        if arg == mv.STAY or arg in mv.SWINGS:
            steps = [mv.planned_end(grid, ship, arg)]
            speed = 0
        else:
            steps = mv.trace(grid, ship.cell, ship.heading, arg)
            speed = len(arg)
        if not all(board.is_sea(c) for c, _ in steps):
            score = DOOMED
        else:
            cell, heading = steps[-1]
            score = 0.0 if safe_after(grid, ship, cell, heading, speed) else DOOMED / 2
            score += min(edge_room(grid, cell), 3) * 1.5 + 0.3 * speed
            if loaded:
                score += SHOT_SCALE * best_shot(grid, shots, cell, heading, reach)
            wake = [c for c, _ in steps] if speed else [ship.cell]
            score -= THREAT_SCALE * sum(threats.get(c, 0.0) for c in set(wake))
            score += _tactics(state, ship, steps, speed, plans, reach, loaded)
            mine = course(ship.cell, wake, speed)
            for theirs in friends:
                if meets(mine, theirs):
                    score -= FRIENDLY_COLLISION
                elif grid.distance(cell, theirs[-1]) <= 1:
                    score -= 3.0
        if score > best_score:
            best_score, best = score, order
    return best


def threat_map(state: SailState, ship: SailShip, foes: list[SailShip]) -> dict[Cell, float]:
    """How much each hex is worth avoiding: in reach of a loaded enemy broadside."""
    grid = state.grid
    st = mv.ship_type(ship)
    out: dict[Cell, float] = defaultdict(float)
    for enemy in foes:
        if enemy.gunnery.reload > 0:
            continue
        reach = ammo_range(enemy.gunnery.ammo)
        worth = {Ammo.BALL: 1.2 / st.hull, Ammo.CHAIN: 1.0 / st.rigging,
                 Ammo.GRAPE: 1.0 / st.sailors}[enemy.gunnery.ammo]
        cell, heading = enemy.cell, enemy.heading
        for side in SIDES:
            fv = firing_value_of(enemy.gunnery, side)
            for c in arc(grid, cell, heading, side, reach):
                out[c] = max(out[c], 0.05 * fv * worth)
    return out


def course(start: Cell, wake: list[Cell], speed: int) -> list[Cell]:
    """A ship's hex after each step of the movement, from the start (step 0)."""
    return [start, *wake] if speed else [start]


def meets(a: list[Cell], b: list[Cell]) -> bool:
    """Whether two courses would collide: the same hex at a step, or swapping hexes."""
    for k in range(1, max(len(a), len(b))):
        here_a, here_b = a[min(k, len(a) - 1)], b[min(k, len(b) - 1)]
        if here_a == here_b:
            return True
        if here_a == b[min(k - 1, len(b) - 1)] and here_b == a[min(k - 1, len(a) - 1)]:
            return True
    return len(a) == len(b) == 1 and a[0] == b[0]


def friend_courses(state: SailState, ship: SailShip) -> list[list[Cell]]:
    """Our other ships' courses: as plotted if they are, else straight on at their speed."""
    grid = state.grid
    plotted = {}
    for order in state.plotted:
        if order.verb == "move":
            plotted[order.ship] = order.arg
    out = []
    for friend in state.ships:
        if not friend.afloat or friend.side != ship.side or friend.id == ship.id:
            continue
        arg = plotted.get(friend.id) or straight_move(state, friend)
        wake = wake_of(grid, friend, arg)
        out.append(course(friend.cell, wake, mv.move_length(arg)))
    return out


def _tactics(state: SailState, ship: SailShip, steps: list[tuple[Cell, int]], speed: int,
             plans: list[tuple[SailShip, list[Cell], tuple[Cell, int]]], reach: int,
             loaded: bool) -> float:
    grid = state.grid
    st = mv.ship_type(ship)
    cell, heading = steps[-1]
    path = [c for c, _ in steps] if speed else [ship.cell]
    score = 0.0
    nearest = 99
    for enemy, their_path, (ecell, _) in plans:
        est = mv.ship_type(enemy)
        nearest = min(nearest, grid.distance(cell, ecell))
        # Collisions: where our path meets her plain course.
        if meets(course(ship.cell, path, speed), course(enemy.cell, their_path, len(their_path))):
            ours = enemy.gunnery.hull / 3 / (st.hull * TENTHS)
            hers = ship.gunnery.hull / 3 / (est.hull * TENTHS)
            score += 25.0 * (hers - ours) - 2.0
        if not loaded:
            # Set up the next broadside: her plain course inside our arcs.
            for side in SIDES:
                if any(bears(grid, cell, heading, side, t, reach + 1)
                       for t in (ecell, *their_path[-2:])):
                    score += 2.5
                    break
    if nearest < 99:
        want = max(1, reach - 2)
        score -= 0.8 * abs(nearest - want)
    return score
