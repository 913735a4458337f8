"""The admiral's thinking: the decisions a match's AI answered, and what a search made of
them, as the player may know them (a side's plotted orders stay hidden until every side
has plotted)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

from attrs import field

from tui_naval.app.match import Match
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.thoughts import Thought
from tui_naval.core.values import frozen

#: The most AI decisions shown at once.
SHOWN_THOUGHTS = 6


@frozen
class Deliberation:
    """One decision answered, as the screens show it: who, where, and what a search made
    of it (None: no search, or none kept)."""

    #: The answer's place in the game's orders.
    index: int
    side: str
    #: The player's name (``search``, ``greedy``...; "" if not known).
    who: str
    turn: int
    #: The decision's prompt (``R1 Cutter: helm orders``).
    prompt: str
    thought: Thought | None = None
    #: Each option's label as the ruleset presents it, by the option's text.
    labels: Mapping[str, str] = field(factory=dict)
    #: A plotted decision (its answer hidden from the other sides until all have plotted).
    plotted: bool = False


def deliberation(match: Match, index: int) -> Deliberation:
    """The decision answered at ``index`` of the orders, and what the AI made of it."""
    state = match.game.states()[index]
    decision = match.ruleset.decision(state)
    if decision is None:  # (every order answers a decision)
        raise ValueError(f"order {index} answers no decision")
    thought = match.thoughts.get(index)
    labels: dict[str, str] = {}
    for weighed in thought.best if thought is not None else ():
        with contextlib.suppress(IllegalOrder):
            order = decision.find(weighed.order)
            labels[weighed.order] = match.presenter.option_info(state, decision, order).label
    seat = match.seats.get(decision.side)
    who = seat.name if seat is not None else match.session.seats.get(decision.side, "")
    return Deliberation(index, decision.side, who, state.turn, decision.prompt, thought,
                        labels, plotted=decision.plotted)


def hidden_plot(match: Match, seen: Deliberation) -> bool:
    """Whether ``seen`` is another side's plotted order the player may not know yet (it is
    held with the plot until every side has plotted)."""
    here = match.here_sides()
    if not seen.plotted or not here or seen.side in here:
        return False
    states = match.game.states()
    order = match.game.orders[seen.index]
    at = len(states[seen.index].plotted)
    return all(len(s.plotted) > at and s.plotted[at] == order
               for s in states[seen.index + 1:])


def latest(match: Match, count: int = SHOWN_THOUGHTS) -> tuple[list[Deliberation], str]:
    """The AI's latest decision the player may know, and those it made just before it
    (back to the player's decision before them), the latest first: at most ``count``,
    only the latest when the AI does not search; and a note on the plotted orders kept
    from the player until every side has plotted."""
    out: list[Deliberation] = []
    hidden = 0
    states = match.game.states()
    for index in range(len(match.game.orders) - 1, -1, -1):
        decision = match.ruleset.decision(states[index])
        if decision is None or len(out) >= count:
            break
        if match.is_here(decision.side):
            if out:
                break
            continue
        seen = deliberation(match, index)
        if hidden_plot(match, seen):
            hidden += 1
            continue
        out.append(seen)
        if seen.thought is None:
            break
    note = ""
    if hidden:
        what = "order stays" if hidden == 1 else "orders stay"
        note = f"{hidden} plotted {what} hidden (the other side's) until every side has plotted."
    return out, note
