"""What the prompts say is true: a helm preview ends where the ship then goes (the others
moving at the same time, as the rules move them) and says what it assumes; odds say what
they count; abbreviations are spelled out; a luck roll that may bring a gale says so."""

from __future__ import annotations

from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.systems.sailing.salt_n_tar import present as sailing


def _play_to(game: Game, answers: list[int]) -> list[tuple[Decision, Order, str, object]]:
    """Play the first side's decisions by option number (the greedy AI for the others);
    each of the player's answers with its preview text and the ship's cell after."""
    ruleset, presenter = game.ruleset, game.ruleset.presenter
    human = game.state.sides[0]
    ai = make_player("greedy", ruleset)
    out = []
    for number in answers:
        while (d := game.decision()) is not None and d.side != human:
            game.play(ai.choose(ruleset.observe(game.state, d.side), d))
        decision = game.decision()
        assert decision is not None
        seen = ruleset.observe(game.state, decision.side)
        order = presenter.option_order(seen, decision)[number - 1]
        preview = presenter.preview(seen, order)
        game.play(order)
        while (d := game.decision()) is not None and d.side != human:
            game.play(ai.choose(ruleset.observe(game.state, d.side), d))
        out.append((decision, order, preview.text if preview else "",
                    game.state.ship(decision.ship).cell))
    return out


def test_the_seed_392770_helm_previews_end_where_she_goes() -> None:
    """Issue 12's case: option 2 of turn 3 said 2 cells (R1 in her way, held still) and
    she sailed 6; the next turn's "Hold course" said 0 and she sailed 2."""
    game = new_game("salt-n-tar", None, 392770, None)
    played = _play_to(game, [1, 1, 1, 1, 5, 1, 1, 2, 1, 1, 1])
    moves = [(d, o, text, cell) for d, o, text, cell in played if d.kind == "move"]
    assert len(moves) == 4
    for _decision, _order, text, cell in moves:
        assert f"ends at {cell} " in text
        assert "assumes R1 holds course" in text and "foul her" in text
    turn3 = moves[2][2]
    assert "ends at 11,13 heading NE, 6 cells" in turn3
    assert "(if the others stood still: 7,15)" in turn3
    assert "ends at 13,12 heading NE, 2 cells" in moves[3][2]
    assert "WS Wind Speed, BN Bearing Number, \" inches (4 a cell)" in turn3


def test_a_helm_preview_says_why_it_marks_strain() -> None:
    """Seed 737975: holding course N on turn 2 runs the cutter onto the land at 4,14 (a
    new player pressing Enter on every prompt ran aground there seven turns running and
    foundered); the warning names the grounding, and a two-point turn its own Strain."""
    game = new_game("salt-n-tar", "channel-race", 737975, "hex-flat")
    _play_to(game, [1, 1, 1, 1])  # turn 1 (luck, helm, maneuver), turn 2's luck
    decision = game.decision()
    assert decision is not None and decision.kind == "move"
    presenter = game.ruleset.presenter
    seen = game.ruleset.observe(game.state, decision.side)
    hold, _, sharp, *_ = presenter.option_order(seen, decision)
    held = presenter.preview(seen, hold)
    assert held is not None and held.warning == "+1 Strain (runs aground)"
    turned = presenter.preview(seen, sharp)
    assert turned is not None and turned.warning.startswith("+")
    assert "two-point turn" in turned.warning


def test_the_legend_spells_out_only_what_a_text_uses() -> None:
    assert sailing.legend('WS 1 x BN 8 = 8"', 4) == \
        'WS Wind Speed, BN Bearing Number, " inches (4 a cell)'
    assert sailing.legend("drifts (becalmed)") == ""
    assert sailing.legend("BN 3") == "BN Bearing Number"


def test_a_luck_roll_that_may_bring_a_gale_says_so() -> None:
    game = new_game("salt-n-tar", "channel-race", 3, "hex-flat")
    state = game.state
    decision = game.decision()
    assert decision is not None and decision.kind == "luck"
    roll = next(o for o in decision.options if o.arg == "roll")
    presenter = game.ruleset.presenter
    calm = presenter.option_info(state, decision, roll)
    assert calm.warning == "a 6 marks 1 Strain"
    windy = evolve(state, wind=evolve(state.wind, speed=3))
    warned = presenter.option_info(windy, decision, roll)
    assert "a gale for every ship" in warned.warning and "raises the wind to 4" in warned.warning
    already = evolve(state, wind=evolve(state.wind, speed=4))
    assert "gale" not in presenter.option_info(already, decision, roll).warning
    assert "grounds" in sailing.LABELS["furl"].warning


def test_kyngesreach_odds_say_what_they_count() -> None:
    game = new_game("kyngesreach", "kr-duel", 3, None)
    ruleset, presenter = game.ruleset, game.ruleset.presenter
    ai = make_player("greedy", ruleset)
    for _ in range(200):
        decision = game.decision()
        assert decision is not None
        if decision.kind == "target" and decision.side == game.state.sides[0]:
            break
        game.play(ai.choose(ruleset.observe(game.state, decision.side), decision))
    else:
        raise AssertionError("no target prompt")
    seen = ruleset.observe(game.state, decision.side)
    shot = next(o for o in decision.options if o.verb != "hold")
    preview = presenter.preview(seen, shot)
    assert preview is not None
    assert "%: at least one hit; " in preview.text and "hits expected of" in preview.text
    assert "rounded down" in preview.text and "to hit" not in preview.text


def test_ships_and_sails_moves_spell_out_their_letters() -> None:
    game = new_game("ships-and-sails", "ss-duel", 3, None)
    decision = game.decision()
    assert decision is not None and decision.kind == "move"
    presenter = game.ruleset.presenter
    seen = game.ruleset.observe(game.state, decision.side)
    order = next(o for o in decision.options if o.arg.startswith("F"))
    info = presenter.option_info(seen, decision, order)
    assert "F ahead, L turning to port, R turning to starboard" in info.detail
    preview = presenter.preview(seen, order)
    assert preview is not None and "all move at once" in preview.text
