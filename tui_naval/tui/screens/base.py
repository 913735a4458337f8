"""What every screen of the app shares: its commands and the too-small notice.

Below 80x24 the app's breakpoints give the screen a ``-narrow`` or ``-short``
class, and the stylesheet hides everything but the ``TooSmall`` notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events, on
from textual.app import ComposeResult, RenderResult
from textual.binding import BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui_naval.tui import keys

if TYPE_CHECKING:
    from tui_naval.tui.app import NavalApp

T = TypeVar("T")


class TooSmall(Widget):
    """Asks for a larger terminal."""

    def render(self) -> RenderResult:
        from tui_naval.tui.app import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        return (f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n\n"
                f"It is {width}x{height} now.")


class NavalFooter(Footer):
    """Textual's footer, cheaper to build (it costs a screen more than anything else).

    The keys are composed as soon as the screen first announces its bindings, so
    they are in its first frame (Textual's footer waits for a refresh, then composes
    them: one more layout and paint); each key starts in the footer's style (a key's ``compact``
    defaults to True and is then bound to the footer's False, which restyles it
    twice); and the keys are built again only when the ones shown have changed,
    not every time the focus moves or a screen refreshes its bindings.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self._shown is None and screen is self.screen and self.is_attached:
            # The first time: compose the keys now, from the footer's own queue (they
            # bind to its ``compact``), rather than after the next refresh.
            self.set_reactive(Footer._bindings_ready, True)
            self.call_later(self.recompose)
            return
        super().bindings_changed(screen)

    def _keys_shown(self) -> tuple[object, ...] | None:
        """Everything the keys are composed from (None: nothing yet)."""
        if not self._bindings_ready:
            return None
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        return (self.compact, self.show_command_palette, app.ENABLE_COMMAND_PALETTE,
                *((key, b.action, b.description, b.show, b.group, b.tooltip, enabled, tooltip,
                   app.get_key_display(b))
                  for key, (_node, b, enabled, tooltip) in self.screen.active_bindings.items()
                  if b.show or key == palette))

    def compose(self) -> ComposeResult:
        self._shown = self._keys_shown()
        compact = self.compact
        for widget in super().compose():
            # The keys bound to the footer's ``compact`` take its value now (the command
            # palette's key is not bound: it keeps its own).
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._keys_shown() == self._shown:
            return
        await super().recompose()


class NavalScreen(Screen[T]):
    """A full screen of the app; ``COMMAND_SET`` drives its keys, footer and palette.

    Its widgets are styled once as they are mounted, not twice more before the first
    frame: the size classes (``-narrow``, ``-wide``, ...) are set before they are
    built, so the first Resize finds them set, and the first ScreenResume does not
    style again what has just been styled.
    """

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = ()
    _resumed = False

    async def _on_compose(self, event: events.Compose) -> None:
        # (Textual calls each class's handler: Widget's, which builds the widgets, runs
        # after this one.)
        self.update_classes(self.size_classes(self.app.size), animate=False)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._resumed or not event.refresh_styles:
            return
        self._resumed = True
        event.prevent_default()
        super()._on_screen_resume(events.ScreenResume(refresh_styles=False))

    def size_classes(self, size: Size) -> dict[str, bool]:
        """The breakpoint classes for a terminal size, as Textual sets them on a Resize."""
        app = self.app
        across = (app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None
                  else self.HORIZONTAL_BREAKPOINTS) or []
        down = (app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None
                else self.VERTICAL_BREAKPOINTS) or []
        classes = {name: False for _, name in (*across, *down)}
        for length, points in ((size.width, across), (size.height, down)):
            for point, name in sorted(points, reverse=True):
                if length >= point:
                    classes[name] = True
                    break
        return classes

    @property
    def naval(self) -> NavalApp:
        from tui_naval.tui.app import NavalApp

        assert isinstance(self.app, NavalApp)
        return self.app

    @on(events.Mount)
    def _add_too_small(self, event: events.Mount) -> None:
        self.mount(TooSmall())


class NavalModal(ModalScreen[T]):
    """A dialog of the app; Escape closes it unless a subclass says otherwise."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = keys.DIALOG
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.DIALOG)

    @property
    def naval(self) -> NavalApp:
        from tui_naval.tui.app import NavalApp

        assert isinstance(self.app, NavalApp)
        return self.app

    @on(events.Mount)
    def _add_too_small(self, event: events.Mount) -> None:
        self.mount(TooSmall())

    def action_close(self) -> None:
        self.dismiss(None)
