"""The command palette: Textual's, paging its list safely."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette, SearchIcon

from tui_naval.tui.widgets.glyphs import app_ascii_only
from tui_naval.tui.widgets.option_list import Direction, page


class Palette(CommandPalette):
    """Textual's command palette, whose PageUp and PageDown work before its list is shown.

    (ctrl+p then PageDown at once paged a list not laid out yet: ``KeyError`` in
    Textual's ``OptionList``; see ``PagedOptionList``.)  With ``--ascii`` its search icon
    is ``>`` (its lines are in styles/ascii.tcss).
    """

    #: (In place of Textual's own for these keys.)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page_commands(1)", "Next page", show=False),
        Binding("pageup", "page_commands(-1)", "Previous page", show=False),
    ]

    def on_mount(self) -> None:
        if app_ascii_only(self.app):
            for icon in self.query(SearchIcon):
                icon.icon = ">"

    def action_page_commands(self, direction: Direction) -> None:
        """A page down (1) or up (-1) the commands."""
        page(self.query_one(CommandList), direction)
