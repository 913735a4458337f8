"""The greedy judgement of Man-O-War sailing with Kyngesreach gunnery: Man-O-War's helm
(``man_o_war.advisor``) with Kyngesreach's advice on fire and loads."""

from __future__ import annotations

from tui_naval.rulesets.mow_and_shot.rules import COMBAT, RULESET
from tui_naval.systems.gunnery.kyngesreach.salt_advisor import KyngFirepower
from tui_naval.systems.sailing.man_o_war.advisor import mow_advisor

FIRE = KyngFirepower(COMBAT)
choose, rank = mow_advisor(RULESET, FIRE)
