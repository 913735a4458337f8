"""How a ruleset presents itself to a player's screen, as plain data (no textual, no rich).

A ruleset's ``present.PRESENTER`` answers the screen's questions about a state:
how to label each option of a decision and what highlighting it shows (a
``Preview``: the path a ship would take, cells laid over the sea, a line of
text), the order options are listed in, a note for the status line and for
the look panel, the next mark of a race, a chart for the end of the game, and
the style of each kind of event in the log.  ``Presenter`` gives the plain
answer to every question; rulesets override what they can say better.  Every
figure comes from the ruleset's own rule functions, never from a second copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState, ShipBase
from tui_naval.core.values import frozen

#: The overlay kinds a map draws: a weapon's reach, a 40% and a 10% hex of an aimed
#: broadside, and a target.
OVERLAY_KINDS = ("arc", "hit-40", "hit-10", "target")

#: Event kinds every ruleset shares, and their log styles.
COMMON_STYLES: Mapping[str, str] = {
    "game": "bold", "over": "bold reverse", "wind": "cyan", "pos": "dim",
}


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
    ``heading``), cells laid over the sea (``overlays``: cell and one of
    ``OVERLAY_KINDS``) and a line of text."""

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


@frozen
class StandingOffer:
    """A standing order a ruleset offers for a kind of decision: its key (what
    ``Presenter.standing_answer`` is asked with), its label and a line about it."""

    key: str
    label: str
    about: str = ""


#: The standing orders a presenter may offer, read from the words its orders use.
KEEP_LOAD = StandingOffer("keep-load", "Keep the load", "she reloads what she has loaded")
FIRE = StandingOffer("fire", "Fire when she bears",
                     "at the best target, by the odds the prompt shows")
HOLD_COURSE = StandingOffer("hold-course", "Hold course", "she keeps her heading")
HOLD_RANGE = StandingOffer("hold-range", "Hold the range", "the squadron keeps the range")


def _holds(order: Order) -> bool:
    """An order that holds: fire held, a course or the range kept."""
    return order.verb == "hold" or order.arg == "hold"


@frozen
class Series:
    """A chart for the end of a game: its title and one figure per turn for each side."""

    title: str
    values: tuple[tuple[str, tuple[float, ...]], ...]
    #: What a figure counts, in the ship panel's words, where the title alone may mislead
    #: ("strength is the mean of HIP and Crew readiness; ..."): "" when the title says.
    measure: str = ""


class Presenter:
    """The plain presentation: option texts as they are, no previews, no notes."""

    #: Event kind -> log style (Rich style words), over ``COMMON_STYLES``.
    styles: ClassVar[Mapping[str, str]] = {}
    #: Event kinds whose whole line takes the style (the end of the game always does).
    emphasised: ClassVar[frozenset[str]] = frozenset()
    #: Decision kind -> the ruleset's own standing orders for it (``KEEP_LOAD``...).
    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {}

    def event_style(self, kind: str) -> str:
        return self.styles.get(kind) or COMMON_STYLES.get(kind, "")

    def event_emphasised(self, kind: str) -> bool:
        return kind == "over" or kind in self.emphasised

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        """The label, detail and any warning of one option of a decision."""
        return OptionInfo(str(order))

    def option_order(self, state: GameState, decision: Decision) -> list[Order]:
        """The options in the order the prompt lists them (quick keys follow it)."""
        return list(decision.options)

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        """The cell an option aims at, if any (to pick it with the map's cursor)."""
        return None

    def typing_keys(self, state: GameState, decision: Decision) -> str:
        """Characters the player may type to narrow a long list ("" for none)."""
        return ""

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """What highlighting ``order`` shows, or None."""
        return None

    def status(self, state: GameState) -> list[tuple[str, str]]:
        """(text, style) pieces the status line adds."""
        return []

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        """A line on a ship's condition for the look panel ("" for none)."""
        return ""

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        """How a ship afloat has left the play ("finished", "escaped"), or ""."""
        return ""

    def next_mark(self, state: GameState, ship_id: str | None) -> str | None:
        """The label of the next mark a ship must round, if any."""
        return None

    def standing_offers(self, kind: str) -> tuple[StandingOffer, ...]:
        """The ruleset's own standing orders for ``kind`` of decision (keep the load, fire
        when she bears, hold course...), beside the ones every ruleset has."""
        return self.standing.get(kind, ())

    def standing_options(self, key: str, state: GameState,
                         decision: Decision) -> tuple[Order, ...] | str:
        """The options standing order ``key`` may choose among for ``decision`` (the best
        of several by the ruleset's own judgement), or why it cannot (the player is then
        asked, and told so).  Read from the words every ruleset's orders use: ``keep`` a
        load, ``hold`` fire, a course or the range."""
        options = decision.options
        if key == KEEP_LOAD.key:
            return tuple(o for o in options if o.arg == "keep") or "she has no load to keep"
        if key == FIRE.key:
            return tuple(o for o in options if not _holds(o)) or "no enemy bears"
        if key in (HOLD_COURSE.key, HOLD_RANGE.key):
            return tuple(o for o in options if _holds(o)) or "she cannot hold on as she is"
        return f"no standing order {key!r} here"

    def standing_watch(self, state: GameState, ship_id: str) -> tuple[tuple[str, str], ...]:
        """What standing orders watch of a ship beside her wear and whether she fights on
        (``app.standing.watch``): (what, as it stands) pairs, such as the enemies in range;
        when one changes, a standing order asks the player first."""
        return ()

    def progress(self, states: Sequence[GameState]) -> Series:
        """A chart of the game from the state at the start of each turn (and the last)."""
        last = states[-1]
        series = tuple(
            (side, tuple(float(sum(1 for s in st.ships if s.side == side and s.afloat))
                         for st in states))
            for side in last.sides)
        return Series("ships afloat, turn by turn", series)


def strength_series(states: Sequence[GameState],
                    strength: Callable[[Any, str], float], measure: str) -> Series:
    """A battle's chart: each side's strength left (0..1, as the turn limit judges it), in
    percent, turn by turn; ``measure`` says what the strength counts, in the ship panel's
    words."""
    sides = states[-1].sides
    return Series("strength left (%), turn by turn",
                  tuple((side, tuple(float(round(100 * strength(st, side))) for st in states))
                        for side in sides), f"strength is {measure}")


def order_key(order: Order) -> str:
    """An order's verb and argument, as option tables key them (``port 1``)."""
    return f"{order.verb} {order.arg}".strip()
