"""Ships & Sails gunnery as the combat system of Salt'n'Tar's combat turn.

In the missile phase every loaded ship aims one broadside, port or starboard, at
a hex in its arc and within its ammunition's range from where she lies; the
ship type's aim pattern lays 40% and 10% hexes round it and an enemy lying in
one is rolled for; every broadside falls at once and its damage is applied
together (the book's simultaneous fire).  After the missiles each ship may
switch her load (a round more to reload).  A broadside reloads in a round:
she fires every second turn.  Damage reaches the sailing through ``handicap``:
sails she can no longer work and a holed hull slow her, a lost rudder stops
her turning, and a ship left with no sail she can work drifts.

A broadside's ``reload`` counts the turn ends until she is loaded again, every
turn's end one, the turn she fires in too: fired on turn T she has 2 (the
round she loads in, and this turn's end), so she is ready on turn T + 2, and
what the log and the panel say ("ready on turn N") is always the turn plus
``reload``.  Her load is switched after the missile phase, so the next turn
she could fire in is T + 1 at the soonest; a switch puts it a turn later.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TypeVar

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Departure, Part, Row
from tui_naval.systems.battle import CombatShip, CombatState, in_play, label
from tui_naval.systems.gunnery.ships_and_sails import broadsides as fire
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    HOLD,
    PORT,
    SIDES,
    STARBOARD,
    STRENGTH_MEASURE,
    TENTHS,
    Armament,
    aim_arg,
    aim_cells,
    ammo_prompt,
    ammo_range,
    armament_wear,
    armament_worn,
    can_maneuver,
    condition_rows,
    damage_fraction,
    damage_rows,
    firing_value_of,
    new_armament,
    parse_aim,
    reload_row,
    sails_worked,
)
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP, Hit
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, tables
from tui_naval.systems.handicap import Handicap

S = TypeVar("S", bound=CombatState)

#: The steps of Salt'n'Tar's combat turn after its missile phase (a loaded broadside
#: fires next turn at the soonest).
AFTER_MISSILE = ("ammo", "second-half", "maneuver", "end")


def armament(ship: CombatShip) -> Armament:
    a: Armament = ship.gunnery
    return a


def reloading(ship: CombatShip) -> CombatShip:
    """A ship that fired this round begins to reload: ready the turn after next."""
    a = armament(ship)
    if not a.fired:
        return ship
    return evolve(ship, gunnery=evolve(a, reload=tables().reload_rounds + 1))


def switched_reload(a: Armament) -> int:
    """Her reload once she switches her load after the missile phase."""
    return max(a.reload, 1) + tables().switch_rounds


def switch(ship: CombatShip, choice: str, turn: int, log: Log) -> CombatShip:
    """Draw the load and ship another (``keep``: none), after the missile phase: she
    would be ready on turn ``turn`` + her reload (+ 1 if she is loaded now: this turn's
    missile phase is over), and the switch takes a round more."""
    a = armament(ship)
    if not ship.afloat or choice == KEEP:
        return ship
    ammo = Ammo(choice)
    reload = switched_reload(a)
    log("ammo", f"{label(ship)} draws her {a.ammo.value} and loads {ammo.value} "
        f"(a round more: ready on turn {turn + reload})", ship.id)
    return evolve(ship, gunnery=evolve(a, ammo=ammo, reload=reload))


@lru_cache(maxsize=4096)
def fighting(a: Armament) -> bool:
    """``SnsCombat.fighting`` of her armament, kept: every step asks it of every ship."""
    if a.fate:
        return False
    return sails_worked(a) > 0 or any(firing_value_of(a, side) > 0 for side in SIDES)


class SnsCombat:
    """Ships & Sails broadsides for Salt'n'Tar's combat turn."""

    note = ("ships do not collide (Ships & Sails' collisions are not played); "
            "boarding is not played (Ships & Sails has none)")
    out_of_action = "sunk, sinking, or a wreck that can neither sail nor fire"
    strength_measure = STRENGTH_MEASURE

    # -- the ship -----------------------------------------------------------------------
    def new_component(self, key: str, crew: object = None) -> Armament:
        """A fresh armament (Ships & Sails gives a crew no qualities: ``crew`` is unused)."""
        return new_armament(key)

    def crews_and_names(self, spec: MapSpec) -> tuple[Mapping[str, object], Mapping[str, str]]:
        """None: the ``#!`` lines that name and crew ships are Kyngesreach's."""
        return {}, {}

    def fighting(self, ship: CombatShip) -> bool:
        """Not lost, and able to sail (a sail she can work) or to fire (a gun with a crew):
        a wreck can do neither."""
        return fighting(armament(ship))

    def in_play(self, ship: CombatShip) -> bool:
        return in_play(self, ship)

    def handicap(self, ship: CombatShip) -> Handicap:
        """Sails she cannot work (rigging shot away or sailors lost) and a holed hull slow
        her; none left and she drifts; without her rudder she cannot turn."""
        a = armament(ship)
        st = a.stype
        worked = sails_worked(a)
        # Ships & Sails brings down no mast: none of her own masts is down (a count below
        # hers would read as masts shot away, see ``component.masts_shot``).
        return Handicap(
            sail_lost=(st.sails - worked, st.sails), hull_left=(a.hull, st.hull * TENTHS),
            masts_down=(0, ship.sail.full_masts),
            crew=a.sailors * 100 // (st.sailors * TENTHS),
            adrift="no sail she can work" if worked == 0 else "",
            helm=2 if a.rudder else 0, sunk=bool(a.fate))

    def crew_lost(self, ship: CombatShip, percent: int) -> CombatShip:
        a = armament(ship)
        lost = a.stype.sailors * TENTHS * percent // 100
        return evolve(ship, gunnery=evolve(a, sailors=max(0, a.sailors - lost)))

    def scuttled(self, ship: CombatShip) -> CombatShip:
        return evolve(ship, gunnery=evolve(armament(ship), hull=0, fate="foundered"))

    def strength(self, ship: CombatShip) -> float:
        """What is left of her: the mean of her hull, rigging and sailors."""
        return 1.0 - damage_fraction(armament(ship), ship.afloat)

    def wear(self, ship: CombatShip) -> tuple[Part, ...]:
        return armament_wear(armament(ship))

    def worn(self, ship: CombatShip, have: Mapping[str, int]) -> CombatShip:
        return evolve(ship, gunnery=armament_worn(armament(ship), have))

    def class_name(self, ship: CombatShip) -> str:
        return armament(ship).stype.name

    # -- missiles -----------------------------------------------------------------------
    def aim_options(self, state: CombatState, ship: CombatShip) -> tuple[Order, ...]:
        """Hold, or a hex in a loaded broadside's arc and range from where she lies;
        () when she cannot fire this turn."""
        a = armament(ship)
        if not self.in_play(ship) or a.reload > 0:
            return ()
        cells = aim_cells(state.grid, a, ship.cell, ship.heading)
        if not cells:
            return ()
        return (Order(ship.id, "aim", HOLD),
                *(Order(ship.id, "aim", aim_arg(side, cell)) for side, cell in cells))

    def fire_decision(self, state: CombatState, firing: list[CombatShip],
                      together: bool) -> Decision | None:
        done = {o.ship for o in (*state.acted, *state.plotted)}
        for ship in firing:
            if ship.id in done:
                continue
            options = self.aim_options(state, ship)
            if not options:
                continue
            a = armament(ship)
            return Decision(ship.side, "aim", ship.id,
                            f"{label(ship)}: aim the {a.ammo.value} broadside (range "
                            f"{ammo_range(a.ammo)}; firing value port "
                            f"{firing_value_of(a, PORT)}, starboard "
                            f"{firing_value_of(a, STARBOARD)}), or hold",
                            options, plotted=together)
        return None

    def fire(self, state: S, order: Order, log: Log) -> S:
        """One ship's broadside, its hits falling at once (an initiative's order)."""
        return self.fire_together(state, (order,), log)

    def fire_together(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        """Every aimed broadside at once; all their hits are applied together."""
        roller = Roller(state.rng)
        ships = {s.id: evolve(s, gunnery=evolve(armament(s), fired="")) for s in state.ships}
        hits: list[Hit] = []
        for order in orders:
            aim = parse_aim(order.arg)
            ship = ships[order.ship]
            if aim is None:
                log("fire", f"{label(ship)} holds her fire", ship.id)
                continue
            ships[ship.id], scored = fire.fire(state.grid, ship, *aim, ships.values(),
                                               lambda target: (target.cell,), roller, log,
                                               verb="lies at")
            hits += scored
        ships = {sid: reloading(ship) for sid, ship in ships.items()}
        ships = fire.apply_hits(ships, hits, log)
        return evolve(state, ships=tuple(ships[s.id] for s in state.ships),
                      rng=roller.rng)

    # -- ammunition ---------------------------------------------------------------------
    def ammo_decision(self, state: CombatState) -> Decision | None:
        done = {o.ship for o in state.plotted}
        for ship in state.ships:
            a = armament(ship)
            if ship.id in done or not self.in_play(ship) \
                    or max(firing_value_of(a, side) for side in SIDES) <= 0:
                continue
            options = (Order(ship.id, "ammo", KEEP),
                       *(Order(ship.id, "ammo", ammo.value) for ammo in Ammo
                         if ammo is not a.ammo))
            return Decision(ship.side, "ammo", ship.id, ammo_prompt(label(ship), a), options,
                            plotted=True)
        return None

    def reload(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        ships = {s.id: s for s in state.ships}
        for order in orders:
            ships[order.ship] = switch(ships[order.ship], order.arg, state.turn, log)
        return state.with_ships(ships)

    def end_of_turn(self, ship: CombatShip, roller: Roller, log: Log) -> CombatShip:
        """A ship breaking up loses hull; every broadside loading loads a round (the one
        that fired this turn too: its count began at the round more it needs)."""
        ship = fire.end_of_turn(ship, log)
        a = armament(ship)
        if a.fired and a.reload > 0:
            ship = evolve(ship, gunnery=evolve(a, reload=a.reload - 1))
        return ship

    # -- for the UI ---------------------------------------------------------------------
    def rows(self, state: CombatState, ship: CombatShip) -> list[Row]:
        a = armament(ship)
        if a.reload == 0:
            load = f"loaded: may fire {'next' if state.phase in AFTER_MISSILE else 'this'} turn"
        else:
            load = f"loading: ready on turn {state.turn + a.reload}"
        return [*condition_rows(a, "Canvas"), reload_row(a, load), *damage_rows(a)]

    def departure(self, ship: CombatShip) -> Departure:
        """Lost (sunk, foundered, exploded...), or a wreck that can neither sail nor fire."""
        return Departure.SUNK if armament(ship).fate else Departure.WRECKED

    def status(self, ship: CombatShip) -> str:
        a = armament(ship)
        if a.fate:
            return a.fate
        if not self.fighting(ship):
            return "a wreck: she can neither sail nor fire"
        if not can_maneuver(a):
            return "not maneuverable"
        return ""
