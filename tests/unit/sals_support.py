"""Positions for Salt'n'Tar with Ships & Sails gunnery tests: an open sea of given ships
and wind, and a state brought to a phase with its first decision."""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision
from tui_naval.core.scenario import Setup
from tui_naval.rulesets.salt_and_sails.rules import RULESET
from tui_naval.rulesets.salt_and_sails.state import SalsState


def sea(ships: list[str], wind: str = "N 2", grid: str = "hex-flat", width: int = 24,
        height: int = 16) -> SalsState:
    """The first state of a battle on open sea: ``ships`` are map ``ship:`` lines."""
    text = (f"title: T\nabout: t\ngrids: {grid}\ngame: battle\nturns: 30\nwind: {wind}\n"
            + "".join(f"ship: {s}\n" for s in ships) + "map:\n" + ("~" * width + "\n") * height)
    state = Game(RULESET, Setup(RULESET.name, "t", text, GridKind(grid), 1)).state
    assert isinstance(state, SalsState)
    return state


def at_phase(state: SalsState, phase: str) -> tuple[SalsState, Decision]:
    """``state`` moved on to ``phase`` (nothing plotted or acted yet) and its decision."""
    state = RULESET.advance(evolve(state, phase=phase, plotted=(), acted=(), group=0))
    decision = RULESET.decision(state)
    assert decision is not None and state.phase == phase
    return state, decision
