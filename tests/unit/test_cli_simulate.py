"""`tui-naval simulate` and ruleset-aware map choice."""

from __future__ import annotations

import json

import pytest

from tui_naval.cli import main
from tui_naval.core.maps import load_map
from tui_naval.core.scenario import unplayable_reason
from tui_naval.rulesets import find_ruleset, registry


@pytest.mark.parametrize("ruleset", [info.id for info in registry()])
def test_simulate_prints_one_json_line_last(ruleset: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", ruleset, "--games", "2", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["games"] == 2
    assert sum(data["wins"].values()) + data["draws"] + data["unfinished"] == 2


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--players", "greedy"], "needs two names"),
    (["simulate", "--players", "greedy,nobody"], "unknown player 'nobody'"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--ruleset", "kr", "--map", "channel-race"], "has no race game"),
])
def test_simulate_rejects_bad_input_in_one_line(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_each_ruleset_has_a_default_map(capsys: pytest.CaptureFixture[str]) -> None:
    for info in registry():
        assert main(["demo", "--headless", "--ruleset", info.id, "--turns", "1"]) == 0
    capsys.readouterr()


def test_map_of_foreign_ship_classes_is_unplayable() -> None:
    spec = load_map("ss-line-of-battle")
    reason = unplayable_reason(find_ruleset("kyngesreach"), spec)
    assert reason is not None and "man-at-war" in reason
    assert unplayable_reason(find_ruleset("ships-and-sails"), spec) is None
    assert "race" in (unplayable_reason(find_ruleset("ships-and-sails"),
                                        load_map("channel-race")) or "")
