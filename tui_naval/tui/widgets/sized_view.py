"""A ``ScrollView`` whose content is measured at the view's width in the layout pass.

The log and the text panels lay their text out at the width they are shown at; they
learn it, and set their content's size, in the layout pass before a frame, so the
first frame is already right (``size`` and the regions are set only after it).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView

from tui_naval.tui.textual_contract import LaidOutView


class SizedView(LaidOutView, ScrollView):
    """Calls ``_fit_content`` in each layout pass; ``_content_width`` is the view's width."""

    def _content_width(self) -> int:
        """The width the content is drawn at: the view's, known from the first layout on
        (in the layout pass too, where ``size`` and the regions are not yet)."""
        return self.container_size.width - self.scrollbar_size_vertical

    def laid_out(self, size: Size) -> None:
        # (The content's size is measured here, and kept: the scroll bars are not drawn
        # again in a frame of their own after each layout.)
        self._fit_content()

    def _fit_content(self) -> None:
        """Measure the content at ``_content_width`` and ``_set_content_size`` it."""

    def _set_content_size(self, size: Size) -> None:
        """The content's size, with the scroll bars to match; no new layout."""
        if size != self.virtual_size:
            self.set_virtual_size_quietly(size)
