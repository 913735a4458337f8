"""The greedy judgement of Salt'n'Tar with Kyngesreach gunnery (the ruleset's advisor).

Salt'n'Tar's combat turn's advice (``combat_advisor``: the helm's look-ahead, luck
never rolled, Salt'n'Tar's sails and anchor) with Kyngesreach's for fire and loads,
broadsides valued by the gunnery's exact odds (``salt_advisor.KyngFirepower``).
"""

from __future__ import annotations

from tui_naval.rulesets.salt_and_shot.rules import COMBAT, RULESET
from tui_naval.systems.battle import fire_ranker
from tui_naval.systems.gunnery.kyngesreach.salt_advisor import KyngFirepower
from tui_naval.systems.sailing.salt_n_tar.combat_advisor import combat_advisor

FIRE = KyngFirepower(COMBAT)
choose = combat_advisor(RULESET, FIRE)
rank = fire_ranker(FIRE)
