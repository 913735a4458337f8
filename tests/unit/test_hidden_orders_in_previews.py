"""A side's previews are worked out from what it may know: the other side's plotted helm
orders, hidden, count as holding course."""

from __future__ import annotations

from attrs import evolve

from tui_naval.app.setup import new_game
from tui_naval.core.engine import HIDDEN
from tui_naval.core.orders import Order


def test_a_helm_preview_on_the_observed_state_does_not_use_the_enemys_order() -> None:
    game = new_game("salt-and-sails", "sails-duel", 4, None)
    ruleset = game.ruleset
    while (decision := game.decision()) is not None and decision.kind != "move":
        game.play(next(o for o in decision.options if o.arg != "roll"))
    assert decision is not None and decision.side == "blue"
    game.play(Order("B1", "starboard", "1"))       # blue's order is plotted, hidden from red
    decision = game.decision()
    assert decision is not None and decision.side == "red" and decision.kind == "move"
    seen = ruleset.observe(game.state, "red")
    assert [o.verb for o in seen.plotted] == [HIDDEN]
    as_if_holding = evolve(game.state, plotted=(Order("B1", "hold"),))
    for order in decision.options:
        shown = ruleset.presenter.preview(seen, order)
        known = ruleset.presenter.preview(as_if_holding, order)
        assert shown is not None and known is not None
        # The same move; only the text's assumption differs (a hidden order is assumed to
        # hold course, a known one is simply used).
        assert (shown.path, shown.end, shown.heading, shown.warning, shown.overlays) == \
            (known.path, known.end, known.heading, known.warning, known.overlays)
        assert shown.text.split("\n")[0] == known.text.split("\n")[0]


def test_the_preview_hands_the_half_move_the_orders_the_side_may_know(monkeypatch) -> None:
    game = new_game("salt-and-sails", "sails-duel", 4, None)
    ruleset = game.ruleset
    while (decision := game.decision()) is not None and decision.kind != "move":
        game.play(next(o for o in decision.options if o.arg != "roll"))
    game.play(Order("B1", "starboard", "1"))
    handed: list[dict[str, Order]] = []
    real = type(ruleset).half_move

    def spy(self, state, orders, half, log):  # type: ignore[no-untyped-def]
        handed.append(dict(orders))
        return real(self, state, orders, half, log)

    monkeypatch.setattr(type(ruleset), "half_move", spy)
    mine = Order("R1", "port", "1")
    ruleset.presenter.preview(game.state, mine)
    ruleset.presenter.preview(ruleset.observe(game.state, "red"), mine)
    assert handed == [{"B1": Order("B1", "starboard", "1"), "R1": mine},
                      {"B1": Order("B1", "hold"), "R1": mine}]
