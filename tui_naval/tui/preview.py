"""What the TUI shows about a decision's options: labels, previews, charts.

Everything ruleset-specific the screens need lives behind the few functions
here (``option_info``, ``option_preview``, ``typing_keys``, ``status_note``,
``ship_note``, ``next_mark``, ``progress_series``); a ruleset without an entry
still plays, with plainer prompts.  The glue only *calls* the rulesets' own
functions (Ships & Sails' ``mechanics``, Kyngesreach's ``gunnery`` and
``layout``, the AIs' exact odds): no rule is written twice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from attrs import frozen

from tui_naval.core.dice import Chance
from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState


@frozen
class OptionInfo:
    """How a prompt shows one option: a short label, a line of detail, a warning;
    ``key`` is what the player types to find it in a long list ("FFR")."""

    label: str
    detail: str = ""
    warning: str = ""
    key: str = ""


@frozen
class Preview:
    """What highlighting an option shows: where the ship would go (``path``, ``end``,
    ``heading``), cells laid over the sea (``overlays``: cell -> an ``OceanView``
    overlay kind, "arc", "hit-40", "hit-10" or "target") and a line of text."""

    path: tuple[Cell, ...] = ()
    end: Cell | None = None
    heading: str = ""
    text: str = ""
    warning: str = ""
    overlays: tuple[tuple[Cell, str], ...] = ()

    @property
    def overlay_map(self) -> dict[Cell, str]:
        return dict(self.overlays)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell the preview draws (to keep in view)."""
        return (*self.path, *(c for c, k in self.overlays if k != "arc"))


# -- option labels ---------------------------------------------------------------

_SALT_LABELS = {
    "luck roll": OptionInfo("Roll the luck die", "see the table: a 6 marks Strain"),
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
    "furl": OptionInfo("Furl sails", "she drifts downwind until sail is set"),
    "set-sail": OptionInfo("Set sail", "takes two turns"),
    "anchor": OptionInfo("Anchor", "bites in two turns",
                         "with sails set: an immediate Strain Roll"),
    "weigh": OptionInfo("Weigh anchor", "up anchor, then set sail (three turns)"),
}


#: Salt'n'Tar with Kyngesreach gunnery: the decisions whose orders are Salt'n'Tar's.
_SAS_SAILING = ("luck", "move", "maneuver")


def _order_key(order: Order) -> str:
    return f"{order.verb} {order.arg}".strip()


def option_info(state: GameState, decision: Decision, order: Order) -> OptionInfo:
    """The label, detail and any warning of one option of a decision."""
    if state.ruleset == "salt-n-tar" or (state.ruleset == "salt-and-shot"
                                         and decision.kind in _SAS_SAILING):
        info = _SALT_LABELS.get(_order_key(order))
        if info is not None:
            if order.verb == "anchor" and not _sails_set(state, order.ship):
                return OptionInfo(info.label, info.detail)
            return info
    fn = LABELS.get(state.ruleset)
    if fn is not None:
        try:
            return fn(state, decision, order)
        except (KeyError, ValueError):
            pass
    return OptionInfo(str(order))


def option_order(state: GameState, decision: Decision) -> list[Order]:
    """The decision's options in the order the prompt lists them (quick keys follow it).

    Ships & Sails' aims: the hexes where an enemy is now come first.
    """
    options = list(decision.options)
    if state.ruleset == "ships-and-sails" and decision.kind == "aim":
        enemies = {s.cell for s in state.ships
                   if s.afloat and s.side != decision.side}
        from tui_naval.rulesets.ships_and_sails import mechanics as m

        def at_enemy(order: Order) -> bool:
            aim = m.parse_aim(order.arg)
            return aim is not None and aim[1] in enemies

        options.sort(key=lambda o: (not at_enemy(o), o.arg != m.HOLD))
    return options


def option_cell(state: GameState, order: Order) -> Cell | None:
    """The hex an option aims at, if it aims at one (to pick it with the map's cursor):
    Ships & Sails' aimed hex, Kyngesreach's target ship."""
    try:
        if state.ruleset == "ships-and-sails" and order.verb == "aim":
            from tui_naval.rulesets.ships_and_sails import mechanics as m

            aim = m.parse_aim(order.arg)
            return aim[1] if aim is not None else None
        if state.ruleset == "kyngesreach" and order.arg:
            from tui_naval.rulesets.kyngesreach.gunnery import AIM_TOKENS

            if order.verb in AIM_TOKENS:
                return state.ship(order.arg).cell
        if state.ruleset == "salt-and-shot" and "@" in order.arg:
            return state.ship(order.arg.partition("@")[2]).cell
    except (KeyError, ValueError):
        return None
    return None


def typing_keys(state: GameState, decision: Decision) -> str:
    """Characters the player may type to narrow a long list of options ("" for none).

    Ships & Sails' moves are strings of L, F and R (and 0 to stay): typing them
    narrows the list to the moves that begin so.
    """
    if state.ruleset == "ships-and-sails" and decision.kind == "move":
        return "LFR0"
    return ""


def _sails_set(state: GameState, ship_id: str) -> bool:
    ship: Any = state.ship(ship_id)
    return str(getattr(ship, "sails", "set")) in ("set", "reefed")


# -- chance tables ---------------------------------------------------------------

def chance_rows(chance: Chance) -> list[tuple[str, str, str]]:
    """(faces, odds, effect) rows of a chance table, equal neighbours merged."""
    rows: list[tuple[list[int], Fraction, str]] = []
    for outcome in chance.outcomes:
        if rows and rows[-1][2] == outcome.effect and rows[-1][0][-1] == outcome.value - 1:
            faces, odds, effect = rows[-1]
            rows[-1] = ([*faces, outcome.value], odds + outcome.probability, effect)
        else:
            rows.append(([outcome.value], outcome.probability, outcome.effect))
    out = []
    for faces, odds, effect in rows:
        face = str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
        out.append((face, f"{odds.numerator}/{odds.denominator}", effect or "-"))
    return out


# -- helm previews ---------------------------------------------------------------

PreviewFn = Callable[[GameState, Order], Preview | None]


def _salt_preview(state: Any, order: Order) -> Preview | None:
    from tui_naval.rulesets.salt_n_tar.rules import HELM

    points = HELM.get(_order_key(order))
    if points is None:
        return None
    # The AI's projection is imported for a helm order only: a game's first prompt (luck)
    # is drawn without it.
    from tui_naval.ai.salt_n_tar import project
    from tui_naval.rulesets.salt_n_tar.sailing import Way, motion
    from tui_naval.rulesets.salt_n_tar.tables import tables

    ship = state.ship(order.ship)
    grid = state.grid
    proj = project(state, ship, points)
    end, facing = _projected(proj)
    move = motion(ship, tables().ships[ship.kind], grid, state.wind, heading=facing)
    path: list[Cell] = []
    for cell in grid.ray(ship.cell, move.direction, max(proj.steps, 40)):
        if not grid.in_bounds(cell):
            break
        path.append(cell)
        if cell == end:
            break
    if end not in path:
        path = []
    if proj.done and proj.steps:
        path = path[:proj.steps]
    heading = grid.facing_name(facing)
    moved = len(path)
    if move.way is Way.SAIL or move.way is Way.GALE or move.way is Way.BACKWARDS:
        how = f"{move.way.value}, {move.reason}"
    else:
        how = f"{move.way.value} ({move.reason})"
    text = f"ends at {end} heading {heading}, {moved} cell{'s' * (moved != 1)}; {how}"
    if proj.done:
        text += "; reaches the goal!"
    warning = ""
    if proj.strain:
        warning = f"+{proj.strain} Strain"
        if abs(points) == 2:
            warning += " (two-point turn)"
    return Preview(tuple(path), end, heading, text, warning)


def _projected(proj: Any) -> tuple[Cell, int]:
    """End cell and heading of a Salt'n'Tar projection (older ones carried a whole ship)."""
    if hasattr(proj, "cell"):
        return proj.cell, proj.heading
    return proj.ship.cell, proj.ship.heading


# -- Ships & Sails ---------------------------------------------------------------

def _plural(n: int, word: str, plural: str = "") -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _sns_label(state: Any, decision: Decision, order: Order) -> OptionInfo:
    from tui_naval.rulesets.ships_and_sails import mechanics as m
    from tui_naval.rulesets.ships_and_sails.rules import KEEP
    from tui_naval.rulesets.ships_and_sails.tables import TARGET_OF, Ammo

    ship = state.ship(order.ship)
    grid = state.grid
    if order.verb == "move":
        arg = order.arg
        _, heading = m.planned_end(grid, ship, arg)
        if arg == m.STAY:
            return OptionInfo("Stay (0 hexes)", "she stays where she is", key=arg)
        if arg in m.SWINGS:
            side = "port" if m.SWINGS[arg] < 0 else "stbd"
            return OptionInfo(f"Swing {side} to {grid.facing_name(heading)}",
                              f"she swings in place to head {grid.facing_name(heading)}", key=arg)
        return OptionInfo(f"{arg} ({len(arg)}) to {grid.facing_name(heading)}", key=arg)
    if order.verb == "ammo":
        if order.arg == KEEP:
            return OptionInfo(f"Keep {ship.ammo.value}")
        ammo = Ammo(order.arg)
        return OptionInfo(f"Load {ammo.value}",
                          f"range {m.ammo_range(ammo)}, damages {TARGET_OF[ammo]}",
                          "no broadside this turn")
    if order.verb == "aim":
        aim = m.parse_aim(order.arg)
        if aim is None:
            return OptionInfo("Hold fire", "the broadside stays loaded")
        side, cell = aim
        there = [s.id for s in state.ships
                 if s.afloat and s.cell == cell and s.side != ship.side]
        label = f"{'Port' if side == m.PORT else 'Stbd'} at {cell}"
        return OptionInfo(label + (f" {','.join(there)}" if there else ""))
    return OptionInfo(str(order))


def _sns_course(state: Any, ship: Any, move: str) -> tuple[tuple[Cell, ...], Cell, int, str]:
    """(path, end, heading, warning) of a move, ignoring the other ships."""
    from tui_naval.rulesets.ships_and_sails import mechanics as m

    grid, board = state.grid, state.board
    if move == m.STAY or move in m.SWINGS or not move:
        end, heading = m.planned_end(grid, ship, move)
        return (), end, heading, ""
    path: list[Cell] = []
    end, heading = ship.cell, ship.heading
    for cell, facing in m.trace(grid, ship.cell, ship.heading, move):
        if not grid.in_bounds(cell):
            return (tuple(path), end, heading,
                    f"she would sail off the {grid.edge_of(cell)} edge and be lost!")
        if not board.is_sea(cell):
            return (tuple(path), end, heading,
                    f"{board.terrain_at(cell).name.lower()} at {cell}: she would stop short")
        path.append(cell)
        end, heading = cell, facing
    return tuple(path), end, heading, ""


def _sns_preview(state: Any, order: Order) -> Preview | None:
    from tui_naval.rulesets.ships_and_sails import mechanics as m
    from tui_naval.rulesets.ships_and_sails.rules import KEEP, plotted_orders
    from tui_naval.rulesets.ships_and_sails.state import tenths
    from tui_naval.rulesets.ships_and_sails.tables import POINT_NAMES, TARGET_OF, Ammo, tables

    if order.verb not in ("move", "ammo", "aim"):
        return None
    ship = state.ship(order.ship)
    grid = state.grid
    t = tables()
    if order.verb == "move":
        move = order.arg
    else:
        plotted = plotted_orders(state).get((ship.id, "move"))
        move = plotted.arg if plotted is not None else m.STAY
    path, end, heading, warning = _sns_course(state, ship, move)
    facing = grid.facing_name(heading)
    ammo = ship.ammo
    reach = m.ammo_range(ammo)
    loaded = ship.reload == 0

    def arcs(sides: tuple[str, ...]) -> dict[Cell, str]:
        out: dict[Cell, str] = {}
        for side in sides:
            if m.ship_firing_value(ship, side) > 0:
                out.update((c, "arc") for c in m.arc(grid, end, heading, side, reach))
        return out

    def done(text: str, overlays: Mapping[Cell, str] | None = None) -> Preview:
        return Preview(path, end, facing, text, warning, tuple((overlays or {}).items()))

    if order.verb == "move":
        point = POINT_NAMES[m.point_of_sail(grid, state.wind, heading)]
        n = m.move_length(move)
        text = f"{_plural(n, 'hex', 'hexes')} to {end}, heading {facing} ({point})"
        if not loaded:
            return done(text + f"; {ammo.value} loading, ready on turn {state.turn + ship.reload}")
        return done(text + f"; + her broadsides' reach ({ammo.value}, {reach})", arcs(m.SIDES))
    if order.verb == "ammo":
        if order.arg != KEEP:
            new = Ammo(order.arg)
            return done(f"draw the {ammo.value}, load {new.value} (range {m.ammo_range(new)}, "
                        f"damages {TARGET_OF[new]}): no broadside this turn; ready on turn "
                        f"{state.turn + ship.reload + t.switch_rounds}")
        if not loaded:
            return done(f"keep loading {ammo.value}: ready on turn {state.turn + ship.reload}")
        return done(f"keep {ammo.value} (range {reach}, damages {TARGET_OF[ammo]}): she may fire "
                    "on the + hexes this turn", arcs(m.SIDES))
    aim = m.parse_aim(order.arg)
    if aim is None:
        return done("hold fire: the broadside stays loaded", arcs(m.SIDES))
    side, cell = aim
    fv = m.ship_firing_value(ship, side)
    pattern = m.pattern_cells(grid, cell, heading, side, m.ship_type(ship).pattern(ammo))
    overlays = arcs((side,))
    for where, percent in pattern:
        overlays[where] = "hit-40" if percent >= 40 else "hit-10"
    parts = [f"{pct}% hexes hit on {_faces(t.faces(pct))} of d{t.hit_die} for "
             f"{tenths(m.hit_damage(pct, fv))} {TARGET_OF[ammo]}"
             for pct in sorted({p for _, p in pattern}, reverse=True)]
    return done(f"{side} {ammo.value} at {cell}, firing value {fv}: " + "; ".join(parts)
                + " (rolled for each such hex an enemy passes)", overlays)


def _faces(faces: int) -> str:
    return "a 1" if faces == 1 else f"1-{faces}"


# -- Kyngesreach ------------------------------------------------------------------

def _kr_label(state: Any, decision: Decision, order: Order) -> OptionInfo:
    from tui_naval.rulesets.kyngesreach import gunnery as gun
    from tui_naval.rulesets.kyngesreach.rules import band_name, shift_band
    from tui_naval.rulesets.kyngesreach.tables import tables

    ship = state.ship(order.ship)
    kind = decision.kind
    if kind == "weather":
        return OptionInfo(f"{ship.id} {ship.name}",
                          f"Weather Sense {ship.gunnery.skills.weather}")
    if kind == "range":
        if order.arg == "hold":
            return OptionInfo(f"Hold at {band_name(state.band)}")
        band = shift_band(state.band, -1 if order.arg == "close" else 1)
        return OptionInfo(f"{order.arg.title()} to {band_name(band)}",
                          f"{band_name(band)} range: {tables().bands[band].cells} cells")
    if kind == "battery":
        if ship.gunnery.engaged.value == order.arg:
            return OptionInfo(f"Keep {order.arg}", f"engage with the {order.arg} battery again")
        return OptionInfo(f"Wear round: {order.arg}",
                          f"the squadron wears round to engage with its {order.arg} battery")
    if kind == "target":
        if order.verb == "hold":
            return OptionInfo("Hold fire", "the battery stays loaded")
        aim = gun.Aim.parse(order.verb)
        if aim.called is None:
            what = "Broadside"
        elif aim.mast is not None:
            what = aim.mast.value.title()
        else:
            what = tables().called[aim.called].name
        return OptionInfo(f"{what} at {order.arg}")
    if kind == "ammo":
        return _kr_ammo_info(state, ship, order, state.band)
    return OptionInfo(str(order))


def _kr_ammo_info(state: Any, ship: Any, order: Order, band: Any) -> OptionInfo:
    """A reload option (``<battery> <keep|ammo>``), what it serves at ``band`` (None:
    no enemy in range)."""
    from tui_naval.rulesets.kyngesreach import gunnery as gun
    from tui_naval.rulesets.kyngesreach.tables import AMMO_NAMES, Ammo

    guns = ship.gunnery.guns(gun.Battery(order.verb))
    rounds = dict(gun.reload_options(guns))[order.arg]
    ammo = guns.ammo if order.arg == "keep" else Ammo(order.arg)
    if order.arg == "keep":
        label = f"Keep {ammo.value}" if not rounds else f"Reload {ammo.value}"
    else:
        label = ammo.value.title()
    when = f"{rounds} rnd" if rounds else "loaded"
    detail = f"{AMMO_NAMES[ammo]}: " + (f"loaded in {_plural(rounds, 'round')}" if rounds
                                        else "stays loaded")
    return OptionInfo(f"{label} ({when})", f"{detail}\n{_kr_serves(state, ship, ammo, band)}")


def _kr_serves(state: Any, ship: Any, ammo: Any, band: Any) -> str:
    """What an ammunition can fire at ``band`` (from the gunnery's own aim rules), or at
    which bands it could (``band`` None: no enemy in range)."""
    from tui_naval.rulesets.kyngesreach import gunnery as gun
    from tui_naval.rulesets.kyngesreach.rules import band_name
    from tui_naval.rulesets.kyngesreach.tables import AMMO_NAMES, BANDS

    enemies = [s for s in state.ships if s.side != ship.side and s.gunnery.in_action]
    if not enemies:
        return ""
    target = enemies[0].gunnery
    bands = [band_name(b) for b in BANDS if gun.ammo_aims(ammo, target, b)]
    if band is None:
        return (f"{AMMO_NAMES[ammo]} fires at " + (" or ".join(bands) if bands else "no")
                + " range (no enemy in range now)")
    here = [a.describe().removeprefix("a ") for a in gun.ammo_aims(ammo, target, band)]
    if here:
        return f"{AMMO_NAMES[ammo]} at {band_name(band)} range: " + ", ".join(here)
    return (f"{AMMO_NAMES[ammo]} cannot fire at {band_name(band)} range"
            + (f" (only at {' or '.join(bands)})" if bands else ""))


def _kr_odds(state: Any, ship: Any, target: Any, token: str) -> str:
    """The Gunner roll of a broadside or called shot and its odds (the AI's exact sums)."""
    from tui_naval.rulesets.kyngesreach.rules import RULESET

    g = ship.gunnery
    return _gun_odds(g, g.engaged, target.gunnery, state.band, token,
                     RULESET.gauge_mods(state, ship.side))


def _gun_odds(g: Any, battery: Any, target: Any, band: Any, token: str, extra: Any) -> str:
    """The Gunner roll of a battery's broadside or called shot at ``band`` and its odds."""
    from tui_naval.ai.kyngesreach import hits_distribution
    from tui_naval.rulesets.kyngesreach import gunnery as gun
    from tui_naval.rulesets.kyngesreach.tables import tables

    guns = g.guns(battery)
    aim = gun.Aim.parse(token)
    mods = gun.gunner_modifiers(g, target, band, aim, extra)
    skill = g.skills.gunner + sum(v for _, v in mods)
    cap = tables().bands[band].cap
    dist = hits_distribution(skill, guns.guns, cap)
    score = sum(p for n, p in dist if n > 0)
    mean = sum(n * p for n, p in dist)
    return (f"Gunner {g.skills.gunner}{gun.mods_text(mods)} = {skill}: "
            f"{score:.0%} to hit, {mean:.1f} hits expected of {guns.guns} guns "
            f"(at most {cap}% at this range)")


def _kr_preview(state: Any, order: Order) -> Preview | None:
    from attrs import evolve

    from tui_naval.rulesets.kyngesreach.gunnery import AIM_TOKENS
    from tui_naval.rulesets.kyngesreach.rules import RULESET, band_name, shift_band
    from tui_naval.rulesets.kyngesreach.tables import tables

    ship = state.ship(order.ship)
    grid = state.grid
    if order.verb in AIM_TOKENS:
        target = state.ship(order.arg)
        line = [c for c in grid.line(ship.cell, target.cell) if c not in (ship.cell, target.cell)]
        overlays = (*((c, "arc") for c in line), (target.cell, "target"))
        return Preview(text=_kr_odds(state, ship, target, order.verb), overlays=overlays)
    if order.verb == "range":
        if order.arg == "hold":
            band = state.band
        else:
            band = shift_band(state.band, -1 if order.arg == "close" else 1)
        info = tables().bands[band]
        text = (f"{band_name(band)} range, {info.cells} cells: Gunner {info.modifier:+d}, "
                f"hit rate at most {info.cap}%")
        if band is state.band:
            return Preview(text=text)
        after = RULESET.arrange(evolve(state, band=band))
        path = tuple(s.cell for s in after.ships if s.afloat and s.cell != state.ship(s.id).cell)
        return Preview(path, text=text + " (the + trail: where the ships would lie)")
    return None


def _kr_status(state: Any) -> list[tuple[str, str]]:
    from tui_naval.rulesets.kyngesreach.rules import band_name
    from tui_naval.rulesets.kyngesreach.tables import tables

    cells = tables().bands[state.band].cells
    return [("Range ", "dim"), (f"{band_name(state.band)} ({cells})", "bold"),
            ("  Gauge ", "dim"), (state.holder or "tie", "bold")]


# -- Salt'n'Tar with Kyngesreach gunnery ------------------------------------------------
#
# Its luck, helm and maneuver orders are Salt'n'Tar's (labelled by ``_SALT_LABELS``);
# its weather, target and ammunition orders are Kyngesreach's, a battery's fire written
# ``<battery> <aim>@<target>`` and the range band measured on the map.

def _sas_fire(order: Order) -> tuple[Any, str, str]:
    """(battery, aim token, target id) of a salt-and-shot fire order ("", "" for hold)."""
    from tui_naval.rulesets.kyngesreach.gunnery import Battery

    token, _, target = order.arg.partition("@")
    return Battery(order.verb), ("" if order.arg == "hold" else token), target


def _sas_band_text(state: Any, ship: Any, target: Any) -> tuple[Any, str]:
    """The band at which a ship's guns would reach ``target`` now, and its words."""
    from tui_naval.rulesets.kyngesreach.tables import tables
    from tui_naval.rulesets.salt_and_shot.compose import band_between

    d = state.grid.distance(ship.cell, target.cell)
    band = band_between(state.grid, ship.cell, target.cell)
    if band is None:
        return None, f"{_plural(d, 'cell')}: out of range"
    return band, f"{tables().bands[band].name} range ({_plural(d, 'cell')})"


def _sas_nearest_band(state: Any, ship: Any) -> Any:
    """The band of the nearest enemy in play (None: none in range)."""
    from tui_naval.rulesets.salt_and_shot.compose import band_between, in_play

    enemies = [s for s in state.ships if s.side != ship.side and in_play(s)]
    if not enemies:
        return None
    near = min(enemies, key=lambda s: state.grid.distance(ship.cell, s.cell))
    return band_between(state.grid, ship.cell, near.cell)


def _sas_label(state: Any, decision: Decision, order: Order) -> OptionInfo:
    ship = state.ship(order.ship)
    kind = decision.kind
    if kind == "weather":
        return _kr_label(state, decision, order)
    if kind == "target":
        battery, token, target_id = _sas_fire(order)
        if not token:
            return OptionInfo("Hold fire", f"the {battery.value} battery stays loaded")
        info = _kr_label(state, decision, Order(order.ship, token, target_id))
        _, band = _sas_band_text(state, ship, state.ship(target_id))
        return OptionInfo(info.label, f"{battery.value} battery at {band}")
    if kind == "ammo":
        return _kr_ammo_info(state, ship, order, _sas_nearest_band(state, ship))
    return OptionInfo(str(order))


def _sas_helm_preview(state: Any, order: Order) -> Preview:
    """Where a helm order takes the ship this half move: the ruleset's own ``half_move``
    run on the order (with the orders already given to the ships moving with her)."""
    from tui_naval.core.events import EventLog
    from tui_naval.rulesets.kyngesreach.gunnery import Battery
    from tui_naval.rulesets.salt_and_shot.compose import bears, in_play
    from tui_naval.rulesets.salt_and_shot.rules import RULESET

    half = 1 if state.phase == "first-half" else 2
    orders = {o.ship: o for o in map(Order.parse, state.plotted)}
    orders[order.ship] = order
    ship = state.ship(order.ship)
    after = RULESET.half_move(state, orders, half, EventLog(state.turn))
    moved = after.ship(order.ship)
    grid = state.grid
    end = moved.cell
    path = tuple(c for c in grid.line(ship.cell, end)[1:]) if end != ship.cell else ()
    heading = grid.facing_name(moved.heading)
    n = grid.distance(ship.cell, end)
    text = (f"{'first' if half == 1 else 'second'} half: ends at {end} heading {heading}, "
            f"{_plural(n, 'cell')}; {moved.last_motion}")
    if half == 1:
        reach = [f"{enemy.id} in her {battery.value} arc"
                 for enemy in after.ships if enemy.side != moved.side and in_play(enemy)
                 for battery in Battery if bears(after.board, moved, battery, enemy)]
        text += "; then " + (", ".join(reach) if reach else "no enemy in her arcs")
    warnings = []
    if moved.strain > ship.strain:
        warnings.append(f"+{moved.strain - ship.strain} Strain")
    if not moved.afloat:
        warnings.append("she would be lost!")
    return Preview(path, end, heading, text, "; ".join(warnings))


def _sas_preview(state: Any, order: Order) -> Preview | None:
    from tui_naval.rulesets.salt_and_shot.rules import RULESET, STEER

    if state.phase in ("first-half", "second-half") and _order_key(order) in STEER:
        return _sas_helm_preview(state, order)
    if state.phase != "missile" or "@" not in order.arg:
        return None
    battery, token, target_id = _sas_fire(order)
    ship, target = state.ship(order.ship), state.ship(target_id)
    band, where = _sas_band_text(state, ship, target)
    if band is None:
        return None
    grid = state.grid
    line = [c for c in grid.line(ship.cell, target.cell) if c not in (ship.cell, target.cell)]
    overlays = (*((c, "arc") for c in line), (target.cell, "target"))
    odds = _gun_odds(ship.gunnery, battery, target.gunnery, band, token,
                     RULESET.gauge_mods(state, ship.side))
    return Preview(text=f"{battery.value} battery at {where}: {odds}", overlays=overlays)


LabelFn = Callable[[GameState, Decision, Order], OptionInfo]
LABELS: dict[str, LabelFn] = {"ships-and-sails": _sns_label, "kyngesreach": _kr_label,
                              "salt-and-shot": _sas_label}

PREVIEWS: dict[str, PreviewFn] = {"salt-n-tar": _salt_preview, "ships-and-sails": _sns_preview,
                               "kyngesreach": _kr_preview, "salt-and-shot": _sas_preview}


def option_preview(state: GameState, order: Order) -> Preview | None:
    """What highlighting ``order`` shows (its path, overlays and text), or None."""
    fn = PREVIEWS.get(state.ruleset)
    if fn is None:
        return None
    try:
        return fn(state, order)
    except (KeyError, ValueError):
        return None


#: The older name: Salt'n'Tar's previews are all helm orders.
helm_preview = option_preview


def _sns_note(state: Any, ship: Any) -> str:
    from tui_naval.rulesets.ships_and_sails import mechanics as m
    from tui_naval.rulesets.ships_and_sails.state import tenths

    st = m.ship_type(ship)
    load = "loaded" if ship.reload == 0 else f"loading {ship.reload}"
    return f"hull {tenths(ship.hull)}/{st.hull}, speed {ship.speed}, {ship.ammo.value} {load}"


def _kr_note(state: Any, ship: Any) -> str:
    from tui_naval.rulesets.kyngesreach.tables import AMMO_NAMES

    g = ship.gunnery
    guns = g.guns(g.engaged)
    load = "ready" if guns.ready else "empty" if guns.empty else f"in {guns.reload}"
    return (f"HIP {g.hip}/{g.info.hip}, crew {g.readiness}%; {g.engaged.value} "
            f"{guns.guns} guns, {AMMO_NAMES[guns.ammo]} {load}")


NoteFn = Callable[[GameState, Any], str]
NOTES: dict[str, NoteFn] = {"ships-and-sails": _sns_note, "kyngesreach": _kr_note}


def ship_note(state: GameState, ship: Any) -> str:
    """A line on a ship's condition for the look panel ("" for rulesets without one)."""
    fn = NOTES.get(state.ruleset)
    if fn is None or not ship.afloat:
        return ""
    try:
        return fn(state, ship)
    except (KeyError, ValueError, AttributeError):
        return ""


StatusFn = Callable[[GameState], list[tuple[str, str]]]
STATUS: dict[str, StatusFn] = {"kyngesreach": _kr_status}


def status_note(state: GameState) -> list[tuple[str, str]]:
    """(text, style) pieces the status line adds for a ruleset: Kyngesreach's range band
    (its name and distance in cells) and who holds the wind gauge."""
    fn = STATUS.get(state.ruleset)
    return fn(state) if fn is not None else []


# -- map hints -------------------------------------------------------------------

def next_mark(state: GameState, ship_id: str | None) -> str | None:
    """The label of the next mark a ship must round in a race, if any."""
    if ship_id is None or not state.goal.course:
        return None
    try:
        ship: Any = state.ship(ship_id)
    except KeyError:
        return None
    rounded = getattr(ship, "rounded", None)
    if rounded is None or rounded >= len(state.goal.course):
        return None
    label: str = state.goal.course[rounded]
    return label


# -- charts ----------------------------------------------------------------------

def turn_states(game: Game) -> list[GameState]:
    """The state at the first decision of each turn, and the last state."""
    out: list[GameState] = []
    for state in game.states():
        if not out or state.turn != out[-1].turn:
            out.append(state)
    if game.state is not out[-1]:
        out.append(game.state)
    return out


def progress_series(game: Game) -> tuple[str, dict[str, list[float]]]:
    """A chart's title and, per side, one figure per turn (lower is better where it says)."""
    states = turn_states(game)
    if game.state.ruleset == "salt-n-tar":
        from tui_naval.ai.salt_n_tar import distance_to_goal

        series: dict[str, list[float]] = {side: [] for side in game.state.sides}
        state: Any
        for state in states:
            for side in state.sides:
                ships: list[Any] = [s for s in state.ships if s.side == side and s.afloat]
                done = [s for s in ships if getattr(s, "finished", 0) or getattr(s, "escaped", 0)]
                if done:
                    value = 0.0
                elif ships:
                    value = min(distance_to_goal(state, s, s.cell, s.rounded) for s in ships)
                else:
                    value = series[side][-1] if series[side] else 0.0
                series[side].append(round(min(value, 999.0), 1))
        return "distance to go (cells), turn by turn", series
    afloat = {side: [float(sum(1 for s in st.ships if s.side == side and s.afloat))
                     for st in states] for side in game.state.sides}
    return "ships afloat, turn by turn", afloat
