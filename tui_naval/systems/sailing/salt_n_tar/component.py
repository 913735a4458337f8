"""The Salt'n'Tar sailing component a ship carries (``ship.sail``), and what a sailing ship is."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Protocol, cast

from attrs import evolve

from tui_naval.core.messages import cut
from tui_naval.core.ruleset import Part
from tui_naval.core.state import GameState, ShipBase, ShipLike, Terrain, kept_or_evolved
from tui_naval.core.validate import limits_problem
from tui_naval.core.values import frozen
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.salt_n_tar.tables import ShipType, tables


class Sails(StrEnum):
    SET = "set"
    REEFED = "reefed"
    FURLED = "furled"
    ANCHORED = "anchored"


class Change(StrEnum):
    """A maneuver under way that takes turns to finish."""

    NONE = ""
    UNREEF = "unreef"
    SET_SAIL = "set-sail"
    ANCHOR = "anchor"
    WEIGH = "weigh"


@frozen(kw_only=True, cache_hash=True)
class SaltSail:
    """How a ship sails by Salt'n'Tar: her type, Strain, losses, sails and way."""

    #: Her Salt'n'Tar ship type (``cutter``, ``warship``...): Bearing Numbers and masts.
    type: str
    strain: int = 0
    #: Inches lost to "ongoing" results (leaks, torn sails, broken masts) and to damage.
    speed_loss: int = 0
    #: Active crew, percent of full.
    crew: int = 100
    masts: int = 1
    sails: Sails = Sails.SET
    change: Change = Change.NONE
    change_turns: int = 0
    #: Inches travelled towards the next cell (fractions of a cell carry over).
    carry: int = 0
    #: On a square grid, whether her next diagonal step costs two cells (the 1-2-1-2 count).
    long_diagonal: bool = False
    #: This turn's luck: the die (0: not rolled) and the Wind Speed change it gives.
    luck_die: int = 0
    luck: int = 0
    #: Turns until the ship sinks (0: not sinking).
    sinking: int = 0
    #: Last turn's movement for the UI: inches made good and how.
    last_speed: int = 0
    last_motion: str = ""
    #: Changes of direction made this turn (the combat turn's second one marks Strain).
    turns_made: int = 0
    #: The combat system's share of ``speed_loss`` and of the masts lost (``Handicap``).
    damage_loss: int = 0
    masts_shot: int = 0
    #: Why combat damage has left her no sail, or no way upwind ("" if it has not).
    adrift: str = ""
    no_upwind: str = ""
    #: Changes of direction her helm allows a turn (steering damage lowers it).
    helm: int = 2

    @property
    def stype(self) -> ShipType:
        return tables().ships[self.type]

    @property
    def full_masts(self) -> int:
        return self.stype.masts

    @property
    def foundering(self) -> bool:
        """Sinking from Strain (a combat system reads it as out of the fight)."""
        return self.sinking > 0


def new_sail(type_key: str) -> SaltSail:
    """A ship of a type fresh from the yard."""
    return SaltSail(type=type_key, masts=tables().ships[type_key].masts)


#: Price of a ship's first Strain mark in a battle, in strength units (0..1); each
#: further mark costs one more share (d6 + Strain: the more she has, the nearer a mast
#: or her sinking).  The helm advisor weighs a turn by it, the battle's standing a ship.
STRAIN_PRICE = 0.1


def strain_cost(before: int, after: int) -> float:
    """The price of going from ``before`` to ``after`` Strain."""
    return sum(STRAIN_PRICE * (1 + n) for n in range(before, after))


def strain_full() -> int:
    """The Strain that ends a ship: every Strain Roll (d6 + Strain) then reaches the
    table's worst row ("it's over").  Her soundness, as a part that wears, is this less
    her Strain."""
    return tables().strain_highest - 1


def sailing_wear(sail: SaltSail) -> tuple[Part, ...]:
    """Her sailing's lasting damage: masts standing, active crew (percent) and Strain (as
    soundness: ``strain_full`` less her Strain).  The ongoing inches of leaks and torn sails
    have no part: they go with the battle."""
    full = strain_full()
    return (Part("masts", "Masts", sail.masts, sail.stype.masts),
            Part("crew", "Crew", sail.crew, 100),
            Part("strain", "Soundness (Strain)", max(0, full - sail.strain), full))


def sailing_worn(sail: SaltSail, have: Mapping[str, int]) -> SaltSail:
    """A sail fresh from the yard with the parts ``have`` names (``sailing_wear``'s keys)
    set, each clamped to 0..full.  Masts lost cost what a Strain Roll's broken mast costs:
    3" of speed each while another still stands (the last one leaves her adrift)."""
    stype = sail.stype
    if "masts" in have:
        masts = max(0, min(stype.masts, have["masts"]))
        lost = stype.masts - max(masts, 1)
        sail = evolve(sail, masts=masts,
                      speed_loss=sail.speed_loss + tables().limits.speed_loss * lost)
    if "crew" in have:
        sail = evolve(sail, crew=max(0, min(100, have["crew"])))
    if "strain" in have:
        full = strain_full()
        sail = evolve(sail, strain=full - max(0, min(full, have["strain"])))
    return sail


def with_handicap(sail: SaltSail, handicap: Handicap) -> SaltSail:
    """The sailing figures brought in line with a combat system's damage report.

    Sail lost and a flooding hull take inches off all speed (as Salt'n'Tar's ongoing
    losses do: the damage table is an adaptation), fallen masts take sailing masts,
    the crew is the combat crew.  What the damage caused is kept apart
    (``damage_loss``, ``masts_shot``) so that it follows the damage: jury rigging
    gives back sail.
    """
    loss = damage_inches(handicap)
    shot = masts_shot(sail.stype.masts, handicap.masts_down)
    speed_loss = sail.speed_loss - sail.damage_loss + loss
    masts = max(0, sail.masts - (shot - sail.masts_shot))
    return kept_or_evolved(sail, speed_loss=speed_loss, damage_loss=loss, masts=masts,
                           masts_shot=shot, crew=handicap.crew, adrift=handicap.adrift,
                           no_upwind=handicap.no_upwind, helm=handicap.helm)


def damage_inches(handicap: Handicap) -> int:
    """Inches off all speed for the sail lost and the hull's flooding (the damage table)."""
    damage = tables().damage
    lost, total = handicap.sail_lost
    sail = 0
    for pct, inches in damage.sail_loss:
        if lost * 100 >= pct * total:
            sail = inches
    left, whole = handicap.hull_left
    hull = 0
    for pct, inches in damage.hull_loss:
        if left * 100 < pct * whole:
            hull = max(hull, inches)
    return sail + hull


def masts_shot(base: int, down: tuple[int, int]) -> int:
    """Sailing masts lost when ``down[0]`` of the combat system's ``down[1]`` masts are down,
    for a type of ``base`` masts.

    Where the combat system counts more masts than she has, the first to fall beyond
    her own count cost her none (a one-masted sloop keeps her mast until every mast the
    combat system counts is down); where it counts fewer, each one down is one of hers.
    """
    fallen, of = down
    return min(base, max(0, fallen - max(0, of - base)))


class Sailor(ShipLike, Protocol):
    """A ship that sails by Salt'n'Tar: any ruleset's ship class with a ``sail`` component."""

    @property
    def sail(self) -> SaltSail: ...

    @property
    def at_sea(self) -> bool:
        """Afloat and still in play on the board (moving, and in the others' way)."""
        ...


def label(ship: Sailor) -> str:
    return f"{ship.id} {ship.name}"


def sailing_problem(state: GameState, ships: Sequence[Sailor],
                    sails_as: Callable[[str], str]) -> str | None:
    """Why the Salt'n'Tar sails of ``ships`` (whose class ``sails_as`` a ship type) are out
    of range, or ships at sea are aground or share a cell; None if they are not.  For the
    rulesets' ``invalid``: every ruleset that sails by Salt'n'Tar checks its ships so."""
    board = state.board
    carry = board.scale * (2 if state.grid.points == 8 else 1)
    occupied: set[object] = set()
    for ship in ships:
        sail, where = ship.sail, f"ship {cut(ship.id)}"
        kind = cast(ShipBase, ship).kind
        if sail.type != sails_as(kind):
            return f"{where} sails as {cut(sail.type)}, not as her class does"
        stype = tables().ships[sail.type]
        problem = limits_problem(sail, {
            "strain": (0, 99), "speed_loss": (0, 999), "crew": (0, 100),
            # the masts combat shot away are gone from her own count, and their inches
            # from her speed loss
            "masts_shot": (0, stype.masts), "masts": (0, stype.masts - sail.masts_shot),
            "damage_loss": (0, sail.speed_loss), "change_turns": (0, 9),
            "carry": (0, carry - 1), "luck_die": (0, 6), "luck": (-6, 6), "sinking": (0, 6),
            "last_speed": (0, 999), "turns_made": (0, 9), "helm": (0, 9)}, where)
        if problem:
            return problem
        if ship.at_sea:
            terrain = board.terrain_at(ship.cell)
            if terrain is Terrain.LAND or (terrain is Terrain.SHOAL and not stype.shallow):
                return f"{where} is aground at sea"
            if ship.cell in occupied:
                return f"{where} shares her cell with another ship"
            occupied.add(ship.cell)
    return None
