"""The greedy judgement of Man-O-War sailing with Ships & Sails gunnery: Man-O-War's helm
(``man_o_war.advisor``) with Ships & Sails' advice on aim and loads."""

from __future__ import annotations

from tui_naval.rulesets.mow_and_sails.rules import COMBAT, RULESET
from tui_naval.systems.gunnery.ships_and_sails.salt_advisor import SnsFirepower
from tui_naval.systems.sailing.man_o_war.advisor import mow_advisor

FIRE = SnsFirepower(COMBAT)
choose, rank = mow_advisor(RULESET, FIRE)
