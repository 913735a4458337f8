"""Salt'n'Tar with Kyngesreach gunnery: a pairing of systems, declared.

The turn is Salt'n'Tar's Game Turn in Naval Combat (the sailing system's
``SaltCombat``): luck, Strain, initiative, half moves round a missile phase,
maneuvers.  Its combat system is Kyngesreach's gunnery (broadsides at the range
band measured on the map), its initiative the wind gauge, its ship classes
``tables.toml``'s pairings of a Salt'n'Tar type and a Kyngesreach class.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_naval.core.maps import MapSpec
from tui_naval.core.ruleset import Ruleset
from tui_naval.rulesets.salt_and_shot import INFO
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.rulesets.salt_and_shot.tables import classes
from tui_naval.systems.battle import Pairing, in_play
from tui_naval.systems.gunnery.kyngesreach.gauge import CREWS
from tui_naval.systems.gunnery.kyngesreach.gunnery import gunnery_problem
from tui_naval.systems.gunnery.kyngesreach.options import refuse_magic
from tui_naval.systems.gunnery.kyngesreach.salt_combat import KyngCombat
from tui_naval.systems.initiative.wind_gauge import GaugeInitiative, WindGauge, Words, gauge_problem
from tui_naval.systems.sailing.salt_n_tar.combat import SaltCombat
from tui_naval.systems.sailing.salt_n_tar.component import sailing_problem

COMBAT = KyngCombat()
GAUGE = WindGauge(
    CREWS,
    lambda ship: in_play(COMBAT, ship),
    Words(reading="the contests for the initiative",
          taken="{holder} has the initiative (the wind gauge: {why}): it moves last in each "
                "half move and fires first, at +{holder_gunner}",
          tie="no initiative ({why}): both sides move together and fire together at "
              "{tie_gunner}",
          cannot="(two masts down or sails shot away): it cannot contest the initiative"))


class SaltAndShot(SaltCombat[SasState]):
    """Salt'n'Tar's naval combat turn, fought with Kyngesreach's gunnery."""

    info = INFO
    state_type = SasState
    ship_type = SasShip
    combat = COMBAT
    initiative = GaugeInitiative(GAUGE, "who reads the weather (Weather Sense) for the "
                                        "initiative?")

    @property
    def classes(self) -> Mapping[str, Pairing]:  # type: ignore[override]
        return classes()

    def invalid(self, state: SasState) -> str | None:
        """The common checks, the wind gauge, and each ship's sail and gunnery (the checks
        of the rulesets whose systems it pairs)."""
        classes = self.classes
        return (super().invalid(state) or gauge_problem(state, state.holder, state.weather)
                or (None if state.group in (0, 1) else "its half move is neither group")
                or sailing_problem(state, state.ships, lambda kind: classes[kind].sailing)
                or next((problem for ship in state.ships if (problem := gunnery_problem(
                    ship.id, ship.gunnery, classes[ship.kind].gunnery))), None))

    def unplayable(self, spec: MapSpec) -> str | None:
        """Two sides, and no magical wind (it is Kyngesreach's wind-gauge option)."""
        return super().unplayable(spec) or refuse_magic(spec, self.title)


RULESET = SaltAndShot()
#: mypy checks here that the ruleset satisfies the engine's protocol.
_AS_PROTOCOL: Ruleset[SasState] = RULESET
