"""How Salt'n'Tar sailing presents itself: its orders' labels and its events' styles.

Shared by every ruleset that sails by Salt'n'Tar (a ruleset's presenter asks here
for the luck, helm and maneuver orders).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tui_naval.core.engine import HIDDEN, Log
from tui_naval.core.messages import plural
from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo, Preview, order_key
from tui_naval.core.state import GameState
from tui_naval.core.wind import Wind
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.sailing.salt_n_tar.combat import SaltCombat
from tui_naval.systems.sailing.salt_n_tar.component import Sailor, Sails
from tui_naval.systems.sailing.salt_n_tar.motion import motion
from tui_naval.systems.sailing.salt_n_tar.tables import tables

#: Event kind -> log style.
STYLES = {
    "luck": "magenta", "strain": "bold red", "helm": "blue", "move": "", "aground": "bold red",
    "sinks": "bold red", "sails": "green", "anchor": "green",
}

#: The decision kinds whose orders are Salt'n'Tar's.
KINDS = ("luck", "move", "maneuver")

LABELS = {
    "luck roll": OptionInfo("Roll the luck die", "the table above says what each face does",
                            "a 6 marks 1 Strain"),
    "luck pass": OptionInfo("Pass", "sail by the overall Wind Speed"),
    "hold": OptionInfo("Hold course", "keep the present heading"),
    "port 1": OptionInfo("Port 1 point", "turn one point to port (left)"),
    "port 2": OptionInfo("Port 2 points", "turn two points to port", "two-point turn: +1 Strain"),
    "starboard 1": OptionInfo("Starboard 1 point", "turn one point to starboard (right)"),
    "starboard 2": OptionInfo("Starboard 2 points", "turn two points to starboard",
                              "two-point turn: +1 Strain"),
    "keep": OptionInfo("Keep as she is", "no change to sails or anchor"),
    "reef": OptionInfo("Reef", "half speed from next turn; no gale Strain"),
    "unreef": OptionInfo("Shake out the reef", "full sail again next turn"),
    "furl": OptionInfo("Furl sails", "she drifts downwind until sail is set",
                       "drifting, she grounds on any land or shoal to leeward"),
    "set-sail": OptionInfo("Set sail", "takes two turns"),
    "anchor": OptionInfo("Anchor", "bites in two turns",
                         "with sails set: an immediate Strain Roll"),
    "weigh": OptionInfo("Weigh anchor", "up anchor, then set sail (three turns)"),
}


#: Abbreviations the sailing texts use, spelled out (``legend`` picks those a text uses).
ABBREVIATIONS = (
    ("WS", "Wind Speed"), ("BN", "Bearing Number"),
)


def legend(text: str, scale: int | None = None) -> str:
    """A line spelling out the abbreviations ``text`` uses ("" if none); ``scale``: the
    board's inches a cell, for the inches sign."""
    words = set(re.findall(r"[A-Za-z]+", text))
    parts = [f"{short} {long}" for short, long in ABBREVIATIONS if short in words]
    if '"' in text:
        parts.append('" inches' + (f" ({scale} a cell)" if scale else ""))
    return ", ".join(parts)


def luck_warning(wind: Wind | None) -> str:
    """What rolling the luck die may bring: a 6 marks Strain, and a 6 rolled by two sides
    raises everyone's wind, into a gale if it reaches the gale's speed."""
    t = tables()
    out = "a 6 marks 1 Strain"
    six = t.shared_luck.get(6)
    if wind is not None and six is not None and six.everyone > 0 \
            and wind.speed < t.limits.gale <= wind.speed + six.everyone:
        out += (f"; a 6 rolled by two sides raises the wind to {wind.speed + six.everyone}: "
                "a gale for every ship, Strain for each with sails set")
    return out


def sailing_info(ship: Sailor, order: Order, wind: Wind | None = None) -> OptionInfo | None:
    """The label of a Salt'n'Tar order (None for any other); ``wind``: the wind now (for
    what a luck roll may bring)."""
    info = LABELS.get(order_key(order))
    if info is None:
        return None
    if order_key(order) == "luck roll":
        return OptionInfo(info.label, info.detail, luck_warning(wind))
    if order.verb == "anchor" and ship.sail.sails not in (Sails.SET, Sails.REEFED):
        return OptionInfo(info.label, info.detail)
    return info


#: What a half move's preview adds once she is there (the enemies her guns would reach).
ThenNote = Callable[[CombatState, CombatShip], str]


def half_move_preview(rules: SaltCombat[Any], state: CombatState, order: Order,
                      then: ThenNote) -> Preview:
    """Where a helm order takes the ship this half move: the ruleset's own ``half_move``
    run on the order, with the orders already given to the ships moving with her (those
    hidden from her side count as holding course); after the first half, ``then`` says
    what she could fire at from there.  The others move at the same time: the text says
    what it assumes of them."""
    half = 1 if state.phase == "first-half" else 2
    orders = {o.ship: Order(o.ship, "hold") if o.verb == HIDDEN else o for o in state.plotted}
    orders[order.ship] = order
    ship = state.ship(order.ship)
    after = rules.half_move(state, orders, half, Log(state.turn, loud=False))
    moved = after.ship(order.ship)
    grid = state.grid
    end = moved.cell
    path = tuple(grid.line(ship.cell, end)[1:]) if end != ship.cell else ()
    heading = grid.facing_name(moved.heading)
    n = grid.distance(ship.cell, end)
    text = (f"{'first' if half == 1 else 'second'} half: ends at {end} heading {heading}, "
            f"{plural(n, 'cell')}; {moved.sail.last_motion}")
    if half == 1:
        text += "; then " + then(after, moved)
    hidden = {o.ship for o in state.plotted if o.verb == HIDDEN}
    text += "\n" + assumed(state, after, order.ship, hidden)
    words = legend(text, state.board.scale)
    if words:
        text += "\n" + words
    warnings = []
    if moved.sail.strain > ship.sail.strain:
        turns = moved.sail.turns_made
        turned = int(turns >= 2 and turns > ship.sail.turns_made)
        gale = motion(ship.sail, grid, state.wind, moved.heading).strain if half == 1 else 0
        warnings.append(strain_warning(moved.sail.strain - ship.sail.strain, turned, gale,
                                       "a second change of direction"))
    if not moved.afloat:
        warnings.append("she would be lost!")
    return Preview(path, end, heading, text, "; ".join(warnings))


def strain_warning(added: int, turned: int, gale: int, turn: str) -> str:
    """A move's ``added`` Strain with its causes: the ``turn`` that marks it (``turned``
    marks), sails set in a gale (``gale``), and what is left of it, ground touched."""
    why = [reason for reason, marks in ((turn, turned), ("sails set in a gale", gale),
                                        ("runs aground", added - turned - gale)) if marks > 0]
    return f"+{added} Strain ({', '.join(why)})"


def assumed(before: GameState, after: GameState, ship_id: str, guessed: set[str]) -> str:
    """What a move's preview assumes of the ships moving with her: those whose orders it
    cannot know (``guessed``: hidden or not yet given) hold course, and where that puts
    every ship that moves with her (one in her way may move on, or foul her)."""
    moving = [s for s in after.ships if s.id != ship_id and s.afloat
              and s.cell != before.ship(s.id).cell]
    if len(moving) > 4:
        where = f"{len(moving)} other ships move with her"
    elif moving:
        where = "with her: " + ", ".join(f"{s.id} to {s.cell}" for s in moving)
    else:
        where = "the others stay where they are"
    if not guessed:
        return where
    ids = sorted(guessed)
    who = ", ".join(ids) if len(ids) <= 4 else f"{len(ids)} ships"
    return (f"assumes {who} hold{'s' if len(ids) == 1 else ''} course ({where}); "
            "other orders can free her way or foul her")
