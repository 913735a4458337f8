"""The end of a game in sentences: who won and why, what each side lost, how the figures
went, and the game's record (map, seed, turns, orders).

Ruleset-blind: it reads the outcome, the ships (their sides and whether they are afloat),
how the rules say each has left the play (``Ruleset.departure`` and ``fate``) and the
presenter's end-of-game chart, and words them the same way for every ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tui_naval.core.history import Game
from tui_naval.core.messages import plural, word_list
from tui_naval.core.presenter import Series
from tui_naval.core.ruleset import Departure, Fate
from tui_naval.core.state import GameState, Outcome, ShipBase
from tui_naval.core.values import frozen

#: Where a ship stands in a state: the ruleset's ``fate``.
FateOf = Callable[[GameState, ShipBase], Fate]
#: How a ship has left the play in a state: the ruleset's ``departure``.
DepartureOf = Callable[[GameState, ShipBase], Departure | None]


@frozen
class Summary:
    """The game-over text, one sentence (or "") per field, and the chart it describes."""

    #: "Red wins on turn 27: R1 Cutter finished first."
    result: str
    #: "Blue lost 2 of 3 ships; red lost none." (sunk or going down, struck or taken)
    losses: str
    #: Ships afloat that have left the play: "At the end: R1 Cutter finished." ("" for none)
    fates: str
    #: "Blue went from 24 to 3; red from 22 to 0."
    figures: str
    #: "Played on channel-race with seed 5: 27 turns, 160 orders."
    record: str
    chart: Series

    @property
    def sentences(self) -> tuple[str, ...]:
        """The result, losses and fates, those that say anything."""
        return tuple(s for s in (self.result, self.losses, self.fates) if s)


def turn_states(game: Game) -> list[GameState]:
    """The state at the first decision of each turn, and the last state."""
    out: list[GameState] = []
    for state in game.states():
        if not out or state.turn != out[-1].turn:
            out.append(state)
    if game.state is not out[-1]:
        out.append(game.state)
    return out


def summarise(game: Game) -> Summary:
    """The summary of ``game`` (finished or not), from its states, its rules and its
    presenter's chart."""
    states = turn_states(game)
    last = states[-1]
    ruleset = game.ruleset
    chart = ruleset.presenter.progress(states)
    setup = game.setup
    return Summary(
        result=result_sentence(last.outcome, last.turn),
        losses=losses_sentence(states[0], last, ruleset.fate),
        fates=fates_sentence(last, ruleset.departure, last.outcome),
        figures=figures_sentence(chart),
        record=record_sentence(setup.map_name, setup.seed, last.turn, len(game.orders)),
        chart=chart)


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (unless it ends in one)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def side_name(side: str) -> str:
    return side[:1].upper() + side[1:]


def result_sentence(outcome: Outcome | None, turn: int) -> str:
    """Who won, on which turn, and why; the reason's own "on turn N" is not repeated."""
    if outcome is None:
        return f"The game stopped on turn {turn}, undecided."
    head = f"{side_name(outcome.winner)} wins" if outcome.winner else "A draw"
    reason = re.sub(rf"(,? on turn {turn}| \(turn {turn}\))$", "", outcome.reason.strip())
    if not reason:
        return f"{head} on turn {turn}."
    if ":" in reason:  # a reason with a colon of its own reads better as its own sentence
        return f"{head} on turn {turn}. {sentence(reason)}"
    return sentence(f"{head} on turn {turn}: {reason}")


def losses_sentence(first: GameState, last: GameState, fate: FateOf) -> str:
    """What each side lost of the ships it began with: sunk or going down, or taken by
    another side (struck, captured), as the ruleset's ``fate`` reads each ship."""
    if not first.sides:
        return ""
    now = {ship.id: ship for ship in last.ships}
    parts: list[str] = []
    lost_any = False
    for side in first.sides:
        had = [ship.id for ship in first.ships if ship.side == side]
        fates = [Fate.SUNK if sid not in now
                 else Fate.TAKEN if now[sid].afloat and now[sid].side != side
                 else fate(last, now[sid]) for sid in had]
        taken = fates.count(Fate.TAKEN)
        lost = fates.count(Fate.SUNK) + taken
        lost_any = lost_any or lost > 0
        parts.append(f"{side} {loss_words(lost, len(had), taken)}")
    if not lost_any:
        return "Neither side lost a ship." if len(first.sides) == 2 else "No side lost a ship."
    return sentence("; ".join(parts))


def loss_words(lost: int, had: int, taken: int) -> str:
    """``lost 2 of 3 ships``, ``lost none``, ``lost its only ship``, ``lost both its ships``,
    ``lost all 3 ships``,
    with ``(1 taken)`` when some were captured rather than sunk."""
    if lost == 0:
        return "lost none"
    if had == 1:
        words = "lost its only ship"
    elif lost == had:
        words = "lost both its ships" if had == 2 else f"lost all {had} ships"
    else:
        words = f"lost {lost} of {plural(had, 'ship')}"
    if taken:
        words += " (taken)" if lost == 1 else f" ({taken} taken)"
    return words


def fates_sentence(last: GameState, departure: DepartureOf, outcome: Outcome | None) -> str:
    """The ships afloat that have left the play, as the rules' ``departure`` reads them
    ("finished", "struck her colours"), but for those the outcome already names."""
    named = outcome.ships if outcome else ()
    parts = []
    for ship in last.ships:
        if not ship.afloat or ship.id in named:
            continue
        left = departure(last, ship)
        if left is not None:
            parts.append(f"{ship_label(ship.id, ship.name)} {left.words(ship)}")
    if not parts:
        return ""
    return f"At the end: {word_list(parts)}."


def ship_label(ship_id: str, name: str) -> str:
    return f"{ship_id} {name}" if name else ship_id


def figure(value: float) -> str:
    """A chart figure as a person writes it: ``76``, ``3.5``."""
    return f"{value:g}"


def figures_sentence(chart: Series) -> str:
    """How each side's figure of the chart went from the first turn to the last, and what
    a figure counts where the chart says (the ship panel shows more than a strength
    counts: without it "red stayed at 100" reads wrong beside a battery shot half away)."""
    parts: list[str] = []
    went = False
    for side, values in chart.values:
        if not values:
            continue
        first, last = values[0], values[-1]
        if first == last:
            verb = f"stayed at {figure(first)}"
        else:
            verb = f"{'' if went else 'went '}from {figure(first)} to {figure(last)}"
            went = True
        parts.append(f"{side} {verb}")
    if not parts:
        return ""
    text = sentence("; ".join(parts))
    if chart.measure:
        text += " " + sentence(chart.measure)
    return text


def record_sentence(map_name: str, seed: int, turns: int, orders: int) -> str:
    """``Played on channel-race with seed 5: 27 turns, 160 orders.``"""
    return (f"Played on {map_name} with seed {seed}: {plural(turns, 'turn')}, "
            f"{plural(orders, 'order')}.")


def chart_scale(chart: Series) -> float:
    """The one scale every row of ``chart`` is drawn on: 0 to its highest figure."""
    return max((v for _, values in chart.values for v in values), default=0.0)


def chart_note(chart: Series) -> str:
    """The chart's scale in words: ``bars 0 to 100``."""
    return f"bars 0 to {figure(chart_scale(chart))}"
