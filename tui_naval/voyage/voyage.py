"""A voyage: one fleet sailed across a chart, leg by leg, from the home port to the final
fleet action, its ships' wear carried from each battle to the next.

``Voyage`` is a frozen value like a game state.  Between battles the player answers
``options`` with ``choose`` (sail on, mend, sell or keep a prize, ride out a storm); a
leg that is a battle, race or chase is played as an ordinary game from ``encounter``'s
setup, and ``conclude`` reads its end back.  The voyage keeps every choice and every
battle's orders, so ``replay`` rebuilds it exactly from its seed: that record is its save
and its hall-of-fame entry.  Its own dice (storms) come from the seeded ``Rng`` it holds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from attrs import evolve, field

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.mapgen import Muster, generate, map_name, profile
from tui_naval.core.maps import parse_map
from tui_naval.core.messages import word_list
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.ruleset import Fate, Ruleset
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState, GoalKind
from tui_naval.core.values import frozen
from tui_naval.rulesets import find_entry, load
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables
from tui_naval.voyage.chart import (
    FINAL,
    FLEE,
    HOME,
    HUNT,
    MERCHANT,
    PORT,
    RACE,
    STORM,
    Chart,
    Place,
    make_chart,
)
from tui_naval.voyage.fleet import (
    MEND_WORD,
    Classes,
    Vessel,
    classes_of,
    mend_cost,
    part_text,
    points_for,
    vessel_of,
)

#: Gold in the purse when the voyage begins.
START_GOLD = 40
#: Consorts the flagship may keep with her.
MAX_CONSORTS = 2
#: The stages a voyage is in: choosing at a place, riding out a storm, fighting a leg, over.
ASHORE, STORMY, FIGHTING, OVER = "ashore", "storm", "fighting", "over"

#: How a storm is ridden out: (key, label, what it risks: (part, dice, percent per pip)).
STORM_WAYS: tuple[tuple[str, str, tuple[tuple[str, str, int], ...]], ...] = (
    ("run", "Run before it under bare poles",
     (("rigging", "1d6", 5), ("masts", "1d6", 0), ("strain", "1d3", 0))),
    ("heave", "Heave to and let her ride",
     (("hull", "1d6", 4), ("crew", "1d6", 2))),
    ("claw", "Shorten sail and claw off the lee shore",
     (("rigging", "1d6", 3), ("crew", "1d6", 3), ("hull", "1d3", 3))),
)


class VoyageError(ValueError):
    """A choice that is not open now, or a record that does not replay."""


@frozen
class Choice:
    """One thing the player may do now: its key (kept in the record) and its words."""

    key: str
    label: str
    detail: str = ""


@frozen
class Leg:
    """A leg sailed: where, what it was and how it went."""

    place: int
    kind: str
    text: str
    gold: int = 0
    prizes: int = 0
    #: Whether the flagship came through it.
    survived: bool = True


@frozen
class Voyage:
    """A voyage at one decision between battles (or waiting on one being fought)."""

    ruleset: str
    seed: int
    grid: GridKind
    name: str = ""
    #: The date of a daily voyage ("" for any other).
    daily: str = ""
    stage: str = ASHORE
    at: int = 0
    #: The places sailed through, the home port first.
    route: tuple[int, ...] = (0,)
    gold: int = START_GOLD
    #: Gold won in all (purses, bounties, prizes sold): the score counts it.
    earned: int = 0
    #: The flagship first, then her consorts.
    fleet: tuple[Vessel, ...] = ()
    prizes: tuple[Vessel, ...] = ()
    legs: tuple[Leg, ...] = ()
    rng: Rng = field(factory=lambda: Rng(0))
    #: The record: every choice made between battles, and each finished battle's orders.
    choices: tuple[str, ...] = ()
    battles: tuple[tuple[str, ...], ...] = ()
    #: How it ended ("" while it goes on) and whether the final action was won.
    ended: str = ""
    won: bool = False

    @property
    def flagship(self) -> Vessel:
        return self.fleet[0]

    @property
    def sailed(self) -> int:
        """Legs sailed and survived."""
        return sum(1 for leg in self.legs if leg.survived)

    @property
    def score(self) -> int:
        return 50 * self.sailed + self.earned + (500 if self.won else 0)

    @property
    def prizes_taken(self) -> int:
        return sum(leg.prizes for leg in self.legs)


def chart_of(voyage: Voyage, ruleset: Ruleset[Any]) -> Chart:
    return make_chart(voyage.seed, ruleset.goals)


def default_flagship(ruleset: Ruleset[Any]) -> str:
    """The class a voyage sails by default: the one the ruleset's own map gives the first
    side, unless it is stronger than the middle of the side's classes (then that one: a
    voyage is not a walkover)."""
    classes = classes_of(ruleset)
    middle = classes.ours[len(classes.ours) // 2]
    usual = next((k for fleet in profile(ruleset).fleets[:1] for k in fleet
                  if k in classes.ours), middle)
    return usual if classes.of(usual) <= classes.of(middle) else middle


def begin(ruleset: Ruleset[Any], seed: int, grid: GridKind | None = None, name: str = "",
          daily: str = "", ship: str = "") -> Voyage:
    """A new voyage from the home port; ``ship`` is the flagship's class (by default the
    class the ruleset's own map gives the first side)."""
    classes = classes_of(ruleset)
    kind = ship or default_flagship(ruleset)
    if kind not in classes.ours:
        raise VoyageError(f"{ruleset.title} has no ship class {kind!r} for a voyage "
                          f"(classes: {', '.join(classes.ours)})")
    chosen = grid or ruleset.grids[0]
    if chosen not in ruleset.grids:
        raise VoyageError(f"{ruleset.title} is not played on a {chosen.value} grid")
    return Voyage(ruleset.name, seed, chosen, name, daily, fleet=(classes.new(kind),),
                  rng=Rng.from_seed(seed))


# -- between battles ----------------------------------------------------------------

def options(voyage: Voyage, ruleset: Ruleset[Any]) -> tuple[Choice, ...]:
    """What may be done now (nothing while a leg is fought or once the voyage is over)."""
    if voyage.stage == STORMY:
        return tuple(Choice(f"storm {key}", label, _risks(voyage, risks))
                     for key, label, risks in STORM_WAYS)
    if voyage.stage != ASHORE:
        return ()
    chart = chart_of(voyage, ruleset)
    here = chart.place(voyage.at)
    out: list[Choice] = []
    if here.kind in (HOME, PORT):
        out += _port_choices(voyage)
    for i, prize in enumerate(voyage.prizes):
        if len(voyage.fleet) <= MAX_CONSORTS:
            out.append(Choice(f"keep {i}", f"Commission the {prize.name} as a consort",
                              f"{_condition(prize)}; she sails and fights with you"))
    for place in chart.onward(voyage.at):
        out.append(Choice(f"sail {place.id}", f"Sail for {place.name} ({place.letter})",
                          f"{place.letter}: {place.about}{_threat(voyage, ruleset, place)}"))
    return tuple(out)


#: How a merchant is taken in each battle ruleset (by its own rules, and the voyage's
#: merchant: a short crew, no guns, and striking once the battle is won with her afloat).
TAKING = {
    "kyngesreach": "load grape and call shots at her crew (standard or close range): at 0% "
                   "readiness she strikes; round shot in her hull sinks her, and the prize",
    "salt-and-shot": "load grape and call shots at her crew (standard or close range): at 0% "
                     "readiness she strikes; round shot in her hull sinks her, and the prize",
    "mow-and-shot": "load grape and call shots at her crew (standard or close range): at 0% "
                    "readiness she strikes; round shot in her hull sinks her, and the prize",
    "ships-and-sails": "aim at her rigging, not her hull: once she cannot sail, the battle "
                       "is won and she strikes; sunk, she is no prize",
    "salt-and-sails": "aim at her rigging, not her hull: unable to sail (she has no guns) "
                      "she is a wreck and taken; sunk, she is no prize",
    "mow-and-sails": "aim at her rigging, not her hull: unable to sail (she has no guns) "
                     "she is a wreck and taken; sunk, she is no prize",
    "salamis": "ram her and board: won hand to hand she is captured and led off; a ram "
               "that sinks her sinks the prize",
}
#: How a merchant is taken where the ruleset has no word of its own above.
TAKING_ANY = "win the battle with her still afloat and she strikes; sunk, she is no prize"


def how_to_take(ruleset: Ruleset[Any]) -> str:
    """How a merchant is taken in ``ruleset``'s battles, in a line for the leg."""
    if GoalKind.BATTLE not in ruleset.goals:
        return "run her down: come alongside and she is boarded and taken"
    return TAKING.get(ruleset.name, TAKING_ANY)


def _port_choices(voyage: Voyage) -> list[Choice]:
    out = []
    for i, prize in enumerate(voyage.prizes):
        out.append(Choice(f"sell {i}", f"Sell the {prize.name} for {prize_value(prize)} gold",
                          _condition(prize)))
    for n, vessel in enumerate(voyage.fleet):
        for key, have, full in vessel.parts:
            if have >= full:
                continue
            cost = mend_cost(vessel, key)
            whose = "" if n == 0 else f" of the {vessel.name}"
            if cost <= voyage.gold:
                out.append(Choice(f"mend {n} {key}", f"{MEND_WORD[key]}{whose}: {cost} gold",
                                  f"{part_text(key, have, full)} -> "
                                  f"{part_text(key, full, full)}"))
            elif (points := points_for(vessel, key, voyage.gold)) > 0:
                spend = mend_cost(vessel, key, points)
                out.append(Choice(f"mend {n} {key}",
                                  f"{MEND_WORD[key]}{whose} as far as gold goes: {spend} gold",
                                  f"{part_text(key, have, full)} -> "
                                  f"{part_text(key, have + points, full)}"))
    return out


def _condition(vessel: Vessel) -> str:
    return ", ".join(part_text(key, have, full) for key, have, full in vessel.parts)


def _risks(voyage: Voyage, risks: tuple[tuple[str, str, int], ...]) -> str:
    keys = {key for key, _, _ in voyage.flagship.parts}
    words = []
    for key, dice, pct in risks:
        if key not in keys:
            continue
        if key == "masts":
            words.append("a mast (1 in 6)")
        elif key == "strain":
            words.append(f"{dice} Strain")
        else:
            words.append(f"{key} {dice} x {pct}%")
    return "risks " + (", ".join(words) if words else "nothing this ship has")


def choose(voyage: Voyage, ruleset: Ruleset[Any], key: str) -> Voyage:
    """The voyage after a choice; VoyageError if that choice is not open."""
    if key not in {c.key for c in options(voyage, ruleset)}:
        open_now = ", ".join(c.key for c in options(voyage, ruleset)) or "none"
        raise VoyageError(f"{key!r} is not open now (open: {open_now})")
    after = evolve(voyage, choices=(*voyage.choices, key))
    verb, _, rest = key.partition(" ")
    if verb == "sell":
        prize = after.prizes[int(rest)]
        value = prize_value(prize)
        return evolve(after, prizes=_without(after.prizes, int(rest)), gold=after.gold + value,
                      earned=after.earned + value)
    if verb == "keep":
        prize = after.prizes[int(rest)]
        return evolve(after, prizes=_without(after.prizes, int(rest)),
                      fleet=(*after.fleet, prize))
    if verb == "mend":
        n_text, part = rest.split()
        vessel = after.fleet[int(n_text)]
        points = points_for(vessel, part, after.gold)
        fleet = list(after.fleet)
        fleet[int(n_text)] = vessel.with_part(part, vessel.have(part) + points)
        return evolve(after, fleet=tuple(fleet),
                      gold=after.gold - mend_cost(vessel, part, points))
    if verb == "storm":
        return _ride_storm(after, ruleset, rest)
    return _arrive(after, ruleset, int(rest))


def _without(items: tuple[Vessel, ...], index: int) -> tuple[Vessel, ...]:
    return items[:index] + items[index + 1:]


def _arrive(voyage: Voyage, ruleset: Ruleset[Any], place_id: int) -> Voyage:
    place = chart_of(voyage, ruleset).place(place_id)
    voyage = evolve(voyage, at=place_id, route=(*voyage.route, place_id))
    if place.kind == PORT:
        leg = Leg(place_id, PORT, f"{place.name}: made port")
        return evolve(voyage, legs=(*voyage.legs, leg))
    if place.kind == STORM:
        return evolve(voyage, stage=STORMY)
    return evolve(voyage, stage=FIGHTING)


def _ride_storm(voyage: Voyage, ruleset: Ruleset[Any], way: str) -> Voyage:
    risks = next(r for key, _, r in STORM_WAYS if key == way)
    roller = Roller(voyage.rng)
    fleet = []
    losses = []
    for vessel in voyage.fleet:
        keys = {key for key, _, _ in vessel.parts}
        lost: list[str] = []
        strain = 0
        for part, dice, pct in risks:
            if part not in keys:
                continue
            roll = roller.roll(dice).total
            full = next(f for k, _, f in vessel.parts if k == part)
            if part == "masts":
                loss = 1 if roll == 6 and vessel.have("masts") > 1 else 0
            elif part == "strain":
                loss = roll
            else:
                loss = -(-full * roll * pct // 100)
            if loss:
                vessel = vessel.with_part(part, vessel.have(part) - loss)
                if part == "strain":
                    strain = loss
                else:
                    lost.append("a mast" if part == "masts" else f"{loss} {part}")
        harm = ([f"lost {word_list(lost)}"] if lost else []) + \
            ([f"took {strain} Strain"] if strain else [])
        if harm:
            losses.append(f"the {vessel.name} {word_list(harm)}")
        fleet.append(vessel)
    place = chart_of(voyage, ruleset).place(voyage.at)
    label = next(label for key, label, _ in STORM_WAYS if key == way)
    text = f"{place.name}: a storm; {label.lower()}: " + ("; ".join(losses) or "no harm")
    flag = fleet[0]
    for key in ("hull", "crew"):
        if key in {k for k, _, _ in flag.parts} and flag.have(key) == 0:
            cause = "foundered" if key == "hull" else "lost her last hands"
            leg = Leg(voyage.at, STORM, text, survived=False)
            voyage = evolve(voyage, fleet=tuple(fleet), rng=roller.rng,
                            legs=(*voyage.legs, leg))
            return _end(voyage, f"{flag.name} {cause} in a storm off {place.name}")
    return evolve(voyage, fleet=tuple(fleet), rng=roller.rng, stage=ASHORE,
                  legs=(*voyage.legs, Leg(voyage.at, STORM, text)))


def prize_value(vessel: Vessel) -> int:
    """Gold a prize fetches in port: by her parts' worth and her condition."""
    worth = sum(full for key, _, full in vessel.parts if key in ("hull", "guns", "masts"))
    return max(10, round((20 + 2 * min(worth, 60)) * (0.4 + 0.6 * vessel.soundness())))


def _end(voyage: Voyage, cause: str, won: bool = False) -> Voyage:
    return evolve(voyage, stage=OVER, ended=cause, won=won)


# -- the legs fought ----------------------------------------------------------------

@frozen
class Encounter:
    """A leg to be fought: its game, the fleets, which ships are ours, and its setup."""

    place: Place
    game: str
    setup: Setup
    #: Our side's name, and our ships' ids in ``fleet`` order (those that take part).
    side: str
    ours: tuple[str, ...]
    #: For a chase: whether we are the quarry.
    fleeing: bool = False


def leg_seed(voyage: Voyage, place_id: int) -> int:
    return (voyage.seed * 1_000_003 + place_id * 7_919) % (1 << 31)


def encounter(voyage: Voyage, ruleset: Ruleset[Any]) -> Encounter:
    """The battle, race or chase of the place the voyage has reached."""
    if voyage.stage != FIGHTING:
        raise VoyageError("no leg is being fought")
    place = chart_of(voyage, ruleset).place(voyage.at)
    classes = classes_of(ruleset)
    seed = leg_seed(voyage, place.id)
    goals = ruleset.goals
    depth = place.column
    balance = ruleset.info.balance
    ours = [v.kind for v in voyage.fleet]
    fleeing = False
    quarry = 0
    fleets: tuple[tuple[str, ...], tuple[str, ...]]
    if place.kind == RACE:
        game, fleets = GoalKind.RACE, ((ours[0],), _rivals(classes, voyage, seed, 1 + depth // 4))
        ours = ours[:1]
    elif place.kind == FINAL and GoalKind.BATTLE not in goals and GoalKind.RACE in goals:
        # No fleet action without guns: the final leg is the great race, against the
        # fastest the enemy has.
        best = classes.theirs[::-1][:2]
        game = GoalKind.RACE
        fleets = ((ours[0],), tuple(best[i % len(best)] for i in range(balance.final)))
        ours = ours[:1]
    elif place.kind == FLEE or (place.kind == FINAL and GoalKind.BATTLE not in goals):
        count = 1 + depth // 4 if place.kind == FLEE else balance.final
        game, fleeing = GoalKind.CHASE, True
        fleets = ((ours[0],), _hunters(classes, voyage, seed, count))
        ours = ours[:1]
    elif place.kind == HUNT or (place.kind == MERCHANT and GoalKind.BATTLE not in goals):
        game, quarry = GoalKind.CHASE, 1
        fleets = (tuple(ours), (_merchant(classes),))
    elif place.kind == MERCHANT:
        game, fleets = GoalKind.BATTLE, (tuple(ours), (_merchant(classes),))
    else:
        count = balance.final if place.kind == FINAL else 1 + (depth >= 4)
        game, fleets = GoalKind.BATTLE, (tuple(ours), _enemies(classes, voyage, seed, depth, count,
                                                                balance.pressure))
    turns = balance.turns if game == GoalKind.BATTLE else 0
    if place.kind == MERCHANT and game == GoalKind.BATTLE:
        # A merchant is taken, or gets away, in a short action (the longer one cost
        # Salt'n'Tar's sailing ships their masts to Strain): won at its end, she strikes.
        turns = min(turns or profile(ruleset).turns, MERCHANT_TURNS)
    muster = Muster(game, fleets, quarry, title=f"{place.name}: {place.about}", turns=turns)
    text = _sea(ruleset.name, seed, voyage.grid, muster)
    side = profile(ruleset).sides[0]
    spec = parse_map(text, f"{map_name(seed)}.map", map_name(seed))
    ids = tuple(s.id for s in spec.ships if s.side == side)[:len(ours)]
    condition = tuple((ship_id, vessel.condition())
                      for ship_id, vessel in zip(ids, voyage.fleet, strict=False))
    if place.kind == MERCHANT and game == GoalKind.BATTLE:
        condition += tuple((s.id, _merchantman(classes.new(s.kind)))
                           for s in spec.ships if s.side != side)
    setup = Setup(ruleset.name, map_name(seed), text, voyage.grid, seed, condition=condition)
    return Encounter(place, game, setup, side, ids, fleeing)


@lru_cache(maxsize=64)
def _sea(ruleset: str, seed: int, grid: GridKind, muster: Muster) -> str:
    """A leg's sea (the same every time it is asked for: the options show what waits)."""
    return generate(load(find_entry(ruleset)), seed, grid, muster)


def _rivals(classes: Classes, voyage: Voyage, seed: int, count: int) -> tuple[str, ...]:
    """Ships like the flagship, or a little better: rivals in a race, hunters in a chase."""
    ranked = classes.theirs
    mine = classes.of(voyage.flagship.kind)
    near = [k for k in ranked if abs(classes.of(k) - mine) <= 0.25] or list(ranked)
    return tuple(near[(seed + i) % len(near)] for i in range(count))


def _hunters(classes: Classes, voyage: Voyage, seed: int, count: int) -> tuple[str, ...]:
    """Hunters for the flagship to run from: rivals (``_rivals``) no faster than she is on
    her best point of sailing (issue 61's Salt'n'Tar voyages died on their first chase: a
    Cutter, 8" at best, cannot outrun a Small Galley's 9" or a Viking Longship's 12")."""
    mine = best_pace(voyage.flagship.kind)
    ranked = classes.theirs
    strength = classes.of(voyage.flagship.kind)
    near = [k for k in ranked if abs(classes.of(k) - strength) <= 0.25
            and best_pace(k) <= mine] or sorted(ranked, key=best_pace)[:1]
    return tuple(near[(seed + i) % len(near)] for i in range(count))


def best_pace(kind: str) -> int:
    """A class's speed on her best point of sailing, by Salt'n'Tar's Bearing Numbers (the
    only sailing that plays a chase); 0 for a class it does not know."""
    ship = tables().ships.get(kind)
    if ship is None:
        return 0
    return max(ship.bn(b) for b in (Bearing.RUNNING, Bearing.BROAD, Bearing.QUARTER))


#: A merchant met in a battle ruleset is no man-of-war: she sails with this share of her
#: class's crew and of its guns (a documented adaptation: README, "The voyage"), so that
#: beaten she strikes, or lies a wreck to be taken, as her ruleset's own rules say,
#: before she is shot to pieces; and won with her still afloat, she strikes (``conclude``).
MERCHANT_CREW, MERCHANT_GUNS = 0.2, 0.0
#: The turn limit of a battle with a merchant (the ruleset's own if shorter).
MERCHANT_TURNS = 12


def _merchantman(vessel: Vessel) -> tuple[tuple[str, int], ...]:
    """A merchant's parts: her class's, with a merchant's short crew and no guns."""
    share = {"crew": MERCHANT_CREW, "guns": MERCHANT_GUNS}
    return tuple((key, round(full * share[key]) if key in share else have)
                 for key, have, full in vessel.parts)


def _merchant(classes: Classes) -> str:
    named = [k for k in classes.theirs if "merchant" in k]
    return named[-1] if named else classes.theirs[0]


#: How strong the enemy comes, leg by leg (the final action last), against the fleet's
#: own strength (the sum of its classes' strengths), times the ruleset's
#: ``Balance.pressure``.
RISE = (0.5, 0.5, 0.65, 0.8, 0.9, 1.0, 1.1, 1.3)


def _enemies(classes: Classes, voyage: Voyage, seed: int, depth: int, count: int,
             pressure: float) -> tuple[str, ...]:
    """An enemy that rises leg by leg against the fleet's own strength, times the ruleset's
    ``pressure`` (its ``Balance``): at least ``count`` ships (more where the enemy's
    strongest class cannot meet it with fewer, up to six), each of the class nearest its
    share (one of the two nearest, by the seed)."""
    own = sum(classes.of(v.kind) for v in voyage.fleet)
    budget = own * pressure * RISE[min(depth, len(RISE) - 1)]
    strongest = max(classes.of(k) for k in classes.theirs)
    count = min(6, max(count, math.ceil(budget / strongest - 0.05)))
    share = budget / count
    ranked = sorted(classes.theirs, key=lambda k: (abs(classes.of(k) - share), classes.of(k)))
    near = ranked[:2]
    return tuple(near[(seed // 7 + i) % len(near)] for i in range(count))


def conclude(voyage: Voyage, ruleset: Ruleset[Any], state: GameState,
             orders: Sequence[Order]) -> Voyage:
    """The voyage after a leg's game has ended: her ships' wear and fates, prizes, gold."""
    if state.outcome is None:
        raise VoyageError("the leg is not over yet")
    meeting = encounter(voyage, ruleset)
    place, side = meeting.place, meeting.side
    winner = state.outcome.winner
    voyage = evolve(voyage, battles=(*voyage.battles, tuple(str(o) for o in orders)),
                    stage=ASHORE)
    fleet: list[Vessel] = []
    lost: list[str] = []
    for n, vessel in enumerate(voyage.fleet):
        if n >= len(meeting.ours):
            fleet.append(vessel)
            continue
        ship = state.ship(meeting.ours[n])
        fate = ruleset.fate(state, ship)
        taken = ship.side != side or fate is Fate.TAKEN
        if meeting.fleeing and n == 0 and winner not in (side, None) and fate is not Fate.SUNK:
            # A quarry that lost the chase afloat was run down (one that foundered, sunk).
            fate, taken = Fate.TAKEN, True
        if fate is Fate.SUNK or taken:
            lost.append(f"{vessel.name} {'taken' if taken else 'sunk'}")
            if n == 0:
                how = "taken" if taken else "sunk"
                text = f"{place.name}: {place.about}; the {vessel.name} was {how}"
                leg = Leg(place.id, place.kind, text, survived=False)
                # The fleet as the leg left it (the morgue's "fleet at the end"), not as
                # it put to sea.
                worn = tuple(vessel_of(ruleset, state.ship(meeting.ours[i]))
                             if i < len(meeting.ours) else v
                             for i, v in enumerate(voyage.fleet))
                voyage = evolve(voyage, fleet=worn, legs=(*voyage.legs, leg))
                return _end(voyage, f"{vessel.name} {how} at {place.name} ({place.about}) "
                                    f"on leg {place.column}")
            continue
        fleet.append(vessel_of(ruleset, ship))
    prizes = []
    # A quarry run down is boarded and taken (the chase's catch is the end of her).
    caught = meeting.game == GoalKind.CHASE and not meeting.fleeing and winner == side
    # A merchant beaten (the battle won) and still afloat strikes: she is no man-of-war.
    caught = caught or (place.kind == MERCHANT and winner == side)
    for ship in state.ships:
        if ship.id in meeting.ours:
            continue
        fate = ruleset.fate(state, ship)
        ours_now = ship.side == side
        if ours_now or (fate is Fate.TAKEN and winner in (side, None)) or (
                caught and fate is Fate.AFLOAT):
            prizes.append(vessel_of(ruleset, ship))
    sunk = sum(1 for s in state.ships if s.id not in meeting.ours and s.side != side
               and ruleset.fate(state, s) is Fate.SUNK)
    won = winner == side
    gold = 0
    if meeting.game == GoalKind.RACE and won:
        gold = 40 + 15 * place.column
    elif meeting.game == GoalKind.BATTLE:
        gold = 25 * (sunk + len(prizes)) + (20 * place.column if won else 0)
    result = ("won" if won else "drawn" if winner is None else "lost")
    if meeting.fleeing:
        result = "got away" if winner in (side, None) else "caught"
    elif meeting.game == GoalKind.CHASE:
        result = "ran her down" if won else "she got away"
    elif meeting.game == GoalKind.RACE:
        result = "won the race" if won else "beaten"
    parts = [f"{place.name}: {place.about}: {result} on turn {state.turn}"]
    if prizes:
        parts.append("took " + ", ".join(p.name for p in prizes))
    if lost:
        parts.append("lost " + ", ".join(lost))
    if gold:
        parts.append(f"+{gold} gold")
    leg = Leg(place.id, place.kind, "; ".join(parts), gold, len(prizes))
    voyage = evolve(voyage, fleet=tuple(fleet), prizes=(*voyage.prizes, *prizes),
                    gold=voyage.gold + gold, earned=voyage.earned + gold,
                    legs=(*voyage.legs, leg))
    if place.kind == FINAL:
        if won:
            feat = ("won the great race" if meeting.game == GoalKind.RACE
                    else "won the final fleet action")
            return _end(voyage, f"{feat} at {place.name}", won=True)
        return _end(voyage, f"failed to carry the final action at {place.name} "
                            f"({result}); she came home")
    return voyage


def briefing(voyage: Voyage, ruleset: Ruleset[Any]) -> str:
    """The leg being fought, as its briefing tells it when she puts to sea: the place,
    what waits there, its ships, its risk, and for a merchant how she is taken."""
    place = chart_of(voyage, ruleset).place(voyage.at)
    return f"{place.name}: {place.about}{_threat(voyage, ruleset, place)}."


def _threat(voyage: Voyage, ruleset: Ruleset[Any], place: Place) -> str:
    """What waits at a place, in a few words: a fighting place's ships (known ahead), its
    risk (their strength against yours, as ``classes_of`` measures the classes: the
    measure the enemy's rise is drawn by) and, at a merchant, how she is taken."""
    if place.kind == PORT:
        return "; no risk"
    if place.kind == STORM:
        return "; risk: the sea's, to rigging, masts, hull or crew, as you choose to ride it"
    if place.kind == HOME:
        return ""
    ahead = evolve(voyage, stage=FIGHTING, at=place.id)
    meeting = encounter(ahead, ruleset)
    spec = parse_map(meeting.setup.map_text, "leg.map", "leg")
    names = ruleset.ship_classes()
    ranked = classes_of(ruleset)
    theirs = [s.kind for s in spec.ships if s.side != meeting.side]
    ours = [v.kind for v in voyage.fleet[:len(meeting.ours)]]
    listed = ", ".join(names[k].name if k in names else k for k in theirs)
    enemy = round(100 * sum(ranked.of(k) for k in theirs))
    own = round(100 * sum(ranked.of(k) for k in ours))
    text = f": {listed}; risk: their strength {enemy} against your {own}"
    if place.kind == MERCHANT:
        text += f"; to take her, {how_to_take(ruleset)}"
    return text


def replay(ruleset: Ruleset[Any], start: Voyage, choices: Sequence[str],
           battles: Sequence[Sequence[str]], current: Sequence[str] = (),
           fought: list[tuple[Place, Game]] | None = None) -> tuple[Voyage, Game | None]:
    """The voyage its record makes: ``start`` with the choices and the finished battles'
    orders applied, and the game of the leg in progress with ``current``'s orders played
    (None when no leg is being fought).  Each leg's place and game are added to ``fought``
    if given.  VoyageError if the record does not replay."""
    voyage = start
    todo = list(choices)
    fights = [list(b) for b in battles]
    pending: list[str] | None = list(current)
    while True:
        if voyage.stage == FIGHTING:
            if fights:
                orders = fights.pop(0)
            elif pending is not None:
                orders, pending = pending, None
            else:
                orders = []
            meeting = encounter(voyage, ruleset)
            game = Game(ruleset, meeting.setup)
            if fought is not None:
                fought.append((meeting.place, game))
            for text in orders:
                decision = game.decision()
                if decision is None:
                    raise VoyageError("the record does not replay: an order after a leg ended")
                try:
                    game.play(decision.find(text))
                except IllegalOrder as exc:
                    raise VoyageError(f"the record does not replay: {exc}") from None
            if game.state.outcome is None:
                if fights or todo:
                    raise VoyageError("the record does not replay: a leg left unfinished")
                return voyage, game
            voyage = conclude(voyage, ruleset, game.state, game.orders)
            continue
        if not todo:
            if fights or pending:
                raise VoyageError("the record does not replay: battles left over")
            return voyage, None
        voyage = choose(voyage, ruleset, todo.pop(0))
