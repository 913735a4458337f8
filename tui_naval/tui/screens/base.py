"""What every screen of the app shares: its commands and the too-small notice.

Below 80x24 the app's breakpoints give the screen a ``-narrow`` or ``-short``
class, and the stylesheet hides everything but the ``TooSmall`` notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events, on
from textual.app import RenderResult
from textual.binding import BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets._toast import ToastRack

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


def too_small(size: Size) -> bool:
    """Whether a terminal of ``size`` is below the app's minimum."""
    from tui_naval.tui.app import MIN_HEIGHT, MIN_WIDTH

    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def add_screen_layers(widgets: list[Widget], size: Size) -> None:
    """What every screen of the app adds to its own widgets, built with them (one layout,
    not one more after the first frame): Textual's notification rack, hidden (Textual
    shows it, with the app's notifications, as the screen resumes; hidden from the start,
    it is not hidden just after the first frame), and in a terminal below 80x24 the
    too-small notice (``show_too_small`` adds it when the terminal shrinks later)."""
    for widget in widgets:
        if isinstance(widget, ToastRack):
            widget.display = False
    if too_small(size):
        widgets.append(TooSmall())


def show_too_small(screen: Screen[Any], size: Size) -> None:
    """Add the too-small notice to ``screen`` if the terminal is now too small for it and
    the screen has none yet (the stylesheet shows it below 80x24 and hides the rest)."""
    if too_small(size) and not any(isinstance(w, TooSmall) for w in screen.children):
        screen.mount(TooSmall())


class AppScreen(Screen[T]):
    """What the app's screens and dialogs share: their commands (``COMMAND_SET`` drives
    their keys, key bar and palette), their own stylesheet, the app, and the layers
    every screen has (``add_screen_layers``, ``show_too_small``)."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = ()
    #: The screen's own sheet (``styles/<name>.tcss``), added as it opens
    #: (``NavalApp.use_stylesheet``).
    STYLESHEET: ClassVar[str | None] = None

    @property
    def naval(self) -> NavalApp:
        from tui_naval.tui.app import NavalApp

        assert isinstance(self.app, NavalApp)
        return self.app

    def _extend_compose(self, widgets: list[Widget]) -> None:
        super()._extend_compose(widgets)
        add_screen_layers(widgets, self.app.size)

    @on(events.Resize)
    @on(events.ScreenResume)
    def _fit_too_small(self) -> None:
        show_too_small(self, self.app.size)


class NavalScreen(AppScreen[T]):
    """A full screen of the app.

    Its widgets are styled once as they are mounted, not twice more before the first
    frame: the size classes (``-narrow``, ``-wide``, ...) are set before they are
    built, so the first Resize finds them set, and the first ScreenResume does not
    style again what has just been styled.
    """

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

    async def _on_resize(self, event: events.Resize) -> None:
        # The terminal announces its size as the app starts, after the screen has been
        # laid out at that size: Textual would lay it out again, for nothing.  (``size``
        # is the app's; ``_size`` is what the screen was laid out at, as Textual's own
        # ScreenResume handler compares.)
        if event.size == self._size:
            event.stop()
            event.prevent_default()

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


class NavalModal(ModalScreen[T], AppScreen[T]):
    """A dialog of the app; Escape closes it unless a subclass says otherwise."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = keys.DIALOG
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.DIALOG)
    STYLESHEET: ClassVar[str | None] = "dialogs"

    def action_close(self) -> None:
        self.dismiss(None)
