"""Option lists whose PageUp and PageDown work at every size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui_naval.tui.textual_contract import LaidOutView
from tui_naval.tui.widgets.glyphs import AsciiLines

#: Down (1) or up (-1) the list.
Direction = Literal[-1, 1]


def lines_known(option_list: OptionList) -> bool:
    """Whether Textual knows where the options' lines are: the list has a place on screen
    (Textual measures the lines at its width, as soon as it has one)."""
    return bool(option_list.scrollable_content_region)


def next_enabled(options: Sequence[Option], start: int, direction: Direction) -> int | None:
    """The first option from ``start`` on (``start`` included) in ``direction`` that is not
    disabled; None if there is none."""
    index = start
    while 0 <= index < len(options):
        if not options[index].disabled:
            return index
        index += direction
    return None


def page_by_options(option_list: OptionList, direction: Direction) -> None:
    """Move the highlight a page of options, as many as the list is high (at least one)."""
    options = option_list.options
    if not options:
        return
    highlighted = option_list.highlighted or 0
    page = max(1, option_list.scrollable_content_region.height)
    target = max(0, min(len(options) - 1, highlighted + direction * page))
    option_list.highlighted = next_enabled(options, target, direction)


def page(option_list: OptionList, direction: Direction) -> None:
    """PageDown (1) or PageUp (-1) in ``option_list``: Textual's, by the lines the options
    take; by options while the list has no place on screen (Textual's raised ``KeyError``
    there, its lines not measured)."""
    if option_list.highlighted is not None and not lines_known(option_list):
        page_by_options(option_list, direction)
    elif direction > 0:
        option_list.action_page_down()  # type: ignore[no-untyped-call]
    else:
        option_list.action_page_up()  # type: ignore[no-untyped-call]


class PagedOptionList(AsciiLines, LaidOutView, OptionList):
    """Textual's ``OptionList``, paging safely before it is laid out or while hidden, and
    not drawing its scroll bar again after each layout.

    Textual's pages by the lines the options take, which it measures only once the list
    has a size: a list not laid out yet, or hidden (``display: none``, behind the
    too-small notice), raised ``KeyError`` on PageUp and PageDown.  Without lines, this
    one pages by options (``page_by_options``).  (As a ``LaidOutView`` it keeps the
    virtual size it measures: compared with the region's size that the layout hands it,
    Textual would refresh the scroll bar of a list that scrolls after every layout, in a
    frame of its own.)
    """

    def action_page_down(self) -> None:
        if self.highlighted is not None and not lines_known(self):
            page_by_options(self, 1)
        else:
            super().action_page_down()  # type: ignore[no-untyped-call]

    def action_page_up(self) -> None:
        if self.highlighted is not None and not lines_known(self):
            page_by_options(self, -1)
        else:
            super().action_page_up()  # type: ignore[no-untyped-call]
