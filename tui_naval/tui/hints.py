"""Hints as play goes: which to show (``Coach``), and the panel that shows them.

The rules' hints come from the ruleset's package (its ``hints`` module's ``HINTS``, a
``core.hints.Hints``; a ruleset without one has none), chosen by the kinds of the
decisions asked and of the events that happen; the screen adds its own about its keys
(the prompt, undo, save).  Each hint is shown once per game.  Nothing here names a
ruleset: the texts are the rulesets'.

A game screen wires it in a few lines: a ``Coach`` made with the game, a ``HintPanel``
among its widgets, ``coach.asked`` when it asks the player, ``coach.played`` when an
order has been played, and ``panel.show`` with what they give.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from tui_naval.core.hints import Hint, Hints
from tui_naval.core.orders import Decision
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.widgets.text_panel import NotePanel


def ruleset_hints(ruleset: Ruleset[Any]) -> Hints:
    """A ruleset's hints (``Ruleset.hints``)."""
    return ruleset.hints


def _key(command_id: str, keymap: Mapping[str, str]) -> str:
    command = next(c for c in keys.ALL if c.id == command_id)
    return keys.key_label(command, keymap)


class Coach:
    """Chooses the hints to show: the rules' for each decision and event, and the screen's
    own, each once per game (``shown`` holds their keys).  Switched off, it shows
    nothing and marks nothing shown: switched on again, it picks up from there."""

    def __init__(self, hints: Hints, keymap: Mapping[str, str] | None = None, *,
                 enabled: bool = True, autosaves: bool = True,
                 shown: Iterable[str] = ()) -> None:
        self.hints = hints
        self.keymap: Mapping[str, str] = keymap or {}
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
    def for_ruleset(cls, ruleset: Any, keymap: Mapping[str, str] | None = None,
                    **options: Any) -> Coach:
        return cls(ruleset_hints(ruleset), keymap, **options)

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
                    f"{_key('game.hints', self.keymap)} hides the hints, "
                    f"{_key('app.keys', self.keymap)} lists the keys, "
                    f"{_key('app.rules', self.keymap)} opens the rules.")

    def undo_hint(self) -> Hint:
        return Hint("undo", "Undo",
                    f"Changed your mind? {_key('battle.undo', self.keymap)} takes back your "
                    f"last decision (and the dice it rolled), "
                    f"{_key('battle.redo', self.keymap)} plays it again.")

    def save_hint(self) -> Hint:
        auto = (" The game is also saved at the end of every turn: Continue, on the title "
                "screen, resumes it." if self.autosaves else "")
        return Hint("save", "Saving",
                    f"{_key('battle.save', self.keymap)} saves the game under a name (Load, on "
                    f"the title screen, resumes it); {_key('battle.quit', self.keymap)} goes "
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


class HintPanel(NotePanel):
    """The hints of the moment: each a bold title and a few plain lines (never markup)."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.hints: tuple[Hint, ...] = ()
        #: A few words after the title on the panel's top edge (the key that hides it).
        self.label = ""
        self.border_title = "Hint"

    def show(self, hints: Sequence[Hint], footer: str = "") -> None:
        """Show ``hints`` (and a dim ``footer`` line, such as the key that hides them)."""
        self.hints = tuple(hints)
        self._footer = footer
        title = "Hints" if len(self.hints) > 1 else "Hint"
        self.border_title = f"{title} [dim]({escape(self.label)})[/]" if self.label else title
        self.content_changed()
        self.scroll_home(animate=False)

    _footer = ""

    def page_on(self) -> None:
        """Scroll a page on; at the end, back to the top."""
        if self.scroll_y >= self.max_scroll_y:
            self.scroll_home(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def content(self, width: int) -> RenderableType:
        text = Text()
        for index, hint in enumerate(self.hints):
            if index:
                text.append("\n")
            text.append(hint.title, style="bold")
            text.append("\n")
            text.append(hint.text)
        if self._footer:
            text.append(("\n" if self.hints else "") + self._footer, style="dim")
        return text
