"""Ships & Sails and Kyngesreach on the battle screen, answered by keyboard only: the
long move list narrowed by typing, the arcs and aimed hexes on the map, the range band
in the status line, and a full turn with an ammunition switch that reaches the state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_support import SIZE, make_app, mode_of, screen_text, wait_for_screen, wait_until
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Order
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.app import NavalApp
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.ocean import OceanView
from tui_naval.tui.widgets.ship_panel import ShipPanel

#: The maps the tests play (each ruleset's first map may change).
MAPS = {"ships-and-sails": "ss-brigs", "kyngesreach": "kr-duel"}


def battle(tmp_path: Path, ruleset: str, seed: int = 2) -> NavalApp:
    game = new_game(ruleset, MAPS[ruleset], seed, None)
    session = Session(game, {"blue": "human", "red": "greedy"})
    return make_app(tmp_path, lambda: battle_screen(session))


async def battle_on_show(pilot: Pilot[Any]) -> MatchScreen:
    screen = await wait_for_screen(pilot, BattleMode)
    assert isinstance(mode_of(screen), BattleMode)
    return screen


async def next_prompt(pilot: Pilot[Any], screen: MatchScreen, kind: str) -> None:
    """Wait for the player's next prompt and check it is a ``kind`` decision."""
    await wait_until(pilot, lambda: screen.prompt.asking, what=f"a {kind} prompt")
    await pilot.pause()
    decision = screen.match.game.decision()
    assert decision is not None and decision.side == "blue"
    assert decision.kind == kind, (decision.kind, decision.prompt)


async def answer(pilot: Pilot[Any], screen: MatchScreen, *keys: str) -> Order:
    """Press ``keys``, wait until they have played an order, and return it."""
    played = len(screen.match.game.orders)
    await pilot.press(*keys)
    await wait_until(pilot, lambda: len(screen.match.game.orders) > played, what="the order played")
    return screen.match.game.orders[played]


def glyph_at(ocean: OceanView, cell: Cell, line: int = 0, width: int = 3) -> str:
    """The text of a cell's block on the board: its glyph line, or the line under it."""
    x, y = ocean.glyph_offset(cell)
    return ocean.board_text()[y + line][x:x + width].strip()


def log_text(screen: MatchScreen) -> str:
    """Every event of the game so far, as the log tells them."""
    return "\n".join(event.text for state in screen.match.game.states() for event in state.events)


def number_of(screen: MatchScreen, label: str) -> str:
    """The quick key of the option on show whose label starts with ``label``."""
    state = screen.match.game.state
    decision = screen.match.game.decision()
    assert decision is not None
    for n, order in enumerate(screen.prompt.shown, 1):
        if screen.presenter.option_info(state, decision, order).label.startswith(label):
            assert n <= 9
            return str(n)
    raise AssertionError(f"no option {label!r} in {screen.prompt.shown}")


# -- Ships & Sails -------------------------------------------------------------------------

async def test_ships_and_sails_turn_by_keyboard(tmp_path: Path) -> None:
    from tui_naval.rulesets.ships_and_sails import movement as mv
    from tui_naval.systems.gunnery.ships_and_sails import armament as arm
    from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo

    app = battle(tmp_path, "ships-and-sails")
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_on_show(pilot)
        ocean = screen.ocean
        # B1's move: all the moves, then narrowed to those that start F.
        await next_prompt(pilot, screen, "move")
        b1 = screen.match.game.state.ship("B1")
        every = len(screen.prompt.shown)
        assert f"type L/F/R/0 to narrow the {every}" in screen_text(app)
        assert "Stay (0 hexes)" in screen_text(app)
        await pilot.press("slash", "f")
        await pilot.pause()
        assert screen.prompt.typed == "F"
        shown = screen.prompt.shown
        assert shown and len(shown) < every and all(o.arg.startswith("F") for o in shown)
        assert str(shown[0]) == "B1 move F"
        assert f" F  {len(shown)} of {every}, backspace/esc erase" in screen_text(app)
        # The highlighted move's path and the arcs from where it ends are drawn.
        ahead = mv.planned_end(screen.match.game.state.grid, b1, "F")[0]
        assert screen._preview == (ahead,)
        assert glyph_at(ocean, ahead) == "•"
        arcs = [c for c, kind in ocean.overlays.items() if kind == "arc"]
        assert arcs and all(glyph_at(ocean, c) == "+" for c in arcs
                            if c not in {s.cell for s in screen.match.game.state.ships}
                            and c != ahead and screen.match.game.state.grid.in_bounds(c))
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.prompt.typed == "" and len(screen.prompt.shown) == every
        await pilot.press("F")
        assert await answer(pilot, screen, "enter") == Order("B1", "move", "F")

        # B1's ammunition: switch to chain (she cannot fire this turn: no aim prompt).
        await next_prompt(pilot, screen, "ammo")
        assert screen.prompt.typed == "" and "to narrow" not in screen_text(app)
        assert await answer(pilot, screen, number_of(screen, "Load chain")) == \
            Order("B1", "ammo", "chain")

        # B2: stays (typed "0"), keeps ball, aims a broadside.
        await next_prompt(pilot, screen, "move")
        assert screen.selected == "B2"
        await pilot.press("slash", "0")
        await pilot.pause()
        assert [o.arg for o in screen.prompt.shown] == ["0", "0L", "0R"]
        assert await answer(pilot, screen, "enter") == Order("B2", "move", "0")
        await next_prompt(pilot, screen, "ammo")
        await answer(pilot, screen, "1")
        await next_prompt(pilot, screen, "aim")
        state = screen.match.game.state
        options = screen.prompt.shown
        aim = next(o for o in options if o.arg != arm.HOLD)
        await pilot.press(*["down"] * options.index(aim))
        await pilot.pause()
        side, cell = arm.parse_aim(aim.arg) or ("", Cell(0, 0))
        b2 = state.ship("B2")
        pattern = arm.pattern_cells(state.grid, cell, b2.heading, side,
                                    mv.ship_type(b2).pattern(b2.gunnery.ammo))
        for where, percent in pattern:
            assert ocean.overlays[where] == f"hit-{percent}"
            if state.grid.in_bounds(where) and where not in {s.cell for s in state.ships}:
                assert glyph_at(ocean, where) == ("◆" if percent == 40 else "◇")
                assert glyph_at(ocean, where, line=1) == f"{percent}%"
        assert any(kind == "arc" for kind in ocean.overlays.values())
        assert "40% hexes hit on" in screen_text(app)
        # Aim with the map's cursor instead: look, step to the hex north-west, Enter.
        await pilot.press("l", "y")
        await pilot.pause()
        nw = state.grid.neighbour(b2.cell, state.grid.nearest_facing(315.0))
        assert ocean.cursor == nw
        aim = screen.prompt.shown[screen.prompt.options.highlighted or 0]
        assert aim.arg == arm.aim_arg(arm.PORT, nw)
        assert ocean.overlays[nw] == "hit-40"
        assert await answer(pilot, screen, "enter") == aim
        assert not screen.looking and screen.prompt.options.has_focus

        # The turn resolves: the ammunition switch is in the state and on the panel.
        await wait_until(pilot, lambda: screen.match.game.state.turn == 2 and screen.prompt.asking,
                         what="turn 2")
        await pilot.pause()
        after = screen.match.game.state.ship("B1").gunnery
        assert after.ammo is Ammo.CHAIN
        assert after.reload == 0, "a switch costs the turn's broadside, loaded on turn 2"
        assert screen.match.game.state.ship("B2").gunnery.ammo is Ammo.BALL
        assert not after.fired
        assert screen.selected == "B1"
        panel = screen.query_one(ShipPanel)
        assert "chain (range" in panel.content(panel.size.width).plain  # (it scrolls)
        log = log_text(screen)
        assert "draws her ball and loads chain" in log
        assert "Wind Direction 1d12=" in log and "Wind Speed 1d12=" in log


async def test_ships_and_sails_previews_without_a_screen() -> None:
    from tui_naval.rulesets.ships_and_sails import movement as mv

    game = new_game("ships-and-sails", "ss-brigs", 2, None)
    presenter = find_ruleset("ships-and-sails").presenter
    state = game.state
    decision = game.decision()
    assert decision is not None and presenter.typing_keys(state, decision) == "LFR0"
    infos = {o.arg: presenter.option_info(state, decision, o) for o in decision.options}
    assert infos["0"].label == "Stay (0 hexes)" and infos["F"].key == "F"
    preview = presenter.preview(state, Order("B1", "move", "F"))
    assert preview is not None and len(preview.path) == 1 and "heading N" in preview.text
    assert {k for _, k in preview.overlays} == {"arc"}
    # A move off the board warns.
    ship = state.ship("B1")
    long_way = "F" * 30
    assert mv.trace(state.grid, ship.cell, ship.heading, long_way)
    far = presenter.preview(state, Order("B1", "move", long_way))
    assert far is not None and "edge" in far.warning


# -- Kyngesreach ---------------------------------------------------------------------------

async def test_kyngesreach_turn_by_keyboard(tmp_path: Path) -> None:
    from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery
    from tui_naval.systems.gunnery.kyngesreach.tables import Ammo

    app = battle(tmp_path, "kyngesreach")
    async with app.run_test(size=SIZE) as pilot:
        screen = await battle_on_show(pilot)
        ocean = screen.ocean
        await next_prompt(pilot, screen, "target")
        state = screen.match.game.state
        text = screen_text(app)
        # The range band: its name and distance, and the wind gauge, on the status line.
        assert "Range Long (9)" in text and f"Gauge {state.holder or 'tie'}" in text
        assert "Long (9 cells)" in text  # the ship panel
        b1, r1 = state.ship("B1"), state.ship("R1")
        assert state.grid.distance(b1.cell, r1.cell) == 9
        # The broadside at R1: the target and the line of fire on the map, and the odds.
        assert screen.prompt.shown[0] == Order("B1", "fire", "R1")
        assert ocean.overlays[r1.cell] == "target"
        between = [c for c, kind in ocean.overlays.items() if kind == "arc"]
        assert len(between) == 8 and all(glyph_at(ocean, c) == "+" for c in between)
        assert "at least one hit" in text and "hits expected" in text
        await answer(pilot, screen, "1")

        # Ammunition: the port battery (loaded) draws and loads chain; starboard reloads.
        await next_prompt(pilot, screen, "ammo")
        assert screen.match.game.decision().options[0].verb == "port"  # type: ignore[union-attr]
        assert "Keep round (loaded)" in screen_text(app)
        assert await answer(pilot, screen, number_of(screen, "Chain")) == \
            Order("B1", "port", "chain")
        await next_prompt(pilot, screen, "ammo")
        assert screen.match.game.decision().options[0].verb == "starboard"  # type: ignore[union-attr]
        await answer(pilot, screen, number_of(screen, "Reload round"))

        await wait_until(pilot, lambda: screen.match.game.state.turn >= 2, what="round 2")
        await pilot.pause()
        # Round 2 as it began (the AI may have played on: blue's guns are all loading).
        round2 = next(s for s in screen.match.game.states() if s.turn == 2)
        after = round2.ship("B1").gunnery
        port = after.guns(Battery.PORT)
        assert port.ammo is Ammo.CHAIN and not port.empty and port.reload >= 4
        starboard = after.guns(Battery.STARBOARD)
        assert starboard.ammo is Ammo.ROUND and not starboard.empty and starboard.reload >= 2
        log = log_text(screen)
        assert "draws her charge and reloads with chain shot" in log
        assert "Gunner (Cannon)" in log and "3d6" in log and "margin" in log
        band = screen.presenter.status(screen.match.game.state)
        assert any("(" in text for text, _ in band)


async def test_kyngesreach_range_preview_moves_the_squadrons() -> None:
    from tui_naval.rulesets.kyngesreach.rules import RULESET

    game = new_game("kyngesreach", "kr-duel", 2, None)
    presenter = RULESET.presenter
    state = game.state
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "range"
    labels = [presenter.option_info(state, decision, o).label for o in decision.options]
    assert labels == ["Hold at Long", "Close to Standard", "Open to Extreme"]
    close = presenter.preview(state, Order(decision.ship, "range", "close"))
    assert close is not None and "Standard range, 5 cells" in close.text
    assert close.path, "where the squadrons would lie at the closer band"
    hold = presenter.preview(state, Order(decision.ship, "range", "hold"))
    assert hold is not None and not hold.path and "Long range, 9 cells" in hold.text


# -- the overlays on the board -------------------------------------------------------------

class OceanHost(App[None]):
    def __init__(self, ocean: OceanView) -> None:
        super().__init__()
        self.ocean = ocean

    def compose(self) -> ComposeResult:
        yield self.ocean


async def test_overlays_are_drawn_and_taken_away() -> None:
    state = new_game("ships-and-sails", "ss-brigs", 2, None).state
    ship = state.ships[0]
    arc, forty, ten = Cell(1, 1), Cell(2, 2), Cell(3, 2)
    overlays = {arc: "arc", forty: "hit-40", ten: "hit-10", ship.cell: "hit-40",
                Cell(-1, 0): "hit-40", Cell(4, 4): "no-such-kind"}
    ocean = OceanView()
    async with OceanHost(ocean).run_test(size=SIZE) as pilot:
        ocean.show(state)
        await pilot.pause()
        plain = ocean.board_text()
        ocean.show(state, overlays=overlays)
        await pilot.pause()
        assert glyph_at(ocean, arc) == "+" and glyph_at(ocean, arc, line=1) == ""
        assert glyph_at(ocean, forty) == "◆" and glyph_at(ocean, forty, line=1) == "40%"
        assert glyph_at(ocean, ten) == "◇" and glyph_at(ocean, ten, line=1) == "10%"
        assert Cell(4, 4) not in ocean.overlays and Cell(4, 4) != ship.cell
        # Under a ship the overlay only tints her token: the token stays.
        token = glyph_at(ocean, ship.cell, width=2)
        assert token == plain[ocean.glyph_offset(ship.cell).y][
            ocean.glyph_offset(ship.cell).x:ocean.glyph_offset(ship.cell).x + 2]
        y = ocean.glyph_offset(ship.cell).y - int(ocean.scroll_offset.y)
        strip = ocean.render_line(y)
        x = ocean.glyph_offset(ship.cell).x - int(ocean.scroll_offset.x)
        styles = [seg.style for seg in strip.crop(x, x + 1)._segments]
        tint = ocean.get_component_rich_style("ocean--hit-40-under", partial=True)
        assert styles and styles[0] is not None and styles[0].bgcolor == tint.bgcolor
        # The same show again costs nothing; a show without overlays takes them away.
        version = ocean._version
        ocean.show(state, overlays=dict(overlays))
        assert ocean._version == version
        ocean.show(state)
        await pilot.pause()
        assert ocean._version > version and ocean.board_text() == plain
        ocean.ascii_only = True
        ocean.show(state, overlays=overlays)
        await pilot.pause()
        assert glyph_at(ocean, forty) == "X" and glyph_at(ocean, ten) == "x"
        assert all(line.isascii() for line in ocean.board_text())
