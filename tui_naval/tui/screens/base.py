"""What every screen of the app shares: its commands and the too-small notice.

Below 80x24 the app's breakpoints give the screen a ``-narrow`` or ``-short``
class, and the stylesheet hides everything but the ``TooSmall`` notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import events, on
from textual.app import RenderResult
from textual.binding import BindingType
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

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


class NavalScreen(Screen[T]):
    """A full screen of the app; ``COMMAND_SET`` drives its keys, footer and palette."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = ()

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
