"""The wind gauge (Kyngesreach): who holds the weather side, as an initiative.

Round 1: each side names the ship whose crew reads the weather (Weather Sense);
the better reading takes the gauge, and each reading gives its side a modifier
for the rest of the battle.  From round 2: Tactics (Naval), then Contested
Seamanship between the squadrons' flagships, the clumsiest ship of each line
setting its handling modifiers; a side with no ship that can work to windward
cannot contest.  The holder moves last and fires first; on a tie nobody holds it.

It reads the ships' crews through ``Crews``, which the gunnery they carry hands in
(Kyngesreach's: ``systems.gunnery.kyngesreach.gauge.CREWS``), so the gauge imports no
gunnery; the words it logs are the ruleset's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from tui_naval.core.dice import Check, Roller
from tui_naval.core.engine import Log
from tui_naval.core.messages import cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState, ShipLike, evolved
from tui_naval.core.values import frozen

S = TypeVar("S", bound=GameState)


class GunnerModifiers(Protocol):
    """The gauge's Gunner modifiers: its holder's, and both sides' on a tie."""

    @property
    def holder_gunner(self) -> int: ...

    @property
    def tie_gunner(self) -> int: ...


class Crews(GunnerModifiers, Protocol):
    """What the gauge needs of the crews who contest it, handed in by the gunnery their
    ships carry: their skills and handling, the rolls, and the gauge's figures."""

    def weather(self, ship: Any) -> int:
        """Her Weather Sense."""
        ...

    def tactics(self, ship: Any) -> int:
        """Her Tactics (Naval)."""
        ...

    def seamanship(self, ship: Any) -> int: ...

    def out_of_line(self, ship: Any) -> bool:
        """She cannot work to windward (masts down, adrift, sails shot away)."""
        ...

    def handling(self, ship: Any) -> list[tuple[str, int]]:
        """What her class and damage add to her Seamanship."""
        ...

    def roll(self, roller: Roller, what: str, base: int, mods: Sequence[tuple[str, int]],
             loud: bool = True) -> tuple[Check, str]:
        """A skill roll and its log text ("" unless ``loud``)."""
        ...

    def contest(self, a: Check, b: Check) -> int:
        """A Quick Contest: 1 if ``a`` wins, -1 if ``b`` does, 0 for a tie."""
        ...

    def weather_modifier(self, check: Check) -> int:
        """The side's modifier for the rest of the battle from its Weather Sense roll."""
        ...

    @property
    def tactics_bonus(self) -> int:
        """To Seamanship for a Tactics roll made."""
        ...

    @property
    def trailing_wind(self) -> int:
        """To Seamanship for a trailing wind raised (``WindGauge.magic``)."""
        ...


@frozen
class Words:
    """How a ruleset speaks of the gauge in its log."""

    #: What a Weather Sense modifier counts towards.
    reading: str
    #: The holder's gain: "{holder} ... ({why}) ...".
    taken: str
    #: Nobody holds it: "... ({why}) ...".
    tie: str
    #: Why a side cannot contest.
    cannot: str


def label(ship: ShipLike) -> str:
    return f"{ship.id} {ship.name}"


class WindGauge:
    """The gauge for a ruleset: its ships' ``crews`` (from the gunnery they carry), which
    of them fight (``fighting``), its ``words``, and what may blow for one side before the
    contest (``magic``: that side, or "")."""

    def __init__(self, crews: Crews, fighting: Callable[[Any], bool], words: Words,
                 magic: Callable[[GameState, Roller, Log], str] | None = None) -> None:
        self.crews = crews
        self.fighting = fighting
        self.words = words
        self.magic = magic

    def in_action(self, state: GameState, side: str) -> list[Any]:
        return [s for s in state.ships if s.side == side and self.fighting(s)]

    def line_mods(self, state: GameState, side: str) -> tuple[list[tuple[str, int]], str]:
        """The squadron's handling modifiers: its clumsiest ship still in the line sets them
        (and the id of that ship; "" when no ship can work to windward)."""
        return self._line_mods(self.in_action(state, side))

    def _line_mods(self, ships: list[Any]) -> tuple[list[tuple[str, int]], str]:
        crews = self.crews
        line = [(crews.handling(s), s.id) for s in ships if not crews.out_of_line(s)]
        if not line:
            return [], ""
        return min(line, key=lambda mods: sum(v for _, v in mods[0]))

    def squadron_mods(self, state: GameState, side: str) -> list[tuple[str, int]]:
        """``line_mods`` labelled with the ship they come from when the side has several."""
        return self._squadron_mods(self.in_action(state, side))

    def _squadron_mods(self, ships: list[Any]) -> list[tuple[str, int]]:
        mods, worst = self._line_mods(ships)
        if len(ships) > 1:
            mods = [(f"{name} ({worst})", v) for name, v in mods]
        return mods

    # -- round 1 ----------------------------------------------------------------------
    def weather_decision(self, state: GameState, question: str) -> Decision | None:
        """The next side to name who reads the weather."""
        done = {state.ship(o.ship).side for o in state.plotted}
        for side in state.sides:
            ships = self.in_action(state, side)
            if side in done or not ships:
                continue
            options = tuple(Order(s.id, "weather") for s in
                            sorted(ships, key=lambda s: -self.crews.weather(s)))
            return Decision(side, "weather", ships[0].id, f"{side}: {question}", options,
                            plotted=True)
        return None

    def read_weather(self, state: S, orders: Sequence[Order], log: Log) -> S:
        """Each side's nominee rolls Weather Sense; the better reading takes the gauge."""
        crews = self.crews
        roller = Roller(state.rng)
        checks: dict[str, Check] = {}
        weather = []
        for order in orders:
            ship = state.ship(order.ship)
            check, text = crews.roll(roller, "Weather Sense", crews.weather(ship), [])
            mod = crews.weather_modifier(check)
            checks[ship.side] = check
            weather.append((ship.side, mod))
            log("weather", f"{ship.side}: {label(ship)} reads the weather: {text}: {mod:+d} to "
                f"the side's Seamanship in {self.words.reading}", ship.id)
        state = evolved(state, rng=roller.rng,
                        weather=tuple(sorted(weather, key=lambda w: state.sides.index(w[0]))))
        a, b = state.sides
        if a not in checks or b not in checks:
            holder = a if a in checks else b if b in checks else ""
        else:
            result = crews.contest(checks[a], checks[b])
            holder = a if result > 0 else b if result < 0 else ""
        return self.set_holder(state, holder, "the better reading of the weather", log)

    # -- later rounds -----------------------------------------------------------------
    def contest(self, state: S, log: Log) -> S:
        """Tactics, then Contested Seamanship for the gauge."""
        crews = self.crews
        a, b = state.sides
        fleets = {side: self.in_action(state, side) for side in state.sides}
        able = {side: bool(self._line_mods(fleets[side])[1]) for side in state.sides}
        if not (able[a] and able[b]):
            for side in state.sides:
                if not able[side]:
                    log("gauge", f"{side} has no ship that can work to windward "
                        f"{self.words.cannot}")
            holder = a if able[a] else b if able[b] else ""
            return self.set_holder(state, holder, "the other cannot contest", log)
        roller = Roller(state.rng)
        magic = self.magic(state, roller, log) if self.magic is not None else ""
        weather = dict(state.weather)  # type: ignore[attr-defined]
        checks: dict[str, Check] = {}
        for side in state.sides:
            flag = fleets[side][0]  # the first ship in action (map order) commands
            tactics, ttext = crews.roll(roller, "Tactics (Naval)", crews.tactics(flag), [],
                                        log.loud)
            if log.loud:
                log("tactics", f"{side}: {label(flag)} {ttext}", flag.id)
            mods = [("weather sense", weather.get(side, 0)),
                    ("tactics", crews.tactics_bonus if tactics.success else 0),
                    ("trailing wind", crews.trailing_wind if magic == side else 0),
                    *self._squadron_mods(fleets[side])]
            check, text = crews.roll(roller, "Seamanship", crews.seamanship(flag), mods,
                                     log.loud)
            checks[side] = check
            if log.loud:
                log("gauge", f"{side}: {label(flag)} {text}", flag.id)
        ca, cb = checks[a], checks[b]
        result = crews.contest(ca, cb)
        holder = a if result > 0 else b if result < 0 else ""
        if log.loud:
            self.announce(holder, f"Contested Seamanship, margins {ca.margin:+d} and "
                          f"{cb.margin:+d}", log)
        return evolved(state, rng=roller.rng, holder=holder)

    def set_holder(self, state: S, holder: str, why: str, log: Log) -> S:
        self.announce(holder, why, log)
        return evolved(state, holder=holder)

    def announce(self, holder: str, why: str, log: Log) -> None:
        """Log who holds the gauge now (``holder``, "" for nobody) and ``why``."""
        if holder:
            log("gauge", self.words.taken.format(holder=holder, why=why, holder_gunner=
                                                 self.crews.holder_gunner))
        else:
            log("gauge", self.words.tie.format(why=why, tie_gunner=self.crews.tie_gunner))

    def gunner_mods(self, state: GameState, side: str, names: tuple[str, str]
                    ) -> list[tuple[str, int]]:
        """The gauge's Gunner modifier for ``side``: the holder's bonus, or the tie's
        penalty for both; ``names`` label them (holder, tie)."""
        holder: str = state.holder  # type: ignore[attr-defined]
        if not holder:
            return [(names[1], self.crews.tie_gunner)]
        if side == holder:
            return [(names[0], self.crews.holder_gunner)]
        return []


class GaugeInitiative:
    """The wind gauge as the initiative of a turn: the weather read on turn 1, the contest
    on every later turn."""

    def __init__(self, gauge: WindGauge, question: str) -> None:
        self.gauge = gauge
        self.question = question

    def decision(self, state: GameState) -> Decision | None:
        return self.gauge.weather_decision(state, self.question) if state.turn == 1 else None

    def resolve(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        if state.turn == 1:
            return self.gauge.read_weather(state, held, log)
        return self.gauge.contest(state, log)


def gauge_problem(state: GameState, holder: str, weather: tuple[tuple[str, int], ...]
                  ) -> str | None:
    """Why the wind gauge's holder or the sides' Weather Sense modifiers are not the sides',
    or None (for the rulesets that contest the wind gauge)."""
    if holder and holder not in state.sides:
        return f"the wind gauge is held by no side ({cut(holder)})"
    sides = [side for side, _ in weather]
    if len(set(sides)) != len(sides) or not set(sides) <= set(state.sides):
        return "its Weather Sense modifiers are not one for each side"
    for _, modifier in weather:
        if not -99 <= modifier <= 99:
            return f"a Weather Sense modifier {cut(modifier)} is not -99 to 99"
    return None
