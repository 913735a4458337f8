"""What every screen of the app shares: its commands, the too-small notice, and closing.

Below 80x24 the app's breakpoints give the screen a ``-narrow`` or ``-short``
class, and the stylesheet hides everything but the ``TooSmall`` notice.  The
notice holds the keyboard: no widget has the focus and no binding but the app's
quit key (ctrl+q, as remapped) works until the terminal is large enough again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from textual import events, on
from textual.app import RenderResult
from textual.await_complete import AwaitComplete
from textual.binding import BindingsMap, BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from tui_naval.tui import keys
from tui_naval.tui.textual_contract import BindingChain, KeyFilterScreen, is_toast_rack

if TYPE_CHECKING:
    from tui_naval.tui.app import NavalApp

T = TypeVar("T")

#: The smallest terminal the game draws in (below it, the too-small notice).
MIN_WIDTH = 80
MIN_HEIGHT = 24

#: The actions the too-small notice lets through: the app's quit (it autosaves a game in
#: progress), the one key that does the same on every screen.
QUIT_ACTIONS = frozenset({"quit", "app.quit"})


class TooSmall(Widget):
    """Asks for a larger terminal, and says which key still works."""

    def render(self) -> RenderResult:
        width, height = self.app.size
        return (f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n\n"
                f"It is {width}x{height} now. {quit_key(self.app)} quits.")


def quit_key(app: object) -> str:
    """The key that quits the app, as the player's keymap has it."""
    config = getattr(app, "config", None)
    return keys.key_label(keys.APP[0], config.keymap if config is not None else {})


def quit_only(bindings: BindingsMap) -> BindingsMap:
    """The quit bindings (``QUIT_ACTIONS``) of a bindings map."""
    kept = BindingsMap()
    for key, bound in bindings.key_to_bindings.items():
        quits = [binding for binding in bound if binding.action in QUIT_ACTIONS]
        if quits:
            kept.key_to_bindings[key] = quits
    return kept


def too_small(size: Size) -> bool:
    """Whether a terminal of ``size`` is below the app's minimum."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def add_screen_layers(widgets: list[Widget], size: Size) -> None:
    """What every screen of the app adds to its own widgets, built with them (one layout,
    not one more after the first frame): Textual's notification rack, hidden (Textual
    shows it, with the app's notifications, as the screen resumes; hidden from the start,
    it is not hidden just after the first frame), and in a terminal below 80x24 the
    too-small notice (``show_too_small`` adds it when the terminal shrinks later)."""
    for widget in widgets:
        if is_toast_rack(widget):
            widget.display = False
    if too_small(size):
        widgets.append(TooSmall())


def show_too_small(screen: Screen[Any], size: Size) -> None:
    """Add the too-small notice to ``screen`` if the terminal is now too small for it and
    the screen has none yet (the stylesheet shows it below 80x24 and hides the rest)."""
    if too_small(size) and not any(isinstance(w, TooSmall) for w in screen.children):
        screen.mount(TooSmall())


class AppScreen(KeyFilterScreen[T]):
    """What the app's screens and dialogs share: their commands (``COMMAND_SET`` drives
    their keys, key bar and palette), their own stylesheet, the app, the layers every
    screen has (``add_screen_layers``, ``show_too_small``), the too-small notice's hold
    on the keyboard (``holds_keys``), and a safe ``dismiss``."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = ()
    #: The screen's own sheet (``styles/<name>.tcss``), added as it opens
    #: (``NavalApp.use_stylesheet``).
    STYLESHEET: ClassVar[str | None] = None
    #: While the notice holds the keyboard: the widget to focus once it lets go.
    _focus_after: Widget | None = None
    _held = False
    #: A ScreenResume the screen needs no fitting for (``NavalScreen``: the first).
    _fitted_already: events.ScreenResume | None = None

    @property
    def naval(self) -> NavalApp:
        """The app, as the game's (every screen of it runs in a ``NavalApp``)."""
        return cast("NavalApp", self.app)

    def key_of(self, command_id: str) -> str:
        """The key that runs a command here, as the player presses it (her keymap's)."""
        return keys.key_label(keys.command(command_id), self.naval.config.keymap)

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        # (Textual's layers are in ``widgets`` already.)
        add_screen_layers(widgets, self.app.size)
        await super().mount_composed_widgets(widgets)

    @on(events.Resize)
    @on(events.ScreenResume)
    def _fit_too_small(self, event: events.Resize | events.ScreenResume) -> None:
        if event is self._fitted_already:
            return
        size = self.app.size
        show_too_small(self, size)
        # A screen resumed under a dialog that was resized keeps the size classes it had
        # (Textual sets them on a Resize, which only the top screen gets).
        self.update_classes(self.size_classes(size), animate=False)
        if too_small(size):
            self._hold_keys()
        elif self._held:
            self._release_keys()

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

    # -- the notice holds the keyboard ---------------------------------------------------
    @property
    def holds_keys(self) -> bool:
        """Whether the too-small notice holds the keyboard (the terminal is below 80x24):
        no widget has the focus, and only the app's quit key is bound."""
        return too_small(self.app.size)

    def filter_bindings(self, chain: BindingChain) -> BindingChain:
        if self.app.return_code is not None:
            # Quitting: keys typed after the quit key do nothing (ctrl+p opened a palette
            # as the app closed, and its search then failed).
            return []
        if not self.holds_keys:
            return chain
        return [(node, quit_only(bindings)) for node, bindings in chain if node is self.app]

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True,
                  from_app_focus: bool = False) -> None:
        """Focus ``widget``; while the notice holds the keyboard, only once it lets go."""
        if self.holds_keys:
            self._held = True
            self._focus_after = widget
            widget = None
        super().set_focus(widget, scroll_visible, from_app_focus)

    def _hold_keys(self) -> None:
        if not self._held:
            self._held = True
            self._focus_after = self.focused
        super().set_focus(None)
        self.refresh_bindings()

    def _release_keys(self) -> None:
        self._held = False
        widget, self._focus_after = self._focus_after, None
        if widget is not None and widget.is_attached and self in widget.ancestors:
            super().set_focus(widget)
        else:
            self._focus_first()
        self.refresh_bindings()

    def _focus_first(self) -> None:
        """Focus the first focusable widget that ``AUTO_FOCUS`` (the screen's, else the
        app's) selects, if none has the focus, as Textual does as a screen resumes."""
        selector = self.app.AUTO_FOCUS if self.AUTO_FOCUS is None else self.AUTO_FOCUS
        if not (self.app.app_focus and selector) or self.focused is not None:
            return
        for widget in self.query(selector):
            if widget.focusable:
                self.set_focus(widget)
                break

    # -- closing ------------------------------------------------------------------------
    def dismiss(self, result: T | None = None) -> AwaitComplete:
        """Close the screen with ``result``, if it is the top one and not the last one.

        (Textual's pops whatever screen is on top, and raises on the last one: a close
        that arrives late, say from the command palette after Escape has closed the
        screen already, would close the screen underneath.)"""
        stack = self.app.screen_stack
        if len(stack) <= 1 or stack[-1] is not self:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        return super().dismiss(result)


class NavalScreen(AppScreen[T]):
    """A full screen of the app.

    Its widgets are styled once as they are mounted, not twice more before the first
    frame: the size classes (``-narrow``, ``-wide``, ...) are set before they are
    built, so the first Resize finds them set, and the first ScreenResume does not
    style again what has just been styled.
    """

    _resumed = False

    def rules_ruleset(self) -> str | None:
        """The ruleset whose rules F2 opens on this screen (None: the game's, or the
        default); a setup screen says the one chosen in its form."""
        return None

    @on(events.Compose)
    def _classes_before_widgets(self) -> None:
        # (Textual calls the handlers of each class, the subclass's first: Widget's, which
        # builds the widgets, runs after this one.)
        self.update_classes(self.size_classes(self.app.size), animate=False)

    @on(events.ScreenResume)
    def _styled_already(self, event: events.ScreenResume) -> None:
        # The first resume: the screen was styled and fitted to the terminal as it was
        # built.  Textual's own handler, which runs after this one, is told not to style it
        # again, and ``_fit_too_small`` passes this resume over.
        if self._resumed or not event.refresh_styles:
            return
        self._resumed = True
        event.refresh_styles = False
        self._fitted_already = event

    @on(events.Resize)
    def _laid_out_already(self, event: events.Resize) -> None:
        # The terminal announces its size as the app starts, after the screen has been
        # laid out at that size: Textual would lay it out again, for nothing.  (``size``
        # is the app's; ``outer_size`` is what the screen was laid out at, as Textual's
        # own ScreenResume handler compares.)  Textual's handler and ``_fit_too_small``
        # run after this one, and not at all once it has prevented the default.
        if event.size == self.outer_size:
            event.stop()
            event.prevent_default()


class NavalModal(ModalScreen[T], AppScreen[T]):
    """A dialog of the app; Escape closes it unless a subclass says otherwise."""

    COMMAND_SET: ClassVar[tuple[keys.Command, ...]] = keys.DIALOG
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.DIALOG)
    STYLESHEET: ClassVar[str | None] = "dialogs"

    def action_close(self) -> None:
        self.dismiss(None)
