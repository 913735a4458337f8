"""Ships & Sails gunnery's hints: ammunition, the aim hex and its pattern, hits and damage,
with the numbers of the game in play (``core.hints``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints
from tui_naval.core.orders import Decision
from tui_naval.core.state import Event
from tui_naval.systems.gunnery.ships_and_sails.armament import ammo_range
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, tables

#: What each ammunition damages, in a few words.
_DAMAGES = {Ammo.BALL: "the hull and the guns on the side hit", Ammo.CHAIN:
            "the rigging, and so sails and speed", Ammo.GRAPE: "the sailors"}


def _ammo(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    kinds = "; ".join(f"{ammo.value}, {ammo_range(ammo)} hexes, hits {_DAMAGES[ammo]}"
                      for ammo in Ammo)
    return (Hint("sns-ammo", "Ammunition",
                 f"{kinds}. A broadside fires every second turn while she keeps the same "
                 "shot; a switch takes a turn more. The prompt says whether she is loaded."),)


def _faces(percent: int) -> str:
    faces = tables().faces(percent)
    return "1" if faces == 1 else f"1-{faces}"


def _aimed(plotted: bool) -> Callable[[Any, Decision, str], Sequence[Hint]]:
    """The aim's hint: where the arcs are measured from and who the pattern finds, the
    plotted move's end and every ship passing (Ships & Sails' own turn), or where the
    ships lie still (a missile phase between half moves, or a navy's turn to fire)."""
    where = ("from where her plotted move ends" if plotted else "from where she lies")
    who = ("every pattern hex an enemy passes in the move" if plotted
           else "every enemy lying in a pattern hex")
    tip = " Aim where she will sail, not where she is." if plotted else ""

    def aim(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
        t = tables()
        return (Hint("sns-aim", "Aiming at a hex",
                     "A broadside bears on the 60-degree wedge on its side, out to the shot's "
                     f"range, {where}. Choose a hex (the map shows it and its pattern): round "
                     f"it the shot lays 40% and 10% hexes, and {who} rolls a d{t.hit_die} "
                     f"({_faces(40)} hits in a 40% hex, {_faces(10)} in a 10% hex).{tip} A "
                     "hit does 0.4 or 0.1 x the firing value: the smaller of the guns on that "
                     "side and her sailors / 3. Hold fire keeps the guns loaded."),)

    return aim


def _hit(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("sns-hit", "A hit",
                 f"{event.text}. Damage comes off the hull (ball), the rigging (chain) or "
                 "the sailors (grape), and a 1 in a 40% hex may be a critical hit. Select "
                 "a ship, or look at her on the map, to read her condition."),)


#: With the ships lying still as they fire (Salt'n'Tar's and Man-O-War's sailing).
GUNNERY: Hints = hints(decisions={"ammo": _ammo, "aim": _aimed(plotted=False)},
                       events={"hit": _hit})
#: With the aim plotted before the move and the shot rolled as the ships pass (Ships &
#: Sails' own turn).
GUNNERY_PLOTTED: Hints = hints(decisions={"ammo": _ammo, "aim": _aimed(plotted=True)},
                               events={"hit": _hit})
