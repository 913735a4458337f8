"""A roller for tests that gives the dice it is told, in order."""

from __future__ import annotations

from collections.abc import Iterable

from tui_naval.core.dice import Rng, Roller


class Dice(Roller):
    """A roller that gives the dice it is told, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(Rng.from_seed(0))
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        return self.faces.pop(0)
