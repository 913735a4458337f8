"""The voyage on screen: choosing legs, a storm, a leg fought with no undo and saved at
every decision, leaving and resuming, and the end (morgue, hall of fame, save removed)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from app_support import make_app, mode_of, screen_text, wait_for_screen, wait_until
from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.rulesets import find_entry, load
from tui_naval.tui.modes.leg import LegMode, LegOverDialog
from tui_naval.tui.screens.title import TitleScreen
from tui_naval.tui.screens.voyage import VoyageEndDialog, VoyageScreen
from tui_naval.voyage.chart import FINAL, PORT, STORM
from tui_naval.voyage.keeper import VoyageKeeper
from tui_naval.voyage.store import load_voyage, voyage_path
from tui_naval.voyage.voyage import ASHORE, FIGHTING, OVER, STORMY, begin, chart_of, encounter

FIXED_DAY = date(2026, 11, 25)


def _keeper(tmp_path: Path, ruleset: str = "kyngesreach", seed: int = 17) -> VoyageKeeper:
    rules = load(find_entry(ruleset))
    voyage = begin(rules, seed, name="Tester")
    return VoyageKeeper(voyage, voyage.flagship.kind, voyage_path(tmp_path / "saves"))


def _option_keys(screen: VoyageScreen) -> list[str]:
    return [choice.key for choice in screen._choices]


async def test_a_storm_is_chosen_ridden_out_and_saved(tmp_path: Path) -> None:
    keeper = _keeper(tmp_path)
    ruleset = keeper.ruleset
    storm = next(p for p in chart_of(keeper.voyage, ruleset).onward(0) if p.kind == STORM)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, VoyageScreen)
        number = _option_keys(screen).index(f"sail {storm.id}") + 1
        await pilot.press(str(number))
        await wait_until(pilot, lambda: keeper.voyage.stage == STORMY, what="the storm")
        await pilot.pause()
        assert "How will you ride it out?" in screen_text(app)
        assert _option_keys(screen) == ["storm run", "storm heave", "storm claw"]
        await pilot.press("2")
        await wait_until(pilot, lambda: keeper.voyage.stage == ASHORE, what="calm")
        await pilot.pause()
        assert "heave to" in screen_text(app)
        saved, game, ship = load_voyage(keeper.path)
        assert saved == keeper.voyage and game is None and ship == "frigate"


async def test_each_new_list_starts_at_its_first_option_and_the_line_is_the_highlighted(
        tmp_path: Path) -> None:
    """Issue 61: the cursor kept its place from one list to the next, so the line under
    the list told of option 2 while `1` sailed for option 1.  Each new list starts at
    its first option; the line (numbered) and the chart's [X] follow the highlight."""
    from textual.widgets import OptionList

    keeper = _keeper(tmp_path, seed=5)
    ruleset = keeper.ruleset
    chart = chart_of(keeper.voyage, ruleset)
    storm = next(p for p in chart.onward(0) if p.kind == STORM)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, VoyageScreen)
        listing = screen.query_one("#voyage-options", OptionList)

        def line() -> str:
            return str(screen.query_one("#voyage-detail").render())

        def chosen() -> str:
            return str(screen.query_one("#voyage-chart").render())

        index = _option_keys(screen).index(f"sail {storm.id}")
        assert index >= 1 and listing.highlighted == 0
        for _ in range(index):
            await pilot.press("down")
        await pilot.pause()
        assert line() == f"{index + 1}: {screen._choices[index].detail}"
        assert f"[{storm.letter}]" in chosen()
        await pilot.press("enter")
        await wait_until(pilot, lambda: keeper.voyage.stage == STORMY, what="the storm")
        await pilot.pause()
        assert listing.highlighted == 0 and line().startswith("1: risks")
        await pilot.press("down", "down", "enter")
        await wait_until(pilot, lambda: keeper.voyage.stage == ASHORE, what="calm")
        await pilot.pause()
        first = chart.place(int(_option_keys(screen)[0].split()[1]))
        assert len(screen._choices) >= 2 and listing.highlighted == 0
        assert line() == f"1: {screen._choices[0].detail}"
        assert f"[{first.letter}]" in chosen() and line().startswith(f"1: {first.letter}: ")
        await pilot.press("down")
        await pilot.pause()
        assert line() == f"2: {screen._choices[1].detail}"


async def test_narrow_the_head_keeps_the_score_and_a_storm_is_told_in_a_notice(
        tmp_path: Path) -> None:
    keeper = _keeper(tmp_path, "salt-n-tar", 747257)
    keeper.voyage = evolve(keeper.voyage, daily=True)  # a head 86 columns long in full
    ruleset = keeper.ruleset
    storm = next(p for p in chart_of(keeper.voyage, ruleset).onward(0) if p.kind == STORM)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, VoyageScreen)
        head = str(screen.query_one("#voyage-head").render())
        assert "score 0" in head and "seed" not in head and len(head) <= 80
        assert not screen.query_one("#voyage-log").display  # no room for the log
        await pilot.press(str(_option_keys(screen).index(f"sail {storm.id}") + 1))
        await wait_until(pilot, lambda: keeper.voyage.stage == STORMY, what="the storm")
        await pilot.press("2")
        await wait_until(pilot, lambda: keeper.voyage.stage == ASHORE, what="calm")
        told = [n.message for n in app._notifications]
        assert keeper.voyage.legs[-1].text in told


async def test_a_leg_has_no_undo_is_saved_as_it_goes_and_resumes(tmp_path: Path) -> None:
    keeper = _keeper(tmp_path)
    ruleset = keeper.ruleset
    battle = next(p for p in chart_of(keeper.voyage, ruleset).onward(0) if p.kind != STORM)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, VoyageScreen)
        await pilot.press(str(_option_keys(screen).index(f"sail {battle.id}") + 1))
        leg = await wait_for_screen(pilot, LegMode)
        assert app.match is None and app.keeper is keeper  # not the skirmish autosave
        assert f" {battle.name}  " in str(leg.status_left(100))  # the place, not "random-"
        await wait_until(pilot, lambda: leg.prompt.asking, what="a prompt")
        await pilot.press("1")
        await wait_until(pilot, lambda: len(leg.match.game.orders) >= 2, what="orders")
        made = leg.match.game.orders
        await pilot.press("u")
        await pilot.pause()
        assert leg.match.game.orders[:len(made)] == made  # no undo on a voyage
        assert "Undo" not in screen_text(app)
        _, saved_game, _ = load_voyage(keeper.path)
        assert saved_game is not None and len(saved_game.orders) >= len(made) - 1
        await pilot.press("q")
        await wait_until(pilot, lambda: not isinstance(app.screen, (LegMode, VoyageScreen)),
                         what="the title")
    voyage, game, _ = load_voyage(keeper.path)
    assert voyage.stage == FIGHTING and game is not None
    assert game.orders == keeper.game.orders if keeper.game else True
    # Resumed from the title: straight back into the leg, where it was.
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("v")
        leg = await wait_for_screen(pilot, LegMode)
        assert leg.match.game.orders == game.orders


async def test_a_merchant_legs_briefing_says_how_she_is_taken(tmp_path: Path) -> None:
    """Issue 61: nothing said how to take a merchant.  Putting to sea for one, the leg's
    briefing tells what waits, the risk, and the ruleset's way of taking her."""
    from tui_naval.voyage.chart import MERCHANT
    from tui_naval.voyage.voyage import TAKING

    keeper = _keeper(tmp_path)
    ruleset = keeper.ruleset
    merchant = next(p for p in chart_of(keeper.voyage, ruleset).places if p.kind == MERCHANT)
    keeper.voyage = evolve(keeper.voyage, at=merchant.id, stage=FIGHTING,
                           route=(0, merchant.id))
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, LegMode)
        told = [n.message for n in app._notifications]
        assert any(m.startswith(f"{merchant.name}: a merchant to take") and "risk:" in m
                   and TAKING["kyngesreach"] in m for m in told), told


async def test_the_end_writes_the_morgue_and_the_hall_and_removes_the_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    keeper = _keeper(tmp_path)
    ruleset = keeper.ruleset
    final = next(p for p in chart_of(keeper.voyage, ruleset).places if p.kind == FINAL)
    keeper.voyage = evolve(keeper.voyage, at=final.id, stage=FIGHTING, route=(0, final.id))
    keeper.game = Game(ruleset, encounter(keeper.voyage, ruleset).setup)
    sides = keeper.game.state.sides
    play(keeper.game, {side: make_player("greedy", ruleset) for side in sides})
    keeper.save()
    assert keeper.path.exists()
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        # The leg's game is over already: its dialog may cover the leg's screen before
        # a look at the top screen would find the leg's (on a busy machine it did).
        await wait_until(pilot, lambda: any(isinstance(mode_of(s), LegMode)
                                            for s in app.screen_stack), what="the leg")
        await wait_until(pilot, lambda: "The leg is over" in screen_text(app), what="leg over")
        await pilot.press("enter")
        await wait_for_screen(pilot, VoyageEndDialog)
        text = screen_text(app)
        assert "The voyage is" in text and "Score" in text and "Morgue:" in text
        assert "Number 1 in the hall of fame" in text
    assert not keeper.path.exists()
    morgue = Path(keeper.morgue)
    assert morgue.is_file() and "The legs:" in morgue.read_text()
    from tui_naval.voyage.hall import Hall, hall_path

    (rank, entry), = Hall(hall_path()).top()
    assert rank == 1 and entry.name == "Tester" and entry.seed == 17
    assert entry.score == keeper.voyage.score and entry.cause == keeper.voyage.ended




def _last_leg_lost(tmp_path: Path) -> VoyageKeeper:
    """A voyage at its final battle, played to its end (greedy on both sides)."""
    keeper = _keeper(tmp_path)
    ruleset = keeper.ruleset
    final = next(p for p in chart_of(keeper.voyage, ruleset).places if p.kind == FINAL)
    keeper.voyage = evolve(keeper.voyage, at=final.id, stage=FIGHTING, route=(0, final.id))
    keeper.game = Game(ruleset, encounter(keeper.voyage, ruleset).setup)
    play(keeper.game, {side: make_player("greedy", ruleset) for side in keeper.game.state.sides})
    keeper.save()
    return keeper


async def test_a_voyage_left_at_its_last_legs_end_ends_when_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Left (q, a hang-up) on the leg's "over" screen: the save holds a finished leg that
    # lost the flagship, which replays to a voyage over.  Resumed, it stood on an empty
    # "What now?" (found in tmux: a Man-O-War voyage, seed 77).
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    keeper = _last_leg_lost(tmp_path)
    keeper.leg_over()  # as the save replays it
    assert keeper.voyage.stage == OVER
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, VoyageEndDialog)
        assert "Score" in screen_text(app) and "Morgue:" in screen_text(app)
    assert not keeper.path.exists()


async def test_enter_sails_on_from_a_leg_over_with_its_dialog_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The prompt says "press enter to sail on": so it does, whatever became of the dialog
    # (once, at 80x24 in tmux, the leg's screen stood with no dialog and Enter did nothing).
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    keeper = _last_leg_lost(tmp_path)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, LegOverDialog)
        app.pop_screen()  # gone, its callback not called
        leg = await wait_for_screen(pilot, LegMode)
        assert "press enter to sail on" in screen_text(app)
        leg.prompt.options.focus()
        await pilot.press("enter")
        await wait_for_screen(pilot, VoyageEndDialog)


async def test_a_hang_up_saves_the_voyage(tmp_path: Path) -> None:
    keeper = _keeper(tmp_path)
    app = make_app(tmp_path, lambda: VoyageScreen(keeper))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, VoyageScreen)
        keeper.path.unlink(missing_ok=True)
        app.on_exit_signal(1)  # SIGHUP: the app saves what is in play and leaves
        await pilot.pause()
    saved, _, _ = load_voyage(keeper.path)
    assert saved == keeper.voyage


def test_a_voyage_in_the_hall_of_fame_replays_leg_by_leg(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    from tui_naval.cli import main
    from tui_naval.voyage.run import sail

    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    keeper = _keeper(tmp_path, seed=5)
    ruleset = keeper.ruleset
    sides = ("blue", "red")
    voyage = sail(ruleset, keeper.voyage, {side: make_player("greedy", ruleset) for side in sides})
    keeper.voyage = voyage
    keeper.finish(None, tmp_path / "morgue", FIXED_DAY)
    assert keeper.rank == 1 and not keeper.ended_note
    assert main(["replay", "--hall", "1", "--headless"]) == 0
    last = capsys.readouterr().out.splitlines()
    from tui_naval.app.recordings import hall_recording

    # Headed by the leg's place, the generated sea's name after it.
    place = hall_recording(1).title
    assert last[0].startswith(f"Kyngesreach on {place} (random-") and place in {
        p.name for p in chart_of(voyage, ruleset).places}
    assert last[-1].startswith("RESULT ")
    # Issue 61: the morgue called a leg 4 that `--leg 4` did not know.  Each leg is
    # numbered alike: the morgue's number replays that leg's place.
    chart = chart_of(voyage, ruleset)
    morgue = Path(keeper.morgue).read_text().split("The legs:\n")[1].split("\n\n")[0]
    numbered = {int(line.split(".")[0]): line for line in morgue.splitlines()}
    assert sorted(numbered) == list(range(1, len(voyage.legs) + 1))
    for leg in voyage.legs:
        number = chart.place(leg.place).column
        assert leg.text in numbered[number]
        code = main(["replay", "--hall", "1", "--leg", str(number), "--headless"])
        out, err = capsys.readouterr()
        if leg.kind in (PORT, STORM):
            assert code == 2 and f"no leg {number} fought" in err
        else:
            assert code == 0 and out.splitlines()[-1].startswith("RESULT ")
            assert hall_recording(1, number).title == chart.place(leg.place).name
    assert any(leg.kind in (PORT, STORM) for leg in voyage.legs)  # (one not fought)
    assert main(["replay", "--hall", "1", "--leg", "99", "--headless"]) == 2
    assert "no leg 99" in capsys.readouterr().err


def test_a_watched_voyage_leaves_no_morgue_and_no_entry(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from tui_naval.voyage.run import sail

    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    rules = load(find_entry("salt-n-tar"))
    voyage = sail(rules, begin(rules, 8),
                  {side: make_player("greedy", rules) for side in ("blue", "red")})
    keeper = VoyageKeeper(voyage, voyage.flagship.kind, None)  # watched: not saved
    keeper.finish(None, tmp_path / "morgue", FIXED_DAY)
    assert keeper.rank is None and keeper.morgue == "" and keeper.game is None
    assert not (tmp_path / "morgue").exists() and not (tmp_path / "data").exists()


@pytest.mark.parametrize("key", ["v", "c"])
async def test_a_broken_voyage_save_is_set_aside_not_in_the_way(tmp_path: Path, key: str
                                                                ) -> None:
    """Voyage (or Continue) with a voyage save that cannot be read: the file is kept as
    voyage.save.unreadable, the player told, and a new voyage set up (Continue goes on to
    the autosaved game, or says there is none): over SSH there is no `--new` to type."""
    from tui_naval.tui.screens.voyage_setup import VoyageSetupScreen

    path = voyage_path(tmp_path / "saves")
    path.parent.mkdir(parents=True)
    path.write_text("garbage\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await pilot.press(key)
        if key == "v":
            await wait_for_screen(pilot, VoyageSetupScreen)
        await pilot.pause()
        told = [(str(n.title), str(n.message)) for n in app._notifications]
        assert any(title == "Cannot resume the voyage" and "corrupt voyage save" in message
                   and "kept as voyage.save.unreadable" in message for title, message in told)
        if key == "c":
            assert app.screen is title
            assert any("no autosaved game" in message for _, message in told)
    assert not path.exists()
    assert (path.parent / "voyage.save.unreadable").read_text() == "garbage\n"


@pytest.mark.parametrize("player", ["", "anne"])
async def test_a_new_voyages_captain_is_the_player_it_knows(tmp_path: Path,
                                                            player: str) -> None:
    """Over SSH the app knows the player's name (her login): her voyage's captain unless
    she writes another; at home the field is empty, its placeholder asking."""
    from textual.widgets import Input

    from tui_naval.tui.screens.voyage_setup import VoyageSetupScreen

    app = make_app(tmp_path, player=player)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("v")
        screen = await wait_for_screen(pilot, VoyageSetupScreen)
        assert screen.query_one("#vs-name", Input).value == player


@pytest.mark.parametrize("key", ["enter", "ctrl+g"])
async def test_a_voyage_does_not_set_sail_with_a_blank_name(tmp_path: Path, key: str
                                                            ) -> None:
    """Issue 61: Enter on the setup set sail as "a captain".  With no name it asks for
    one (the Captain field focused); written, Enter there sets sail under it."""
    from textual.widgets import Input

    from tui_naval.tui.screens.voyage_setup import VoyageSetupScreen

    app = make_app(tmp_path, player="")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("v")
        screen = await wait_for_screen(pilot, VoyageSetupScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and not voyage_path(tmp_path / "saves").exists()
        name = screen.query_one("#vs-name", Input)
        assert name.has_focus
        assert any("Your name first" in n.message for n in app._notifications)
        await pilot.press(*"Nelson", "enter")
        voyage = await wait_for_screen(pilot, VoyageScreen)
        assert voyage.keeper.voyage.name == "Nelson"
