"""A decision as a player is asked it: its options in the ruleset's order, each with its
label, detail, warning and preview, worked out once from the state as the deciding side
may know it.

Every view of a decision reads this (the battle's prompt, a replay's position, a test):
the options' texts and previews are asked of the ruleset's presenter once per decision,
never again as the highlight moves.
"""

from __future__ import annotations

from attrs import evolve, frozen

from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import OptionInfo, Presenter, Preview
from tui_naval.core.state import GameState


@frozen
class Option:
    """One option of a question: the order, its texts and its preview."""

    order: Order
    info: OptionInfo
    #: What the order would do, as the ruleset previews it (None: no preview).
    preview: Preview | None

    @property
    def label(self) -> str:
        return self.info.label

    @property
    def detail(self) -> str:
        """The line beside the options while this one is highlighted: its preview's, else
        its own detail."""
        return self.preview.text if self.preview is not None else self.info.detail

    @property
    def warning(self) -> str:
        """What the option risks (its preview's foresight first)."""
        return self.preview.warning if self.preview is not None else self.info.warning


@frozen(eq=False)
class Question:
    """A decision as the side to decide sees it, with its options worked out."""

    #: The match's version when it was asked: an answer to an older question is stale.
    number: int
    decision: Decision
    #: The state as the deciding side may know it (another side's plotted orders hidden).
    seen: GameState
    options: tuple[Option, ...]
    #: The keys that narrow the list by typing (the presenter's), "" for none.
    typing: str = ""
    #: The answer a recording gave here (a replay's position), else None.
    answer: Order | None = None

    @property
    def side(self) -> str:
        return self.decision.side

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(option.order for option in self.options)

    def option(self, order: Order) -> Option | None:
        """The option of ``order``, if it is one."""
        return next((option for option in self.options if option.order == order), None)

    @property
    def answer_index(self) -> int:
        """Where the recorded answer stands in the options (0 if none is known)."""
        orders = self.orders
        return orders.index(self.answer) if self.answer in orders else 0


def pose(presenter: Presenter, decision: Decision, seen: GameState, number: int,
         answer: Order | None = None) -> Question:
    """``decision`` as its side is asked it, in ``seen``: every option's texts and preview
    worked out now, and each marked with a warning where its preview foresees a cost that
    another option avoids (``foreseen``)."""
    orders = presenter.option_order(seen, decision)
    options = tuple(Option(order, presenter.option_info(seen, decision, order),
                           presenter.preview(seen, order)) for order in orders)
    return Question(number, decision, seen, foreseen(options),
                    presenter.typing_keys(seen, decision), answer)


def foreseen(options: tuple[Option, ...]) -> tuple[Option, ...]:
    """The options, each marked ``!`` also where its preview foresees a cost (she would
    run aground, or be lost) that another option avoids, not only where the order always
    risks one (a cost every option shares is the preview's line alone)."""
    warnings = {option.order: option.preview.warning if option.preview else ""
                for option in options}
    if len(set(warnings.values())) < 2:
        return options
    return tuple(evolve(option, info=evolve(option.info, warning=warnings[option.order]))
                 if warnings[option.order] and not option.info.warning else option
                 for option in options)
