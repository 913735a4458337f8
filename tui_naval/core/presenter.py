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

from attrs import frozen

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState, ShipBase

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
class Series:
    """A chart for the end of a game: its title and one figure per turn for each side."""

    title: str
    values: tuple[tuple[str, tuple[float, ...]], ...]


class Presenter:
    """The plain presentation: option texts as they are, no previews, no notes."""

    #: Event kind -> log style (Rich style words), over ``COMMON_STYLES``.
    styles: ClassVar[Mapping[str, str]] = {}
    #: Event kinds whose whole line takes the style (the end of the game always does).
    emphasised: ClassVar[frozenset[str]] = frozenset()

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

    def progress(self, states: Sequence[GameState]) -> Series:
        """A chart of the game from the state at the start of each turn (and the last)."""
        last = states[-1]
        series = tuple(
            (side, tuple(float(sum(1 for s in st.ships if s.side == side and s.afloat))
                         for st in states))
            for side in last.sides)
        return Series("ships afloat, turn by turn", series)


def strength_series(states: Sequence[GameState],
                    strength: Callable[[Any, str], float]) -> Series:
    """A battle's chart: each side's strength left (0..1, as the turn limit judges it), in
    percent, turn by turn."""
    sides = states[-1].sides
    return Series("strength left (%), turn by turn",
                  tuple((side, tuple(float(round(100 * strength(st, side))) for st in states))
                        for side in sides))


def order_key(order: Order) -> str:
    """An order's verb and argument, as option tables key them (``port 1``)."""
    return f"{order.verb} {order.arg}".strip()
