"""The search admiral's levels: how long and how far each one thinks.

Normal answers within 300 ms and hard within 2 s at the 95th percentile on the
project's 2-core machine (``bench/search_time.py`` measures it): each stops at its
time limit a little short of its mark, as one iteration (a rollout to the end of the
turn, or as many turns on as the ruleset's ``search_horizon`` says, or up to two turns
further where the turn tells the options apart not at all) takes
from 1 to 40 ms, and the budget is checked at every decision of a rollout.
Their iteration limits are far above what the time allows, there only so a run
never searches without end on a much faster machine.  Both play half their rounds in a
helper process on the machine's second core (``search_helper``; docs/strength.md, "Two
cores", measured what twice the rollouts in the same time is worth).
"""

from __future__ import annotations

from tui_naval.ai.search import SearchSettings

LEVEL_SETTINGS: dict[str, SearchSettings] = {
    "normal": SearchSettings(iterations=5_000, seconds=0.25, workers=2),
    "hard": SearchSettings(iterations=50_000, seconds=1.8, workers=2),
}
