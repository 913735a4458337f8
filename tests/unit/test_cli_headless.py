"""The headless command line: deterministic demos, save and resume, one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tui_naval.cli import main
from tui_naval.core.saves import FORMAT
from tui_naval.rulesets import registry


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def result_line(out: str) -> str:
    lines = [line for line in out.splitlines() if line.startswith("RESULT ")]
    assert len(lines) == 1, out
    return lines[0]


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tui-naval: error: ") and len(lines[0]) <= 200
    return lines[0]


def python_m(*argv: str, cwd: Path, hashseed: str = "0") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    return subprocess.run([sys.executable, "-m", "tui_naval", *argv], cwd=cwd, env=env,
                          capture_output=True, timeout=120, check=False)


# -- deterministic demos ---------------------------------------------------------

def test_demo_is_byte_identical_across_runs(tmp_path: Path):
    first = python_m("demo", "--headless", "--seed", "7", cwd=tmp_path, hashseed="1")
    second = python_m("demo", "--headless", "--seed", "7", cwd=tmp_path, hashseed="2")
    assert first.returncode == second.returncode == 0, first.stderr.decode()
    assert first.stderr == second.stderr == b""
    assert first.stdout == second.stdout
    text = first.stdout.decode()
    assert text.startswith("Salt'n'Tar on channel-race")
    assert text.rstrip().splitlines()[-1].startswith("RESULT ")


def test_demo_is_identical_in_one_process(capsys: pytest.CaptureFixture[str]):
    _, first, _ = run(capsys, "demo", "--headless", "--seed", "7")
    _, second, _ = run(capsys, "demo", "--headless", "--seed", "7")
    assert first == second


def test_different_seeds_give_different_games(capsys: pytest.CaptureFixture[str]):
    _, a, _ = run(capsys, "demo", "--headless", "--seed", "7", "--turns", "3")
    _, b, _ = run(capsys, "demo", "--headless", "--seed", "8", "--turns", "3")
    assert result_line(a) != result_line(b)


@pytest.mark.parametrize(("options", "whole", "first"), [
    (("--seed", "7"), 20, 10),
    (("--seed", "3", "--players", "random"), 8, 5),
    (("--seed", "5", "--map", "coast-chase", "--players", "greedy,random"), 12, 4),
])
def test_save_and_resume_reaches_the_same_result(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, options: tuple[str, ...],
                                                 whole: int, first: int):
    code, out, _ = run(capsys, "demo", "--headless", *options, "--turns", str(whole))
    assert code == 0
    straight = result_line(out)
    path = tmp_path / "half.json"
    code, out, _ = run(capsys, "demo", "--headless", *options, "--turns", str(first),
                       "--save", str(path))
    assert code == 0
    assert json.loads(path.read_text())["format"] == FORMAT
    players = [o for i, o in enumerate(options) if i and options[i - 1] == "--players"]
    code, out, err = run(capsys, "demo", "--headless", "--load", str(path),
                         "--turns", str(whole - first),
                         *(("--players", players[0]) if players else ()))
    assert code == 0, err
    assert out.startswith(f"Loaded {path}")
    assert result_line(out) == straight


def test_the_demo_can_run_on_every_grid(capsys: pytest.CaptureFixture[str]):
    for grid in ("hex-flat", "hex-pointy", "square"):
        code, out, err = run(capsys, "demo", "--headless", "--grid", grid, "--turns", "2")
        assert code == 0, err
        assert f"({grid})" in out.splitlines()[0]


# -- one-line errors -------------------------------------------------------------

@pytest.mark.parametrize(("argv", "expected"), [
    (("demo", "--headless", "--ruleset", "chess"), "unknown ruleset"),
    (("demo", "--headless", "--map", "atlantis"), "unknown map"),
    (("demo", "--headless", "--map", "nowhere/atlantis.map"), "no such map file"),
    (("demo", "--headless", "--players", "oracle"), "unknown player"),
    (("demo", "--headless", "--map", "coast-chase", "--grid", "hex-pointy"), "hex-pointy"),
])
def test_player_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                       expected: str):
    line = assert_one_line_error(*run(capsys, *argv))
    assert expected in line


@pytest.mark.parametrize("text", [
    "this is not a map\n",
    "title: Broken\ngame: race\ncourse: 1\nmap:\n~~1\n~~\n",
    "",
    "title: No ships\ngame: race\ncourse: 1\nmap:\n~1~\n",
])
def test_a_bad_map_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str):
    path = tmp_path / "bad.map"
    path.write_text(text, encoding="utf-8")
    line = assert_one_line_error(*run(capsys, "demo", "--headless", "--map", str(path)))
    assert str(path) in line


def test_an_error_is_one_short_line_however_long_its_message(
        capsys: pytest.CaptureFixture[str]) -> None:
    name = "x" * 5000 + "\nsecond line"
    line = assert_one_line_error(*run(capsys, "demo", "--headless", "--ruleset", name))
    assert line.endswith("...") and "second line" not in line


def test_a_map_that_is_not_text(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    path = tmp_path / "binary.map"
    path.write_bytes(b"\xff\xfe\x00\x00")
    assert_one_line_error(*run(capsys, "demo", "--headless", "--map", str(path)))


SAVE_PROBLEMS = {
    "corrupt": b"{\"format\": 1, \"game\": \"tui-naval\", \"setup\": ",
    "foreign": b"{\"kind\": \"spreadsheet\", \"rows\": []}",
    "future": json.dumps({"format": FORMAT + 1, "game": "tui-naval"}).encode(),
    "binary": b"\x00\xff\x10\x80",
    "empty": b"",
}


@pytest.mark.parametrize("kind", sorted(SAVE_PROBLEMS))
def test_a_bad_save_is_refused_and_left_untouched(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, kind: str):
    path = tmp_path / "bad.json"
    path.write_bytes(SAVE_PROBLEMS[kind])
    line = assert_one_line_error(*run(capsys, "demo", "--headless", "--load", str(path),
                                      "--save", str(path)))
    assert str(path) in line
    assert path.read_bytes() == SAVE_PROBLEMS[kind]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_a_missing_save(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    assert_one_line_error(*run(capsys, "demo", "--headless", "--load",
                               str(tmp_path / "nowhere.json")))


def test_errors_in_a_subprocess_have_no_traceback(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"{ truncated")
    proc = python_m("demo", "--headless", "--load", str(path), cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1
    proc = python_m("demo", "--headless", "--ruleset", "nope", cwd=tmp_path)
    assert proc.returncode == 2
    assert len(proc.stderr.decode().splitlines()) == 1


# -- listings --------------------------------------------------------------------

def test_rulesets(capsys: pytest.CaptureFixture[str]):
    code, out, err = run(capsys, "rulesets")
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith("salt-n-tar")
    assert "Salt'n'Tar" in out and "regatta" in out
    # One column for the titles, one indent for the texts under them, whatever the id.
    lines = out.splitlines()
    lines = lines[:lines.index("")]  # (the table of sailing and gunnery pairs follows)
    firsts = [line for line in lines if not line.startswith(" ")]
    column = firsts[0].index("Salt'n'Tar")
    assert len(firsts) == len(registry())
    assert all(line[column - 2:column] == "  " and line[column] != " " for line in firsts)
    assert all(line[:column].isspace() and line[column] != " "
               for line in lines if line.startswith(" "))


def test_help_describes_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "A naval wargame in the terminal" in out and "``" not in out


def test_maps(capsys: pytest.CaptureFixture[str]):
    code, out, err = run(capsys, "maps")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert any(line.startswith("channel-race ") for line in lines)
    assert "BROKEN" not in out
    for line in lines:
        assert " ships" in line and ("race" in line or "chase" in line or "battle" in line)


def test_saves_listing(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    code, out, _ = run(capsys, "saves", "--dir", str(tmp_path))
    assert code == 0 and "no saves" in out
    run(capsys, "demo", "--headless", "--turns", "2", "--save", str(tmp_path / "g.json"))
    (tmp_path / "junk.json").write_text("{")
    code, out, _ = run(capsys, "saves", "--dir", str(tmp_path))
    assert code == 0
    assert "g.json" in out and "channel-race" in out
    assert "UNREADABLE" in out



def test_saves_listing_keeps_its_columns_in_line_with_long_ruleset_ids(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A ruleset id of 13 or more characters (``ships-and-sails``) does not push the map,
    turn and date columns of its line out of line with the others'."""
    run(capsys, "demo", "--headless", "--turns", "1", "--save", str(tmp_path / "a.json"))
    run(capsys, "demo", "--headless", "--turns", "1", "--ruleset", "ships-and-sails",
        "--save", str(tmp_path / "long-file-name-of-a-save.json"))
    code, out, _ = run(capsys, "saves", "--dir", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2 and "ships-and-sails" in out and "salt-n-tar" in out
    # the ruleset, map, turn and date columns each start at one place on both lines
    for pattern in (r"salt-n-tar|ships-and-sails", r"channel-race|ss-duel", r" turn ",
                    r"\d{4}-\d\d-\d\dT"):
        starts: set[int] = set()
        for line in lines:
            found = re.search(pattern, line)
            assert found, (pattern, line)
            starts.add(found.start())
        assert len(starts) == 1, (pattern, out)


PROGRAM_SPY = """
import gc, sys
class Spy:
    def find_spec(self, name, path=None, target=None):
        if name == "tui_naval.cli.command_line":
            print("importing, collecting:", gc.isenabled())
sys.meta_path.insert(0, Spy())
from tui_naval import cli
sys.argv = ["tui-naval", "rulesets"]
code = cli.main()
print("done, collecting:", gc.isenabled(), "exit", code)
"""


def test_the_program_imports_with_collection_paused_then_turns_it_on(tmp_path: Path) -> None:
    """``tui-naval`` (``cli.main``) imports the command line with garbage collection
    paused; a command that is not a TUI one runs with it on."""
    done = subprocess.run([sys.executable, "-c", PROGRAM_SPY], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "importing, collecting: False"
    assert lines[-1] == "done, collecting: True exit 0"
    assert any("salt-n-tar" in line for line in lines[1:-1])


def test_a_command_is_parsed_by_its_own_parser_as_by_the_whole() -> None:
    """``main`` builds only the named command's parser (less work at each launch); it
    reads a command line as the parser of every command does."""
    from tui_naval.cli.command_line import COMMANDS, build_parser

    whole = build_parser()
    assert whole.format_help().count("\n    ") >= len(COMMANDS)
    lines = [["play", "--seed", "4", "--ruleset", "kr", "--side", "red", "--ascii"],
             ["load", "saves/x.json"], ["demo", "--headless", "--turns", "3"],
             ["simulate", "--games", "2", "--json"], ["rulesets"], ["maps"],
             ["saves", "--dir", "d"], ["tutorial", "--lesson", "2"],
             ["voyage", "--seed", "3", "--ruleset", "kr", "--headless"],
             ["scores", "--daily", "--limit", "5"], ["replay", "saves/x.json", "--to", "3"],
             ["serve", "--port", "2223"]]
    assert {line[0] for line in lines} == set(COMMANDS)
    for line in lines:
        alone = build_parser(line[0])
        assert vars(alone.parse_args(line)) == vars(whole.parse_args(line))
        assert [c for c in COMMANDS if f"\n    {c} " in alone.format_help()] == [line[0]]


# -- demo scripts are checked before anything is played --------------------------------

@pytest.mark.parametrize("headless", [True, False])
@pytest.mark.parametrize(("text", "line", "says"), [
    ("B1 luck roll\nB1 fly away\n", 2, "'B1 fly away' is not a legal order now"),
    ("# a comment\n\nB1 luck roll\nR1 luck pass\nB1 starboard 9\n", 5,
     "'B1 starboard 9' is not a legal order now"),
    ("root:x:0:0:root:/root:/bin/bash\n", 1, "cannot read order"),
])
def test_a_script_that_does_not_fit_is_refused_naming_its_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, headless: bool, text: str,
        line: int, says: str) -> None:
    """`demo --script FILE`, headless or in the TUI (refused before the app starts)."""
    script = tmp_path / "bad.script"
    script.write_text(text, encoding="utf-8")
    argv = ["demo", "--script", str(script), *(["--headless"] if headless else [])]
    code, out, err = run(capsys, *argv)
    error = assert_one_line_error(code, out, err)
    assert f"bad.script:{line}: {says}" in error
    assert out == ""


def test_a_script_after_the_end_of_the_game_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    code, out, _ = run(capsys, "demo", "--headless", "--save", str(save))
    assert code == 0 and "wins" in result_line(out)
    orders = json.loads(save.read_text(encoding="utf-8"))["orders"]
    script = tmp_path / "long.script"
    script.write_text("\n".join([*orders, orders[-1]]) + "\n", encoding="utf-8")
    error = assert_one_line_error(*run(capsys, "demo", "--headless", "--script", str(script)))
    assert f"long.script:{len(orders) + 1}: " in error and "after the end of the game" in error


def test_a_headless_script_replays_the_game_it_was_recorded_from(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A save used as the script: the same lines as the demo that made it, then it stops."""
    save = tmp_path / "seven.json"
    code, made, _ = run(capsys, "demo", "--headless", "--seed", "7", "--turns", "5",
                        "--save", str(save))
    assert code == 0
    code, replayed, _ = run(capsys, "demo", "--headless", "--script", str(save))
    assert code == 0
    assert replayed == made
