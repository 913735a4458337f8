"""A decision as a player is asked it: its options in the ruleset's order, each with its
label, detail, warning and preview, worked out once from the state as the deciding side
may know it.

Every view of a decision reads this (the battle's prompt, a replay's position, a test):
the options' texts and previews are asked of the ruleset's presenter once per decision,
never again as the highlight moves.  A question asked of the player has every preview
worked out at once (each option's line is shown beside the list, and an option whose
preview foresees a cost is marked); a recorded one (a replay's position) works out each
preview as it is first looked at.
"""

from __future__ import annotations

from attrs import evolve, field

from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import OptionInfo, Presenter, Preview
from tui_naval.core.state import GameState
from tui_naval.core.values import frozen


@frozen
class Option:
    """One option of a question: the order and its texts."""

    order: Order
    info: OptionInfo

    @property
    def label(self) -> str:
        return self.info.label


@frozen(eq=False)
class Question:
    """A decision as the side to decide sees it, with its options worked out."""

    #: The match's version when it was asked: an answer to an older question is stale.
    number: int
    decision: Decision
    #: The state as the deciding side may know it (another side's plotted orders hidden).
    seen: GameState
    options: tuple[Option, ...]
    presenter: Presenter = field(repr=False)
    #: The keys that narrow the list by typing (the presenter's), "" for none.
    typing: str = ""
    #: The answer a recording gave here (a replay's position), else None.
    answer: Order | None = None
    #: The previews worked out so far, by option.
    _previews: dict[Order, Preview | None] = field(factory=dict, repr=False)

    @property
    def side(self) -> str:
        return self.decision.side

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(option.order for option in self.options)

    def option(self, order: Order) -> Option | None:
        """The option of ``order``, if it is one."""
        return next((option for option in self.options if option.order == order), None)

    def preview(self, order: Order) -> Preview | None:
        """What ``order`` would do, as the ruleset previews it (None: no preview); worked
        out the first time it is asked."""
        if order not in self._previews:
            self._previews[order] = self.presenter.preview(self.seen, order)
        return self._previews[order]

    def detail(self, order: Order) -> str:
        """The line beside the options while ``order`` is highlighted: its preview's, else
        its own detail."""
        preview = self.preview(order)
        option = self.option(order)
        return preview.text if preview is not None \
            else option.info.detail if option is not None else ""

    def warning(self, order: Order) -> str:
        """What the option risks (its preview's foresight first)."""
        preview = self.preview(order)
        option = self.option(order)
        return preview.warning if preview is not None \
            else option.info.warning if option is not None else ""

    @property
    def default_index(self) -> int:
        """The option a prompt highlights first: the first listed that risks nothing (no
        ``!``), else the first."""
        return next((i for i, option in enumerate(self.options) if not option.info.warning), 0)

    @property
    def answer_index(self) -> int:
        """Where the recorded answer stands in the options (0 if none is known)."""
        orders = self.orders
        return orders.index(self.answer) if self.answer in orders else 0


def pose(presenter: Presenter, decision: Decision, seen: GameState, number: int,
         answer: Order | None = None) -> Question:
    """``decision`` as its side is asked it, in ``seen``.  Asked of a player (no recorded
    ``answer``), every option's preview is worked out now, and each option is marked with
    a warning where its preview foresees a cost that another option avoids
    (``foreseen``); a recorded decision's previews wait until they are looked at."""
    orders = presenter.option_order(seen, decision)
    options = tuple(Option(order, presenter.option_info(seen, decision, order))
                    for order in orders)
    question = Question(number, decision, seen, options, presenter,
                        presenter.typing_keys(seen, decision), answer)
    if answer is not None:
        return question
    previews = [question.preview(order) for order in orders]
    return evolve(question, options=foreseen(options, previews),
                  previews=dict(zip(orders, previews, strict=True)))


def foreseen(options: tuple[Option, ...], previews: list[Preview | None]) -> tuple[Option, ...]:
    """The options, each marked ``!`` also where its preview foresees a cost (she would
    run aground, or be lost) that another option avoids, not only where the order always
    risks one (a cost every option shares is the preview's line alone)."""
    warnings = [preview.warning if preview else "" for preview in previews]
    if len(set(warnings)) < 2:
        return options
    return tuple(evolve(option, info=evolve(option.info, warning=warning))
                 if warning and not option.info.warning else option
                 for option, warning in zip(options, warnings, strict=True))
