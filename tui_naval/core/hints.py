"""Hints: a few plain words on a rule as it comes up in play, with this game's numbers.

A ruleset's package may hold a ``hints`` module whose ``HINTS`` is a ``Hints``: what
to say when a decision of a kind is asked (``decisions``, by ``Decision.kind``) and
when an event of a kind happens (``events``, by ``Event.kind``), and at the start of
a game (``intro``).  Each rule is handed the state (as the player sees it), the
decision or event, and the player's side, and answers with hints, or none when it
has nothing to say now.  A hint is shown once per game: its ``key`` says which
hints are the same one ("luck", "gale").  Systems write the hints of their own
rules; a ruleset joins its systems' (``Hints.joined``), as with its help pages.
This module is plain data: no textual, no rich, no ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import field

from tui_naval.core.orders import Decision
from tui_naval.core.state import Event, GameState
from tui_naval.core.values import frozen


@frozen
class Hint:
    """One hint: ``key`` (once per game), a short ``title`` and its ``text`` (plain)."""

    key: str
    title: str
    text: str


#: A rule's answer for a decision: (state as the side sees it, decision, the side).
DecisionRule = Callable[[Any, Decision, str], Sequence[Hint]]
#: A rule's answer for an event: (state after it, the event, the player's side).
EventRule = Callable[[Any, Event, str], Sequence[Hint]]
#: The hints at a game's start: (state, the player's side).
IntroRule = Callable[[Any, str], Sequence[Hint]]


@frozen
class Hints:
    """What a ruleset (or a system) says as its rules come up; by default nothing."""

    decisions: Mapping[str, tuple[DecisionRule, ...]] = field(factory=dict)
    events: Mapping[str, tuple[EventRule, ...]] = field(factory=dict)
    intro: tuple[IntroRule, ...] = ()

    def joined(self, *others: Hints) -> Hints:
        """These hints and ``others``' (for a kind both know, these first)."""
        decisions = {k: tuple(v) for k, v in self.decisions.items()}
        events = {k: tuple(v) for k, v in self.events.items()}
        intro = tuple(self.intro)
        for other in others:
            for kind, rules in other.decisions.items():
                decisions[kind] = decisions.get(kind, ()) + tuple(rules)
            for kind, event_rules in other.events.items():
                events[kind] = events.get(kind, ()) + tuple(event_rules)
            intro += tuple(other.intro)
        return Hints(decisions, events, intro)

    def for_decision(self, state: GameState, decision: Decision, side: str) -> list[Hint]:
        """Every hint the rules give for ``decision`` (shown or not)."""
        return [hint for rule in self.decisions.get(decision.kind, ())
                for hint in rule(state, decision, side)]

    def for_event(self, state: GameState, event: Event, side: str) -> list[Hint]:
        """Every hint the rules give for ``event`` (shown or not)."""
        return [hint for rule in self.events.get(event.kind, ())
                for hint in rule(state, event, side)]

    def for_start(self, state: GameState, side: str) -> list[Hint]:
        """The hints for a game's start."""
        return [hint for rule in self.intro for hint in rule(state, side)]


def ships_named(state: Any, side: str, *, theirs: bool = False) -> str:
    """``B1 Sojourner, B2 Brig``: the ships of ``side`` (of every other side, ``theirs``),
    for a hint's words."""
    return ", ".join(f"{s.id} {s.name}".strip() for s in state.ships
                     if (s.side != side) == theirs)


def of_side(state: Any, event: Event, side: str) -> bool:
    """Whether ``event`` is about a ship of ``side`` (the player's own)."""
    return any(s.id == event.ship and s.side == side for s in state.ships)


def own_ships_only(rule: EventRule) -> EventRule:
    """``rule``, said only of events about the player's own ships (others pass)."""
    def said(state: Any, event: Event, side: str) -> Sequence[Hint]:
        return rule(state, event, side) if of_side(state, event, side) else ()
    return said


def hints(decisions: Mapping[str, DecisionRule] | None = None,
          events: Mapping[str, EventRule] | None = None,
          intro: IntroRule | None = None) -> Hints:
    """``Hints`` from one rule per kind (the common case)."""
    return Hints({k: (v,) for k, v in (decisions or {}).items()},
                 {k: (v,) for k, v in (events or {}).items()},
                 (intro,) if intro is not None else ())


NO_HINTS = Hints()
