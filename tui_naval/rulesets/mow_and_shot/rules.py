"""Man-O-War sailing with Kyngesreach gunnery: a pairing of systems, declared.

The turn is Man-O-War's (``MowBattle``): the initiative roll (a commanders' tie
moves the wind), then each navy in turn moves and fires.  Its combat system is
Kyngesreach's gunnery (broadsides at the range band measured on the map; the
navy holding the initiative fires at +1), its ship classes ``tables.toml``'s
pairings of a Man-O-War template and a Kyngesreach class.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from tui_naval.core.maps import MapSpec
from tui_naval.core.ruleset import Ruleset
from tui_naval.rulesets.mow_and_shot import INFO
from tui_naval.rulesets.mow_and_shot.state import MasShip, MasState
from tui_naval.systems.battle import Pairing
from tui_naval.systems.gunnery.kyngesreach.gunnery import gunnery_problem
from tui_naval.systems.gunnery.kyngesreach.options import refuse_magic
from tui_naval.systems.gunnery.kyngesreach.salt_combat import KyngCombat
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.man_o_war.battle import MowBattle, mow_pairings, mow_problem


@cache
def classes() -> dict[str, Pairing]:
    """The ship classes (tables.toml, parsed once); KeyError on an unknown half."""
    return mow_pairings(__package__, gunnery_tables().classes)


COMBAT = KyngCombat()


class MowAndShot(MowBattle[MasState]):
    """Man-O-War's battle turn, fought with Kyngesreach's gunnery."""

    info = INFO
    state_type = MasState
    ship_type = MasShip
    combat = COMBAT

    @property
    def classes(self) -> Mapping[str, Pairing]:  # type: ignore[override]
        return classes()

    def unplayable(self, spec: MapSpec) -> str | None:
        """The map's ``enters`` line, and Kyngesreach's ``#!`` lines (crews and names are
        played; the magical wind is Kyngesreach's wind-gauge option, not played here)."""
        return super().unplayable(spec) or refuse_magic(spec, self.title)

    def invalid(self, state: MasState) -> str | None:
        classes = self.classes
        return (super().invalid(state)
                or mow_problem(state, lambda kind: classes[kind].sailing)
                or next((problem for ship in state.ships if (problem := gunnery_problem(
                    ship.id, ship.gunnery, classes[ship.kind].gunnery))), None))


RULESET = MowAndShot()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[MasState] = RULESET
