"""Salt'n'Tar sailing's hints: wind and bearings, speed, luck, Strain, sails and anchor,
gales, with the numbers of the game in play (``core.hints``).  Every figure is read from
the rules' own tables and functions."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.grid import GridKind
from tui_naval.core.hints import Hint, Hints, hints
from tui_naval.core.orders import Decision
from tui_naval.core.state import Event, WindState
from tui_naval.systems.sailing.salt_n_tar.component import Sailor, Sails, label
from tui_naval.systems.sailing.salt_n_tar.motion import Way, in_gale, motion
from tui_naval.systems.sailing.salt_n_tar.steps import HELM, strain_outlook
from tui_naval.systems.sailing.salt_n_tar.tables import BEARING_NAMES, Bearing, tables


def sentence(text: str) -> str:
    """An event's text ended as a sentence (a full stop unless it ends in one already)."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _ship(state: WindState, ship_id: str) -> Sailor | None:
    for ship in state.ships:
        if ship.id == ship_id and hasattr(ship, "sail"):
            sailor: Sailor = ship  # type: ignore[assignment]
            return sailor
    return None


def _own(state: WindState, event: Event, side: str) -> Sailor | None:
    """The player's ship an event is about, if it is one."""
    ship = _ship(state, event.ship) if event.ship else None
    return ship if ship is not None and ship.side == side else None


def _wind(state: WindState) -> str:
    return (f"from {state.grid.facing_name(state.wind.direction)} at Wind Speed (WS) "
            f"{state.wind.speed}")


def bearing_numbers(state: WindState, ship: Sailor) -> str:
    """``Luffing 1, Beating 5, Broad Reaching 8, Running 6`` for her type (a hex grid has
    no heading abeam: no Quarter Reaching)."""
    stype = ship.sail.stype
    square = state.grid.kind is GridKind.SQUARE
    return ", ".join(f"{stype.bearing_name(b)} {n}" for b, n in stype.bearing_numbers
                     if square or b is not Bearing.QUARTER)


def speed_sum(state: WindState, ship: Sailor, heading: int) -> str:
    """Her speed on ``heading``, spelled out: ``Beating, WS 2 x BN 5 = 10 inches = 2
    cells``."""
    move = motion(ship.sail, state.grid, state.wind, heading)
    scale = state.board.scale
    cells = move.inches // scale
    if move.way is Way.SAIL:
        bn = ship.sail.stype.bn(move.bearing)
        return (f"{BEARING_NAMES[move.bearing]}, WS {move.wind_speed} x BN {bn} = "
                f"{move.inches} inches = {cells} cell{'s' * (cells != 1)}")
    if move.way is Way.BACKWARDS:
        return f"head to wind: pushed back {move.inches} inches"
    return f"she {move.way.value} ({move.reason})"


def _best_turn(state: WindState, ship: Sailor, decision: Decision) -> tuple[str, int] | None:
    """The helm option that sails fastest now: its words and her heading after it."""
    best: tuple[int, str, int] | None = None
    for order in decision.options:
        key = f"{order.verb} {order.arg}".strip()
        if key not in HELM or not HELM[key]:
            continue
        points = HELM[key]
        heading = state.grid.turn(ship.heading, points)
        move = motion(ship.sail, state.grid, state.wind, heading)
        if move.way is Way.SAIL and (best is None or move.inches > best[0]):
            side = "starboard" if points > 0 else "port"
            best = (move.inches, f"{side} {abs(points)} point{'s' * (abs(points) > 1)}",
                    heading)
    return None if best is None else (best[1], best[2])


def _luck(state: WindState, decision: Decision, side: str) -> Sequence[Hint]:
    t = tables()
    best = max(t.luck, key=lambda e: e.wind)
    return (Hint("luck", "Luck: roll for a gust?",
                 f"You may roll a die for your own Wind Speed this turn (now "
                 f"{state.wind.speed}); the table beside the list gives each face: at best "
                 f"{best.text}. If two sides roll the same 1 or 6, the wind changes for "
                 f"everyone: at {t.limits.gale} or more it is a gale. Pass is safe."),)


def _helm(state: WindState, decision: Decision, side: str) -> Sequence[Hint]:
    ship = _ship(state, decision.ship)
    if ship is None:
        return ()
    grid = state.grid
    now = f"Heading {grid.facing_name(ship.heading)}: {speed_sum(state, ship, ship.heading)}."
    best = _best_turn(state, ship, decision)
    if best is not None:
        words, heading = best
        now += f" {words.capitalize()} ({grid.facing_name(heading)}): " \
               f"{speed_sum(state, ship, heading)}."
    out = [Hint("wind", "Wind and bearings",
                f"Wind {_wind(state)} (the rose, top right). Her bearing, her heading against "
                f"the wind, gives her Bearing Number (BN): {bearing_numbers(state, ship)}."),
           Hint("speed", "Speed = WS x BN",
                f"{now} A cell is {state.board.scale} inches; the rest carries over. A "
                f"2-point turn marks 1 Strain.")]
    if in_gale(state.wind):
        out.append(_gale_hint(state))
    return out


def _gale_hint(state: WindState) -> Hint:
    return Hint("gale", "A gale!",
                f"Wind Speed {state.wind.speed}: a gale. Only Running makes way (Wind Speed "
                f"+ Running BN); on any other bearing she is driven downwind. With sails "
                f"set she marks 1 Strain every turn: reef at the sails prompt to ride it out.")


def _maneuver(state: WindState, decision: Decision, side: str) -> Sequence[Hint]:
    t = tables().limits
    out = [Hint("maneuver", "Sails and anchor",
                f"Usually: keep. Reef halves her speed from next turn and spares her Strain "
                f"in a gale (Wind Speed {t.gale}+). Furl: no sail, she drifts downwind; "
                f"setting sail again takes {t.furl_turns} turns. Anchor: she stops in "
                f"{t.anchor_turns} turns (with sails set, a Strain Roll at once).")]
    ship = _ship(state, decision.ship)
    if in_gale(state.wind) and ship is not None and ship.sail.sails is Sails.SET:
        out.append(_gale_hint(state))
    return out


def _strain(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    ship = _own(state, event, side)
    if ship is None or ship.sail.strain <= 0:
        return ()
    t = tables()
    outlook = strain_outlook(ship.sail.strain)
    return (Hint("strain", "Strain",
                 f"{label(ship)} has {ship.sail.strain} Strain (from two-point turns, a 6 on "
                 f"the luck die, gales, touching land). It never goes away: every turn she "
                 f"rolls d6 + Strain, and {t.strain_lowest} or more brings trouble, up to "
                 f"sinking at {t.strain_highest}. Her next roll: {outlook}."),)


def _strain_roll(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    ship = _own(state, event, side)
    if ship is None:
        return ()
    return (*_strain(state, event, side),
            Hint("strain-roll", "A Strain Roll",
                 f"{sentence(event.text)} The ship panel shows her odds for the next one."))


def _wind_event(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    if not event.text.startswith("Wind Roll"):
        return ()
    out = [Hint("wind-roll", "The Wind Roll",
                f"{sentence(event.text)} From the second turn the wind is rolled each turn: it may "
                f"veer or back one point, or take a new speed. Check the rose before you "
                f"steer.")]
    if in_gale(state.wind):
        out.append(_gale_hint(state))
    return out


def _luck_event(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    ship = _own(state, event, side)
    out: list[Hint] = []
    if ship is not None:
        out.append(Hint("luck-roll", "Your luck",
                        f"{sentence(event.text)} On turn {state.turn} she sails by Wind "
                        f"Speed {max(0, state.wind.speed + ship.sail.luck)} (the wind's "
                        f"speed and her luck; the ship panel shows it each turn)."))
        out.extend(_strain(state, event, side))
    elif not event.ship:
        out.append(Hint("shared-luck", "Shared luck", f"{sentence(event.text)}"))
        if in_gale(state.wind):
            out.append(_gale_hint(state))
    return out


def _aground(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    if _own(state, event, side) is None:
        return ()
    return (Hint("aground", "Aground",
                 f"{sentence(event.text)} The preview warns before a course touches land or "
                 f"a shoal: read it before you choose."), *_strain(state, event, side))


def _sails(state: WindState, event: Event, side: str) -> Sequence[Hint]:
    ship = _own(state, event, side)
    if ship is None:
        return ()
    return (Hint(f"sails-{ship.sail.sails.value}", "Sails", f"{sentence(event.text)}"),)


SAILING: Hints = hints(
    decisions={"luck": _luck, "move": _helm, "maneuver": _maneuver},
    events={"wind": _wind_event, "luck": _luck_event, "strain": _strain_roll,
            "helm": _strain, "aground": _aground, "sails": _sails, "anchor": _sails},
)


def _half_move(state: WindState, decision: Decision, side: str) -> Sequence[Hint]:
    if state.phase not in ("first-half", "second-half"):
        return ()
    return (Hint("half-move", "Two half moves",
                 "In battle a turn has two half moves, each making half her speed and "
                 "turning one point at most (a second change of direction in a turn marks 1 "
                 "Strain). Broadsides are fired after the first half move, and the batteries "
                 "reloaded before the second. The preview says which enemy she will have in "
                 "her arcs."),)


#: The combat turn's own hints (rulesets that fight with it add them to ``SAILING``).
COMBAT_TURN: Hints = hints(decisions={"move": _half_move})
