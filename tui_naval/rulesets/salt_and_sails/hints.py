"""Salt and Sails' hints: its sailing's and its combat turn's."""

from __future__ import annotations

from tui_naval.core.hints import Hints
from tui_naval.systems.sailing.salt_n_tar.hints import COMBAT_TURN, SAILING

HINTS: Hints = SAILING.joined(COMBAT_TURN)
