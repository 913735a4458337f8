"""The key bar at the foot of every screen: the keys the screen's bindings show.

One line, one widget, drawn from the screen's active bindings each time they
change (Textual's ``Footer`` builds a widget per key, which costs a screen's
launch more than anything else on it).  A disabled key is dimmed; the command
palette's key stands on the right; a click on a key presses it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from tui_naval.tui.widgets.glyphs import app_ascii_only, cut, glyphs


class KeyBar(Widget, can_focus=False):
    """The keys of the screen's bindings that show, each with what it does."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "key-bar--key", "key-bar--description", "key-bar--disabled",
    }
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-bar--disabled {
            text-style: dim;
        }
    }
    """

    #: Less room between the keys (for narrow terminals).
    compact: reactive[bool] = reactive(False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: Where each key is drawn: (first column, end column, key, enabled).
        self._spans: list[tuple[int, int, str, bool]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh()

    def shown_keys(self) -> list[tuple[str, str, str, bool]]:
        """(key, key as shown, description, enabled) of each key on show, left to right;
        the command palette's last."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        shown: list[tuple[str, str, str, bool]] = []
        last: tuple[str, str, str, bool] | None = None
        seen: set[str] = set()
        #: The screen's keys it leaves out of the bar (they still work).
        unshown: frozenset[str] = getattr(self.screen, "unshown", frozenset())
        #: A screen that says its commands (a match's) has its keys in their order, after
        #: its widgets' and before the app's.
        screen = self.screen
        order = {command.id: n for n, command in enumerate(getattr(screen, "commands", ()))}
        ranked: list[tuple[int, tuple[str, str, str, bool]]] = []
        for key, (node, binding, enabled, _tooltip) in screen.active_bindings.items():
            entry = (key, app.get_key_display(binding), binding.description, enabled)
            if key == palette and app.ENABLE_COMMAND_PALETTE:
                last = entry
            elif binding.show and binding.action not in seen and binding.id not in unshown:
                seen.add(binding.action)  # one key an action (its first)
                rank = order.get(binding.id or "", len(order)) if node is screen \
                    else len(order) + 1 if node is app else -1
                ranked.append((rank, entry))
        shown = [entry for _, entry in sorted(ranked, key=lambda item: item[0])]
        return [*shown, last] if last is not None else shown

    def render(self) -> RenderResult:
        style = self.get_component_rich_style
        key_style, text_style = style("key-bar--key"), style("key-bar--description")
        dim = style("key-bar--disabled", partial=True)
        # As Textual's footer: " u Undo " side by side; compact, "u Undo" a space apart.
        compact = self.compact
        keys = self.shown_keys()
        palette = self.app.COMMAND_PALETTE_BINDING
        left = Text(no_wrap=True, overflow="ellipsis")
        right = Text(no_wrap=True)
        spans: list[tuple[int, int, str, bool]] = []
        for key, display, description, enabled in keys:
            into = right if key == palette else left
            start = into.cell_len
            into.append(display if compact else f" {display} ",
                        key_style if enabled else key_style + dim)
            if description:
                into.append(f" {description}" if compact else f"{description} ",
                            text_style if enabled else text_style + dim)
            spans.append((start, into.cell_len, key, enabled))
            if into is left and compact:
                into.append(" ")
        width = self.size.width
        room = max(0, width - right.cell_len - 1)
        left = cut(left, room, glyphs(app_ascii_only(self.app)).ellipsis, pad=True)
        offset = left.cell_len + 1
        self._spans = [(a + offset, b + offset, k, e) if k == palette else (a, b, k, e)
                       for a, b, k, e in spans]
        return Text.assemble(left, " ", right, no_wrap=True) if right else left

    def watch_compact(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        for start, end, key, enabled in self._spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
