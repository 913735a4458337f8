"""Hints as play goes: which to show, and when.

The rules' hints come from the ruleset (``core.hints.Hints``), chosen by the kinds of
the decisions asked and of the events that happen; the coach adds its own about the
game's keys (the prompt, undo, save), named as the player's keymap has them.  Each hint
is shown once per game.  Nothing here names a ruleset or draws anything: a view shows
what the coach gives it (``current``, or what ``asked`` and ``played`` return).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints
from tui_naval.core.orders import Decision
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState

#: The key that runs a command, by the command's id (``battle.undo`` -> ``u``).
KeyOf = Callable[[str], str]
#: Advice for each decision the player is asked (a lesson's: ``app.tutorial.advice``).
Advise = Callable[[GameState, Decision], Hint]


def ruleset_hints(ruleset: Ruleset[Any]) -> Hints:
    """A ruleset's hints (``Ruleset.hints``)."""
    return ruleset.hints


class Coach:
    """Chooses the hints to show: the rules' for each decision and event, and the screen's
    own, each once per game (``shown`` holds their keys).  Switched off, it shows
    nothing and marks nothing shown: switched on again, it picks up from there."""

    def __init__(self, hints: Hints | Callable[[], Hints], key_of: KeyOf, *,
                 enabled: bool = True,
                 autosaves: bool = True, shown: Iterable[str] = (),
                 advise: Advise | None = None) -> None:
        """``key_of``: the key that runs a command, by its id (the player's keymap's), for
        the hints that name keys; ``hints`` may be a function that gives them, called
        the first time they are wanted (a game with hints off imports none); ``advise``:
        advice shown first at every question (never marked shown)."""
        self._hints = hints
        self.advise = advise
        self.key_of = key_of
        self.enabled = enabled
        self.autosaves = autosaves
        self.shown: set[str] = set(shown)
        #: Hints met since the player was last asked (events of the moves in between).
        self.pending: list[Hint] = []
        #: The screen's own hints waiting for a question with little else to say.
        self.deferred: list[Hint] = []
        #: What the panel shows now.
        self.current: list[Hint] = []

    @classmethod
    def for_ruleset(cls, ruleset: Any, key_of: KeyOf, **options: Any) -> Coach:
        return cls(lambda: ruleset_hints(ruleset), key_of, **options)

    @property
    def hints(self) -> Hints:
        """The rules' hints (a ruleset's read the first time they are wanted)."""
        if callable(self._hints):
            self._hints = self._hints()
        return self._hints

    def fresh(self, hints: Iterable[Hint]) -> list[Hint]:
        """The hints not shown yet (once each), now marked shown; none while switched off."""
        if not self.enabled:
            return []
        out = []
        for hint in hints:
            if hint.key not in self.shown:
                self.shown.add(hint.key)
                out.append(hint)
        return out

    # -- the screen's own hints ---------------------------------------------------------
    def prompt_hint(self) -> Hint:
        return Hint("prompt", "Choosing",
                    "Up and Down (or a number) pick an option, Enter plays it. The map and the "
                    "text beside the list preview the option picked. "
                    f"{self.key_of('game.hints')} hides the hints, "
                    f"{self.key_of('app.keys')} lists the keys, "
                    f"{self.key_of('app.rules')} opens the rules.")

    def undo_hint(self) -> Hint:
        return Hint("undo", "Undo",
                    f"Changed your mind? {self.key_of('battle.undo')} takes back your "
                    f"last decision (and the dice it rolled), "
                    f"{self.key_of('battle.redo')} plays it again.")

    def save_hint(self) -> Hint:
        auto = (" The game is also saved at the end of every turn: Continue, on the title "
                "screen, resumes it." if self.autosaves else "")
        return Hint("save", "Saving",
                    f"{self.key_of('battle.save')} saves the game under a name (Load, on "
                    f"the title screen, resumes it); {self.key_of('battle.quit')} goes "
                    f"back to the menu.{auto}")

    # -- as play goes ---------------------------------------------------------------------
    def start(self, state: GameState, side: str, keep: bool = True) -> list[Hint]:
        """The hints for a game's start (its intro: every game has its own, even with
        ``shown`` carried over from another game); ``keep``: shown with the first
        decision's (else the caller shows them its own way)."""
        if not self.enabled:
            return []
        hints = self.hints.for_start(state, side)
        self.shown.update(hint.key for hint in hints)
        if keep:
            self.pending.extend(hints)
        return hints

    def opening(self, state: GameState, side: str) -> None:
        """The game's opening hints not shown yet, kept for the next question (for hints
        switched on after the game began)."""
        self.pending.extend(self.fresh(self.hints.for_start(state, side)))

    def asked(self, state: GameState, decision: Decision) -> list[Hint]:
        """The player is asked ``decision`` (``state`` as they see it): the hints met since
        the last question, then this one's.  They become ``current``, unless there is
        nothing new: the panel then keeps what it shows."""
        if not self.enabled:  # (nothing to find: every question passes here)
            return []
        new = [*self.pending]
        self.pending = []
        new += self.fresh(self.hints.for_decision(state, decision, decision.side))
        new += self.fresh([self.prompt_hint()])
        # The screen's own hints wait for a question with little else to say.
        while self.enabled and self.deferred and len(new) < 2:
            hint = self.deferred.pop(0)
            new += self.fresh([hint])
        if self.advise is not None:
            new.insert(0, self.advise(state, decision))
        if new:
            self.current = new
        return new

    def played(self, before: GameState, after: GameState, sides: Sequence[str],
               by_player: bool) -> list[Hint]:
        """An order was played (``by_player``: one of ``sides``, the player's): the
        hints of what happened, kept for the next question and returned."""
        if not self.enabled:  # (nothing to find: every order of every AI passes here)
            return []
        side = sides[0] if sides else ""
        if by_player:
            self._defer(self.undo_hint())
        if after.turn != before.turn and after.outcome is None:
            self._defer(self.save_hint())
        found = [hint for event in after.events
                 for hint in self.hints.for_event(after, event, side)]
        hints = self.fresh(found)
        self.pending.extend(hints)
        return hints

    def _defer(self, hint: Hint) -> None:
        if hint.key not in self.shown and all(h.key != hint.key for h in self.deferred):
            self.deferred.append(hint)

    def toggle(self) -> bool:
        """Switch on or off; whether it is on now."""
        self.enabled = not self.enabled
        if not self.enabled:
            self.pending = []
        return self.enabled
