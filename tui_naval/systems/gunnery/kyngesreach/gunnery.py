"""Kyngesreach gunnery, usable on its own: a ship's guns, hull, rigging and crew.

Everything here works on one ship's ``Gunnery`` state (crew skills, the two
batteries with their loaded ammunition and reload counters, Hull Integrity
Points, sail HP, masts, crew readiness, steering and fire) and takes the range
*band* as an argument: how the band is found (the stand-alone Kyngesreach's
wind gauge, or cells measured on a map by ``band_for_cells``) is the caller's
business, and so are situation modifiers such as the wind gauge's +1, passed in
as ``extra`` modifiers.

The pieces:

- ``new_gunnery(kind)`` a fresh ship of a class;
- ``aim_options`` the legal aims of a battery at a target and band;
- ``gunner_modifiers`` / ``roll_volley`` the Gunner (Cannon) roll and the hits
  it scores (hit rate by Margin of Success, capped by the band, times the
  operational guns, rounded down);
- ``after_firing`` empties the battery (and loses a burst gun on a critical
  failure); what each hit does, and ``fire`` for a whole broadside, are in
  ``damage``;
- ``reload_options`` / ``start_reload`` the ammunition prompt and its times;
- ``seamanship_modifiers`` what damage does to a ship's handling;
- ``end_of_round`` reload counters, fire, flooding, jury rigging, foundering.

Every roll is logged through a ``Logger`` with its skill, modifiers, dice,
margin and result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Protocol, TypeVar

from attrs import evolve

from tui_naval.core.dice import Check, Roller, gurps_check
from tui_naval.core.messages import cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Part, Row
from tui_naval.core.state import ShipLike
from tui_naval.core.validate import limits_problem
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.kyngesreach.tables import (
    AMMO_NAMES,
    BANDS,
    MASTS,
    Ammo,
    Band,
    Called,
    CalledInfo,
    HipStatus,
    Mast,
    ShipClassInfo,
    tables,
)
from tui_naval.systems.handicap import Handicap

#: ``log(kind, text, ship_id)``: where rolls and effects are told.
Logger = Callable[[str, str, str], None]
Mods = Sequence[tuple[str, int]]


class Battery(StrEnum):
    PORT = "port"
    STARBOARD = "starboard"

    @property
    def other(self) -> Battery:
        return Battery.STARBOARD if self is Battery.PORT else Battery.PORT


@frozen(cache_hash=True)
class Skills:
    """A crew's skills; the text's crew average is 12."""

    weather: int = 12
    seamanship: int = 12
    tactics: int = 12
    gunner: int = 12

    @classmethod
    def default(cls) -> Skills:
        s = tables().skills
        return cls(s["weather"], s["seamanship"], s["tactics"], s["gunner"])


SKILL_NAMES = {"weather": "Weather Sense", "seamanship": "Seamanship",
               "tactics": "Tactics (Naval)", "gunner": "Gunner (Cannon)"}
#: The skill levels a crew may have.
SKILL_RANGE = (3, 20)


@frozen(cache_hash=True)
class Guns:
    """One battery: its operational guns, the ammunition in (or going into) them,
    the rounds until it is loaded, and whether it has fired and awaits its reload order."""

    guns: int
    ammo: Ammo = Ammo.ROUND
    reload: int = 0
    empty: bool = False

    @property
    def ready(self) -> bool:
        """Loaded and able to fire."""
        return self.guns > 0 and not self.empty and self.reload == 0

    @property
    def loaded(self) -> bool:
        """Holds a charge (ready, or held back by a delay)."""
        return not self.empty and self.reload == 0


@frozen(cache_hash=True)
class Gunnery:
    """The gunnery state of one ship."""

    kind: str
    skills: Skills
    hip: int
    sail_hp: int
    port: Guns
    starboard: Guns
    #: Crew readiness, percent.
    readiness: int = 100
    #: The battery that bears on the enemy (the stand-alone game's engaged side).
    engaged: Battery = Battery.STARBOARD
    #: Penetrating hits on the foremast, mainmast and mizzen.
    mast_hits: tuple[int, int, int] = (0, 0, 0)
    steering: int = 0
    rigging_hits: int = 0
    on_fire: bool = False
    struck: bool = False
    #: Under 10% HIP: out of action, founders at the end of the round.
    sinking: bool = False

    @property
    def info(self) -> ShipClassInfo:
        return tables().classes[self.kind]

    def guns(self, battery: Battery) -> Guns:
        return self.port if battery is Battery.PORT else self.starboard

    def with_guns(self, battery: Battery, guns: Guns) -> Gunnery:
        if battery is Battery.PORT:
            return evolve(self, port=guns)
        return evolve(self, starboard=guns)

    @property
    def sunk(self) -> bool:
        return self.hip <= 0

    @property
    def in_action(self) -> bool:
        """Still fighting: afloat, not sinking, colours flying."""
        return not (self.sunk or self.sinking or self.struck)

    def mast_down(self, mast: Mast) -> bool:
        return self.mast_hits[MASTS.index(mast)] >= tables().falls_after

    @property
    def masts_lost(self) -> tuple[Mast, ...]:
        return tuple(m for m in MASTS if self.mast_down(m))

    @property
    def adrift(self) -> bool:
        """Total dismasting."""
        return len(self.masts_lost) == len(MASTS)

    @property
    def immobilised(self) -> bool:
        """100% sail HP lost: immobilised until jury-rigged."""
        return self.sail_hp <= 0

    @property
    def out_of_line(self) -> bool:
        """Cannot contest the wind: two masts down, adrift or immobilised."""
        return len(self.masts_lost) >= 2 or self.immobilised


def new_gunnery(kind: str, skills: Skills | None = None) -> Gunnery:
    """A fresh ship of class ``kind``, round shot loaded in both batteries."""
    info = tables().classes[kind]
    guns = Guns(info.guns)
    return Gunnery(kind=kind, skills=skills or Skills.default(), hip=info.hip,
                   sail_hp=info.sail_hp, port=guns, starboard=guns)


# -- tables as functions --------------------------------------------------------------

def hit_rate(margin: int) -> int:
    """Hit Percentage by Margin of Success (0 for a failure)."""
    rate = 0
    for lowest, pct in tables().hit_rate:
        if margin >= lowest:
            rate = pct
    return rate


def hits_scored(rate: int, guns: int, band: Band) -> tuple[int, int]:
    """(rate after the band's cap, hits): rate x operational guns, rounded down."""
    capped = min(rate, tables().bands[band].cap)
    return capped, capped * guns // 100


def hip_loss(ps: int) -> int:
    """HIP lost to a penetrating hull hit of penetration strength ``ps`` (0 if none)."""
    if ps <= 0:
        return 0
    t = tables()
    for highest, loss in t.hip_brackets:
        if ps <= highest:
            return loss
    return t.hip_above


def hip_status(hip: int, total: int) -> HipStatus:
    """The Sinking Thresholds row for ``hip`` of ``total`` remaining (ties to the better)."""
    rows = tables().hip_status
    for row in rows:
        if hip * 100 >= row.at_least * total:
            return row
    return rows[-1]


def status_of(g: Gunnery) -> HipStatus:
    return hip_status(max(0, g.hip), g.info.hip)


def hull_words(g: Gunnery) -> str:
    """Her hull's state for the player: the status's name, or "no damage" with every HIP
    left (the text's first band, 75-100%, is "Minor damage", cosmetic leaks)."""
    return "no damage" if g.hip >= g.info.hip else status_of(g).name


def sail_penalty(sail_hp: int, total: int) -> int:
    """The wind-gauge modifier for the share of sail HP lost."""
    lost = total - sail_hp
    penalty = 0
    for pct, mod in tables().sail_loss:
        if lost * 100 >= pct * total:
            penalty = mod
    return penalty


def morale(readiness: int) -> int:
    """Gunner modifier for crew readiness: -1 per full 25% lost (adapted)."""
    step = tables().morale_step
    return -((100 - readiness) // step)


def band_for_cells(cells: int) -> Band | None:
    """The band a distance in cells falls in (None: out of range), for map-measured range."""
    t = tables()
    for band in BANDS:
        if cells <= t.bands[band].cells:
            return band
    return None


def reload_time(current: Ammo, new: Ammo, loaded: bool) -> int:
    """Rounds to reload: 3 same ammo, 4 an empty gun with new ammo, 5 a loaded one."""
    t = tables()
    if new is current:
        return t.reload_same
    return t.reload_loaded_new if loaded else t.reload_empty_new


# -- checks ---------------------------------------------------------------------------

def mods_text(mods: Mods) -> str:
    return "".join(f" {v:+d} {label}" for label, v in mods if v)


def result_text(check: Check) -> str:
    if check.critical:
        return "critical success" if check.success else "critical failure"
    return "success" if check.success else "failure"


def skill_roll(roller: Roller, what: str, base: int, mods: Mods, loud: bool = True
               ) -> tuple[Check, str]:
    """Roll 3d6 under ``base`` + modifiers; the check and its log text ("" unless ``loud``)."""
    skill = base + sum(v for _, v in mods)
    roll = roller.roll("3d6")
    check = gurps_check(roll.total, skill)
    if not loud:
        return check, ""
    text = (f"{what} {base}{mods_text(mods)} = {skill}: {roll}, margin {check.margin:+d}, "
            f"{result_text(check)}")
    return check, text


def contest(a: Check, b: Check) -> int:
    """A Quick Contest: 1 if ``a`` wins, -1 if ``b`` does, 0 for a tie.

    A critical success beats any other result and a critical failure loses to
    any other; otherwise the larger margin wins (adapted: GURPS compares margins).
    """

    def rank(c: Check) -> int:
        if c.critical:
            return 1 if c.success else -1
        return 0

    key_a, key_b = (rank(a), a.margin), (rank(b), b.margin)
    return (key_a > key_b) - (key_a < key_b)


# -- seamanship -----------------------------------------------------------------------

def seamanship_modifiers(g: Gunnery) -> list[tuple[str, int]]:
    """What the ship's class and damage add to its Seamanship (contest and range rolls)."""
    return list(_seamanship_modifiers(g.kind, g.sail_hp, g.rigging_hits, g.steering,
                                      g.mast_hits, max(0, g.hip)))


@lru_cache(maxsize=4096)
def _seamanship_modifiers(kind: str, sail_hp: int, rigging_hits: int, steering: int,
                          mast_hits: tuple[int, int, int], hip: int
                          ) -> tuple[tuple[str, int], ...]:
    """``seamanship_modifiers`` from the figures it reads (asked for again and again in a
    contest for the gauge, so each set is worked out once)."""
    t = tables()
    info = t.classes[kind]
    mods = [("handling", info.handling),
            ("sails", sail_penalty(sail_hp, info.sail_hp)),
            ("rigging hits", t.rigging_hit * rigging_hits),
            ("steering", -steering)]
    for mast, hits in zip(MASTS, mast_hits, strict=True):
        if hits >= t.falls_after:
            mods.append((f"no {mast.value}", t.dismasting[mast].seamanship))
    mods.append(("hull", hip_status(hip, info.hip).seamanship))
    return tuple((label, v) for label, v in mods if v)


def enemy_to_hit(g: Gunnery) -> int:
    """The bonus an enemy gets to hit this ship for its fallen masts."""
    t = tables()
    lost = g.masts_lost
    if len(lost) >= 2:
        return t.two_masts_to_hit
    return sum(t.dismasting[m].to_hit for m in lost)


# -- aiming ---------------------------------------------------------------------------

@frozen
class Aim:
    """A normal broadside (``called`` None) or a called shot (at ``mast`` for masts)."""

    called: Called | None = None
    mast: Mast | None = None

    @property
    def token(self) -> str:
        """The order verb: fire, rudder, rigging, foremast, mainmast, mizzen, crew."""
        if self.called is None:
            return "fire"
        if self.called is Called.MAST:
            assert self.mast is not None
            return self.mast.value
        return self.called.value

    @classmethod
    def parse(cls, token: str) -> Aim:
        if token == "fire":
            return cls()
        if token in {m.value for m in MASTS}:
            return cls(Called.MAST, Mast(token))
        return cls(Called(token))

    @property
    def info(self) -> CalledInfo | None:
        return tables().called[self.called] if self.called is not None else None

    def describe(self) -> str:
        if self.called is None:
            return "a broadside"
        if self.mast is not None:
            return f"a called shot at the {self.mast.value}"
        return f"a called shot at the {tables().called[self.called].name.lower()}"


AIM_TOKENS = ("fire", "rudder", "rigging", "foremast", "mainmast", "mizzen", "crew")


def ammo_aims(ammo: Ammo, target: Gunnery, band: Band) -> list[Aim]:
    """The aims ``ammo`` serves at ``band`` against ``target``.

    Round shot fires broadsides at any band and called shots at the rudder;
    chain, bar and grape only serve their called shots (rigging, masts, crew),
    which need Standard or Close range.
    """
    if not target.in_action:
        return []
    out: list[Aim] = []
    if ammo is Ammo.ROUND:
        out.append(Aim())
    for called, info in tables().called.items():
        if info.ammo is not ammo or band not in info.bands:
            continue
        if called is Called.MAST:
            out.extend(Aim(called, m) for m in MASTS if not target.mast_down(m))
        else:
            out.append(Aim(called))
    return out


def aim_options(shooter: Gunnery, battery: Battery, target: Gunnery, band: Band) -> list[Aim]:
    """The aims the battery's loaded ammunition allows at this band (empty: cannot fire)."""
    guns = shooter.guns(battery)
    if not guns.ready:
        return []
    return ammo_aims(guns.ammo, target, band)


def gunner_modifiers(shooter: Gunnery, target: Gunnery, band: Band, aim: Aim,
                     extra: Mods = ()) -> list[tuple[str, int]]:
    """Modifiers to the Gunner (Cannon) roll: situation, range, morale, damage, aim, target."""
    t = tables()
    mods = [*extra, (f"{t.bands[band].name} range", t.bands[band].modifier),
            ("morale", morale(shooter.readiness)), ("hull damage", status_of(shooter).gunner)]
    info = aim.info
    if info is not None:
        mods.append(("called shot", info.penalty))
    mods.append(("target dismasted", enemy_to_hit(target)))
    return [(label, v) for label, v in mods if v]


@frozen
class Volley:
    """A broadside's Gunner roll and what it scored."""

    check: Check
    skill: int
    rate: int
    hits: int
    text: str


def roll_volley(roller: Roller, shooter: Gunnery, battery: Battery, target: Gunnery,
                band: Band, aim: Aim, extra: Mods = ()) -> Volley:
    """The Gunner (Cannon) roll for one battery and its hits.

    A critical success scores the table's best rate (still capped by the band).
    """
    mods = gunner_modifiers(shooter, target, band, aim, extra)
    check, text = skill_roll(roller, "Gunner (Cannon)", shooter.skills.gunner, mods)
    guns = shooter.guns(battery).guns
    if not check.success:
        return Volley(check, check.skill, 0, 0, f"{text}: no hits")
    raw = tables().hit_rate[-1][1] if check.critical else hit_rate(check.margin)
    rate, hits = hits_scored(raw, guns, band)
    cap = " (capped by the range)" if rate < raw else ""
    return Volley(check, check.skill, rate, hits,
                  f"{text}: hit rate {rate}%{cap} x {guns} guns = {hits} hit{'s' * (hits != 1)}")


def after_firing(g: Gunnery, battery: Battery, volley: Volley) -> Gunnery:
    """The battery is empty (any delay it took carries into its reload); a critical
    failure bursts a gun."""
    guns = g.guns(battery)
    lost = tables().burst_guns if volley.check.critical and not volley.check.success else 0
    return g.with_guns(battery, evolve(guns, empty=True, guns=max(0, guns.guns - lost)))


# -- wear: what a hit or a round takes ------------------------------------------------

def settle(g: Gunnery, log: Logger, ship: str, label: str) -> Gunnery:
    """Sinking, foundering and striking after damage."""
    t = tables()
    if g.sunk:
        return g
    if status_of(g).out and not g.sinking:
        log("sinking", f"{label} is sinking fast (HIP {g.hip}/{g.info.hip}): out of action, "
            "she founders at the end of the round", ship)
        g = evolve(g, sinking=True)
    if g.readiness <= t.strike_at and not g.struck:
        log("struck", f"{label}'s crew is spent (readiness {g.readiness}%): she strikes her "
            "colours", ship)
        g = evolve(g, struck=True)
    return g


def lose_hip(g: Gunnery, loss: int) -> Gunnery:
    return evolve(g, hip=max(0, g.hip - loss))


def sail_damage(g: Gunnery, amount: int) -> Gunnery:
    return evolve(g, sail_hp=max(0, g.sail_hp - amount))


def steer(g: Gunnery, n: int = 1) -> Gunnery:
    return evolve(g, steering=min(tables().steering_max, g.steering + n))


def hip_text(g: Gunnery) -> str:
    return f"HIP {g.hip}/{g.info.hip}"


def sail_text(g: Gunnery) -> str:
    return f"sails {g.sail_hp}/{g.info.sail_hp} HP"


# -- reloading ------------------------------------------------------------------------

def reload_options(guns: Guns) -> list[tuple[str, int]]:
    """The ammunition prompt for a battery: (choice, rounds), "keep" first.

    An empty battery (just fired) reloads its ammunition in 3 rounds or a new one
    in 4; a loaded one may draw its charge and load a new type in 5.  A battery
    part-way through reloading has no choice.
    """
    if not (guns.empty or guns.loaded) or guns.guns <= 0:
        return []
    keep = reload_time(guns.ammo, guns.ammo, False) if guns.empty else 0
    out = [("keep", keep)]
    for ammo in Ammo:
        if ammo is not guns.ammo:
            out.append((ammo.value, reload_time(guns.ammo, ammo, not guns.empty)))
    return out


def start_reload(g: Gunnery, battery: Battery, choice: str) -> tuple[Gunnery, int]:
    """Answer the ammunition prompt: the new state and the rounds it takes (0: unchanged)."""
    guns = g.guns(battery)
    if choice == "keep" and not guns.empty:
        return g, 0
    new = guns.ammo if choice == "keep" else Ammo(choice)
    rounds = reload_time(guns.ammo, new, not guns.empty)
    return g.with_guns(battery, Guns(guns.guns, new, guns.reload + rounds, False)), rounds


def reload_ordered(ship: G, order: Order, unit: str, log: Logger) -> Gunnery:
    """A ship's gunnery after her answer to the ammunition prompt (``unit``: "round" or
    "turn", how the prompt counts the reload)."""
    battery = Battery(order.verb)
    before = ship.gunnery.guns(battery)
    g, steps = start_reload(ship.gunnery, battery, order.arg)
    if steps:
        now = g.guns(battery)
        what = "draws her charge and reloads" if not before.empty else "reloads"
        log("ammo", f"{ship.id} {ship.name}'s {battery.value} battery {what} with "
            f"{AMMO_NAMES[now.ammo]}: loaded in {now.reload} {unit}"
            f"{'s' * (now.reload != 1)}", ship.id)
    return g


# -- the end of a round ---------------------------------------------------------------

def end_of_round(roller: Roller, g: Gunnery, log: Logger, ship: str, label: str) -> Gunnery:
    """Reloading goes on; fire burns, flooding gains; the crew jury-rigs; the sinking founder."""
    if g.sunk:
        return g
    t = tables()
    before = g
    port, starboard = _reloading(g.port), _reloading(g.starboard)
    if port is not g.port or starboard is not g.starboard:
        g = evolve(g, port=port, starboard=starboard)
    for battery in Battery:
        guns = g.guns(battery)
        if guns is not before.guns(battery) and guns.reload == 0 and not guns.empty \
                and guns.guns > 0:
            log("reload", f"{label}'s {battery.value} battery is loaded with "
                f"{AMMO_NAMES[guns.ammo]}", ship)
    if g.on_fire and not g.sinking:
        g = lose_hip(g, t.fire_hip)
        check, text = skill_roll(roller, "Seamanship (fire-fighting)", g.skills.seamanship, [])
        out = "the fire is out" if check.success else "the fire still burns"
        log("burn", f"{label} burns: HIP -{t.fire_hip} ({hip_text(g)}); {text}: {out}", ship)
        g = evolve(g, on_fire=not check.success)
    flooding = status_of(g).flooding
    if flooding and not g.sinking and not g.sunk:
        g = lose_hip(g, flooding)
        log("flood", f"{label} floods: HIP -{flooding} ({hip_text(g)})", ship)
    if g.immobilised and not g.adrift and g.in_action:
        check, text = skill_roll(roller, "Seamanship (jury rig)", g.skills.seamanship, [])
        if check.success:
            pct = t.jury_rig_critical if check.critical else t.jury_rig
            g = evolve(g, sail_hp=g.info.sail_hp * pct // 100)
            log("rig", f"{label} jury-rigs: {text}: {sail_text(g)}", ship)
        else:
            log("rig", f"{label} tries to jury-rig: {text}: still immobilised", ship)
    g = settle(g, log, ship, label)
    if g.sinking and not g.sunk:
        g = evolve(g, hip=0)
        log("sinks", f"{label} founders and sinks!", ship)
    elif g.sunk:
        log("sinks", f"{label} founders and sinks!", ship)
    return g


def _reloading(guns: Guns) -> Guns:
    """A battery a round further on in its reload."""
    if guns.reload <= 0:
        return guns
    return Guns(guns.guns, guns.ammo, guns.reload - 1, guns.empty)


def handicap(g: Gunnery) -> Handicap:
    """What the ship's damage does to her sailing (for a sailing system she is paired with).

    All sail HP gone leaves her no sail; without a foremast she cannot sail upwind;
    steering damage allows one change of direction a turn, the rudder shot away none
    (adapted: Kyngesreach's steering points only count against Seamanship).
    """
    t = tables()
    info = g.info
    if g.steering >= t.steering_max:
        helm = 0
    elif g.steering >= t.one_turn_from:
        helm = 1
    else:
        helm = 2
    return Handicap(
        sail_lost=(info.sail_hp - g.sail_hp, info.sail_hp), hull_left=(g.hip, info.hip),
        masts_down=(len(g.masts_lost), len(MASTS)), crew=g.readiness,
        adrift="sails shot away" if g.immobilised else "",
        no_upwind="no foremast, she cannot sail upwind" if g.mast_down(Mast.FORE) else "",
        helm=helm, sunk=g.sunk)


#: The order a worn ship's masts are down in: the mizzen first, the foremast (without
#: which she cannot sail upwind) last.
WORN_MASTS = (Mast.MIZZEN, Mast.MAIN, Mast.FORE)


def gunnery_wear(g: Gunnery) -> tuple[Part, ...]:
    """Her lasting damage: Hull Integrity Points, sail HP, masts standing, guns in both
    batteries and crew readiness.  Steering, rigging hits and injured officers have no
    part: a new battle starts without them."""
    info = g.info
    return (Part("hull", "Hull (HIP)", max(0, g.hip), info.hip),
            Part("rigging", "Sails (HP)", g.sail_hp, info.sail_hp),
            Part("masts", "Masts", len(MASTS) - len(g.masts_lost), len(MASTS)),
            Part("guns", "Guns", g.port.guns + g.starboard.guns, 2 * info.guns),
            Part("crew", "Crew readiness", g.readiness, 100))


def gunnery_worn(g: Gunnery, have: Mapping[str, int]) -> Gunnery:
    """A fresh ship's gunnery with the parts ``have`` names (``gunnery_wear``'s keys) set,
    each clamped to 0..full, as the rules leave a ship so damaged.

    Masts are down in ``WORN_MASTS`` order, with the steering damage a fallen mizzen
    does (the sail HP a fallen mainmast took is the sails' own part, kept as it stood);
    the guns are shared between the batteries, the odd one to port; a hull or crew that
    low leaves her sinking or struck, as a hit would.
    """
    t = tables()
    info = g.info
    if "masts" in have:
        down = len(MASTS) - max(0, min(len(MASTS), have["masts"]))
        for mast in WORN_MASTS[:down]:
            fore, main, mizzen = (t.falls_after if m is mast else h
                                  for m, h in zip(MASTS, g.mast_hits, strict=True))
            g = steer(evolve(g, mast_hits=(fore, main, mizzen)),
                       t.dismasting[mast].steering)
    if "hull" in have:
        g = evolve(g, hip=max(0, min(info.hip, have["hull"])))
    if "rigging" in have:
        g = evolve(g, sail_hp=max(0, min(info.sail_hp, have["rigging"])))
    if "guns" in have:
        guns = max(0, min(2 * info.guns, have["guns"]))
        g = evolve(g, port=evolve(g.port, guns=guns - guns // 2),
                   starboard=evolve(g.starboard, guns=guns // 2))
    if "crew" in have:
        g = evolve(g, readiness=max(0, min(100, have["crew"])))
    return settle(g, _quiet, "", "")


def _quiet(kind: str, text: str, ship: str) -> None:
    """A logger that tells nothing (a worn ship's damage is history)."""


#: What ``strength`` counts, in the ship panel's words: the game-over summary says it (a
#: battery shot half away, which the panel shows, leaves her strength whole).
STRENGTH_MEASURE = "the mean of HIP and Crew readiness; sails and batteries do not count"


def strength(g: Gunnery) -> float:
    """What is left of a ship for judging a battle at the turn limit (0..1).

    Half its Hull Integrity Points and half its crew readiness; 0 once it is out of action.
    """
    if not g.in_action:
        return 0.0
    return (g.hip / g.info.hip + g.readiness / 100) / 2


# -- decisions shared by every ruleset that fights with these guns -----------------------
class Gunned(ShipLike, Protocol):
    """A ship with a gunnery state (Kyngesreach's or the composed ruleset's)."""

    @property
    def gunnery(self) -> Gunnery: ...


G = TypeVar("G", bound=Gunned)


def ammo_decision(ships: Iterable[G], plotted: Sequence[Order],
                  active: Callable[[G], bool], unit: str) -> Decision | None:
    """The next battery of an ``active`` ship still to choose what it reloads with.

    ``unit`` names a reload step in the prompt ("rounds" or "turns").
    """
    done = {(o.ship, o.verb) for o in plotted}
    for ship in ships:
        if not active(ship):
            continue
        for battery in Battery:
            if (ship.id, battery.value) in done:
                continue
            guns = ship.gunnery.guns(battery)
            decision = _ammo_decision(ship.side, ship.id, ship.name, battery, guns, unit)
            if decision is not None:
                return decision
    return None


@lru_cache(maxsize=4096)
def _ammo_decision(side: str, ship_id: str, name: str, battery: Battery, guns: Guns,
                   unit: str) -> Decision | None:
    """One battery's ammunition decision (None: it has no choice), made once for each
    state of her guns."""
    choices = reload_options(guns)
    if not choices:
        return None
    now = "empty, was" if guns.empty else "loaded with"
    times = ", ".join(f"{c} {r} {unit}" if r else f"{c} (stays loaded)" for c, r in choices)
    return Decision(side, "ammo", ship_id,
                    f"{ship_id} {name}: {battery.value} battery ({now} "
                    f"{AMMO_NAMES[guns.ammo]}): reload with? ({times})",
                    tuple(Order(ship_id, battery.value, c) for c, _ in choices),
                    plotted=True)


# -- the ship panel ---------------------------------------------------------------------

def readiness_rows(g: Gunnery) -> list[Row]:
    """Her batteries' reloads and loads, her crew's skills, and her damage, as panel rows."""
    rows = [
        Row("Reload", ", ".join(
            f"{b.value} {'fired' if g.guns(b).empty else g.guns(b).reload or 'ready'}"
            for b in Battery)),
        Row("Ammo", ", ".join(f"{b.value} {AMMO_NAMES[g.guns(b).ammo]}" for b in Battery)),
        Row("Skills", f"Weather {g.skills.weather}, Seamanship {g.skills.seamanship}, "
            f"Tactics {g.skills.tactics}, Gunner {g.skills.gunner}"),
    ]
    damage = []
    if g.steering:
        damage.append(f"steering -{g.steering}")
    if g.rigging_hits:
        damage.append(f"rigging hits {g.rigging_hits}")
    if g.on_fire:
        damage.append("ON FIRE")
    if damage:
        rows.append(Row("Damage", ", ".join(damage)))
    return rows


def gunnery_problem(ship_id: str, gunnery: Gunnery, kind: str) -> str | None:
    """Why a ship's Kyngesreach gunnery (of class ``kind``) is out of range, or None; for
    the rulesets' ``invalid``: every ruleset that fights by Kyngesreach checks its ships so."""
    where = f"ship {cut(ship_id)}"
    if gunnery.kind != kind:
        return f"{where} fights as {cut(gunnery.kind)}, not as her class does"
    t = tables()
    info = t.classes[kind]
    return (limits_problem(gunnery, {"hip": (0, info.hip), "sail_hp": (0, info.sail_hp),
                                     "readiness": (0, 100), "steering": (0, t.steering_max),
                                     "rigging_hits": (0, 99)}, where)
            or limits_problem(gunnery.skills, dict.fromkeys(
                ("weather", "seamanship", "tactics", "gunner"), SKILL_RANGE), f"{where}'s crew")
            or limits_problem(gunnery.port, {"guns": (0, info.guns), "reload": (0, 99)},
                              f"{where}'s port battery")
            or limits_problem(gunnery.starboard, {"guns": (0, info.guns), "reload": (0, 99)},
                              f"{where}'s starboard battery")
            or next((f"{where}: mast hits {cut(hits)} are not 0 to 99"
                     for hits in gunnery.mast_hits if not 0 <= hits <= 99), None))
