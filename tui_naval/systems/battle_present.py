"""What every pairing of a sailing and a combat system presents alike.

A pairing's presenter (``rulesets/<pairing>/present.py``) builds on
``BattlePresenter``: the strength chart and how a ship has left the fight are read from
the pairing's ruleset, a ``Battle``; its options, previews and notes are its systems'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tui_naval.core.presenter import Presenter, Series, strength_series
from tui_naval.core.state import GameState, ShipBase
from tui_naval.systems.battle import Battle, out_of_the_fight


class BattlePresenter(Presenter):
    """A pairing's presentation of what its ``battle`` (the ruleset) judges."""

    #: The pairing's ruleset.
    battle: ClassVar[Battle[Any]]

    def progress(self, states: Sequence[GameState]) -> Series:
        """Each side's strength left, turn by turn (what the turn limit judges)."""
        return strength_series(states, self.battle.side_strength,
                               self.battle.combat.strength_measure)

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        """How a ship afloat has left the fight ("struck her colours", "sinking"...), or ""."""
        if not isinstance(ship, self.battle.ship_type):
            return ""
        return out_of_the_fight(self.battle.combat, ship)
