"""SVG snapshots of every screen, dialog and prompt at 100x30 and at the 80x24 minimum.

Seeds, the clock and the save folder are fixed (see ``snapshot_apps``), so the
pictures only change when the UI does.  After a deliberate change, look at the new
pictures and accept them with ``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import snapshot_apps as apps
from app_support import screen_text, wait_for_screen, wait_until
from textual.pilot import Pilot

from tui_naval.tui.dialogs.game_over import GameOverDialog
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.new_game import NewGameScreen
from tui_naval.tui.screens.rules import RulesScreen
from tui_naval.tui.screens.title import TitleScreen

SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((80, 24), id="80x24"),
         pytest.param((200, 60), id="200x60")]
SnapCompare = Callable[..., bool]


@pytest.fixture(params=SIZES)
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return request.param  # type: ignore[no-any-return]


def test_title(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.title(tmp_path), terminal_size=size,
                        run_before=apps.settle_on(TitleScreen))


def test_new_game(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        screen = await wait_for_screen(pilot, NewGameScreen)
        await wait_until(pilot, lambda: bool(screen.query("#ng-ship-R1")), what="the fleets")
        await pilot.pause()

    assert snap_compare(apps.new_game_screen(tmp_path), terminal_size=size,
                        run_before=run_before)


def test_rules(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for_screen(pilot, RulesScreen)
        await pilot.pause()

    assert snap_compare(apps.rules(tmp_path), terminal_size=size, run_before=run_before)


# -- a hex battle (channel-race, hex-flat): each of Salt'n'Tar's prompts -------------------
def test_hex_luck(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The luck prompt, with its chance table beside the options."""
    assert snap_compare(apps.hex_race(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("luck"))


def test_hex_helm(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The helm prompt with port 1 highlighted: its path previewed on the map."""
    assert snap_compare(apps.hex_race(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("move", {"luck": "2"}, after=("down",)))


def test_hex_maneuver(snap_compare: SnapCompare, tmp_path: Path,
                      size: tuple[int, int]) -> None:
    assert snap_compare(apps.hex_race(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("maneuver", {"luck": "2"}))


# -- a square battle (square-regatta) ---------------------------------------------------------
def test_square_helm(snap_compare: SnapCompare, tmp_path: Path,
                     size: tuple[int, int]) -> None:
    assert snap_compare(apps.square_regatta(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("move", {"luck": "2"}, after=("down",)))


# -- Kyngesreach (kr-duel): gunnery prompts ------------------------------------------------------
def test_kr_ammo(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.kr_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("ammo"))


def test_kr_range(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The range prompt, with its Seamanship chance table."""
    assert snap_compare(apps.kr_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("range"))


def test_kr_target(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.kr_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("target"))


# -- the end, and a terminal too small ---------------------------------------------------------
def test_game_over(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for_screen(pilot, GameOverDialog)
        await wait_until(pilot, lambda: "distance to go" in screen_text(pilot.app),
                         what="the chart")
        await pilot.pause()

    assert snap_compare(apps.finished_race(tmp_path), terminal_size=size,
                        run_before=run_before)


def test_too_small(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(apps.hex_race(tmp_path), terminal_size=(60, 20),
                        run_before=apps.settle_on(BattleMode))


# -- Ships & Sails (ss-duel) and Salt'n'Tar with Kyngesreach gunnery (sas-duel) -------------
def test_ss_move(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The plotted move with its path and the broadsides' arcs from where she ends."""
    assert snap_compare(apps.ss_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("move", after=("down", "down")))


def test_ss_aim(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """Aiming: the arc and the 40% / 10% hexes of the pattern."""
    assert snap_compare(apps.ss_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("aim", after=("down",)))


def test_sas_move(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """The composed ruleset's half move, after luck is passed."""
    assert snap_compare(apps.sas_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt("move", {"luck": "2"}, after=("down",)))


# -- the pairings made by configuration: Salt'n'Tar with Ships & Sails gunnery, Man-O-War
# sailing with each gunnery ---------------------------------------------------------------
@pytest.mark.parametrize("kind", ["move", "aim", "ammo"])
def test_sails_prompts(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int],
                       kind: str) -> None:
    """Salt'n'Tar's half move, then Ships & Sails' aimed hexes and ammunition."""
    assert snap_compare(apps.sails_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt(kind, {"luck": "2"}, after=("down",)))


@pytest.mark.parametrize(("ruleset", "kind"), [("mow-and-shot", "move"),
                                               ("mow-and-shot", "target"),
                                               ("mow-and-sails", "aim")])
def test_mow_prompts(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int],
                     ruleset: str, kind: str) -> None:
    """Man-O-War's move (sail point, speed, tack and drift previews) and each gunnery's fire."""
    assert snap_compare(apps.mow_crossing(tmp_path, ruleset), terminal_size=size,
                        run_before=apps.at_prompt(kind, after=("down",)))


# -- Fast Play Salamis: the galley's plotted move, and "Stop!" in the enemy's move -----------
@pytest.mark.parametrize("kind", ["helm", "row", "stop", "bows"])
def test_salamis_prompts(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int],
                         kind: str) -> None:
    """The helm and the inches rowed (the path previewed), then the greek's Stop! window
    and her bows' target while the persian rows."""
    assert snap_compare(apps.salamis_duel(tmp_path), terminal_size=size,
                        run_before=apps.at_prompt(kind, after=("down",)))
