"""Games to the end: the game-over screen, rematch, the demo and script playback."""

from __future__ import annotations

from pathlib import Path

from app_support import SIZE, make_app, mode_of, screen_text, wait_for_screen, wait_until

from tui_naval.ai.players import make_player
from tui_naval.app.scripts import ScriptError, ScriptPlayer, parse_script, read_script
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.saves import save_game, state_digest
from tui_naval.core.summary import summarise
from tui_naval.tui.dialogs.game_over import GameOverDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.modes.demo import DemoMode, demo_screen
from tui_naval.tui.widgets.series_bars import SeriesBars

SEED = 3


def greedy_game(turns: int | None = None) -> Game:
    """Seed 3 on channel-race, greedy against greedy, to the end or for ``turns`` turns."""
    game = new_game("salt-n-tar", "channel-race", SEED, None)
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides},
         turns=turns)
    return game


def reference() -> Game:
    game = greedy_game()
    assert game.state.outcome is not None
    return game


def headline(game: Game) -> str:
    outcome = game.state.outcome
    assert outcome is not None
    return f"{outcome.winner.capitalize()} wins" if outcome.winner else "Draw"


def near_the_end(turns_left: int = 1) -> Game:
    """Seed 3's greedy game, stopped ``turns_left`` turns before it ends."""
    game = greedy_game(reference().state.turn - turns_left - 1)
    assert game.state.outcome is None
    return game


async def test_demo_plays_to_the_game_over_screen(tmp_path: Path) -> None:
    game = near_the_end(2)
    session = Session(game, {"blue": "greedy", "red": "greedy"})
    app = make_app(tmp_path, lambda: demo_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await wait_for_screen(pilot, GameOverDialog)
        await wait_until(pilot, lambda: "distance to go" in screen_text(app))
        text = screen_text(app)
        assert headline(game) in text
        assert game.state.outcome is not None and summarise(game).result in text
        assert "distance to go" in text
        rows = list(dialog.query(SeriesBars))
        assert len(rows) == 2
        assert all(len(row.values) == game.state.turn + 1 for row in rows)  # + the end
        assert rows[0].top == rows[1].top  # one scale for both sides
        await pilot.press("r")  # rematch: the same seed from the start

        def rematches() -> list[DemoMode]:
            return [s for s in app.screen_stack
                    if isinstance(mode_of(s), DemoMode) and s.match.game is not game]

        await wait_until(pilot, lambda: bool(rematches()), what="the rematch")
        rematch = rematches()[0]
        assert rematch.match.game.setup == game.setup
        assert rematch.match.game.states()[0].turn == 1
        assert rematch.match.game.orders == game.orders[:len(rematch.match.game.orders)]


async def test_demo_pause_and_pace(tmp_path: Path) -> None:
    session = Session(new_game("salt-n-tar", "channel-race", SEED, None),
                      {"blue": "greedy", "red": "greedy"})
    app = make_app(tmp_path, lambda: demo_screen(session, delay=0.2))
    async with app.run_test(size=SIZE) as pilot:
        demo = app.screen
        assert isinstance(mode_of(demo), DemoMode)
        await pilot.press("space")
        assert demo.match.paused
        # An answer already being worked out is still played: wait for it, not 0.5 s.
        await wait_until(pilot, lambda: not demo.match.thinking, what="the answer in hand")
        count = len(demo.match.game.orders)
        await pilot.pause(0.5)
        assert len(demo.match.game.orders) == count, "a paused demo stands still"
        assert "PAUSED" in screen_text(app)
        await pilot.press("minus")
        assert demo.mode.delay > 0.2
        await pilot.press("plus", "plus", "plus")
        assert demo.mode.delay < 0.2
        await pilot.press("space")
        await wait_until(pilot, lambda: len(demo.match.game.orders) > count + 3)
        await pilot.press("q")
        await wait_until(pilot, lambda: not isinstance(mode_of(app.screen), DemoMode))


async def test_playing_a_game_to_the_end_by_keys(tmp_path: Path) -> None:
    """The human (blue) answers with the AI's choices to the end; then review and undo."""
    game = near_the_end(1)
    session = Session(game, {"blue": "human", "red": "greedy"})
    advisor = make_player("greedy", game.ruleset)
    app = make_app(tmp_path, lambda: battle_screen(session))
    async with app.run_test(size=SIZE) as pilot:
        battle = app.screen
        assert isinstance(mode_of(battle), BattleMode)
        while game.state.outcome is None:
            await wait_until(pilot, lambda: (battle.prompt.asking or
                                             game.state.outcome is not None))
            decision = game.decision()
            if decision is None:
                break
            choice = advisor.choose(game.state, decision)
            await pilot.press(str(decision.options.index(choice) + 1))
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog))
        assert game.state.outcome == reference().state.outcome
        assert (tmp_path / "saves" / "autosave.json").is_file()
        await pilot.press("escape")  # review: back to the map, where undo still works
        await wait_until(pilot, lambda: app.screen is battle)
        await pilot.press("u")
        await wait_until(pilot, lambda: battle.prompt.asking)
        assert game.state.outcome is None
        await pilot.press("n")  # not a prompt key here: the ocean cursor is not focused
        await pilot.pause()
        assert app.screen is battle


def test_script_files(tmp_path: Path) -> None:
    script = parse_script("# a comment\nB1 luck roll\n\n  R1   luck pass  # trailing\n")
    assert [line.text for line in script.lines] == ["B1 luck roll", "R1 luck pass"]
    assert [line.line for line in script.lines] == [2, 4]
    bad = tmp_path / "bad.txt"
    bad.write_text("B1\n")
    try:
        read_script(bad)
    except ScriptError as exc:
        assert "bad.txt:1" in str(exc)
    else:
        raise AssertionError("a malformed order must be refused")
    game = new_game("salt-n-tar", "channel-race", SEED, None)
    player = ScriptPlayer(parse_script("B1 luck dance\n", "s.txt"))
    try:
        player.choose(game.state, game.decision())  # type: ignore[arg-type]
    except ScriptError as exc:
        assert "s.txt:1" in str(exc) and "not a legal order" in str(exc)
    else:
        raise AssertionError("an illegal order must be refused")


async def test_script_playback_exits_when_done(tmp_path: Path) -> None:
    recorded = new_game("salt-n-tar", "channel-race", SEED, None)
    play(recorded, {s: make_player("greedy", recorded.ruleset) for s in recorded.state.sides},
         turns=3)
    path = tmp_path / "three-turns.txt"
    path.write_text("# three turns of seed 3\n" + "\n".join(map(str, recorded.orders)) + "\n")
    script = read_script(path)
    assert script.setup is None
    game = new_game("salt-n-tar", "channel-race", SEED, None)
    session = Session(game, dict.fromkeys(game.state.sides, "greedy"))
    app = make_app(tmp_path, lambda: demo_screen(session, script=ScriptPlayer(script),
                                                exit_when_done=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.return_code is not None, what="the app to exit")
    assert game.orders == recorded.orders
    assert state_digest(game.state) == state_digest(recorded.state)


async def test_a_save_is_a_script(tmp_path: Path) -> None:
    recorded = near_the_end(3)
    path = tmp_path / "game.json"
    save_game(recorded, path)
    script = read_script(path)
    assert script.setup == recorded.setup
    assert len(script.lines) == len(recorded.orders)
    from tui_naval.rulesets import find_ruleset

    game = Game(find_ruleset(script.setup.ruleset), script.setup)
    session = Session(game, dict.fromkeys(game.state.sides, "greedy"))
    app = make_app(tmp_path, lambda: demo_screen(session, script=ScriptPlayer(script)))
    async with app.run_test(size=SIZE) as pilot:
        demo = app.screen
        assert isinstance(mode_of(demo), DemoMode)
        # A bound on the wait for a whole game's 108 orders (1.5 s on a busy machine).
        await wait_until(pilot, lambda: demo.match.paused, timeout=60, what="the script's end")
        assert state_digest(game.state) == state_digest(recorded.state)
        # (the notice is a message to the app: it may be handled a moment later)
        await wait_until(pilot, lambda: "script has ended" in " ".join(
            str(n.message) for n in app._notifications), what="the script's end notice")
        await pilot.press("space")  # the AI plays on
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog))
