"""The Textual app: configuration, the first screen, app-wide keys, autosave, signals."""

from __future__ import annotations

import contextlib
import gc
import random
import signal
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field
from textual.actions import parse as parse_action
from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import BindingType
from textual.screen import Screen

from tui_naval.ai import search_helper
from tui_naval.app.link import ServerLine
from tui_naval.app.match import Match
from tui_naval.app.record import opponent
from tui_naval.app.session import Clock, autosave_path, save_session, utc_now
from tui_naval.core.saves import SaveError, default_save_dir
from tui_naval.core.values import frozen
from tui_naval.tui import keys, output
from tui_naval.tui.screens.base import MIN_HEIGHT, MIN_WIDTH
from tui_naval.tui.signals import install_exit_signals
from tui_naval.tui.styles import stylesheet
from tui_naval.tui.textual_contract import CrashHookApp

if TYPE_CHECKING:
    from tui_naval.core.replay import Recording
    from tui_naval.voyage.keeper import VoyageKeeper


@frozen
class Config:
    """Everything the app takes from outside: folders, clock, keys and pace."""

    save_dir: Path = field(factory=default_save_dir)
    keymap: Mapping[str, str] = field(factory=dict)
    clock: Clock = utc_now
    ascii_only: bool = False
    #: Seconds the AI's moves are shown for in a game against it, and in a demo.
    ai_delay: float = 0.35
    demo_delay: float = 0.5
    #: AI for new games and for resumed saves without seats; "" for the default: the easy
    #: admiral until the player has finished a game, then the normal one (``opponent``).
    ai: str = ""
    handle_signals: bool = True
    #: A turn with nothing for the player to decide: its summary is shown for this many
    #: seconds, or until a key when None.
    quiet_turn_pause: float | None = 1.5
    #: Rule hints as they come up (the tutorial always has them).
    hints: bool = False
    #: Interrupt windows (the enemy's action stopped part-way) are passed for the player,
    #: never asked.
    pass_interrupts: bool = False
    #: The player's name where the app knows it (her login, over SSH): a new voyage's
    #: captain unless she writes another.
    player: str = ""
    #: Where new games' random seeds come from.
    new_seed: Callable[[], int] = field(default=lambda: random.randrange(1, 1_000_000))


ScreenFactory = Callable[[], Screen[Any]]


class NavalApp(CrashHookApp[int]):
    """tui-naval in the terminal."""

    CSS_PATH = stylesheet("app")
    TITLE = "tui-naval"
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.APP)
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, "-narrow"), (MIN_WIDTH, "-wide"), (100, "-roomy"), (120, "-wider")]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, "-short"), (MIN_HEIGHT, "-tall"), (34, "-taller")]

    def __init__(self, config: Config | None = None, first: ScreenFactory | None = None) -> None:
        # Only the cells that change go to the terminal (tui.output): a turn is a tenth of
        # the bytes, which counts over SSH and in a slow terminal.
        super().__init__(driver_class=output.driver_class())
        self.config = config or Config()
        self._first = first
        #: The human game in progress, autosaved on quit and on SIGHUP, SIGTERM and SIGINT.
        self.match: Match | None = None
        #: The voyage in progress, saved in its own file on the same occasions.
        self.keeper: VoyageKeeper | None = None
        self._remove_signals: Callable[[], None] = lambda: None
        #: The one line a crash leaves for the player (naming its log), once there was one.
        self.crash_line: str | None = None
        #: The line to the server this game process runs under (None: a game on its own).
        self.server: ServerLine | None = None

    def on_mount(self) -> None:
        if self.config.keymap:
            self.set_keymap(dict(self.config.keymap))
        if self.config.handle_signals:
            self._remove_signals = install_exit_signals(self.on_exit_signal)
        # The screens open once the app has started.  Textual starts an app in a batch
        # update that shows nothing: a screen laid out and drawn in it is drawn for
        # nothing, and is shown only after a later refresh, a frame or two on.
        if self.config.ascii_only:
            from tui_naval.tui.styles import use_ascii

            use_ascii(self)
        self.call_later(self._open_screens)

    def get_default_screen(self) -> Screen[Any]:
        """Under a first screen, the title screen, built when it is first shown (it then
        costs nothing at launch); else Textual's, with the title opened over it."""
        if self._first is None:
            return super().get_default_screen()
        from tui_naval.tui.screens.title import TitleScreen

        return TitleScreen(covered=True)

    def _open_screens(self) -> None:
        from tui_naval.tui.screens.title import TitleScreen

        self.push_screen(self._first() if self._first is not None else TitleScreen())
        # Once the first screen is drawn (its idle after the first refresh).
        self.call_after_refresh(resume_collection)
        self.call_after_refresh(search_helper.prepare)  # (the search's second core)

    def on_unmount(self) -> None:
        self._remove_signals()

    # -- stylesheets -------------------------------------------------------------------
    def use_stylesheet(self, screen: Screen[Any] | str) -> None:
        """Add ``screen``'s own sheet (its ``STYLESHEET``) to the app's stylesheet, once,
        before the screen is styled; the widgets already up are styled again.

        Textual's ``Screen.CSS_PATH`` would parse every sheet again (in a fresh
        stylesheet, whose parse cache is empty) each time a screen brings a new one;
        here only the new sheet is parsed.  A launch parses the sheets of what it
        shows, not the whole app's.
        """
        name = getattr(screen, "STYLESHEET", None)
        if not name:
            return
        path = stylesheet(name)
        if self.stylesheet.has_source(str(path), ""):
            return
        self.stylesheet.read(path)
        if self.is_running:
            self.stylesheet.update(self)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self.use_stylesheet(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Screen[Any] | str) -> AwaitComplete:
        self.use_stylesheet(screen)
        return super().switch_screen(screen)

    def opponent(self) -> str:
        """The admiral of a new game (or a resumed one without seats): the configured one,
        else the player's first (easy) until she has finished a game."""
        return opponent(self.config.ai, self.config.save_dir)

    # -- saving --------------------------------------------------------------------
    def autosave(self, quiet: bool = True) -> Path | None:
        """Save the game in progress to the autosave file (and the voyage in progress to
        its own); None if there is none."""
        if self.keeper is not None:
            failed = self.keeper.save()
            if failed and not quiet:
                self.notify(failed, title="Voyage not saved", severity="error", markup=False)
        if self.match is None:
            return None
        path = autosave_path(self.config.save_dir)
        try:
            save_session(self.match.session, path, self.config.clock())
        except SaveError as exc:
            if not quiet:
                self.notify(str(exc), title="Autosave failed", severity="error", markup=False)
            return None
        return path

    def on_exit_signal(self, signum: int) -> None:
        """The terminal hung up (SIGHUP), or the game was told to stop (SIGTERM, SIGINT):
        autosave and leave, the terminal restored.  The exit code is the shell's for a
        signal (128 + its number), but a hang-up's is 0: the player just went away."""
        self.autosave()
        self.match = None
        self.exit(return_code=0 if signum == getattr(signal, "SIGHUP", None) else 128 + signum)

    def crashing(self, error: Exception) -> None:
        """An error nothing expected: autosave the game; once Textual has stopped the app
        (``crashed``), write the error in full to the crash log and leave with one line
        naming it (Textual would print the traceback, with its local variables, on the
        player's screen)."""
        with contextlib.suppress(Exception):  # the game itself may be what broke
            self.autosave()
        self.match = None

    def crashed(self, error: Exception) -> None:
        from tui_naval.app.crash_log import report

        # Printed as it is once the terminal is given back (``launch.run_app``): Rich would
        # break a long path over lines.
        self.forget_exit_output()
        self.crash_line = report(error)

    def action_quit(self) -> None:  # type: ignore[override]
        self.autosave()
        self.match = None
        self.exit(0)

    # -- where a game's screen leads ------------------------------------------------------
    # (The app opens them, so that no screen imports one that imports it back: a battle's
    # "New game" opens the form that starts battles; a game-over dialog's replay, a replay
    # whose "take over" starts a battle.)
    def new_game(self) -> None:
        """The new-game form, in place of the screen on top."""
        from tui_naval.tui.screens.new_game import NewGameScreen

        self.match = None
        self.switch_screen(NewGameScreen())

    def replay(self, recording: Recording, index: int = 0) -> None:
        """A recording watched again, over the screen on top."""
        from tui_naval.tui.modes.replay import replay_screen

        self.push_screen(replay_screen(recording, index))

    # -- help ------------------------------------------------------------------------
    def action_show_keys(self) -> None:
        from tui_naval.tui.dialogs.keys import KeysDialog

        if isinstance(self.screen, KeysDialog):
            return
        self.push_screen(KeysDialog(self.screen))

    def action_show_rules(self, ruleset: str = "") -> None:
        from tui_naval.tui.screens.base import NavalScreen
        from tui_naval.tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        if not ruleset and isinstance(self.screen, NavalScreen):
            ruleset = self.screen.rules_ruleset() or ""
        self.push_screen(RulesScreen(ruleset or None))

    # -- command palette -----------------------------------------------------------
    def action_command_palette(self) -> None:
        """Open the command palette (``Palette``: Textual's, paging safely)."""
        from tui_naval.tui.dialogs.palette import Palette

        # Open anywhere on the stack, not only on top (Textual's ``is_open``): a screen the
        # palette opened lies over it, and a second one would take the same id.
        if self.use_command_palette and not any(isinstance(screen, Palette)
                                                for screen in self.screen_stack):
            self.push_screen(Palette(id="--command-palette"))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The current screen's commands first, then Textual's own."""
        keymap = self.config.keymap
        for command in screen_commands(screen):
            if not command.palette:
                continue
            _namespace, name, params = parse_action(command.action)
            if screen.check_action(name, params) is False:
                continue
            key = keys.key_label(command, keymap)
            yield SystemCommand(command.title, f"{command.help} [{key}]",
                                partial(screen.run_action, command.action))
        for command in keys.APP:
            key = keys.key_label(command, keymap)
            yield SystemCommand(command.title, f"{command.help} [{key}]",
                                partial(self.run_action, command.action))
        for system in super().get_system_commands(screen):
            if system.title not in ("Quit", "Keys"):
                yield system


def resume_collection() -> None:
    """Turn garbage collection back on if the launch paused it (``program.collection_paused``),
    first freezing what the launch made: the modules, the game and the first screen live
    as long as the app, and no collection need scan them again."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def screen_commands(screen: Screen[object]) -> list[keys.Command]:
    """The commands a screen declares: its own ``commands`` (a match's screen: the game's
    and its mode's), else its ``COMMAND_SET``, its base classes' first."""
    own = getattr(screen, "commands", None)
    if own is not None:
        return list(own)
    out: list[keys.Command] = []
    seen: set[str] = set()
    for cls in reversed(type(screen).__mro__):
        for command in cls.__dict__.get("COMMAND_SET", ()):
            if command.id not in seen:
                seen.add(command.id)
                out.append(command)
    return out
