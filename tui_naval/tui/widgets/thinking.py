"""The admiral's thinking: what an AI made of a decision, as text, and the demo's panel
that shows it after every AI decision.

::

    red (search), turn 2, decision 10
    R1 Cutter: helm orders
    Weighed 5 options in 240 rollouts, 250 ms.
       Value  Rollouts  Option
    > +0.015        80  Port 1 point
      -0.005        80  Hold course
    Value: the mean of its rollouts, -1 lost to +1 won, for red.

Ruleset-blind: the options' labels come from the ruleset's presenter (the caller looks
them up), the rest from the ``core.thoughts.Thought`` the search left.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from tui_naval.app.deliberations import Deliberation
from tui_naval.core.messages import plural
from tui_naval.tui.widgets.text_panel import NotePanel

#: What each player that does not search goes by, by its name.
NO_SEARCH = {
    "human": "a player made this decision",
    "greedy": "the greedy admiral chooses by its rules",
    "easy": "the easy admiral chooses by the greedy admiral's rules, with a slip now "
            "and then",
    "random": "the random admiral picks any legal option",
    "script": "the script's orders are played as they were written",
    "remote": "the other side is a player at another terminal",
}
#: Why a search made no rollouts, by its note.
NOTES = {
    "forced": "there was only one option",
    "hidden orders not sampled": "it could not guess the other side's hidden orders, "
                                 "and took the greedy admiral's choice",
}
#: Below this width the table's columns are narrower.
WIDE = 44


def no_search_text(who: str) -> str:
    """Why a decision has no values to show: its admiral does not search."""
    reason = NO_SEARCH.get(who)
    return f"No search: {reason}." if reason else "No values were kept for this decision."


def duration(seconds: float) -> str:
    """A search's time: ``40 ms``, ``1.80 s``."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def deliberation_text(seen: Deliberation, width: int, *, heading: bool = True) -> Text:
    """What the AI made of a decision, ``width`` cells wide: who and where (with
    ``heading``), then its best options, the answer marked, with their values and
    rollouts, or why it has none."""
    out = Text()
    if heading:
        who = f"{seen.side} ({seen.who})" if seen.who else seen.side
        out.append(f"{who}, turn {seen.turn}, decision {seen.index + 1}", "bold")
        out.append("\n")
        out.append(seen.prompt, "dim")
        out.append("\n")
    thought = seen.thought
    if thought is None:
        out.append(no_search_text(seen.who))
        return out
    if not thought.searched:
        reason = NOTES.get(thought.note, thought.note or "the search was stopped at once")
        out.append(f"No search for this decision: {reason}.")
        return out
    wide = width >= WIDE
    rollouts = plural(thought.rollouts, "rollout")
    if wide:
        out.append(f"Weighed {thought.options} options in {rollouts}, "
                   f"{duration(thought.seconds)}.")
        if thought.ahead:
            out.append(f" All ended level by the turn's end, so those below played "
                       f"{plural(thought.ahead, 'turn')} further.")
        if thought.options > len(thought.best):
            out.append(f" The best {len(thought.best)}:")
    else:
        out.append(f"{thought.options} options, {rollouts}, "
                   f"{duration(thought.seconds)}"
                   + (f", +{plural(thought.ahead, 'turn')}" if thought.ahead else ""))
    runs = "Rollouts" if wide else "Runs"
    out.append(f"\n   Value  {runs}  Option", "dim")
    room = max(4, width - 12 - len(runs))
    for rank, option in enumerate(thought.best):
        label = seen.labels.get(option.order, option.order)
        if len(label) > room:
            label = label[:room - 1] + "…"
        value = f"{option.value:+.3f}" if option.visits else "     -"
        line = Text(f"\n{'>' if rank == 0 else ' '} {value}  {option.visits:>{len(runs)}}  "
                    f"{label}", style="bold" if rank == 0 else "")
        out.append_text(line)
    out.append(f"\nValue: the mean of its rollouts, -1 lost to +1 won, for {seen.side}."
               if wide else "\nValue: -1 lost .. +1 won", "dim")
    answer = thought.best[0]
    if wide and any(o.visits and o.value > answer.value for o in thought.best[1:]):
        out.append("\n> marks the answer: the search leaves greedy's choice only for an option "
                   "surely better in the same worlds, so a higher mean alone is not enough.",
                   "dim")
    return out


def deliberation_summary(seen: Deliberation) -> Text:
    """What the search made of a decision in a sentence or two (a replay's detail):
    its best options with their values and rollouts, the answer first."""
    thought = seen.thought
    if thought is None:
        return Text(no_search_text(seen.who))
    if not thought.searched:
        return Text(f"No search: {NOTES.get(thought.note, thought.note or 'stopped at once')}.")
    parts = []
    for option in thought.best:
        label = seen.labels.get(option.order, option.order)
        parts.append(f"{label} {option.value:+.3f} ({option.visits})" if option.visits
                     else f"{label} not tried")
    who = seen.who or seen.side
    further = f", played {plural(thought.ahead, 'turn')} further" if thought.ahead else ""
    return Text(f"{who} weighed {thought.options} options in {thought.rollouts} rollouts"
                f"{further}, {duration(thought.seconds)}; value -1 lost .. +1 won (rollouts): "
                f"{', '.join(parts)}.", style="dim")


class ThinkingPanel(NotePanel):
    """The demo's panel: the last AI decision and what its search made of it."""

    DEFAULT_CSS = """
    ThinkingPanel {
        max-height: 45%;
    }
    """

    TITLE = "The admiral's thinking"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seen: Deliberation | None = None
        self.border_title = self.TITLE

    @property
    def label(self) -> str:
        """A few words after the title on the panel's top edge (the key that hides it)."""
        return self._label

    @label.setter
    def label(self, label: str) -> None:
        self._label = label
        self.border_title = f"{self.TITLE} [dim]({escape(label)})[/]" if label else self.TITLE

    _label = ""

    def show(self, seen: Deliberation | None) -> None:
        self.seen = seen
        self.content_changed()

    def content(self, width: int) -> RenderableType:
        if self.seen is None:
            return Text("No AI has decided yet.", style="dim")
        return deliberation_text(self.seen, width)
