"""Prompts answered by Enter in a real terminal (tmux), where a Pilot test cannot tell:
two ships' prompts that read alike, one after the other (a Man-O-War crossing's
frigate and sloop, both In Irons on turn 6), each taken by one Enter."""

from __future__ import annotations

import shlex
from pathlib import Path

from tmux_support import NEEDS_TMUX, open_pane

from tui_naval.ai.players import make_player
from tui_naval.app.setup import new_game
from tui_naval.core.saves import save_game

pytestmark = NEEDS_TMUX


def in_irons_save(path: Path) -> None:
    """The crossing (seed 1) played to blue's frigate In Irons on turn 1, her sloop too:
    blue takes each prompt's first option (as Enter does), red plays greedy."""
    game = new_game("mow-and-shot", "mow-crossing", 1, None)
    red = make_player("greedy", game.ruleset)
    while True:
        decision = game.decision()
        assert decision is not None and game.state.turn <= 1
        if decision.side == "blue":
            if decision.ship == "B2" and any(o.verb == "recover" for o in decision.options):
                break
            seen = game.ruleset.observe(game.state, decision.side)  # as the prompt lists
            order = game.ruleset.presenter.option_order(seen, decision)[0]
        else:
            order = red.choose(game.ruleset.observe(game.state, decision.side), decision)
        game.play(order)
    assert game.state.turn == 1
    save_game(game, path)


def test_enter_answers_each_of_two_like_prompts(tmp_path: Path) -> None:
    save = tmp_path / "irons.json"
    in_irons_save(save)
    with open_pane(tmp_path, f"load {shlex.quote(str(save))}", size=(80, 24)) as (term, _):
        screen = term.wait_for(lambda s: "B2 Frigate: In Irons" in s, "B2's move prompt")
        assert "Turn 1/30" in screen and "Recover (2/6), port if through" in screen
        term.keys("Enter")
        screen = term.wait_for(lambda s: "B3 Sloop: In Irons" in s, "B3's move prompt")
        assert "B2 Frigate: In Irons" not in screen
        term.keys("Enter")
        term.wait_for(lambda s: "B3 Sloop: In Irons" not in s and "Move " not in s,
                      "blue's moves given")
