"""Man-O-War sailing with Ships & Sails gunnery: a pairing of systems, declared.

The turn is Man-O-War's (``MowBattle``): the initiative roll (a commanders' tie
moves the wind), then each navy in turn moves and fires.  Its combat system is
the Ships & Sails gunnery (broadsides aimed at hexes: ball, chain and grape,
aim patterns, firing values), its ship classes ``tables.toml``'s pairings of a
Man-O-War template and a Ships & Sails type.  Ships & Sails' arcs are laid on
hexes, so it is played on hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from tui_naval.core.grid import GridKind
from tui_naval.core.ruleset import Ruleset
from tui_naval.rulesets.mow_and_sails import INFO
from tui_naval.rulesets.mow_and_sails.state import MawShip, MawState
from tui_naval.systems.battle import Pairing
from tui_naval.systems.gunnery.ships_and_sails.armament import armament_problem
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import SnsCombat
from tui_naval.systems.gunnery.ships_and_sails.tables import tables as gunnery_tables
from tui_naval.systems.sailing.man_o_war.battle import MowBattle, mow_pairings, mow_problem


@cache
def classes() -> dict[str, Pairing]:
    """The ship classes (tables.toml, parsed once); KeyError on an unknown half."""
    return mow_pairings(__package__, gunnery_tables().ships)


COMBAT = SnsCombat()


class MowAndSails(MowBattle[MawState]):
    """Man-O-War's battle turn, fought with Ships & Sails gunnery."""

    info = INFO
    grids = (GridKind.HEX_FLAT, GridKind.HEX_POINTY)
    state_type = MawState
    ship_type = MawShip
    combat = COMBAT

    @property
    def classes(self) -> Mapping[str, Pairing]:  # type: ignore[override]
        return classes()

    def invalid(self, state: MawState) -> str | None:
        classes = self.classes
        return (super().invalid(state)
                or mow_problem(state, lambda kind: classes[kind].sailing)
                or next((problem for ship in state.ships if (problem := armament_problem(
                    ship.id, ship.gunnery, classes[ship.kind].gunnery))), None))


RULESET = MowAndSails()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[MawState] = RULESET
