"""The greedy judgement of Salt'n'Tar with Ships & Sails gunnery (the ruleset's advisor).

Salt'n'Tar's combat turn's advice (``combat_advisor``: the helm's look-ahead, luck
never rolled, Salt'n'Tar's sails and anchor) with Ships & Sails' for the aim and the
load (``salt_advisor.SnsFirepower``).
"""

from __future__ import annotations

from tui_naval.rulesets.salt_and_sails.rules import COMBAT, RULESET
from tui_naval.systems.battle import fire_ranker
from tui_naval.systems.gunnery.ships_and_sails.salt_advisor import SnsFirepower
from tui_naval.systems.sailing.salt_n_tar.combat_advisor import combat_advisor

FIRE = SnsFirepower(COMBAT)
choose = combat_advisor(RULESET, FIRE)
rank = fire_ranker(FIRE)
