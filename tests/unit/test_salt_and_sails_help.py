"""The rules page of Salt'n'Tar with Ships & Sails gunnery agrees with its data, and every
kind of event it logs has a style."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.presenter import COMMON_STYLES
from tui_naval.core.scenario import Setup
from tui_naval.rulesets.salt_and_sails import advisor
from tui_naval.rulesets.salt_and_sails.present import PRESENTER
from tui_naval.rulesets.salt_and_sails.rules import RULESET, classes
from tui_naval.rulesets.salt_and_sails.state import SalsState
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo
from tui_naval.systems.gunnery.ships_and_sails.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


@pytest.fixture(scope="module")
def text() -> str:
    return RULESET.help_text()


def section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_help_has_the_players_sections(text: str) -> None:
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings == ["The parts it uses", "The game turn", "Aiming where she lies",
                        "Damage and sailing", "Out of action", "The ships", "Winning",
                        "How this game adapts the rulebooks", "Appendix: Salt'n'Tar's sailing",
                        "Appendix: Ships & Sails' gunnery"]
    assert "{{include" not in text


def test_the_appendices_carry_the_parts_own_rules(text: str) -> None:
    sailing = section(text, "Appendix: Salt'n'Tar's sailing")
    assert re.findall(r"^### (.+)$", sailing, re.M) == [
        "Wind", "Bearings", "Ships and speed", "Luck", "Strain", "Calm and gale",
        "Maneuvers", "Movement"]
    assert "deck's awash" in sailing and "| 12+ |" in sailing
    gunnery = text.split("\n## Appendix: Ships & Sails' gunnery\n", 1)[1]
    assert re.findall(r"^### (.+)$", gunnery, re.M) == ["Guns"]
    assert "**Critical hits**" in gunnery and "| ball | chain | grape |" in gunnery
    assert "this game's aiming where she lies (above) rules" in flat(gunnery)


def test_help_names_the_parts_it_uses(text: str) -> None:
    parts = section(text, "The parts it uses")
    assert "**Sailing: Salt'n'Tar.**" in parts
    assert "**Combat: Ships & Sails' gunnery.**" in parts
    assert "**Initiative: none.**" in parts and "**Not used:**" in parts


def test_the_game_turn_follows_the_combat_turn(text: str) -> None:
    turn = section(text, "The game turn")
    steps = re.findall(r"^\d+\. \*\*(.+?)\*\*", turn, re.M)
    assert steps == ["Wind Roll", "Luck", "Strain", "First half move", "Missile phase",
                     "Ammunition", "Second half move", "Ramming and boarding", "Maneuvers",
                     "End of the turn"]
    # The turn's steps, the initiative none (it never asks) and no ramming step.
    assert RULESET.turn.names == ("wind", "luck", "strain", "initiative", "first-half",
                                  "missile", "ammo", "second-half", "maneuver", "end")
    assert "not played" in turn.split("**Ramming and boarding**", 1)[1].split("\n", 1)[0]


def test_the_adaptations_are_numbered_in_order(text: str) -> None:
    adapted = section(text, "How this game adapts the rulebooks")
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", adapted, re.M)]
    assert numbers == list(range(1, 10))
    assert "**Hex grids only**" in adapted and "**No initiative**" in adapted


def test_the_ships_table_matches_the_classes(text: str) -> None:
    table = section(text, "The ships")
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == len(classes())
    for row, pairing in zip(rows, classes().values(), strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        sails = sailing_tables().ships[pairing.sailing]
        fights = gunnery_tables().ships[pairing.gunnery]
        assert cells[0] == pairing.name, pairing.key
        assert cells[1].startswith(sails.name), pairing.key
        masts = re.search(r"(\w+) masts", cells[1])
        if masts:
            assert masts.group(1) == NUMBERS[sails.masts], pairing.key
        assert cells[2] == (f"{fights.name}: {fights.guns} guns, {fights.sailors} sailors, "
                            f"hull {fights.hull}"), pairing.key


def test_the_classes_own_words_match_their_halves() -> None:
    for pairing in classes().values():
        fights = gunnery_tables().ships[pairing.gunnery]
        assert f"({fights.guns} guns)" in pairing.about, pairing.key


def test_the_aiming_figures_are_the_tables(text: str) -> None:
    aiming = flat(section(text, "Aiming where she lies"))
    t = gunnery_tables()
    ranges = (f"(ball {t.range_of(Ammo.BALL)} hexes, chain {t.range_of(Ammo.CHAIN)}, "
              f"grape {t.range_of(Ammo.GRAPE)})")
    assert ranges in aiming
    assert t.faces(10) == 1 and t.faces(40) == 4 and t.hit_die == 10
    assert "(a d10: a hit on 1 in a 10% hex, 1-4 in a 40% hex)" in aiming
    assert "**measured from where the ship lies**" in aiming
    assert "**every enemy lying in one**" in aiming


def test_the_damage_figures_are_the_tables(text: str) -> None:
    damage = flat(section(text, "Damage and sailing"))
    d = sailing_tables().damage
    quarter, half, three = (inches for _, inches in d.sail_loss)
    assert [pct for pct, _ in d.sail_loss] == [25, 50, 75]
    assert (f'{quarter}" off all speed with a quarter of her sails lost, {half}" with half, '
            f'{three}" with three quarters') in damage
    (p1, h1), (p2, h2) = d.hull_loss
    assert (p1, p2) == (50, 25)
    assert f'{h1}" off all speed under half her hull, {h2}" under a quarter' in damage
    per_sail = {s.sailors_per_sail for s in gunnery_tables().ships.values()}
    assert per_sail == {6} and "6 a sail" in damage
    assert sailing_tables().limits.crew_loss == 10 and "kills 10% of them" in damage
    assert "**no sail she can work she drifts**" in damage


def test_out_of_action_is_the_combat_systems(text: str) -> None:
    out = flat(section(text, "Out of action"))
    assert "**wreck that can neither sail nor fire**" in out
    assert RULESET.combat.out_of_action == (
        "sunk, sinking, or a wreck that can neither sail nor fire")
    assert "(no sail she can work and no gun with a crew on either side)" in out


def test_reloading_is_every_second_turn(text: str) -> None:
    t = gunnery_tables()
    assert (t.reload_rounds, t.switch_rounds) == (1, 1)
    turn = flat(section(text, "The game turn"))
    assert "a switch takes a round more to load" in turn
    assert "one that fired this turn is ready the turn after next" in turn


# -- event styles ----------------------------------------------------------------------

def logged_kinds() -> set[str]:
    """Every event kind seen in seeded games, random and greedy, on every map."""
    kinds: set[str] = set()
    for map_name in ("sails-duel", "sails-squadron", "ss-duel", "ss-brigs",
                     "ss-line-of-battle"):
        spec = load_map(map_name)
        for seed in range(2):
            game = Game(RULESET, Setup(RULESET.name, spec.name, spec.text,
                                       GridKind.HEX_FLAT, seed))
            kinds |= {e.kind for e in game.state.events}
            rng = random.Random(seed)
            while (decision := game.decision()) is not None:
                state = game.state
                assert isinstance(state, SalsState)
                greedy = seed == 1 and rng.random() < 0.85
                game.play(advisor.choose(state, decision) if greedy
                          else rng.choice(decision.options))
                kinds |= {e.kind for e in game.state.events}
    return kinds


def test_every_event_kind_logged_has_a_style() -> None:
    kinds = logged_kinds()
    assert {"game", "wind", "luck", "strain", "helm", "move", "pos", "fire", "hit", "miss",
            "damage", "ammo", "sails", "anchor", "sinks", "over"} <= kinds, kinds
    styled = set(PRESENTER.styles) | set(COMMON_STYLES)
    assert kinds <= styled, kinds - styled


def test_every_event_kind_in_the_code_has_a_style() -> None:
    root = Path(__file__).resolve().parents[2] / "tui_naval"
    sources = ["systems/gunnery/ships_and_sails/salt_combat.py",
               "systems/gunnery/ships_and_sails/broadsides.py",
               "systems/sailing/salt_n_tar/steps.py", "systems/sailing/salt_n_tar/combat.py",
               "core/engine.py"]
    kinds = {kind for path in sources
             for kind in re.findall(r'\blog\("([a-z-]+)"', (root / path).read_text())}
    assert {"breaks", "aground", "sinks", "ammo"} <= kinds
    assert kinds <= set(PRESENTER.styles) | set(COMMON_STYLES), kinds
    assert PRESENTER.event_style("hit") == "bold yellow"
    assert PRESENTER.event_style("strain") == "bold red"
    assert PRESENTER.event_style("wind") == "cyan"
