"""A player that picks uniformly among the legal options.

Its choice is a hash of the state's RNG, turn and the decision, so it is
reproducible and never draws from the game's dice.
"""

from __future__ import annotations

import hashlib

from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState


class RandomPlayer:
    """Uniformly random legal play, deterministic per state."""

    name = "random"

    def __init__(self, salt: int = 0) -> None:
        self.salt = salt

    def choose(self, state: GameState, decision: Decision) -> Order:
        key = f"{self.salt}:{state.rng.state}:{state.turn}:{state.phase}:{decision.ship}:" \
              f"{len(state.plotted)}"
        digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
        return decision.options[int.from_bytes(digest, "big") % len(decision.options)]
