"""What knowing the dice is worth: the search handed the game's true state, against greedy.

Run: python bench/oracle.py [--ruleset NAME] [--games N] [--seed S] [--iterations I]
                            [--workers W] [--plot-only]

A bound, not a player.  The search (untimed, I rollouts an answer) is handed the true
state at each of its decisions, not its side's observed one, and its sampled worlds keep
that state's own future dice: the redraw every world gets in ``tui_naval.ai.search`` is
bypassed here, in this script only (``keep_dice``).  Its rollouts then play out the very
dice the game will roll, and the other side's real plot.  Against greedy, sides swapped
every game, seeds S, S+1..., on the ruleset's default map, it prints A's (the oracle's)
wins, draws and losses and how many worlds kept their dice.  Beside the same search
playing fair (``python bench/strength.py --a "search(iterations=I,seconds=None,workers=1)"
--b greedy``, the same seeds), the difference is what the dice it may not see are
worth in that ruleset's decisions: the oracle's share is what this search reaches
with nothing hidden from it, and what lies between the two is the dice (and the plot).
``--plot-only`` hands it the true state but draws the worlds' dice afresh: the other
side's plot alone.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

import tui_naval.ai.search as search
from tui_naval.app.setup import new_game
from tui_naval.core.state import GameState
from tui_naval.rulesets import registry

sys.path.insert(0, str(Path(__file__).parent))
from strength import find_map, make, result  # a sibling bench script

KEPT = [0]
#: False with ``--plot-only``: the worlds' dice are drawn afresh, as in a fair search.
KEEP = [True]


def keep_dice(value: Any, **changes: Any) -> Any:
    """``attrs.evolve`` for the search module, but a world (a state whose only change is
    its RNG) keeps the root's dice."""
    if KEEP[0] and isinstance(value, GameState) and set(changes) == {"rng"}:
        KEPT[0] += 1
        return value
    return attrs.evolve(value, **changes)


search.evolve = keep_dice  # type: ignore[attr-defined,assignment]


def play_one(ruleset: str, seed: int, index: int, oracle: str, dice: bool
             ) -> tuple[str, int]:
    """One game, the oracle at seat ``index % sides``: ("a", "b" or "draw", worlds kept)."""
    KEEP[0] = dice
    game = new_game(ruleset, None, seed, None)
    rules, state = game.ruleset, game.state
    a_side = state.sides[index % len(state.sides)]
    players = {side: make(oracle if side == a_side else "greedy", rules) for side in state.sides}
    KEPT[0] = 0
    while (decision := rules.decision(state)) is not None:
        side = decision.side
        seen = state if side == a_side else rules.observe(state, side)
        state = rules.apply(state, players[side].choose(seen, decision), False)
    return result(state, a_side), KEPT[0]


def _play(args: tuple[str, int, int, str, bool]) -> tuple[str, int]:
    return play_one(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="salt-n-tar",
                        choices=[info.id for info in registry()])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=100, help="rollouts an answer")
    parser.add_argument("--workers", type=int, default=2, help="games played at once")
    parser.add_argument("--plot-only", action="store_true",
                        help="the true state, but the dice drawn afresh: the plot's share")
    args = parser.parse_args()
    oracle = f"search(iterations={args.iterations},seconds=None,workers=1)"
    tasks = [(args.ruleset, args.seed + n, n, oracle, not args.plot_only)
             for n in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_play, tasks))
    tally = {key: sum(r == key for r, _ in results) for key in ("a", "draw", "b")}
    kept = sum(k for _, k in results)
    print(f"{args.ruleset} on {find_map(args.ruleset)}, seeds {args.seed}-"
          f"{args.seed + args.games - 1}: the oracle ({oracle}) won {tally['a']}, drew "
          f"{tally['draw']}, lost {tally['b']} of {args.games} against greedy "
          f"({100 * tally['a'] / max(1, args.games):.1f}%); {kept} worlds kept their dice")
    if not kept and not args.plot_only:
        sys.exit("no world kept its dice: the search no longer draws them as keep_dice expects")


if __name__ == "__main__":
    main()
