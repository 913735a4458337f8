"""The private parts of Textual that the game depends on: all of them, and only here.

Textual's private names (a leading underscore, or a module whose name has one) can change
in any release.  The game keeps to Textual's public API everywhere else; where Textual has
no public way to do what the game needs without costing a second layout, a visible flicker
or launch time (docs/architecture.md, "The first frame"), the private part is used here,
behind a name of the game's own, with what it is for and what the game depends on.  Each
entry has a test in ``tests/tui/test_textual_contract.py`` that fails if the installed
Textual changes it (and ``pyproject.toml`` takes Textual below 9 only); the same file fails
if another module of ``tui_naval.tui`` names a private part of Textual.

1. ``ScrollView._size_updated`` (``LaidOutView``): the layout pass.  Textual sets a
   widget's size there, before the frame is drawn; the first public news of a size is a
   ``Resize`` event, handled after the frame, so whatever is done on it (scrolling the map
   to the ship, laying text out at its width) is drawn a frame later, a second layout and
   paint.  Textual also hands a ``ScrollView`` its region's size as its virtual size there;
   the views measure their own content, and given the region's size Textual would refresh
   their scroll bars after each layout, in a frame of their own.
2. ``Widget._scroll_update`` (``LaidOutView.set_virtual_size_quietly``): the content's size
   and the scroll bars to match, without a layout.  The public way, setting
   ``virtual_size``, asks for a layout of the screen (the reactive has ``layout=True``): a
   second layout for each zoom of the map and each page of text.
3. ``textual.widgets._toast.ToastRack`` (``is_toast_rack``): Textual's notification rack,
   which ``Screen`` composes with every screen and which is not exported.  The game hides
   it as it is composed (``display`` false, as Textual sets it once the screen resumes with
   no notification); hidden only then, it would cost a second layout just after the first
   frame.
4. ``Screen._binding_chain`` (``KeyFilterScreen.filter_bindings``): the bindings a key is
   looked up in.  The too-small notice holds the keyboard (only the quit key works) and a
   quitting app takes no more keys; the public ``check_action`` would have every widget
   and screen refuse each action, and would still leave the keys in the key bar and in
   ``?``.
5. ``Screen._modal_binding_chain`` (``modal_binding_chain``): every binding of a screen,
   from the focused widget up, as the ``?`` dialog lists it.  The public
   ``Screen.active_bindings`` keeps one binding a key and drops the actions that are not
   possible now, which ``?`` shows dim ("not now").
6. ``App._handle_exception`` and ``App._exit_renderables`` (``CrashHookApp``): an error
   nothing expected.  Textual has no public hook for it; the game autosaves first, and
   after Textual has stopped the app it writes the error to the crash log and leaves one
   line for the player instead of Textual's traceback with its local variables.
7. ``LinuxDriver._file``, ``_sigcont_application`` and ``_must_signal_resume``
   (``linux_driver_base``): the terminal driver.  The game's driver writes through a
   ``TerminalFile`` that survives a gone terminal (Textual's writer thread dies at the
   first failed write and the app hangs as it leaves), and resumes application mode on a
   SIGCONT only after a SIGTSTP suspended it, from the event loop (Textual resumes in the
   signal handler, at any SIGCONT, such as the kernel's as the terminal goes).  Textual's
   drivers have no public way to give them an output stream or to handle the signals.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

from textual.app import App
from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets._toast import ToastRack

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["BindingChain", "CrashHookApp", "KeyFilterScreen", "LaidOutView",
           "is_toast_rack", "linux_driver_base", "modal_binding_chain"]

ReturnType = TypeVar("ReturnType")
ResultType = TypeVar("ResultType")

#: The bindings a key is looked up in: each node from the focused widget up to the app,
#: with its bindings (as remapped by the keymap).
BindingChain = list[tuple[DOMNode, BindingsMap]]


# -- 1, 2: the layout pass, and the content's size without a layout -----------------------

if TYPE_CHECKING:
    _ScrollViewMixin = ScrollView
else:
    # A mixin, not a Widget: Textual takes a widget's CSS (its type names, its default CSS
    # and component classes) from its first Widget base alone, so a mixin placed before
    # OptionList would hide OptionList's.
    _ScrollViewMixin = object


class LaidOutView(_ScrollViewMixin):
    """For a ``ScrollView`` (put it first among the bases): the view is told of its size in
    the layout pass (``laid_out``), before the frame is drawn, keeps the virtual size it
    sets itself, and can set it without asking for a layout (``set_virtual_size_quietly``).
    """

    def laid_out(self, size: Size) -> None:
        """Called in each layout pass that gives the view a place, ``size`` its size (also
        ``outer_size``); ``container_size`` is set, ``size`` and the regions are not yet.
        What is done here (scrolling, measuring) is drawn in the frame that follows."""

    def set_virtual_size_quietly(self, size: Size) -> None:
        """The content's size, with the scroll bars (their lengths, the scroll clamped) to
        match; no layout of the screen."""
        self.set_reactive(ScrollView.virtual_size, size)
        self._scroll_update(size)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        # Textual passes the region's size as ``virtual_size``: the view's own is kept.
        changed = super()._size_updated(size, self.virtual_size, container_size, layout)
        self.laid_out(size)
        return changed


# -- 3: Textual's notification rack ---------------------------------------------------------

def is_toast_rack(widget: Widget) -> bool:
    """Whether ``widget`` is Textual's notification rack (which ``Screen`` adds to the
    widgets it composes)."""
    return isinstance(widget, ToastRack)


# -- 4, 5: the binding chain --------------------------------------------------------------

class KeyFilterScreen(Screen[ResultType]):
    """A screen that decides which of its bindings keys are looked up in
    (``filter_bindings``)."""

    def filter_bindings(self, chain: BindingChain) -> BindingChain:
        """The bindings keys are looked up in now, of those Textual would use (``chain``);
        what the key bar, ``?`` and the palette show follows."""
        return chain

    @property
    def _binding_chain(self) -> BindingChain:
        return self.filter_bindings(super()._binding_chain)


def modal_binding_chain(screen: Screen[Any]) -> BindingChain:
    """Every binding a key pressed on ``screen`` is looked up in, in the order Textual
    looks: from the focused widget (or the screen) up to the app, stopping at a modal
    screen; each action's namespace with its bindings, as remapped."""
    return screen._modal_binding_chain


# -- 6: an error nothing expected ---------------------------------------------------------

class CrashHookApp(App[ReturnType]):
    """An app told of an error nothing caught, before Textual handles it (``crashing``) and
    after (``crashed``), which may leave the player something else than Textual's
    traceback (``forget_exit_output``)."""

    def crashing(self, error: Exception) -> None:
        """An error nothing caught, before Textual stops the app for it."""

    def crashed(self, error: Exception) -> None:
        """After Textual has handled ``error``: the app is leaving with code 1, the error is
        kept for Pilot tests (``run_test`` raises it), and what Textual will print once the
        terminal is given back is ready (``forget_exit_output`` drops it)."""

    def forget_exit_output(self) -> None:
        """Print nothing as the app leaves (Textual would print the traceback of the error
        that stopped it, with its local variables)."""
        self._exit_renderables.clear()

    def _handle_exception(self, error: Exception) -> None:
        self.crashing(error)
        super()._handle_exception(error)
        self.crashed(error)


# -- 7: the terminal driver ---------------------------------------------------------------

@functools.cache
def linux_driver_base() -> type[Any]:
    """Textual's ``LinuxDriver`` (POSIX only), with its output stream (``wrap_output``) and
    its SIGCONT handling (``sigcont``, ``suspended_by_sigtstp``, ``resume_application``)
    under the game's names."""
    from textual.drivers.linux_driver import LinuxDriver

    class LinuxDriverBase(LinuxDriver):
        def wrap_output(self, wrap: Callable[[TextIO], TextIO]) -> None:
            """Have Textual's writer thread write frames through ``wrap(stream)`` instead of
            the terminal's ``stream`` (before the application mode starts)."""
            stream: TextIO | None = self._file
            if stream is not None:
                self._file = cast(Any, wrap(stream))

        @property
        def suspended_by_sigtstp(self) -> bool:
            """Whether a SIGTSTP stopped the application mode, and Textual must say it has
            resumed once it starts again."""
            return bool(self._must_signal_resume)

        def sigcont(self) -> None:
            """SIGCONT arrived (called in the signal handler). Textual's: resume the
            application mode (``resume_application``)."""
            self.resume_application()

        def resume_application(self) -> None:
            """Textual's answer to a SIGCONT: start the application mode again (unless the
            app suspended itself)."""
            resume: Callable[[], None] = super()._sigcont_application
            resume()

        def _sigcont_application(self, *_: Any) -> None:
            self.sigcont()

    return LinuxDriverBase
