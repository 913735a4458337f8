"""Voyages sailed without a screen: an AI captain's choices between battles, AI players
in the battles (the headless ``tui-naval voyage`` and the balance bench)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tui_naval.core.controller import Player, play
from tui_naval.core.history import Game
from tui_naval.core.ruleset import Ruleset
from tui_naval.voyage.chart import BATTLE, FLEE, HUNT, MERCHANT, PORT, RACE, STORM
from tui_naval.voyage.fleet import Vessel
from tui_naval.voyage.voyage import (
    FIGHTING,
    OVER,
    STORM_WAYS,
    STORMY,
    Choice,
    Voyage,
    chart_of,
    choose,
    conclude,
    encounter,
    options,
)

#: How much the captain wants each kind of leg when sound, and when battered.
_WANT_SOUND = {BATTLE: 3, MERCHANT: 4, RACE: 3, HUNT: 4, PORT: 1, FLEE: 0, STORM: 0}
_WANT_BATTERED = {PORT: 5, RACE: 2, HUNT: 2, MERCHANT: 2, STORM: 1, FLEE: 0, BATTLE: 0}


def captain(voyage: Voyage, ruleset: Ruleset[Any], choices: tuple[Choice, ...]) -> str:
    """A plain captain's choice: ride a storm where the ship is soundest, keep a sound prize
    as a consort, sell the rest, mend the worst part first, then sail where the ship's
    state says (a port when battered, plunder when sound)."""
    keys = [c.key for c in choices]
    if voyage.stage == STORMY:
        return min(keys, key=lambda k: _storm_harm(voyage.flagship, k.split()[1]))
    keeps = [k for k in keys if k.startswith("keep ")
             and voyage.prizes[int(k.split()[1])].soundness() >= 0.6]
    if keeps:
        return keeps[0]
    for key in keys:
        if key.startswith("sell "):
            return key
    mends = [k for k in keys if k.startswith("mend ")]
    if mends:
        return min(mends, key=lambda k: _share(voyage, k))
    chart = chart_of(voyage, ruleset)
    flag = voyage.flagship
    # Strain compounds (each turn's Strain Roll adds to it, and at 12 she sinks): a quarter
    # of it taken is reason enough to make port.
    battered = flag.soundness() < 0.7 or any(
        have < full * (0.75 if key == "strain" else 0.5) for key, have, full in flag.parts)
    want = _WANT_BATTERED if battered else _WANT_SOUND
    sails = [k for k in keys if k.startswith("sail ")]
    return max(sails, key=lambda k: want.get(chart.place(int(k.split()[1])).kind, 2))


def _share(voyage: Voyage, key: str) -> float:
    _, n, part = key.split()
    vessel = voyage.fleet[int(n)]
    full = next(f for k, _, f in vessel.parts if k == part)
    return int(n) + vessel.have(part) / full


def _storm_harm(vessel: Vessel, way: str) -> float:
    risks = next(r for key, _, r in STORM_WAYS if key == way)
    harm = 0.0
    for part, dice, pct in risks:
        if part in {k for k, _, _ in vessel.parts} and part not in ("masts", "strain"):
            full = next(f for k, _, f in vessel.parts if k == part)
            mean = (int(dice[2:]) + 1) / 2
            harm += mean * pct / 100 / max(0.05, vessel.have(part) / full)
    return harm


def sail(ruleset: Ruleset[Any], voyage: Voyage, players: Mapping[str, Player],
         choose_for: Callable[[Voyage, Ruleset[Any], tuple[Choice, ...]], str] = captain,
         on_line: Callable[[str], None] | None = None, game: Game | None = None) -> Voyage:
    """Sail a voyage to its end: ``choose_for`` between battles, ``players`` (by side) in
    them; each leg's line to ``on_line``.  ``game`` is a leg already under way."""
    while voyage.stage != OVER:
        if voyage.stage == FIGHTING:
            if game is None:
                meeting = encounter(voyage, ruleset)
                game = Game(ruleset, meeting.setup)
            play(game, players)
            done = len(voyage.legs)
            voyage = conclude(voyage, ruleset, game.state, game.orders)
            game = None
            for leg in voyage.legs[done:]:
                if on_line:
                    on_line(leg.text)
            continue
        done = len(voyage.legs)
        voyage = choose(voyage, ruleset, choose_for(voyage, ruleset, options(voyage, ruleset)))
        for leg in voyage.legs[done:]:
            if on_line:
                on_line(leg.text)
    return voyage
