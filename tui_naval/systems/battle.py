"""A battle under sail, whatever sails the ships and whatever fires their guns.

A sailing system with no combat of its own (Salt'n'Tar, Man-O-War: "by the
combat system being used") fights with a gunnery system's ``Combat``: it fires
the missiles, reloads, judges who is still fighting and reports what its damage
does to the sailing (a ``Handicap``).  A ship of such a battle is a
``CombatShip``: a ``sail`` component of her sailing system (a ``Rigging``) and a
``gunnery`` component of her combat system.  ``Battle`` is what every such
pairing shares: its ships built from the class table, who is in play, the damage
carried to the sails, the missile and reloading steps handed to the combat system,
and the judging of the end.  Each
sailing system's turn (``SaltCombat``, ``MowBattle``) builds on it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Container, Mapping
from typing import Any, Generic, Protocol, TypeVar, cast

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, Order
from tui_naval.core.package_data import read_package_text
from tui_naval.core.ruleset import (
    PART_KEYS,
    Departure,
    Part,
    Ranker,
    Row,
    RulesetBase,
    ShipClass,
)
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import (
    End,
    GoalKind,
    Outcome,
    ShipBase,
    WindState,
    evolved,
    kept_or_evolved,
)
from tui_naval.core.values import frozen
from tui_naval.systems.handicap import Handicap


class Rigging(Protocol):
    """What a combat system may read of any sailing system's component."""

    #: Masts she still sails with.
    masts: int

    @property
    def full_masts(self) -> int:
        """The masts her type carries."""
        ...

    @property
    def foundering(self) -> bool:
        """Going down from the sailing system's own damage (Salt'n'Tar's Strain)."""
        ...


@frozen(kw_only=True)
class CombatShip(ShipBase):
    """A ship that sails by a sailing system and fights by a combat system: ``sail`` and
    ``gunnery`` are their components (each pairing's ship class narrows their types)."""

    sail: Any
    gunnery: Any

    @property
    def at_sea(self) -> bool:
        return self.afloat


@frozen(kw_only=True)
class CombatState(WindState):
    """A battle under sail."""

    ships: tuple[CombatShip, ...]
    #: The side holding the initiative this turn; "" for a tie or no initiative.
    holder: str = ""
    #: Each side's Weather Sense modifier from turn 1 (the wind gauge): (side, modifier).
    weather: tuple[tuple[str, int], ...] = ()
    #: The group of ships moving now, where sides move in turn (the turn's own count).
    group: int = 0

    def ship(self, ship_id: str) -> CombatShip:
        return cast(CombatShip, super().ship(ship_id))


S = TypeVar("S", bound=CombatState)


class Combat(Protocol):
    """What a combat system does in a sailing system's battle turn."""

    #: The setup's word on what the combat system does not play ("" for nothing).
    note: str
    #: How a ship leaves the action, for the judge ("sunk, sinking or struck").
    out_of_action: str
    #: What ``strength`` counts, in the ship panel's words ("the mean of Hull, ...").
    strength_measure: str

    def fighting(self, ship: CombatShip) -> bool:
        """Still in action (not sunk, sinking or struck)."""
        ...

    def handicap(self, ship: CombatShip) -> Handicap:
        """What her damage does to her sailing."""
        ...

    def crew_lost(self, ship: CombatShip, percent: int) -> CombatShip:
        """The ship after the sailing took ``percent`` of her crew (deck's awash)."""
        ...

    def scuttled(self, ship: CombatShip) -> CombatShip:
        """The ship, foundered from the sailing's damage, as the combat system counts a
        sunk ship."""
        ...

    def wear(self, ship: CombatShip) -> tuple[Part, ...]:
        """The lasting damage it keeps of a ship (``Ruleset.wear``)."""
        ...

    def worn(self, ship: CombatShip, have: Mapping[str, int]) -> CombatShip:
        """A fresh ship with the parts ``have`` names (of its ``wear``) set."""
        ...

    def fire_decision(self, state: CombatState, firing: list[CombatShip],
                      together: bool) -> Decision | None:
        """The next missile decision, the ships in ``firing`` order; ``together``: plotted."""
        ...

    def fire(self, state: S, order: Order, log: Log) -> S:
        """One missile order, its hits falling at once (the initiative's order)."""
        ...

    def fire_together(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        """Every plotted missile order at once (no initiative)."""
        ...

    def ammo_decision(self, state: CombatState) -> Decision | None:
        """The next reloading decision, if the combat system has any."""
        ...

    def reload(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        ...

    def end_of_turn(self, ship: CombatShip, roller: Roller, log: Log) -> CombatShip:
        """The combat system's upkeep for a ship afloat (reloading, fire, flooding...)."""
        ...

    def strength(self, ship: CombatShip) -> float:
        """What is left of a fighting ship (0..1), for judging at the turn limit."""
        ...

    def rows(self, state: CombatState, ship: CombatShip) -> list[Row]:
        """The combat system's rows of a ship's condition."""
        ...

    def status(self, ship: CombatShip) -> str:
        """Her combat status ("struck her colours"...), or ""."""
        ...

    def departure(self, ship: CombatShip) -> Departure:
        """How a ship afloat that no longer fights has left the fight (struck, sinking, a
        wreck...)."""
        ...

    def class_name(self, ship: CombatShip) -> str:
        """The name of the class she fights as."""
        ...

    def new_component(self, key: str, crew: Any = None) -> Any:
        """A fresh combat component of the gunnery class ``key`` (``crew``: what the map
        says of her crew, for a system that reads it)."""
        ...

    def crews_and_names(self, spec: MapSpec) -> tuple[Mapping[str, Any], Mapping[str, str]]:
        """The crews and the names a map gives its ships, by ship id (none for a system
        that reads no such lines)."""
        ...


class Initiative(Protocol):
    """An initiative system: who moves last and fires first this turn."""

    def decision(self, state: CombatState) -> Decision | None:
        """A decision before the roll (the wind gauge's turn-1 weather reader), or None."""
        ...

    def resolve(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        """Roll for the initiative: the state with its ``holder`` set."""
        ...


class Simultaneous:
    """No initiative: every side moves together and fires together."""

    def decision(self, state: CombatState) -> Decision | None:
        return None

    def resolve(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return state


class Firepower(Protocol):
    """How a combat system values fire, for the advisors of every sailing system: which
    of a ship's weapons will be loaded (``ready``: now, or by the next turn's missile
    phase), what they could fire from where she is, what the enemy's could fire at her;
    and its advice on its own decisions, the missile phase's (``fire_kind``; ``rank_fire``
    its options, best first) and the ammunition's.  ``broadsides`` and ``threat`` take her
    place from ``ship`` and only the other ships from ``state`` (a helm weighs places she
    is not in yet)."""

    #: The kind of its missile decisions ("target", "aim").
    fire_kind: str

    def ready(self, ship: CombatShip, now: bool) -> Any: ...

    def broadsides(self, state: CombatState, ship: CombatShip, ready: Any) -> float: ...

    def threat(self, state: CombatState, ship: CombatShip, now: bool) -> float: ...

    def choose_fire(self, state: CombatState, decision: Decision) -> Order: ...

    def rank_fire(self, state: CombatState, decision: Decision) -> list[Order]:
        """The missile decision's options, ``choose_fire``'s answer first, then the rest
        as it values them (a search widens to its rivals in that order)."""
        ...

    def choose_ammo(self, state: CombatState, decision: Decision) -> Order: ...


def fire_ranker(firepower: Firepower) -> Ranker:
    """A ranking of the missile phase's options by the combat system's values (None for
    every other decision)."""

    def rank(state: CombatState, decision: Decision) -> list[Order] | None:
        if decision.kind == firepower.fire_kind and len(decision.options) > 1:
            return firepower.rank_fire(state, decision)
        return None

    return rank


@frozen
class Pairing:
    """A ship class of a composed ruleset: the sailing type she sails as and the combat
    system's class she fights as."""

    key: str
    name: str
    about: str
    sailing: str
    gunnery: str


def read_pairings(package: str, sailing_types: Container[str],
                  gunnery_classes: Container[str]) -> dict[str, Pairing]:
    """A pairing's ship classes from its package's ``tables.toml`` (``[classes.KEY]`` with
    name, about, sailing and gunnery); KeyError when either half is unknown."""
    raw = tomllib.loads(read_package_text(package, "tables.toml"))
    out = {key: Pairing(key, c["name"], c["about"], c["sailing"], c["gunnery"])
           for key, c in raw["classes"].items()}
    for pairing in out.values():
        if pairing.sailing not in sailing_types:
            raise KeyError(f"class {pairing.key}: no sailing type {pairing.sailing!r}")
        if pairing.gunnery not in gunnery_classes:
            raise KeyError(f"class {pairing.key}: no gunnery class {pairing.gunnery!r}")
    return out


def label(ship: ShipBase) -> str:
    """A ship as the log names her: id and name."""
    return f"{ship.id} {ship.name}"


def enemy(state: CombatState, side: str) -> str:
    """The other side of a two-sided battle."""
    return state.sides[1] if side == state.sides[0] else state.sides[0]


def in_play(combat: Combat, ship: CombatShip) -> bool:
    """Afloat, fighting (not sinking, not struck) and not foundering from her sailing."""
    rigging: Rigging = ship.sail
    return ship.afloat and combat.fighting(ship) and not rigging.foundering


def out_of_the_fight(combat: Combat, ship: CombatShip) -> str:
    """How a ship still afloat has left the fight ("struck her colours", "sinking"...), or
    "" while she is in play (or gone)."""
    if not ship.afloat or in_play(combat, ship):
        return ""
    if not combat.fighting(ship):
        return combat.status(ship) or "out of action"
    return "sinking"  # from the sailing's own damage


class Battle(RulesetBase[S], Generic[S]):
    """What every pairing of a sailing system with a combat system shares."""

    goals = (GoalKind.BATTLE,)
    combat: Combat
    #: The ship classes by key.
    classes: Mapping[str, Pairing]

    #: The pairing's ship class (``CombatShip`` with its systems' component types).
    ship_type: type[CombatShip]

    # -- the pairing's own --------------------------------------------------------------
    def new_sail(self, kind: str) -> Any:
        """A fresh sailing component of the ship class ``kind`` (the sailing system's)."""
        raise NotImplementedError

    def make_ships(self, scenario: Scenario) -> tuple[CombatShip, ...]:
        """The scenario's ships, fresh from the yard: each class's sailing and combat
        components, and the names and crews the map gives them where the combat system
        reads those."""
        spec = scenario.map
        crews, names = self.combat.crews_and_names(spec)
        grid = spec.board(scenario.grid).grid
        return tuple(
            self.ship_type(id=slot.id, side=slot.side, kind=slot.kind,
                           name=names.get(slot.id, self.classes[slot.kind].name),
                           cell=slot.cell, heading=grid.parse_facing(slot.facing),
                           sail=self.new_sail(slot.kind),
                           gunnery=self.combat.new_component(self.classes[slot.kind].gunnery,
                                                             crews.get(slot.id)))
            for slot in scenario.ships)

    def rigged(self, sail: Any, handicap: Handicap) -> Any:
        """Her sailing component brought in line with a damage report (the sailing
        system's own rule)."""
        raise NotImplementedError

    def sail_wear(self, sail: Any) -> tuple[Part, ...]:
        """The lasting damage the sailing system keeps of its own (none by default: a
        sailing system whose damage all follows the combat system's, as Man-O-War's)."""
        return ()

    def sail_worn(self, sail: Any, have: Mapping[str, int]) -> Any:
        """A fresh sailing component with the parts ``have`` names (of ``sail_wear``) set."""
        return sail

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, p.name, p.about) for k, p in self.classes.items()}

    # -- wear between battles -----------------------------------------------------------
    def wear(self, ship: CombatShip) -> tuple[Part, ...]:
        """The combat system's parts, and those of the sailing system's it does not hold.
        Where both hold a part (the crew; with Kyngesreach the masts), the combat system's
        is the one: the sailing follows its damage (``synced``)."""
        parts = self.combat.wear(ship)
        held = {part.key for part in parts}
        parts += tuple(part for part in self.sail_wear(ship.sail) if part.key not in held)
        return tuple(sorted(parts, key=lambda part: PART_KEYS.index(part.key)))

    def worn(self, ship: CombatShip, have: Mapping[str, int]) -> CombatShip:
        """Each system's parts set on the fresh ship, then her sailing brought in line
        with her damage (and a ship with no hull left sunk)."""
        held = {part.key for part in self.combat.wear(ship)}
        ship = self.combat.worn(ship, {k: v for k, v in have.items() if k in held})
        rest = {k: v for k, v in have.items() if k not in held}
        if rest:
            ship = evolve(ship, sail=self.sail_worn(ship.sail, rest))
        return self.synced(ship)

    # -- who fights ---------------------------------------------------------------------
    def in_play(self, ship: CombatShip) -> bool:
        return in_play(self.combat, ship)

    def departure(self, state: S, ship: ShipBase) -> Departure | None:
        """Sunk; out of the fight as the combat system says (struck, a wreck...); or
        sinking from her sailing's own damage."""
        if not isinstance(ship, self.ship_type) or not ship.afloat:
            return super().departure(state, ship)
        if self.in_play(ship):
            return None
        if not self.combat.fighting(ship):
            return self.combat.departure(ship)
        return Departure.SINKING

    def synced(self, ship: CombatShip) -> CombatShip:
        """Her sailing brought in line with her damage (the same ship if it already is)."""
        handicap = self.combat.handicap(ship)
        sail = self.rigged(ship.sail, handicap)
        return kept_or_evolved(ship, sail=sail, afloat=ship.afloat and not handicap.sunk)

    def all_synced(self, state: S) -> S:
        """Every ship's sailing in line with her damage, after the combat system acted."""
        ships = tuple(self.synced(s) for s in state.ships)
        if all(a is b for a, b in zip(ships, state.ships, strict=True)):
            return state
        return evolved(state, ships=ships)

    # -- the combat system's steps ------------------------------------------------------
    def fire_one(self, state: S, order: Order, log: Log) -> S:
        """One missile order, in the initiative's order."""
        return self.all_synced(self.combat.fire(state, order, log))

    def fire_all(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        """Every plotted missile order at once."""
        return self.all_synced(self.combat.fire_together(state, held, log))

    def reload_all(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return self.all_synced(self.combat.reload(state, held, log))

    def upkeep(self, ship: CombatShip, roller: Roller, log: Log) -> CombatShip:
        """The combat system's end of turn for a ship afloat."""
        return self.synced(self.combat.end_of_turn(ship, roller, log))

    # -- judging ------------------------------------------------------------------------
    def judge(self, state: S) -> Outcome | None:
        fighting = [side for side in state.sides
                    if any(s.side == side and self.in_play(s) for s in state.ships)]
        if len(fighting) >= 2:
            return None
        if fighting:
            losers = [side for side in state.sides if side != fighting[0]]
            return Outcome(fighting[0], f"no ship of {' or '.join(losers)} is left in action "
                           f"({self.combat.out_of_action}) on turn {state.turn}",
                           End.OUT_OF_ACTION)
        return Outcome(None, "both sides are out of action" if len(state.sides) == 2
                       else "every side is out of action", End.OUT_OF_ACTION)

    def strength_left(self, ship: CombatShip) -> float:
        """Her strength left (0..1; 0 out of play): what the judge at the limit counts."""
        return self.combat.strength(ship) if self.in_play(ship) else 0.0

    def side_strength(self, state: CombatState, side: str) -> float:
        """Its ships' strength left, averaged over the side (0: out of action)."""
        return side_mean(state, side, self.strength_left)

    def judge_at_limit(self, state: S) -> Outcome:
        kept = {side: self.side_strength(state, side) for side in state.sides}
        parts = [f"{side} {share:.0%}" for side, share in kept.items()]
        if len(parts) == 2:
            text = (f"after {state.turn} turns {state.sides[0]} keeps {parts[0].split()[-1]} "
                    f"of its strength, {parts[1]}")
        else:
            text = f"after {state.turn} turns the strength kept: {', '.join(parts)}"
        best = max(round(v, 9) for v in kept.values())
        leaders = [side for side, v in kept.items() if round(v, 9) == best]
        return Outcome(leaders[0] if len(leaders) == 1 else None, text, End.TURN_LIMIT)

    def standing_value(self, ship: CombatShip) -> float:
        """A ship's worth in ``standing``: her strength left.  A sailing system may also
        count what her sailing puts at risk; the judge at the limit counts strength alone."""
        return self.strength_left(ship)

    def standing(self, state: S, side: str) -> float:
        """The side's mean ``standing_value`` against the strongest other side's."""
        ours = side_mean(state, side, self.standing_value)
        theirs = max(side_mean(state, other, self.standing_value)
                     for other in state.sides if other != side)
        return (ours - theirs) / max(ours + theirs, 1e-9)


def side_mean(state: CombatState, side: str, value: Callable[[CombatShip], float]) -> float:
    """``value`` of the side's ships, averaged over them."""
    ships = [s for s in state.ships if s.side == side]
    return sum(value(s) for s in ships) / len(ships)


def by_ship(held: tuple[Order, ...]) -> dict[str, Order]:
    """Held orders by the ship they are for."""
    return {order.ship: order for order in held}
