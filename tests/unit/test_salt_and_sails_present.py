"""How Salt'n'Tar with Ships & Sails gunnery presents itself, without a screen: its
orders' labels and the order they are listed in, an aim's hex, 40% and 10% hexes and
text, the helm preview run by the ruleset's own half move, the ammunition's timing and
the ship note."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve
from sals_support import at_phase, sea

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import OptionInfo
from tui_naval.rulesets.salt_and_sails.present import PRESENTER, in_reach
from tui_naval.rulesets.salt_and_sails.rules import RULESET
from tui_naval.rulesets.salt_and_sails.state import SalsState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    PORT,
    STARBOARD,
    arc,
    pattern_cells,
)
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo

SOL = "ship-of-the-line"
CLOSE = [f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}"]
#: Two ships under way on a broad reach, far enough apart not to foul each other.
SAILING = [f"B1 blue 5,8 SE {SOL}", f"R1 red 12,8 SW {SOL}"]



def labels(state: SalsState, decision: Decision) -> list[OptionInfo]:
    return [PRESENTER.option_info(state, decision, o) for o in decision.options]


def test_luck_helm_and_maneuver_orders_read_as_salt_n_tars() -> None:
    state = sea(SAILING)
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "luck"
    assert [i.label for i in labels(state, decision)] == ["Roll the luck die", "Pass"]
    state, decision = at_phase(state, "first-half")
    infos = labels(state, decision)
    assert [i.label for i in infos] == ["Hold course", "Port 1 point", "Starboard 1 point"]
    assert infos[1].detail == "turn one point to port (left)"
    state, decision = at_phase(state, "maneuver")
    infos = labels(state, decision)
    assert [i.label for i in infos] == ["Keep as she is", "Reef", "Furl sails", "Anchor"]
    assert infos[3].warning == "with sails set: an immediate Strain Roll"


def test_aims_read_as_the_side_and_hex_with_the_enemy_there() -> None:
    state, decision = at_phase(sea(CLOSE), "missile")
    by_order = dict(zip(decision.options, labels(state, decision), strict=True))
    assert by_order[Order("B1", "aim", "hold")] == OptionInfo("Hold fire",
                                                              "the broadside stays loaded")
    assert by_order[Order("B1", "aim", "starboard:13,8")].label == "Stbd at 13,8 R1"
    assert by_order[Order("B1", "aim", "starboard:12,8")].label == "Stbd at 12,8"
    assert by_order[Order("B1", "aim", "port:9,8")].label == "Port at 9,8"
    assert len({i.label for i in by_order.values()}) == len(decision.options)


def test_aims_at_enemy_hexes_come_first_then_hold() -> None:
    state = sea([f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}", f"R2 red 8,8 N {SOL}"])
    state, decision = at_phase(state, "missile")
    assert decision.ship == "B1"
    shown = [str(o) for o in PRESENTER.option_order(state, decision)]
    assert set(shown[:2]) == {"B1 aim starboard:13,8", "B1 aim port:8,8"}
    assert shown[2] == "B1 aim hold"
    assert sorted(shown) == sorted(str(o) for o in decision.options)
    # Other decisions keep their order.
    state, decision = at_phase(state, "first-half")
    assert PRESENTER.option_order(state, decision) == list(decision.options)


def test_an_aims_cell_is_the_hex_it_aims_at() -> None:
    state, _decision = at_phase(sea(CLOSE), "missile")
    assert PRESENTER.option_cell(state, Order("B1", "aim", "starboard:13,8")) == Cell(13, 8)
    assert PRESENTER.option_cell(state, Order("B1", "aim", "port:5,10")) == Cell(5, 10)
    assert PRESENTER.option_cell(state, Order("B1", "aim", "hold")) is None
    assert PRESENTER.option_cell(state, Order("B1", "hold")) is None


@pytest.mark.parametrize(("ammo", "forty", "ten", "text"), [
    (Ammo.BALL, 1, 4, "40% hexes hit on 1-4 of d10 for 6.4 hull; "
                      "10% hexes hit on a 1 of d10 for 1.6 hull"),
    (Ammo.CHAIN, 2, 3, "40% hexes hit on 1-4 of d10 for 6.4 rigging; "
                       "10% hexes hit on a 1 of d10 for 1.6 rigging"),
    (Ammo.GRAPE, 3, 2, "40% hexes hit on 1-4 of d10 for 6.4 sailors; "
                       "10% hexes hit on a 1 of d10 for 1.6 sailors"),
])
def test_an_aims_preview_lays_its_pattern_over_its_arc(ammo: Ammo, forty: int, ten: int,
                                                       text: str) -> None:
    state = sea([f"B1 blue 10,8 N {SOL}", f"R1 red 12,8 N {SOL}"])
    b1 = state.ship("B1")
    state = state.with_ship(evolve(b1, gunnery=evolve(b1.gunnery, ammo=ammo)))
    state, _decision = at_phase(state, "missile")
    preview = PRESENTER.preview(state, Order("B1", "aim", "starboard:12,8"))
    assert preview is not None and preview.path == () and preview.end is None
    assert preview.text == (f"starboard {ammo.value} at 12,8, firing value 16: {text} "
                            "(rolled for each such hex an enemy lies in)")
    overlays = preview.overlay_map
    pattern = dict(pattern_cells(state.grid, Cell(12, 8), 0, STARBOARD,
                                 b1.gunnery.stype.pattern(ammo)))
    assert sum(k == "hit-40" for k in overlays.values()) == forty
    assert sum(k == "hit-10" for k in overlays.values()) == ten
    for cell, pct in pattern.items():
        assert overlays[cell] == ("hit-40" if pct == 40 else "hit-10")
    reach = {Ammo.BALL: 5, Ammo.CHAIN: 3, Ammo.GRAPE: 2}[ammo]
    starboard = set(arc(state.grid, Cell(10, 8), 0, STARBOARD, reach))
    assert {c for c, k in overlays.items() if k == "arc"} == starboard - set(pattern)
    assert not set(arc(state.grid, Cell(10, 8), 0, PORT, reach)) & set(overlays)


def test_holding_fire_shows_both_arcs() -> None:
    state, _decision = at_phase(sea(CLOSE), "missile")
    preview = PRESENTER.preview(state, Order("B1", "aim", "hold"))
    assert preview is not None
    assert preview.text == "hold fire: the broadside stays loaded"
    both = set(arc(state.grid, Cell(10, 8), 0, PORT, 5)) | set(
        arc(state.grid, Cell(10, 8), 0, STARBOARD, 5))
    assert preview.overlay_map == dict.fromkeys(both, "arc")


def test_ammunition_reads_as_a_round_more_after_the_missile_phase() -> None:
    state, decision = at_phase(sea(CLOSE), "ammo")
    assert decision.ship == "B1"
    infos = dict(zip((o.arg for o in decision.options), labels(state, decision), strict=True))
    assert infos["keep"] == OptionInfo("Keep ball")
    assert infos["chain"] == OptionInfo("Load chain", "range 3, damages rigging",
                                        "a round more: ready on turn 3")
    assert infos["grape"] == OptionInfo("Load grape", "range 2, damages sailors",
                                        "a round more: ready on turn 3")
    keep = PRESENTER.preview(state, Order("B1", "ammo", "keep"))
    assert keep is not None and keep.text == (
        "keep ball (range 5, damages hull): loaded for next turn; + her reach from where "
        "she lies")
    assert set(keep.overlay_map.values()) == {"arc"} and len(keep.overlays) == 40
    switch = PRESENTER.preview(state, Order("B1", "ammo", "chain"))
    assert switch is not None and switch.overlays == ()
    assert switch.text == ("draw the ball, load chain (range 3, damages rigging): a round "
                           "more, ready on turn 3")


def test_the_ammunition_timing_told_is_the_timing_played() -> None:
    # B1 fires in turn 1, then switches: ready on turn 4, and she is.
    state, _ = at_phase(sea(CLOSE), "missile")
    state = RULESET.apply(state, Order("B1", "aim", "starboard:14,8"))
    state = RULESET.apply(state, Order("R1", "aim", "hold"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "ammo" and decision.ship == "B1"
    info = PRESENTER.option_info(state, decision, Order("B1", "ammo", "chain"))
    assert info.warning == "a round more: ready on turn 4"
    keep = PRESENTER.preview(state, Order("B1", "ammo", "keep"))
    assert keep is not None and keep.text == "keep loading ball: ready on turn 3"
    state = RULESET.apply(state, Order("B1", "ammo", "chain"))
    aims: list[int] = []
    while state.turn <= 4:
        decision = RULESET.decision(state)
        assert decision is not None
        if decision.kind == "aim" and decision.ship == "B1":
            aims.append(state.turn)
        state = RULESET.apply(state, next(o for o in decision.options
                                          if o.arg in ("pass", "keep", "hold")
                                          or o.verb in ("hold", "keep")))
    assert aims == [4]


def helm_spy(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Order]]:
    """Record the orders of every half move the ruleset is asked for."""
    calls: list[dict[str, Order]] = []
    real = RULESET.half_move

    def spy(state: Any, orders: Any, half: int, log: Log) -> Any:
        calls.append(dict(orders))
        return real(state, orders, half, log)

    monkeypatch.setattr(RULESET, "half_move", spy)
    return calls


@pytest.mark.parametrize("grid", ["hex-flat", "hex-pointy"])
def test_the_helm_preview_is_where_the_half_move_takes_her(
        monkeypatch: pytest.MonkeyPatch, grid: str) -> None:
    state, decision = at_phase(sea(SAILING, grid=grid), "first-half")
    assert decision.ship == "B1"
    b1_order = decision.options[1]
    held = RULESET.apply(state, b1_order)
    r1_decision = RULESET.decision(held)
    assert r1_decision is not None and r1_decision.ship == "R1"
    start = held.ship("R1").cell
    for order in r1_decision.options:
        calls = helm_spy(monkeypatch)
        preview = PRESENTER.preview(held, order)
        monkeypatch.undo()
        assert calls == [{"B1": b1_order, "R1": order}], "the ruleset's own half move"
        assert preview is not None and preview.end is not None
        played = RULESET.apply(held, order)
        r1 = played.ship("R1")
        assert preview.end == r1.cell
        assert preview.heading == played.grid.facing_name(r1.heading)
        assert preview.path == (tuple(played.grid.line(start, r1.cell)[1:])
                                if r1.cell != start else ())
        n = played.grid.distance(start, r1.cell)
        assert preview.text.startswith(
            f"first half: ends at {r1.cell} heading {preview.heading}, {n} cell")
        assert "; then " in preview.text
        assert preview.text.split("\n")[0].endswith(in_reach(played, r1))


def test_the_second_half_preview_warns_of_a_second_turn() -> None:
    state, _decision = at_phase(sea(SAILING), "second-half")
    b1 = state.ship("B1")
    state = state.with_ship(evolve(b1, sail=evolve(b1.sail, turns_made=1)))
    preview = PRESENTER.preview(state, Order("B1", "port", "1"))
    assert preview is not None and preview.text.startswith("second half: ends at ")
    assert "then" not in preview.text
    assert preview.warning == "+1 Strain (a second change of direction)"
    hold = PRESENTER.preview(state, Order("B1", "hold"))
    assert hold is not None and hold.warning == ""
    moved = RULESET.half_move(state, {"B1": Order("B1", "hold")}, 2, Log(1, loud=False))
    assert hold.end == moved.ship("B1").cell


def test_the_helm_preview_tells_what_her_broadside_will_reach() -> None:
    state, _ = at_phase(sea(CLOSE), "first-half")
    assert in_reach(state, state.ship("B1")) == "R1 in her starboard arc"
    assert in_reach(state, state.ship("R1")) == "B1 in her port arc"
    far = sea([f"B1 blue 10,8 N {SOL}", f"R1 red 20,2 N {SOL}"])
    assert in_reach(far, far.ship("B1")) == "no enemy within her ball's reach"
    b1 = far.ship("B1")
    loading = far.with_ship(evolve(b1, gunnery=evolve(b1.gunnery, reload=2, ammo=Ammo.CHAIN)))
    assert in_reach(loading, loading.ship("B1")) == "her chain is loading, ready on turn 3"


def test_the_ship_note() -> None:
    state = sea(CLOSE)
    assert PRESENTER.ship_note(state, state.ship("B1")) == "hull 60/60, 0 Strain, ball loaded"
    b1 = state.ship("B1")
    hurt = evolve(b1, gunnery=evolve(b1.gunnery, hull=536, ammo=Ammo.GRAPE, reload=2),
                  sail=evolve(b1.sail, strain=2))
    assert PRESENTER.ship_note(state, hurt) == "hull 53.6/60, 2 Strain, grape loading 2"


def test_an_order_for_no_ship_is_not_passed_off_as_plain_text() -> None:
    """A presenter asked of an order it cannot describe fails loudly (the playouts would
    catch it), not with the raw order on the screen."""
    state = sea(CLOSE)
    decision = RULESET.decision(state)
    assert decision is not None
    stray = Order("Z9", "aim", "starboard:1,1")
    with pytest.raises(KeyError):
        PRESENTER.option_info(state, decision, stray)
    with pytest.raises(KeyError):
        PRESENTER.preview(state, stray)


def test_every_style_is_a_known_kind_and_the_log_kinds_are_styled() -> None:
    assert PRESENTER.event_style("fire") == "yellow" and PRESENTER.event_style("miss") == "dim"
    assert PRESENTER.event_style("sinks") == "bold red"
    assert PRESENTER.event_style("over") and PRESENTER.event_emphasised("over")
