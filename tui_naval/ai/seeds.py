"""Seeds an AI draws its own randomness from: stable across processes, and read only
from what the side to choose may know (never the state's dice)."""

from __future__ import annotations

import hashlib

from tui_naval.core.orders import Decision
from tui_naval.core.state import GameState


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts``' text (Python's ``hash`` of text differs per process)."""
    text = "\x1f".join(str(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def place_seed(state: GameState, decision: Decision) -> int:
    """A seed from where a decision falls in the game, read from what the side to choose
    may know (never the state's dice)."""
    return stable_seed(state.ruleset, state.turn, state.phase, decision.side, decision.ship,
                       decision.kind, len(state.plotted), len(state.acted))
