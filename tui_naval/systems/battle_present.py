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
from tui_naval.systems.battle import Battle, CombatShip, CombatState, in_play, out_of_the_fight


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

    def within_reach(self, state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
        """Whether ``enemy`` lies within ``ship``'s guns' reach (any arc), as her combat
        system measures it: standing orders watch the enemies within it."""
        raise NotImplementedError

    def standing_watch(self, state: GameState, ship_id: str) -> tuple[tuple[str, str], ...]:
        """The enemies within her guns' reach: a standing order asks the player first when
        one comes into reach (or leaves it)."""
        ship = next((s for s in state.ships if s.id == ship_id), None)
        if not isinstance(state, CombatState) or not isinstance(ship, self.battle.ship_type):
            return ()
        combat = self.battle.combat
        near = sorted(enemy.id for enemy in state.ships
                      if enemy.side != ship.side and isinstance(enemy, self.battle.ship_type)
                      and in_play(combat, enemy) and self.within_reach(state, ship, enemy))
        return (("enemies within reach", ", ".join(near) or "none"),)
