"""Hostile saves: real saves of every ruleset, their JSON mutated (setup, snapshot, orders,
types, numbers, deletions), the snapshot's digest sometimes recomputed (it is a plain hash
anyone can recompute), must load cleanly: either a game whose state keeps every invariant
and plays on, or a SaveError of one short line naming the file."""

from __future__ import annotations

import copy
import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.messages import MAX_MESSAGE
from tui_naval.core.saves import (
    SaveError,
    data_digest,
    file_name,
    load_game,
    save_game,
)
from tui_naval.core.validate import check_state
from tui_naval.rulesets import find_entry, find_ruleset, registry

#: (ruleset, map, seed, random orders played before saving).
BASES = [(info.id, find_entry(info.id).default_map or None, seed, orders)
         for info in registry() for seed, orders in ((1, 7), (2, 40))]


def play_on(game: Game, orders: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(orders):
        decision = game.decision()
        if decision is None:
            return
        game.play(rng.choice(decision.options))


@cache
def base_documents() -> tuple[dict[str, Any], ...]:
    """A real save's document for each of BASES: every ruleset, early and some turns in."""
    docs = []
    with tempfile.TemporaryDirectory() as folder:
        for ruleset, map_name, seed, orders in BASES:
            game = new_game(ruleset, map_name, seed, None)
            play_on(game, orders, seed)
            path = Path(folder) / "base.json"
            save_game(game, path)
            docs.append(json.loads(path.read_text(encoding="utf-8")))
    return tuple(docs)


def places(node: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a JSON document (the map text's lines are one value)."""
    out = [where]
    if isinstance(node, dict):
        for key, value in node.items():
            out += places(value, (*where, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += places(value, (*where, index))
    return out


def get(doc: Any, where: tuple[Any, ...]) -> Any:
    for key in where:
        doc = doc[key]
    return doc


HOSTILE = st.sampled_from([
    None, True, False, 0, 1, -1, 2, 7, 1.5, -0.5, 999_999, -999_999, 10**9, 2**64, 10**300,
    float("nan"), float("inf"), "", "x", "B1", "R1", "blue", "red", "green", "hex-flat",
    "square", "Z", "A", "luck", "set", "hidden", "B1 luck roll", "~~~", "." * 500,
    "salt-n-tar", "kyngesreach", "ships-and-sails", "salt-and-shot", "salt-and-sails",
    [], [0], [999_999, 999_999], [-1, 0], [[]], {}, {"x": 1}, "[/x]\n\x1b[2J",
])


@st.composite
def mutation(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    """Mutate ``doc`` in place once; returns what was done (for the failure report)."""
    where = draw(st.sampled_from(places(doc)[1:]))
    parent, key = get(doc, where[:-1]), where[-1]
    value = parent[key]
    kinds = ["replace", "delete"]
    if type(value) is int:
        kinds += ["nudge"] * 3
    if isinstance(value, list) and value:
        kinds += ["duplicate", "shorten", "swap"]
    if isinstance(value, str) and value:
        kinds += ["cut", "other"]
    kind = draw(st.sampled_from(kinds))
    if kind == "replace":
        parent[key] = copy.deepcopy(draw(HOSTILE))  # never the strategy's own list
    elif kind == "delete":
        del parent[key]
    elif kind == "nudge":
        parent[key] = value + draw(st.sampled_from([1, -1, 2, -3, 10, -100, 1000, 10**7]))
    elif kind == "duplicate":
        value.append(copy.deepcopy(value[draw(st.integers(0, len(value) - 1))]))
    elif kind == "shorten":
        del value[draw(st.integers(0, len(value) - 1)):]
    elif kind == "swap":
        i, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
        value[i], value[j] = value[j], value[i]
    elif kind == "cut":
        parent[key] = value[:draw(st.integers(0, len(value) - 1))]
    else:  # another string of the document in its place
        texts = [get(doc, p) for p in places(doc) if isinstance(get(doc, p), str)]
        parent[key] = draw(st.sampled_from(texts))
    return f"{kind} {'/'.join(map(str, where))}"


@st.composite
def hostile_saves(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    """A real save with one to three mutations, aimed at the snapshot more often than not,
    its digest recomputed (so that the snapshot is used) in most cases."""
    doc = copy.deepcopy(draw(st.sampled_from(base_documents())))
    done = []
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.sampled_from(["snapshot", "snapshot", "setup", "orders", "document"]))
        if target != "document" and isinstance(doc.get(target), (dict, list)) \
                and places(doc[target])[1:]:
            done.append(f"{target}/" + draw(mutation(doc[target])))
        else:
            done.append(draw(mutation(doc)))
    if draw(st.integers(0, 3)) and isinstance(doc.get("snapshot"), dict):
        doc["digest"] = data_digest(doc["snapshot"])
        done.append("digest recomputed")
    return doc, done


@settings(derandomize=True, max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_saves())
def test_a_hostile_save_loads_cleanly_or_is_refused_in_one_line(
        case: tuple[dict[str, Any], list[str]]) -> None:
    doc, done = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        try:
            game = load_game(path, find_ruleset)
        except SaveError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) <= MAX_MESSAGE, done
            assert message.startswith(file_name(path) + ": "), (message, done)
            return
        # Loaded: a state the rules can have made, which plays on, saves and loads again.
        start = Game(game.ruleset, game.setup).state
        check_state(game.state, game.ruleset, start)
        play_on(game, 8, len(done))
        save_game(game, path)
        assert load_game(path, find_ruleset).state == game.state


def test_the_bases_cover_every_ruleset_and_load_unchanged() -> None:
    """The property above starts from real, loadable saves of every ruleset."""
    docs = base_documents()
    assert {doc["ruleset"] for doc in docs} == {info.id for info in registry()}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "base.json"
        for doc in docs:
            path.write_text(json.dumps(doc), encoding="utf-8")
            assert load_game(path, find_ruleset).orders


def test_mutations_reach_the_snapshot_checks() -> None:
    """The mutations are not all refused at the door: some are impossible states caught by
    the checks, some load (a property that only ever saw refusals would test little)."""
    outcomes: dict[str, int] = {}

    @settings(derandomize=True, max_examples=300, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(hostile_saves())
    def tally(case: tuple[dict[str, Any], list[str]]) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "hostile.json"
            path.write_text(json.dumps(case[0]), encoding="utf-8")
            try:
                load_game(path, find_ruleset)
                kind = "loaded"
            except SaveError as exc:
                kind = "impossible" if "impossible game" in str(exc) else "refused"
        outcomes[kind] = outcomes.get(kind, 0) + 1

    tally()
    assert outcomes.get("loaded", 0) >= 30, outcomes
    assert outcomes.get("impossible", 0) >= 8, outcomes
    assert outcomes.get("refused", 0) >= 30, outcomes
