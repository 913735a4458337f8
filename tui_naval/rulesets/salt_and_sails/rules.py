"""Salt'n'Tar with Ships & Sails gunnery: a pairing of systems, declared.

The turn is Salt'n'Tar's Game Turn in Naval Combat (the sailing system's
``SaltCombat``).  Its combat system is the Ships & Sails gunnery's part for that
turn (``SnsCombat``), its initiative none (``Simultaneous``), its ship classes
``tables.toml``'s pairings of a Salt'n'Tar type and a Ships & Sails type.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from tui_naval.core.grid import GridKind
from tui_naval.core.ruleset import Ruleset
from tui_naval.rulesets.salt_and_sails import INFO
from tui_naval.rulesets.salt_and_sails.state import SalsShip, SalsState
from tui_naval.systems.battle import Pairing, Simultaneous
from tui_naval.systems.gunnery.ships_and_sails.armament import armament_problem
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import SnsCombat
from tui_naval.systems.gunnery.ships_and_sails.tables import tables as gunnery_tables
from tui_naval.systems.initiative.wind_gauge import gauge_problem
from tui_naval.systems.sailing.salt_n_tar.combat import SaltCombat, salt_pairings
from tui_naval.systems.sailing.salt_n_tar.component import sailing_problem


@cache
def classes() -> dict[str, Pairing]:
    """The ship classes (tables.toml, parsed once); KeyError on an unknown half."""
    return salt_pairings(__package__, gunnery_tables().ships)


COMBAT = SnsCombat()


class SaltAndSails(SaltCombat[SalsState]):
    """Salt'n'Tar's naval combat turn, fought with Ships & Sails gunnery."""

    info = INFO
    #: Ships & Sails' arcs and aim patterns are laid on hexes.
    grids = (GridKind.HEX_FLAT, GridKind.HEX_POINTY)
    state_type = SalsState
    ship_type = SalsShip
    combat = COMBAT
    initiative = Simultaneous()

    @property
    def classes(self) -> Mapping[str, Pairing]:  # type: ignore[override]
        return classes()

    def invalid(self, state: SalsState) -> str | None:
        """The common checks, and each ship's sail and armament (the checks of the rulesets
        whose systems it pairs); nobody holds the initiative."""
        classes = self.classes
        return (super().invalid(state) or gauge_problem(state, state.holder, state.weather)
                or (None if state.group in (0, 1) else "its half move is neither group")
                or sailing_problem(state, state.ships, lambda kind: classes[kind].sailing)
                or next((problem for ship in state.ships if (problem := armament_problem(
                    ship.id, ship.gunnery, classes[ship.kind].gunnery))), None))


RULESET = SaltAndSails()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[SalsState] = RULESET
