"""The prompt docked under the map: one decision, its options, and what they mean."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.core.orders import Order
from tui_naval.tui.preview import OptionInfo


class PromptPanel(Vertical):
    """Asks one decision: number keys or arrows and Enter choose an option."""

    class Chosen(Message):
        """The player chose ``order``."""

        def __init__(self, order: Order) -> None:
            super().__init__()
            self.order = order

    class Highlighted(Message):
        """The highlight moved to ``order`` (for previews)."""

        def __init__(self, order: Order) -> None:
            super().__init__()
            self.order = order

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._orders: list[Order] = []
        self._infos: list[OptionInfo] = []
        self._table: Table | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-title")
        with Horizontal(id="prompt-body"):
            yield OptionList(id="prompt-options")
            yield Static("", id="prompt-detail")

    @property
    def options(self) -> OptionList:
        return self.query_one("#prompt-options", OptionList)

    @property
    def asking(self) -> bool:
        """Whether a decision is waiting for the player."""
        return bool(self._orders)

    def ask(self, title: str, options: Sequence[tuple[Order, OptionInfo]],
            table: Table | None = None, highlight: int = 0) -> None:
        """Show a decision; ``table`` (a chance table) stays beside the options."""
        self._orders = [order for order, _ in options]
        self._infos = [info for _, info in options]
        self._table = table
        self.query_one("#prompt-title", Static).update(Text.from_markup(title))
        option_list = self.options
        option_list.clear_options()
        option_list.add_options(self._option(n, info) for n, info in enumerate(self._infos, 1))
        option_list.highlighted = min(highlight, len(self._orders) - 1)
        self.remove_class("-waiting")
        self._show_detail(option_list.highlighted)

    def wait(self, title: str, detail: str = "") -> None:
        """No decision for the player: say what is happening instead."""
        self._orders = []
        self._infos = []
        self._table = None
        self.query_one("#prompt-title", Static).update(Text.from_markup(title))
        self.options.clear_options()
        self.add_class("-waiting")
        self.query_one("#prompt-detail", Static).update(Text.from_markup(detail))

    def choose(self, number: int) -> bool:
        """Answer with option ``number`` (1-based); False if there is none."""
        if not 1 <= number <= len(self._orders):
            return False
        self.post_message(self.Chosen(self._orders[number - 1]))
        return True

    def set_detail(self, text: Text | str) -> None:
        """Replace the detail beside the options (the screen's preview of a move)."""
        if self._table is not None:
            return
        detail = Text.from_markup(text) if isinstance(text, str) else text
        self.query_one("#prompt-detail", Static).update(detail)

    def _option(self, number: int, info: OptionInfo) -> Option:
        label = Text.assemble((f"{number} ", "bold"), info.label)
        if info.warning:
            label.append(" !", style="bold red")
        return Option(label)

    def _show_detail(self, index: int | None) -> None:
        static = self.query_one("#prompt-detail", Static)
        if self._table is not None:
            static.update(self._table)
            return
        if index is None or not 0 <= index < len(self._infos):
            static.update("")
            return
        info = self._infos[index]
        text = Text(info.detail)
        if info.warning:
            text.append(f"\n! {info.warning}", style="bold red")
        static.update(text)

    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        self._show_detail(index)
        if 0 <= index < len(self._orders):
            self.post_message(self.Highlighted(self._orders[index]))

    @on(OptionList.OptionSelected, "#prompt-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index + 1)
