"""Option lists whose PageUp and PageDown work at every size."""

from __future__ import annotations

from textual._widget_navigation import Direction, find_next_enabled_no_wrap
from textual.geometry import Size
from textual.widgets import OptionList

from tui_naval.tui.widgets.glyphs import AsciiLines


def lines_known(option_list: OptionList) -> bool:
    """Whether Textual knows where the highlighted option's lines are: the list has been
    laid out at a size, and is shown (Textual measures the lines then)."""
    return (option_list.highlighted or 0) in option_list._index_to_line \
        and bool(option_list._lines)


def page_by_options(option_list: OptionList, direction: Direction) -> None:
    """Move the highlight a page of options, as many as the list is high (at least one)."""
    options = option_list.options
    if not options:
        return
    highlighted = option_list.highlighted or 0
    page = max(1, option_list.scrollable_content_region.height)
    target = max(0, min(len(options) - 1, highlighted + direction * page))
    option_list.highlighted = find_next_enabled_no_wrap(options, anchor=target,
                                                        direction=direction, with_anchor=True)


class PagedOptionList(AsciiLines, OptionList):
    """Textual's ``OptionList``, paging safely before it is laid out or while hidden, and
    not drawing its scroll bar again after each layout.

    Textual's pages by the lines the options take, which it measures only once the list
    has a size: a list not laid out yet, or hidden (``display: none``, behind the
    too-small notice), raised ``KeyError`` on PageUp and PageDown.  Without lines, this
    one pages by options (``page_by_options``).
    """

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        # The layout hands a ScrollView its region's size as ``virtual_size``; the list
        # measures its own lines.  Compared with those, ScrollView would refresh the scroll
        # bar of a list that scrolls after every layout, in a frame of its own.
        return super()._size_updated(size, self.virtual_size, container_size, layout)

    def _move_page(self, direction: Direction) -> None:
        if not self.options:
            return
        if lines_known(self):
            super()._move_page(direction)
        else:
            page_by_options(self, direction)
