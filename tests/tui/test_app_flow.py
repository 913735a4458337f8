"""The main flows: title -> new game -> battle, a full turn, undo and redo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_support import SIZE, make_app, mode_of, screen_text, wait_until
from textual.pilot import Pilot

from tui_naval.core.saves import load_game, state_digest
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.new_game import NewGameScreen
from tui_naval.tui.screens.title import TitleScreen, title_art


def test_title_art_fits() -> None:
    for width in (40, 60, 80, 100, 200):
        art = title_art(width)
        assert max(len(line) for line in art.splitlines()) <= max(width - 2, len("tui-naval"))
    assert title_art(20) == "tui-naval"
    assert len(title_art(80).splitlines()) > 1


async def test_enter_enter_starts_a_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.built,
                         what="title")
        assert "New game" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), what="new game")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(mode_of(app.screen), BattleMode), what="battle")
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        await wait_until(pilot, lambda: battle.prompt.asking, what="first prompt")
        assert battle.match.game.setup.seed == 3
        assert battle.match.game.setup.map_name == "channel-race"
        assert battle.match.session.seats == {"blue": "human", "red": "greedy"}
        text = screen_text(app)
        assert "Turn 1/60" in text and "Seed 3" in text
        assert "roll a luck die" in text


async def drawn(pilot: Pilot[Any], *texts: str) -> None:
    """Wait until the screen shows every one of ``texts``: a prompt asked when the AI's
    answer comes in (later on a loaded machine) is drawn a moment after it is asked."""
    await wait_until(pilot, lambda: all(text in screen_text(pilot.app) for text in texts),
                     what=f"{texts!r} on the screen")


async def test_a_full_turn_through_every_prompt(tmp_path: Path) -> None:
    from tui_naval.app.session import Session
    from tui_naval.app.setup import new_game

    session = Session(new_game("salt-n-tar", "channel-race", 3, None),
                      {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        kinds: list[str] = []
        while battle.match.game.state.turn == 1:
            await wait_until(pilot, lambda: (battle.prompt.asking
                                             or battle.match.game.state.turn > 1),
                             what="a prompt")
            if battle.match.game.state.turn > 1:
                break
            decision = battle.match.game.decision()
            assert decision is not None and decision.side == "blue"
            kinds.append(decision.kind)
            if decision.kind == "luck":
                await drawn(pilot, "1d6", "odds", "Wind Speed +2")
                await pilot.press("2")  # pass
            elif decision.kind == "move":
                await drawn(pilot, "Port 2 points !", "Starboard 1 point")
                await pilot.press("down")  # highlight port 1: the preview follows
                await pilot.pause()
                assert battle._preview, "a helm preview is drawn on the map"
                assert "ends at" in screen_text(app)
                await pilot.press("enter")
            else:
                await drawn(pilot, "Keep as she is")
                await pilot.press("1")
            await pilot.pause()
        assert kinds == ["luck", "move", "maneuver"]
        await wait_until(pilot, lambda: battle.prompt.asking, what="turn 2's first prompt")
        assert battle.match.game.state.turn == 2
        assert "Turn 2/60" in screen_text(app)
        # the turn's end was autosaved, and the log holds the player's orders
        autosave = tmp_path / "saves" / "autosave.json"
        assert autosave.is_file()
        assert load_game(autosave, find_ruleset).state.turn == 2
        lines = [str(line) for line in battle.log_view.lines]
        assert lines


async def test_undo_and_redo_go_from_decision_to_decision(tmp_path: Path) -> None:
    from tui_naval.app.session import Session
    from tui_naval.app.setup import new_game

    session = Session(new_game("salt-n-tar", "channel-race", 3, None),
                      {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        game = battle.match.game
        await wait_until(pilot, lambda: battle.prompt.asking)
        # Nothing to undo yet: greyed.
        assert battle.check_action("mode", ("undo", "battle")) is None
        digests = []
        for key in ("1", "3", "1"):  # roll, port 2, keep
            digests.append(state_digest(game.state))
            await pilot.press(key)
            await wait_until(pilot, lambda: battle.prompt.asking and
                             game.decision() is not None and
                             game.decision().side == "blue")  # type: ignore[union-attr]
        end = state_digest(game.state)
        orders = game.orders
        assert game.state.turn == 2
        await pilot.press("u")
        await wait_until(pilot, lambda: battle.prompt.asking)
        assert state_digest(game.state) == digests[2]
        assert game.decision().kind == "maneuver"  # type: ignore[union-attr]
        await pilot.press("u")
        await pilot.press("u")
        await wait_until(pilot, lambda: battle.prompt.asking)
        assert state_digest(game.state) == digests[0]
        assert game.orders == ()
        await pilot.press("r", "r", "r")
        await wait_until(pilot, lambda: battle.prompt.asking)
        assert state_digest(game.state) == end, "redo replays the same dice"
        assert game.orders == orders
        assert battle.check_action("mode", ("redo", "battle")) is None
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: battle.prompt.asking)
        assert state_digest(game.state) == digests[2]
        # a different answer after undo clears the redo stack
        await pilot.press("2")
        await wait_until(pilot, lambda: battle.prompt.asking and game.state.turn == 2)
        assert not game.can_redo()


async def test_an_option_the_preview_sees_run_aground_is_marked(tmp_path: Path) -> None:
    """Seed 737975, turn 2: holding course runs the cutter onto land (+1 Strain); the
    list marks "Hold course" with `!` as it marks the two-point turns, not only its line."""
    from tui_naval.app.session import Session
    from tui_naval.app.setup import new_game

    session = Session(new_game("salt-n-tar", "channel-race", 737975, "hex-flat"),
                      {"blue": "human", "red": "greedy"})
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        for answered in range(1, 5):  # turn 1 (luck, helm, maneuver), turn 2's luck
            await wait_until(pilot, lambda: battle.prompt.asking, what="a prompt")
            await pilot.press("1")
            await wait_until(pilot, lambda n=answered: sum(
                o.ship == "B1" for o in battle.match.game.orders) >= n, what="played")
        await wait_until(pilot, lambda: battle.prompt.asking
                         and battle.match.game.decision().kind == "move", what="the helm")
        options = battle.prompt.options
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[0] == "1 Hold course !" and labels[1] == "2 Port 1 point"
        assert labels[2] == "3 Port 2 points !"
        assert options.highlighted == 1  # (the default is the first option without a !)
        await pilot.press("up")
        await drawn(pilot, "! +1 Strain (runs aground)")


def test_a_cost_every_option_shares_marks_none() -> None:
    """A preview's warning marks its option only where another option avoids it (an aim
    decision's every hex shares the planned move's "she would stop short")."""
    from tui_naval.app.question import Option, foreseen
    from tui_naval.core.orders import Order
    from tui_naval.core.presenter import OptionInfo, Preview

    orders = [Order("B1", "aim", str(n)) for n in range(3)]

    def marks(warnings: list[str]) -> list[str]:
        options = tuple(Option(order, OptionInfo(f"aim {n}")) for n, order in enumerate(orders))
        previews: list[Preview | None] = [Preview(text="", warning=w) for w in warnings]
        return [option.info.warning for option in foreseen(options, previews)]

    shared = "land at 3,4: she would stop short"
    assert marks([shared] * 3) == ["", "", ""]
    assert marks([shared, "", shared]) == [shared, "", shared]
    assert marks(["", "", ""]) == ["", "", ""]
