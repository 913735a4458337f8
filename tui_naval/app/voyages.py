"""A voyage begun from a player's choices: the ruleset, the seed (chosen, daily or
random), the grid, the captain's name and the flagship's class."""

from __future__ import annotations

import random
from datetime import date

from tui_naval.app.setup import SetupError
from tui_naval.core.grid import GridKind
from tui_naval.rulesets import find_entry, load
from tui_naval.voyage.daily import daily_seed, today
from tui_naval.voyage.voyage import Voyage, VoyageError, begin

#: The longest captain's name kept.
NAME_LENGTH = 24


def voyage_seed(seed: int | None, daily: bool, day: date | None = None) -> int:
    """The voyage's seed: the day's for a daily voyage, else the one chosen, else a
    random one."""
    if daily:
        return daily_seed(day or today())
    return seed if seed is not None else random.randrange(1, 1_000_000)


def start_voyage(ruleset_name: str, seed: int, grid: str | None = None, name: str = "",
                 daily: bool = False, ship: str = "") -> Voyage:
    """A new voyage (SetupError in one line for a choice that cannot be sailed)."""
    ruleset = load(find_entry(ruleset_name))
    kind = GridKind(grid) if grid else None
    try:
        return begin(ruleset, seed, kind, name.strip()[:NAME_LENGTH],
                     today().isoformat() if daily else "", ship)
    except VoyageError as exc:
        raise SetupError(str(exc)) from None
