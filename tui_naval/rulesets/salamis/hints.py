"""Fast Play Salamis' hints: the galley's three helm answers, Stop! and the bows, the ram,
boarding and hand to hand, and fleet panic, with the numbers of the galley in play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision
from tui_naval.core.state import Event
from tui_naval.rulesets.salamis.galleys import fleet, locked
from tui_naval.rulesets.salamis.present import pct
from tui_naval.rulesets.salamis.tables import tables, two_dice_at_most


def _chance(target: int) -> str:
    return pct(two_dice_at_most(target))


def _intro(state: Any, side: str) -> Sequence[Hint]:
    own = [s for s in state.ships if s.side == side]
    fleets = sorted({fleet(s).name for s in own})
    return (Hint("intro", "The galleys",
                 f"You command {plural(len(own), 'galley')} ({', '.join(fleets)}). Each "
                 "turn one side rows while the other may call Stop! to shoot its bows; "
                 "then the rowing side's rams strike and the marines board; then the "
                 "sides swap. There is no wind and there are no guns. A side with no "
                 f"galley left fighting loses; at {state.goal.turns} turns the side keeping "
                 "more of its strength wins."),)


def _helm(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    ship = state.ship(decision.ship)
    f = fleet(ship)
    return (Hint("helm", "Rowing: three answers",
                 f"A galley rows her Move ({f.move}\" for the {f.name}) and may turn once, "
                 f"up to {f.turn} degrees, anywhere in it. You answer three questions: the "
                 "helm (how far she turns), where in the move she turns, and how far she "
                 "rows. The map previews her path; the galleys of a side row together and "
                 "none rows into contact: that is for the ram."),)


def _stop(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    hit = tables().rolls.bow_hit
    return (Hint("stop", "Stop! and the bows",
                 "While the enemy rows you may call Stop! whenever one of your galleys has "
                 f"an enemy within her bow range: her archers roll the Bow Attack dice, each "
                 f"{hit} hits at once. Each galley's bows shoot once a move, and bows never "
                 "finish a galley: they can bring her only to the edge of defeat. Not yet "
                 "lets them row a step; Let them row passes for the rest of the move."),)


def _ram(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    ship = state.ship(decision.ship)
    f, r = fleet(ship), tables().rolls
    return (Hint("ram", "The ram",
                 f"Her bow is within an inch of an enemy hull. Ramming speed (2d6 at or under "
                 f"{f.ramming_speed}, {_chance(f.ramming_speed)}) gives "
                 f"+{r.ramming_speed_bonus} dice; then {f.ram}d6, each {r.ram_hit}-6 a hit. "
                 "Hits that reach the enemy's viability sink her; otherwise the two are "
                 "locked together until one breaks away. The option's line gives the odds."),)


def _board(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    ship = state.ship(decision.ship)
    f, r = fleet(ship), tables().rolls
    return (Hint("board", "Boarding",
                 f"Her marines may board the galley locked to her: 2d6 at or under "
                 f"{f.boarding} ({_chance(f.boarding)}); trying costs nothing. In the hand to "
                 f"hand the boarder's {f.hand}d6 hit on {r.attacker_hit}-6 and each of the "
                 f"defender's {r.defender_save}-6 saves one; hits that reach the viability of "
                 "the galley fought on capture her."),)


def _breakaway(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    if not locked(state, decision.ship):
        return ()
    f = fleet(state.ship(decision.ship))
    return (Hint("breakaway", "Locked together",
                 f"She is locked to an enemy: she may only try to break away (2d6 at or under "
                 f"{f.ramming_speed}, {_chance(f.ramming_speed)}), which is her whole move, "
                 "or hold."),)


def _panic(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("panic", "Fleet panic",
                 f"{event.text}. A fleet that has lost its panic number of galleys (sunk or "
                 "captured; the ship panel gives it) flees at once, every galley of it."),)


HINTS: Hints = hints(
    decisions={"helm": _breakaway, "stop": _stop, "bows": _stop, "ram": _ram,
               "board": _board, "grapple": _board},
    events={"panic": _panic},
    intro=_intro,
).joined(hints(decisions={"helm": _helm}))
