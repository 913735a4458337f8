"""The voyage: choices between legs, legs fought as games with the ships' wear carried in and
read back, storms, ports, prizes, the end, and the record that replays it exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.core.history import Game
from tui_naval.core.mapgen import profile
from tui_naval.core.ruleset import Balance, Fate
from tui_naval.core.saves import SaveError
from tui_naval.rulesets import find_entry, load, registry
from tui_naval.voyage.chart import FINAL, PORT, STORM
from tui_naval.voyage.fleet import classes_of, mend_cost, vessel_of
from tui_naval.voyage.run import sail
from tui_naval.voyage.store import load_voyage, save_voyage
from tui_naval.voyage.voyage import (
    ASHORE,
    FIGHTING,
    OVER,
    START_GOLD,
    STORMY,
    VoyageError,
    begin,
    chart_of,
    choose,
    conclude,
    encounter,
    options,
    replay,
)

RULESETS = [info.id for info in registry()]


def _players(ruleset):  # type: ignore[no-untyped-def]
    sides = profile(ruleset).sides
    return {sides[0]: make_player("greedy", ruleset), sides[1]: make_player("greedy", ruleset)}


def test_a_voyage_starts_at_home_with_a_fresh_ship() -> None:
    ruleset = load(find_entry("kyngesreach"))
    voyage = begin(ruleset, 5)
    assert voyage.stage == ASHORE and voyage.at == 0 and voyage.gold == START_GOLD
    assert all(have == full for _, have, full in voyage.flagship.parts)
    keys = [c.key for c in options(voyage, ruleset)]
    onward = chart_of(voyage, ruleset).onward(0)
    assert keys == [f"sail {p.id}" for p in onward]
    with pytest.raises(VoyageError, match="not open now"):
        choose(voyage, ruleset, "sail 99")
    with pytest.raises(VoyageError, match="no ship class"):
        begin(ruleset, 5, ship="galleon")


def _at(voyage, ruleset, kind):  # type: ignore[no-untyped-def]
    """The voyage moved onto the first place of ``kind`` in the chart (any column)."""
    place = next(p for p in chart_of(voyage, ruleset).places if p.kind == kind)
    stage = STORMY if kind == STORM else FIGHTING if kind not in (PORT,) else ASHORE
    return evolve(voyage, at=place.id, stage=stage, route=(0, place.id))


def test_a_storm_is_ridden_out_with_the_voyages_own_dice() -> None:
    ruleset = load(find_entry("kyngesreach"))
    voyage = _at(begin(ruleset, 11), ruleset, STORM)
    ways = [c.key for c in options(voyage, ruleset)]
    assert ways == ["storm run", "storm heave", "storm claw"]
    after = choose(voyage, ruleset, "storm heave")
    assert after == choose(voyage, ruleset, "storm heave")  # the same dice again
    assert after.rng != voyage.rng and after.stage == ASHORE
    assert after.legs[-1].kind == STORM and "storm" in after.legs[-1].text
    hurt = {k: h for k, h, _ in after.flagship.parts}
    whole = {k: h for k, h, _ in voyage.flagship.parts}
    assert hurt["hull"] < whole["hull"]  # heaving to always costs some hull (1d6 x 4%)
    lost = {k: whole[k] - hurt[k] for k in whole if hurt[k] < whole[k]}
    # each ship named once, her losses listed: "the Frigate lost 40 hull and 9 crew"
    said = " and ".join(f"{n} {k}" for k, n in lost.items()) if len(lost) < 3 else None
    assert after.legs[-1].text.count(f"the {voyage.flagship.name} ") == 1
    if said:
        assert f"the {voyage.flagship.name} lost {said}" in after.legs[-1].text


def test_a_port_mends_for_gold_and_buys_prizes() -> None:
    ruleset = load(find_entry("kyngesreach"))
    voyage = _at(begin(ruleset, 3), ruleset, PORT)
    ship = voyage.flagship
    hull = ship.have("hull")
    worn = evolve(voyage, fleet=(ship.with_part("hull", hull // 2),), gold=500,
                  prizes=(classes_of(ruleset).new("sloop"),))
    keys = [c.key for c in options(worn, ruleset)]
    assert "mend 0 hull" in keys and "sell 0" in keys and "keep 0" in keys
    cost = mend_cost(worn.flagship, "hull")
    mended = choose(worn, ruleset, "mend 0 hull")
    assert mended.flagship.have("hull") == hull and mended.gold == 500 - cost
    sold = choose(worn, ruleset, "sell 0")
    assert not sold.prizes and sold.gold > 500 and sold.earned > 0
    kept = choose(worn, ruleset, "keep 0")
    assert len(kept.fleet) == 2 and not kept.prizes
    # Short of gold: mended as far as it goes.
    poor = choose(evolve(worn, gold=cost // 2), ruleset, "mend 0 hull")
    assert hull // 2 < poor.flagship.have("hull") < hull and poor.gold >= 0


def test_a_leg_carries_the_fleets_wear_in_and_reads_it_back() -> None:
    ruleset = load(find_entry("kyngesreach"))
    voyage = _at(begin(ruleset, 9), ruleset, FINAL)
    ship = voyage.flagship
    voyage = evolve(voyage, fleet=(ship.with_part("hull", ship.have("hull") - 5),))
    meeting = encounter(voyage, ruleset)
    game = Game(ruleset, meeting.setup)
    flag = game.state.ship(meeting.ours[0])
    assert {p.key: p.have for p in ruleset.wear(flag)} == dict(voyage.flagship.condition())
    enemies = [s for s in game.state.ships if s.side != meeting.side]
    assert len(enemies) == ruleset.info.balance.final  # the final fleet action
    from tui_naval.core.controller import play

    play(game, _players(ruleset))
    after = conclude(voyage, ruleset, game.state, game.orders)
    assert after.battles == (tuple(str(o) for o in game.orders),)
    fate = ruleset.fate(game.state, game.state.ship(meeting.ours[0]))
    if fate in (Fate.SUNK, Fate.TAKEN):
        assert after.stage == OVER and not after.won and after.ended
    else:
        assert after.stage == OVER  # the final action ends the voyage either way
        assert after.won == (game.state.outcome.winner == meeting.side)


@pytest.mark.parametrize("name", RULESETS)
def test_a_voyage_sails_to_its_end_and_its_record_replays_it(name: str, tmp_path: Path) -> None:
    ruleset = load(find_entry(name))
    start = begin(ruleset, 17)
    lines: list[str] = []
    voyage = sail(ruleset, start, _players(ruleset), on_line=lines.append)
    assert voyage.stage == OVER and voyage.ended
    assert 0 <= voyage.sailed <= 7 and voyage.gold >= 0
    assert lines == [leg.text for leg in voyage.legs]
    for vessel in voyage.fleet:
        assert all(0 <= have <= full for _, have, full in vessel.parts)
    again, game = replay(ruleset, start, voyage.choices, voyage.battles)
    assert again == voyage and game is None
    # Its save, part way: the record up to the second leg fought, with a leg in progress.
    if len(voyage.battles) >= 2:
        made = _choices_before(ruleset, start, voyage, 1)
        partial, game = replay(ruleset, start, voyage.choices[:made], voyage.battles[:1],
                               voyage.battles[1][:5])
        assert partial.stage == FIGHTING and game is not None and len(game.orders) == 5
        path = tmp_path / "voyage.save"
        save_voyage(partial, start.flagship.kind, game, path)
        loaded, loaded_game, ship = load_voyage(path)
        assert loaded == partial and ship == start.flagship.kind
        assert loaded_game is not None and loaded_game.orders == game.orders


def _choices_before(ruleset, start, voyage, battle):  # type: ignore[no-untyped-def]
    """How many choices were made before battle number ``battle`` (0-based) was fought."""
    v, fought, made = start, 0, 0
    while True:
        if v.stage == FIGHTING:
            if fought == battle:
                return made
            game = Game(ruleset, encounter(v, ruleset).setup)
            for text in voyage.battles[fought]:
                game.play(game.decision().find(text))
            v = conclude(v, ruleset, game.state, game.orders)
            fought += 1
            continue
        v = choose(v, ruleset, voyage.choices[made])
        made += 1


def test_a_voyage_save_that_does_not_replay_is_refused_in_a_line(tmp_path: Path) -> None:
    path = tmp_path / "voyage.save"
    path.write_text("{not json")
    with pytest.raises(SaveError, match="corrupt voyage save") as err:
        load_voyage(path)
    assert "\n" not in str(err.value)
    path.write_text(json.dumps({"game": "tui-naval"}))
    with pytest.raises(SaveError, match="not a tui-naval voyage save"):
        load_voyage(path)
    ruleset = load(find_entry("kyngesreach"))
    voyage = begin(ruleset, 4)
    save_voyage(voyage, voyage.flagship.kind, None, path)
    doc = json.loads(path.read_text())
    doc["choices"] = ["sail 42"]
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="not open now"):
        load_voyage(path)
    doc["choices"], doc["ruleset"] = [], "chess"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="unknown ruleset"):
        load_voyage(path)


def test_salamis_reads_a_galleys_fate_from_hers() -> None:
    from tui_naval.rulesets.salamis.state import CAPTURED, FLED, LED_OFF, SUNK

    ruleset = load(find_entry("salamis"))
    game = Game(ruleset, encounter(_at(begin(ruleset, 2), ruleset, FINAL), ruleset).setup)
    state = game.state
    ship = state.ships[0]
    assert ruleset.fate(state, ship) is Fate.AFLOAT
    assert ruleset.fate(state, evolve(ship, fate=FLED, afloat=False)) is Fate.GONE
    assert ruleset.fate(state, evolve(ship, fate=CAPTURED)) is Fate.TAKEN
    assert ruleset.fate(state, evolve(ship, fate=LED_OFF, afloat=False)) is Fate.TAKEN
    assert ruleset.fate(state, evolve(ship, fate=SUNK, afloat=False)) is Fate.SUNK


def test_a_hunted_merchant_run_down_is_a_prize() -> None:
    ruleset = load(find_entry("salt-n-tar"))
    for seed in range(1, 40):
        voyage = sail(ruleset, begin(ruleset, seed), _players(ruleset))
        caught = [leg for leg in voyage.legs if "ran her down" in leg.text]
        if caught:
            assert all(leg.prizes == 1 and "took" in leg.text for leg in caught)
            return
    raise AssertionError("no merchant run down in 40 voyages")


def test_a_quarry_that_founders_is_sunk_not_taken() -> None:
    from tui_naval.core.controller import play
    from tui_naval.core.state import End, Outcome
    from tui_naval.voyage.chart import FLEE

    ruleset = load(find_entry("salt-n-tar"))
    voyage = _at(begin(ruleset, 4), ruleset, FLEE)
    meeting = encounter(voyage, ruleset)
    assert meeting.fleeing
    game = Game(ruleset, meeting.setup)
    play(game, _players(ruleset))
    hunters = next(s for s in game.state.sides if s != meeting.side)
    flag = game.state.ship(meeting.ours[0])
    ended = evolve(game.state, outcome=Outcome(hunters, "the quarry is lost at sea", End.SUNK))
    sunk = conclude(voyage, ruleset, ended.with_ship(evolve(flag, afloat=False)), game.orders)
    assert sunk.stage == OVER and sunk.legs[-1].text.endswith("was sunk")
    # the fleet at the end (the morgue's) is as the leg left her, not as she put to sea
    hurt = evolve(ruleset.worn(flag, {"crew": 1}), afloat=False)
    assert conclude(voyage, ruleset, ended.with_ship(hurt), game.orders).flagship == \
        vessel_of(ruleset, hurt) != voyage.flagship
    taken = conclude(voyage, ruleset, ended.with_ship(evolve(flag, afloat=True)), game.orders)
    assert taken.stage == OVER and taken.legs[-1].text.endswith("was taken")


def test_a_legs_first_state_tells_the_wind_and_the_game() -> None:
    """A leg's ships come in worn, and the state is run on again: the setup's own events
    (the wind drawn, the goal) stay in its first state, so the leg's log opens with them."""
    from tui_naval.voyage.chart import FLEE

    ruleset = load(find_entry("salt-n-tar"))
    voyage = _at(begin(ruleset, 4), ruleset, FLEE)
    game = Game(ruleset, encounter(voyage, ruleset).setup)
    lines = [str(event) for event in game.state.events]
    assert any(" wind " in line for line in lines)
    assert any(" game " in line and line.endswith("caught within 1 cell") for line in lines)


def test_a_voyage_sailed_again_the_same_day_keeps_the_first_morgue(tmp_path: Path) -> None:
    from datetime import date

    from tui_naval.voyage.morgue import write_morgue

    ruleset = load(find_entry("salt-n-tar"))
    voyage = begin(ruleset, 747257)
    day = date(2026, 11, 29)
    first = write_morgue(voyage, ruleset, ["first"], day, tmp_path)
    second = write_morgue(voyage, ruleset, ["second"], day, tmp_path)
    third = write_morgue(voyage, ruleset, ["third"], day, tmp_path)
    assert first.name == "captain-2026-11-29-747257.txt"
    assert (second.name, third.name) == ("captain-2026-11-29-747257-2.txt",
                                         "captain-2026-11-29-747257-3.txt")
    assert "first" in first.read_text() and "second" in second.read_text()


def test_the_morgue_counts_one_leg_in_the_singular() -> None:
    from datetime import date

    from tui_naval.voyage.morgue import morgue_text
    from tui_naval.voyage.voyage import Leg

    ruleset = load(find_entry("salt-n-tar"))
    voyage = begin(ruleset, 747257)
    one = evolve(voyage, legs=(Leg(1, PORT, "made port"),))
    text = morgue_text(one, ruleset, [], date(2026, 11, 29))
    assert f"{one.sailed} leg sailed" in text and one.sailed == 1
    assert " 0 prizes" in text


def test_each_ruleset_declares_how_hard_its_voyage_comes() -> None:
    """The factors the bench set (``bench/voyage.py``), each the ruleset's own: the voyage
    names no ruleset."""
    assert {info.id: info.balance for info in registry()} == {
        "salt-n-tar": Balance(final=3), "kyngesreach": Balance(0.8, 2),
        "ships-and-sails": Balance(), "salt-and-shot": Balance(0.5, 2, turns=15),
        "salt-and-sails": Balance(), "mow-and-shot": Balance(1.1),
        "mow-and-sails": Balance(final=2), "salamis": Balance(0.9)}


BATTLE_RULESETS = [name for name in RULESETS if "battle" in load(find_entry(name)).goals]


@pytest.mark.parametrize("name", BATTLE_RULESETS)
def test_a_merchant_can_be_taken_in_every_battle_ruleset_and_the_leg_says_how(
        name: str) -> None:
    """Issue 61: Kyngesreach's merchants sank rather than struck, and nothing said how to
    take one.  A merchant sails with a short crew and no guns, beaten and afloat she
    strikes (a prize), and the choice that sails for her says how she is taken."""
    from tui_naval.core.state import End, Outcome
    from tui_naval.voyage.chart import MERCHANT
    from tui_naval.voyage.voyage import MERCHANT_CREW, MERCHANT_TURNS, TAKING, how_to_take

    ruleset = load(find_entry(name))
    assert name in TAKING and how_to_take(ruleset) == TAKING[name]
    seed = next(s for s in range(1, 200) if any(
        p.kind == MERCHANT for p in chart_of(begin(ruleset, s), ruleset).places))
    voyage = _at(begin(ruleset, seed), ruleset, MERCHANT)
    place = chart_of(voyage, ruleset).place(voyage.at)
    before = evolve(voyage, at=0, stage=ASHORE, route=(0,))
    lead = next(p for p in chart_of(voyage, ruleset).places if place.id in
                {q.id for q in chart_of(voyage, ruleset).onward(p.id)})
    told = next(c for c in options(evolve(before, at=lead.id), ruleset)
                if c.key == f"sail {place.id}")
    assert f"to take her, {TAKING[name]}" in told.detail and "risk: their strength" in \
        told.detail and told.label.endswith("(M)")
    meeting = encounter(voyage, ruleset)
    game = Game(ruleset, meeting.setup)
    merchant = next(s for s in game.state.ships if s.side != meeting.side)
    parts = {key: (have, full) for key, have, full in vessel_of(ruleset, merchant).parts}
    if "crew" in parts:
        assert parts["crew"][0] == round(parts["crew"][1] * MERCHANT_CREW)
    if "guns" in parts:
        assert parts["guns"][0] == 0
    assert game.state.goal.turns <= MERCHANT_TURNS  # a short action
    beaten = evolve(game.state, outcome=Outcome(meeting.side, "the enemy gives up", End.SUNK))
    after = conclude(voyage, ruleset, beaten, ())
    assert ruleset.fate(beaten, merchant) is Fate.AFLOAT
    assert after.legs[-1].prizes == 1 and after.prizes[-1].kind == merchant.kind
    # Sunk, she is no prize.
    sunk = evolve(beaten, ships=tuple(evolve(s, afloat=False) if s.id == merchant.id else s
                                      for s in beaten.ships))
    assert conclude(voyage, ruleset, sunk, ()).legs[-1].prizes == 0


def test_hunters_are_ships_the_flagship_can_outrun() -> None:
    """Issue 61: a Cutter in a light wind could not outrun the Small Galley that hunted it
    on its first leg.  Hunters are no faster on their best point of sailing."""
    from tui_naval.voyage.chart import FLEE
    from tui_naval.voyage.voyage import best_pace

    ruleset = load(find_entry("salt-n-tar"))
    met = set()
    for ship in ("cutter", "small-galley", "longship", "schooner"):
        for seed in range(1, 40):
            voyage = begin(ruleset, seed, ship=ship)
            if not any(p.kind == FLEE for p in chart_of(voyage, ruleset).places):
                continue
            meeting = encounter(_at(voyage, ruleset, FLEE), ruleset)
            spec_ships = Game(ruleset, meeting.setup).state.ships
            hunters = [s.kind for s in spec_ships if s.side != meeting.side]
            assert hunters and all(best_pace(k) <= best_pace(ship) for k in hunters), \
                (ship, seed, hunters)
            met.update(hunters)
    assert "longship" in met  # (a fast flagship still meets fast hunters)
    assert best_pace("small-galley") > best_pace("cutter")


def test_every_sail_choice_shows_its_letter_and_its_risk() -> None:
    for name in ("salt-n-tar", "kyngesreach"):
        ruleset = load(find_entry(name))
        for seed in range(1, 6):
            voyage = begin(ruleset, seed)
            chart = chart_of(voyage, ruleset)
            for choice in options(voyage, ruleset):
                place = chart.place(int(choice.key.split()[1]))
                assert choice.label == f"Sail for {place.name} ({place.letter})"
                assert choice.detail.startswith(f"{place.letter}: {place.about}")
                assert "risk" in choice.detail


def test_the_plain_captain_makes_port_once_strain_mounts() -> None:
    """Strain compounds (the Strain Roll adds to it each turn): the captain who sails the
    bench's and --headless voyages makes port with a quarter of it taken, not half."""
    from tui_naval.voyage.run import captain

    ruleset = load(find_entry("salt-and-shot"))
    for seed in range(1, 60):
        voyage = begin(ruleset, seed)
        chart = chart_of(voyage, ruleset)
        here = next((p for p in chart.places if p.column == 1 and
                     {q.kind for q in chart.onward(p.id)} - {PORT} and
                     any(q.kind == PORT for q in chart.onward(p.id))), None)
        if here is not None:
            break
    else:
        raise AssertionError("no place with a port and something else ahead")
    port = next(q for q in chart.onward(here.id) if q.kind == PORT)
    at = evolve(voyage, at=here.id, route=(0, here.id))
    flag = at.flagship
    strained = evolve(at, fleet=(flag.with_part("strain", flag.have("strain") - 3),))
    assert captain(strained, ruleset, options(strained, ruleset)) == f"sail {port.id}"
    assert captain(at, ruleset, options(at, ruleset)) != f"sail {port.id}"
