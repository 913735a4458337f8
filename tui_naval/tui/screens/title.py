"""The title screen: the name in big letters and the main menu."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.app.session import autosave_path, load_session
from tui_naval.core.saves import SaveError
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen, add_screen_layers
from tui_naval.tui.widgets.glyphs import to_ascii
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.option_list import PagedOptionList

NAME = "tui-naval"
TAGLINE = "wind, sails and an AI admiral · a terminal naval wargame"
FONTS = ("larry3d", "slant", "small")

MENU = (
    ("new_game", "New game", "n"),
    ("continue_game", "Continue", "c"),
    ("voyage", "Voyage", "v"),
    ("load_game", "Load", "l"),
    ("tutorial", "Tutorial", "t"),
    ("demo", "Demo", "d"),
    ("hall", "Hall of fame", "f"),
    ("app.show_rules", "Rules", "r"),
    ("app.quit", "Quit", "q"),
)


def voyage_path(folder: Path) -> Path:
    """The voyage's save (``voyage.store``, imported when a voyage is opened)."""
    from tui_naval.voyage.store import voyage_path as path_in

    return path_in(folder)


@functools.lru_cache(maxsize=8)
def title_art(width: int) -> str:
    """The name in the largest figlet font that fits ``width`` columns (plain if none does).

    (Remembered per width: a figlet font is read and parsed on every use, and the screen
    asks again on each resize.)
    """
    import pyfiglet

    for font in FONTS:
        art = pyfiglet.figlet_format(NAME, font=font, width=1000)
        lines = [line.rstrip() for line in art.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        if lines and max(len(line) for line in lines) <= width - 2:
            return "\n".join(lines)
    return NAME


class TitleScreen(NavalScreen[None]):
    """New game, continue, load, tutorial, demo, rules, quit."""

    COMMAND_SET = keys.TITLE
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.TITLE)
    STYLESHEET = "title"

    def __init__(self, covered: bool = False) -> None:
        """``covered``: the screen is the bottom of the app's stack, under the battle of
        ``tui-naval play``; it is built when it is first shown, so it costs nothing at
        launch."""
        super().__init__()
        self._built = not covered
        #: A covered title's layers (Textual's, composed with the empty screen), and the
        #: screen's own (``add_screen_layers``), mounted as the menu is built.
        self._layers: list[Widget] = []
        self._was_covered = False

    def compose(self) -> ComposeResult:
        if not self._built:
            return
        with Vertical(id="title-box"):
            with Center():
                yield Static(title_art(self.app.size.width), id="title-art")
            yield Static("~ " * 36, id="title-waves")
            yield Static(to_ascii(TAGLINE) if self.naval.config.ascii_only else TAGLINE,
                         id="title-tagline")
            with Center():
                yield PagedOptionList(*(Option(f" {label:<12} [dim]{key}[/]", id=action)
                                   for action, label, key in MENU), id="title-menu")
        yield KeyBar()

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        if self._built:
            await super().mount_composed_widgets(widgets)
        else:  # (Textual's layers, mounted with the menu)
            self._layers = widgets

    @property
    def built(self) -> bool:
        return self._built

    async def build(self) -> None:
        """Make the menu (and the layers every screen has) of a covered title, once."""
        if self._built:
            return
        self._built = True
        self.naval.use_stylesheet(self)
        layers, self._layers = self._layers, []
        add_screen_layers(layers, self.app.size)
        await self.recompose()
        await self.mount_all(layers)
        self.query_one("#title-menu", OptionList).focus()

    def on_screen_suspend(self) -> None:
        self._was_covered = True

    async def on_screen_resume(self) -> None:
        if self._was_covered and self.app.screen is self:
            await self.build()

    def on_mount(self) -> None:
        if self._built:
            self.query_one("#title-menu", OptionList).focus()

    def on_resize(self, event: events.Resize) -> None:
        if self._built:
            self.query_one("#title-art", Static).update(title_art(event.size.width))

    @on(OptionList.OptionSelected, "#title-menu")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.run_action(event.option.id)

    def action_new_game(self) -> None:
        from tui_naval.tui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    def action_continue_game(self) -> None:
        path = autosave_path(self.naval.config.save_dir)
        voyage = voyage_path(self.naval.config.save_dir)
        if voyage.is_file() and (not path.is_file()
                                 or voyage.stat().st_mtime >= path.stat().st_mtime):
            self.resume_voyage(or_else=self.action_continue_game)  # (set aside: the game)
            return
        if not path.is_file():
            self.notify("There is no autosaved game yet.", title="Continue")
            return
        try:
            session = load_session(path, self.naval.opponent())
        except SaveError as exc:
            self.notify(str(exc), title="Cannot continue", severity="error", markup=False)
            return
        from tui_naval.tui.modes.battle import battle_screen

        self.app.push_screen(battle_screen(session))

    def action_voyage(self) -> None:
        """The voyage under way, resumed; or a new one set up."""
        if voyage_path(self.naval.config.save_dir).is_file():
            self.resume_voyage(or_else=self.new_voyage)
            return
        self.new_voyage()

    def new_voyage(self) -> None:
        from tui_naval.tui.screens.voyage_setup import VoyageSetupScreen

        self.app.push_screen(VoyageSetupScreen())

    def resume_voyage(self, or_else: Callable[[], None]) -> None:
        """The voyage under way, resumed.  One whose save cannot be read is set aside
        (kept beside it as ``voyage.save.unreadable``), said, and ``or_else`` is done: a
        player with no command line (over SSH) is never held by a broken save."""
        from tui_naval.tui.screens.voyage import VoyageScreen
        from tui_naval.voyage.keeper import VoyageKeeper
        from tui_naval.voyage.store import load_voyage, set_aside

        path = voyage_path(self.naval.config.save_dir)
        try:
            voyage, game, ship = load_voyage(path)
        except SaveError as exc:
            aside = set_aside(path)
            if aside is None:
                self.notify(f"{exc} (the file is kept; `tui-naval voyage --new` starts "
                            "another)", title="Cannot resume the voyage", severity="error",
                            markup=False)
                return
            self.notify(f"{exc}. It is kept as {aside.name}.",
                        title="Cannot resume the voyage", severity="error", markup=False,
                        timeout=10)
            or_else()
            return
        self.app.push_screen(VoyageScreen(VoyageKeeper(voyage, ship, path, game)))

    def action_hall(self) -> None:
        from tui_naval.tui.screens.hall import HallScreen
        from tui_naval.voyage.hall import Hall, hall_path

        self.app.push_screen(HallScreen(Hall(hall_path())))

    def action_load_game(self) -> None:
        from tui_naval.tui.dialogs.load import LoadDialog

        self.app.push_screen(LoadDialog(self.naval.config.save_dir), self._loaded)

    def _loaded(self, path: object) -> None:
        from pathlib import Path

        if not isinstance(path, Path):
            return
        try:
            session = load_session(path, self.naval.opponent())
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error", markup=False)
            return
        from tui_naval.tui.modes.battle import battle_screen

        self.app.push_screen(battle_screen(session))

    def action_demo(self) -> None:
        from tui_naval.tui.modes.demo import demo_screen, demo_session

        config = self.naval.config
        self.app.push_screen(demo_screen(demo_session(config.new_seed(), config.ai)))

    def action_tutorial(self) -> None:
        from tui_naval.app.setup import SetupError
        from tui_naval.tui.modes.lesson import lesson_screen

        try:
            screen = lesson_screen(ai=self.naval.config.ai)
        except SetupError as exc:
            self.notify(str(exc), title="No tutorial", severity="error", markup=False)
            return
        self.app.push_screen(screen)
