"""The new-game screen: ruleset (or its sailing and gunnery systems), optional rules, map,
grid, fleets, sides, AI and seed.

Everything has a default, so Enter on the title screen and Enter here start a
game at once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import evolve
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tui_naval.ai.players import DEFAULT_OPPONENT, OPPONENTS, UnknownPlayer, check_player
from tui_naval.app.record import FIRST_OPPONENT
from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session
from tui_naval.core import mapgen, scenario
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError, MapSpec, available_maps, load_map
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import ScenarioError, Setup
from tui_naval.rulesets import (
    DEFAULT_RULESET,
    find_entry,
    find_ruleset,
    nearest_pairing,
    registry,
    system_title,
    systems,
)
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.widgets.glyphs import app_ascii_only, to_ascii
from tui_naval.tui.widgets.key_bar import KeyBar

HOTSEAT = "@hotseat"
WATCH = "@watch"
#: The map list's entry for a sea generated from the game's seed.
RANDOM_SEA = "@random"


def read_maps() -> tuple[list[MapSpec], list[str]]:
    """Every map found, read; and the one-line errors of those that cannot be (skipped)."""
    specs: list[MapSpec] = []
    errors: list[str] = []
    for path in available_maps():
        try:
            specs.append(load_map(str(path)))
        except MapError as exc:
            errors.append(str(exc))
    return specs, errors


def playable_maps(ruleset: Ruleset[Any], specs: list[MapSpec] | None = None) -> list[MapSpec]:
    """Maps a ruleset can be played on (goal, grid and ship classes fit), default map first;
    ``specs``: the maps read (all maps found, read now, when None)."""
    if specs is None:
        specs = read_maps()[0]
    return scenario.playable_maps(ruleset, specs, prefer=find_entry(ruleset.name).default_map)


class Choice(Select[str]):
    """Textual's ``Select``; its arrows (``▼``, ``▲``) ``v`` and ``^`` when the app draws in
    ASCII only."""

    def on_mount(self) -> None:
        if app_ascii_only(self.app):
            for arrow, glyph in ((".down-arrow", "v"), (".up-arrow", "^")):
                for widget in self.query(arrow):
                    if isinstance(widget, Static):
                        widget.update(glyph)


class Tick(Checkbox):
    """Textual's ``Checkbox``; ``[X]`` or ``[ ]`` when the app draws in ASCII only (its
    ``▐X▌`` tells on from off by colour alone)."""

    def on_mount(self) -> None:
        if app_ascii_only(self.app):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "[", "]"
            self._ascii_inner()

    def on_checkbox_changed(self) -> None:
        if app_ascii_only(self.app):
            self._ascii_inner()

    def _ascii_inner(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        self.refresh()


def opponent_of(name: str) -> str:
    """The AI field's entry for the configured AI (``hard`` is ``search:hard``); the default
    opponent if there is no such AI."""
    try:
        return check_player(name)
    except UnknownPlayer:
        return DEFAULT_OPPONENT


class SetupForm(VerticalScroll, can_focus=False):
    """A setup screen's fields, scrolled by the field in focus: Tab goes from the buttons
    to the first field (the scroll area takes no focus of its own), and the last field
    brings the form's end into view (the notes beneath it, the fleets)."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        fields = [w for w in self.screen.focus_chain if self in w.ancestors]
        if fields and event.widget is fields[-1]:
            self.call_after_refresh(self.scroll_end, animate=False)


def _row(label: str | Text, widget: Any, row_id: str = "") -> Horizontal:
    return Horizontal(Label(label, classes="form-label"), widget, classes="form-row",
                      id=row_id or None)


class NewGameScreen(NavalScreen[None]):
    """Set up a game and start it."""

    COMMAND_SET = keys.NEW_GAME
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.NEW_GAME)
    STYLESHEET = "new_game"

    def __init__(self) -> None:
        super().__init__()
        self.ruleset: Ruleset[Any] = find_ruleset(DEFAULT_RULESET)
        #: Every map read once, and the errors of the maps skipped (said when shown).
        self.specs, self.bad_maps = read_maps()
        self.maps: list[MapSpec] = playable_maps(self.ruleset, self.specs)
        #: The ruleset and map the form is being filled for (set as filling starts).
        self._filled_for: tuple[str, str] = ("", "")
        #: The ruleset and map the form is filled for, once every field is (its fleet rows
        #: are mounted a moment after it starts).
        self.filled: tuple[str, str] = ("", "")
        #: The last sea generated: (ruleset, seed) and the map (or why there is none).
        self._random: tuple[tuple[str, int], MapSpec | str] | None = None

    def rules_ruleset(self) -> str:
        return self.ruleset.name

    def compose(self) -> ComposeResult:
        with Vertical(id="newgame-box"):
            yield Static("[b]New game[/b]   [dim]Tab moves between fields, "
                         "Enter starts[/dim]", id="newgame-title")
            with SetupForm(id="newgame-form"):
                yield _row("Ruleset", Choice([(self._text(e.title), e.id) for e in registry()],
                                             value=self.ruleset.name, allow_blank=False,
                                             compact=True, id="ng-ruleset"))
                yield _row("Sailing", Choice(self._system_options("sailing"),
                                             value=self.ruleset.info.sailing, allow_blank=False,
                                             compact=True, id="ng-sailing"))
                yield _row("Gunnery", Choice(self._system_options("gunnery"),
                                             value=self.ruleset.info.gunnery, allow_blank=False,
                                             compact=True, id="ng-gunnery"))
                yield Static(self._text(self.ruleset.info.summary, "dim"), id="ng-rules-about",
                             classes="form-note")
                yield Vertical(*self._option_rows(), id="ng-options")
                yield _row("Map", Choice(self._map_options(), allow_blank=not self.maps,
                                         compact=True, id="ng-map"))
                yield Static("", id="ng-about", classes="form-note")
                first = self.maps[0] if self.maps else None
                yield _row("Grid", Choice(self._grid_options(first), allow_blank=first is None,
                                          compact=True, id="ng-grid"))
                yield _row("You play", Choice(self._side_options(first),
                                              allow_blank=first is None, compact=True,
                                              id="ng-side"))
                ai = self.naval.opponent()  # (the record read once)
                yield _row("AI", Choice([(label, name) for name, label in OPPONENTS],
                                        value=opponent_of(ai), allow_blank=False,
                                        compact=True, id="ng-ai"))
                if not self.naval.config.ai and ai == FIRST_OPPONENT:  # (a newcomer's)
                    yield Static(self._text("Your first game: the easy admiral, until you have "
                                            "played one to its end (normal and hard are here "
                                            "when you want them).", "dim"),
                                 id="ng-ai-about", classes="form-note")
                yield _row("Seed", Input(str(self.naval.config.new_seed()), type="integer",
                                         compact=True, id="ng-seed"))
                yield _row("Hints", Tick(self._text(
                    f"explain the rules as they come up ({self.key_of('game.hints')} in the game)"),
                    value=self.naval.config.hints, compact=True, id="ng-hints"))
                yield Vertical(id="ng-fleet")
            with Horizontal(id="newgame-buttons"):
                yield Button("Start", variant="primary", id="ng-start", compact=True)
                yield Button("Back", id="ng-back", compact=True)
        yield KeyBar()

    async def on_mount(self) -> None:
        await self._fill_maps()
        self.query_one("#ng-start", Button).focus()
        if self.query("#ng-ai-about"):  # (below the fold of a small terminal)
            self.notify("Your first game: against the easy admiral. The AI field offers "
                        "normal and hard.", title="First game", timeout=8)
        if self.bad_maps:
            more = len(self.bad_maps) - 1
            also = f" (and {more} more; tui-naval maps lists them)" if more else ""
            self.notify(f"{self.bad_maps[0]}{also}", title="Map skipped", severity="warning",
                        timeout=8, markup=False)

    # -- dependent fields ------------------------------------------------------------
    # Map text (titles, about lines, names) is shown as plain Text: never read as markup.
    def _text(self, text: str, style: str = "") -> Text:
        """Plain text, in ASCII when the app draws in ASCII only."""
        return Text(to_ascii(text) if app_ascii_only(self.app) else text, style=style)

    def _system_options(self, kind: str) -> list[tuple[Text, str]]:
        return [(self._text(system_title(name, kind)), name) for name in systems(kind)]

    def _option_rows(self) -> list[Widget]:
        """A row for each optional rule of the ruleset, with what it does beneath."""
        rows: list[Widget] = []
        for option in self.ruleset.info.options:
            rows.append(_row("Optional rule",
                             Choice([(self._text(f"{option.title}: {c}"), c)
                                     for c in option.choices],
                                    value=option.default, allow_blank=False, compact=True,
                                    id=f"ng-option-{option.key}", classes="ng-option")))
            rows.append(Static(self._text(option.about, "dim"), classes="form-note"))
        return rows

    def options(self) -> tuple[tuple[str, str], ...]:
        """The optional rules chosen away from their defaults: (key, value)."""
        chosen = []
        for option in self.ruleset.info.options:
            value = self.query_one(f"#ng-option-{option.key}", Select).value
            if isinstance(value, str) and value != option.default:
                chosen.append((option.key, value))
        return tuple(sorted(chosen))

    def _map_options(self) -> list[tuple[Text, str]]:
        return [*((self._text(f"{m.title} ({m.name})"), m.name) for m in self.maps),
                (self._text("Random sea (drawn from the seed)"), RANDOM_SEA)]

    def _grid_options(self, spec: MapSpec | None) -> list[tuple[str, str]]:
        if spec is None:
            return []
        return [(g.value, g.value) for g in spec.grids if g in self.ruleset.grids]

    def _side_options(self, spec: MapSpec | None) -> list[tuple[Text, str]]:
        sides = [(self._text(s), s) for s in spec.sides] if spec is not None else []
        return [*sides, (Text("both sides (hot seat)"), HOTSEAT),
                (Text("neither (watch the AI)"), WATCH)]

    async def _fill_maps(self) -> None:
        select: Select[str] = self.query_one("#ng-map", Select)
        self.maps = playable_maps(self.ruleset, self.specs)
        if not self.maps:
            self.notify(f"No map fits {self.ruleset.title}.", severity="error", markup=False)
            return
        select.set_options(self._map_options())
        select.value = self.maps[0].name
        await self._fill_for_map(self.maps[0])

    def spec(self) -> MapSpec | None:
        """The map chosen: a map file, or the sea generated from the seed (None, said why,
        when there is none)."""
        name = self.query_one("#ng-map", Select).value
        if name == RANDOM_SEA:
            return self._random_sea()
        return next((m for m in self.maps if m.name == name), None)

    def _seed(self) -> int | None:
        try:
            return int(self.query_one("#ng-seed", Input).value.strip())
        except ValueError:
            return None

    def _random_sea(self) -> MapSpec | None:
        """The sea generated for the ruleset from the seed field (made once for each)."""
        seed = self._seed()
        if seed is None:
            self.notify("The seed must be a whole number.", severity="error")
            return None
        key = (self.ruleset.name, seed)
        if self._random is None or self._random[0] != key:
            try:
                made: MapSpec | str = mapgen.generate_spec(self.ruleset, seed)
            except MapError as exc:
                made = str(exc)
            self._random = (key, made)
        made = self._random[1]
        if isinstance(made, str):
            self.notify(made, title="No random sea", severity="error", markup=False)
            return None
        return made

    async def _fill_for_map(self, spec: MapSpec) -> None:
        if self._filled_for == (self.ruleset.name, spec.name):
            return
        self._filled_for = (self.ruleset.name, spec.name)
        self.query_one("#ng-about", Static).update(self._text(
            f"{spec.about}  ({spec.goal.describe()}, {spec.width}x{spec.height})", "dim"))
        grid: Select[str] = self.query_one("#ng-grid", Select)
        grids = self._grid_options(spec)
        grid.set_options(grids)
        grid.value = grids[0][1]
        grid.disabled = len(grids) == 1
        side: Select[str] = self.query_one("#ng-side", Select)
        side.set_options(self._side_options(spec))
        side.value = spec.sides[0]
        fleet = self.query_one("#ng-fleet", Vertical)
        await fleet.remove_children()
        classes = self.ruleset.ship_classes()
        options = [(self._text(c.name), key) for key, c in classes.items()]
        default = next(iter(classes))
        rows: list[Widget] = [Static("[b]Fleets[/b]", classes="form-note")]
        for slot in spec.ships:
            rows.append(_row(self._text(f"{slot.id} ({slot.side})"),
                             Choice(options, value=slot.kind if slot.kind in classes else default,
                                    allow_blank=False, compact=True, id=f"ng-ship-{slot.id}",
                                    classes="ng-ship")))
        await fleet.mount_all(rows)
        self.filled = self._filled_for

    @on(Select.Changed, "#ng-ruleset")
    async def _ruleset_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset.name:
            await self._choose_ruleset(event.value)

    @on(Select.Changed, "#ng-sailing")
    @on(Select.Changed, "#ng-gunnery")
    async def _system_changed(self, event: Select.Changed) -> None:
        """A sailing or gunnery system chosen: the ruleset that joins it with the other one
        (or, if none does, the first ruleset with the system just chosen)."""
        if not isinstance(event.value, str) or event.select.id is None:
            return
        kind = event.select.id.removeprefix("ng-")
        info = self.ruleset.info
        sailing = event.value if kind == "sailing" else info.sailing
        gunnery = event.value if kind == "gunnery" else info.gunnery
        chosen = nearest_pairing(sailing, gunnery, keep=kind)
        if chosen.id != self.ruleset.name:
            with self.prevent(Select.Changed):
                self.query_one("#ng-ruleset", Select).value = chosen.id
            await self._choose_ruleset(chosen.id)

    async def _choose_ruleset(self, name: str) -> None:
        """Switch to a ruleset: its systems, summary, optional rules and maps."""
        self.ruleset = find_ruleset(name)
        info = self.ruleset.info
        with self.prevent(Select.Changed):
            self.query_one("#ng-sailing", Select).value = info.sailing
            self.query_one("#ng-gunnery", Select).value = info.gunnery
        self.query_one("#ng-rules-about", Static).update(self._text(info.summary, "dim"))
        box = self.query_one("#ng-options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_rows())
        await self._fill_maps()

    @on(Select.Changed, "#ng-map")
    async def _map_changed(self, event: Select.Changed) -> None:
        if event.value not in (RANDOM_SEA, *(m.name for m in self.maps)) or not self.is_mounted:
            return
        spec = self.spec()
        if spec is not None:
            await self._fill_for_map(spec)

    @on(Input.Changed, "#ng-seed")
    async def _seed_changed(self) -> None:
        """A new seed draws a new random sea, when that is the map chosen."""
        if (self.is_mounted and self.query_one("#ng-map", Select).value == RANDOM_SEA
                and self._seed() is not None):
            spec = self.spec()
            if spec is not None:
                await self._fill_for_map(spec)

    # -- actions -----------------------------------------------------------------------
    def action_reseed(self) -> None:
        self.query_one("#ng-seed", Input).value = str(self.naval.config.new_seed())

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#ng-back")
    def _back(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#ng-start")
    @on(Input.Submitted, "#ng-seed")
    def _start(self) -> None:
        self.action_start()

    def build(self) -> Session | None:
        """The game these settings describe; None (after saying why) if there is none."""
        seed = self._seed()
        if seed is None:
            self.notify("The seed must be a whole number.", severity="error")
            return None
        spec = self.spec()
        if spec is None:
            if self.query_one("#ng-map", Select).value != RANDOM_SEA:
                self.notify("Choose a map first.", severity="error")
            return None
        grid = GridKind(str(self.query_one("#ng-grid", Select).value))
        fleet = []
        for slot in spec.ships:
            kind = self.query_one(f"#ng-ship-{slot.id}", Select).value
            if isinstance(kind, str) and kind != slot.kind:
                fleet.append((slot.id, kind))
        setup = Setup(self.ruleset.name, spec.name, spec.text, grid, seed, tuple(fleet),
                      self.options())
        try:
            game = Game(self.ruleset, setup)
        except (MapError, ScenarioError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error", markup=False)
            return None
        ai = str(self.query_one("#ng-ai", Select).value)
        side = str(self.query_one("#ng-side", Select).value)
        sides = game.state.sides
        if side == HOTSEAT:
            seats = dict.fromkeys(sides, HUMAN)
        elif side == WATCH:
            seats = dict.fromkeys(sides, ai)
        else:
            seats = {s: HUMAN if s == side else ai for s in sides}
        return Session(game, seats)

    def action_start(self) -> None:
        session = self.build()
        if session is None:
            return
        hints = self.query_one("#ng-hints", Tick).value
        if hints != self.naval.config.hints:  # for this game and the next ones
            self.naval.config = evolve(self.naval.config, hints=hints)
        if not session.human_sides():
            from tui_naval.tui.modes.demo import demo_screen

            self.app.switch_screen(demo_screen(session))
            return
        from tui_naval.tui.modes.battle import battle_screen

        self.app.switch_screen(battle_screen(session))
