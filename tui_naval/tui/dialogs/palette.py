"""The command palette: Textual's, paging its list safely."""

from __future__ import annotations

from textual._widget_navigation import Direction
from textual.command import CommandList, CommandPalette, SearchIcon

from tui_naval.tui.widgets.glyphs import app_ascii_only
from tui_naval.tui.widgets.option_list import lines_known, page_by_options

PAGES: dict[str, Direction] = {"page_down": 1, "page_up": -1}


class Palette(CommandPalette):
    """Textual's command palette, whose PageUp and PageDown work before its list is shown.

    (ctrl+p then PageDown at once paged a list not laid out yet: ``KeyError`` in
    Textual's ``OptionList._move_page``; see ``PagedOptionList``.)  With ``--ascii`` its
    search icon is ``>`` (its lines are in styles/ascii.tcss).
    """

    def on_mount(self) -> None:
        if app_ascii_only(self.app):
            for icon in self.query(SearchIcon):
                icon.icon = ">"

    def _action_command_list(self, action: str) -> None:
        direction = PAGES.get(action)
        if direction is not None:
            commands = self.query_one(CommandList)
            if commands.highlighted is not None and not lines_known(commands):
                page_by_options(commands, direction)
                return
        super()._action_command_list(action)
