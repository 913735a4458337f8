"""``tui-naval voyage --headless``: a voyage sailed by the AI and printed; bad options in
one line."""

from __future__ import annotations

import pytest

from tui_naval.cli import main


def test_a_headless_voyage_prints_each_leg_and_its_end(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    assert main(["voyage", "--headless", "--ruleset", "kyngesreach", "--seed", "17"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Voyage in Kyngesreach, seed 17, flagship Frigate"
    assert out[-1].startswith("VOYAGE ") and "| legs " in out[-1] and "| score " in out[-1]
    assert len(out) >= 3 and all(line.startswith("  ") for line in out[1:-1])
    again = capsys.readouterr()
    assert main(["voyage", "--headless", "--ruleset", "kyngesreach", "--seed", "17"]) == 0
    assert capsys.readouterr().out.splitlines() == out and not again.out


@pytest.mark.parametrize(("words", "says"), [
    (["--ruleset", "chess"], "unknown ruleset"),
    (["--ship", "galleon"], "no ship class 'galleon'"),
    (["--players", "greedy"], "--players takes two AI names"),
    (["--players", "greedy,wizard"], "wizard"),
])
def test_bad_voyage_options_are_one_line(words: list[str], says: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["voyage", "--headless", "--seed", "1", *words]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
