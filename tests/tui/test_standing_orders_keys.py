"""Standing orders on the battle screen: ``O`` offers them for the decision asked, ``.``
repeats last turn's orders for the turn; what they play is logged as a standing order's,
and the player is told why when one waits."""

from __future__ import annotations

from pathlib import Path

from tests.tui.app_support import make_app, wait_for_screen, wait_until
from tests.tui.test_quiet_turns import log_texts, quiet_battle
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.lobby import ChoiceDialog


async def test_o_gives_a_standing_order_and_its_orders_are_logged(tmp_path: Path) -> None:
    app = make_app(tmp_path, quiet_turn_pause=0.01, first=quiet_battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking and not screen.match.thinking,
                         what="the first prompt")
        await pilot.press("O")
        dialog = await wait_for_screen(pilot, ChoiceDialog)
        labels = [label for _, label in dialog.choices]
        assert any(label.startswith("The first lieutenant decides") for label in labels)
        key = next(k for k, label in dialog.choices
                   if label == "The first lieutenant decides  (every ship)")
        dialog.dismiss(key)
        await wait_until(pilot, lambda: any("(standing order: The first lieutenant decides)"
                                            in text for text in log_texts(screen)),
                         what="an order played by the standing order")
        assert screen.match.standing.orders
        # Cancelled from the same dialog: the next prompt stays the player's.
        await wait_until(pilot, lambda: screen.prompt.asking and not screen.match.thinking,
                         what="a prompt again (the situation changed)")
        await pilot.press("O")
        dialog = await wait_for_screen(pilot, ChoiceDialog)
        assert dialog.choices[-1][0] == "cancel"
        dialog.dismiss("cancel")
        await wait_until(pilot, lambda: not screen.match.standing.orders, what="cancelled")


async def test_full_stop_repeats_last_turns_orders_and_says_why_one_waits(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, quiet_turn_pause=0.01, first=quiet_battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking and not screen.match.thinking,
                         what="the first prompt")
        await pilot.press("full_stop")  # turn 1: nothing to repeat, so she is asked, told why
        await wait_until(pilot, lambda: any("has given no such order before" in text
                                            for text in log_texts(screen)),
                         what="the reason in the log")
        assert screen.prompt.asking
