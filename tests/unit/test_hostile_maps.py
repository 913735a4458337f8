"""Hostile map files: every one ends in a one-line MapError (or a map that plays), never a
traceback, a hang, a huge read or a message with thousands of characters.

The last test mutates the shipped maps with hypothesis and checks that outcome for each.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_naval.app.setup import SetupError, game_on_map
from tui_naval.cli import main
from tui_naval.core import maps
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import (
    MAX_FILE_BYTES,
    MAX_MARKS,
    MAX_NAME,
    MAX_SHIPS,
    MAX_SIZE,
    MAX_VALUE,
    MapError,
    ShipSlot,
    load_map,
    parse_map,
    read_map_file,
    resolve_map,
)
from tui_naval.core.messages import MAX_MESSAGE
from tui_naval.core.saves import SaveError, load_game, save_game
from tui_naval.core.scenario import ScenarioError, Setup, start_state, unplayable_reason
from tui_naval.rulesets import find_ruleset, load, registry

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"
SHIPPED = sorted(CHECKOUT_MAPS.glob("*.map"))
TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in SHIPPED}
RULESETS = [load(info) for info in registry()]

SMALL = """\
title: Small
about: A small sea.
game: battle
turns: 30
scale: 4
ship: B1 blue 0,0 N
ship: R1 red 3,2 S
map:
~~~~
~~~~
~~~~
"""
# line numbers in SMALL
LINE = {"title": 1, "about": 2, "game": 3, "turns": 4, "scale": 5, "ship1": 6, "ship2": 7,
        "map": 8, "row0": 9}
HUGE = "9" * 5000


def clean(message: str) -> None:
    """A message a player can read: one printable line of at most MAX_MESSAGE characters."""
    assert message, "an empty message"
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:80]!r}..."
    assert message.isprintable(), repr(message)


def map_error(text: str, source: str = "sea.map") -> tuple[int, str]:
    """The line and problem of the MapError ``text`` raises, after checking it is clean."""
    with pytest.raises(MapError) as info:
        parse_map(text, source)
    message = str(info.value)
    clean(message)
    match = re.fullmatch(rf"{re.escape(source)}:(\d+): (.+)", message)
    assert match, f"not 'source:LINE: problem': {message!r}"
    return int(match.group(1)), match.group(2)


def swap(old: str, new: str, text: str = SMALL) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_the_small_map_is_good() -> None:
    spec = parse_map(SMALL, "sea.map")
    assert (spec.width, spec.height, spec.goal.turns) == (4, 3, 30)


# -- huge numbers: never Python's integer-string ValueError ---------------------------

NUMBER_CASES = [
    ("turns", "turns: 30\n", "turns: {n}\n", "'turns' must be between 1 and 999"),
    ("scale", "scale: 4\n", "scale: {n}\n", "'scale' must be between 1 and 36"),
    ("negative", "scale: 4\n", "scale: -{n}\n", "'scale' must be between 1 and 36"),
    ("wind", "turns: 30\n", "turns: 30\nwind: NE {n}\n", "wind's speed must be between 0"),
    ("ship column", "0,0 N", "{n},0 N", "is off the 4x3 map"),
    ("ship row", "3,2 S", "3,{n} S", "is off the 4x3 map"),
]


@pytest.mark.parametrize(("old", "new", "words"), [c[1:] for c in NUMBER_CASES],
                         ids=[c[0] for c in NUMBER_CASES])
@pytest.mark.parametrize("digits", [5000, 900, 10])
def test_a_huge_number_is_a_clean_error(old: str, new: str, words: str, digits: int) -> None:
    text = swap(old, new.format(n="7" * digits))
    line, problem = map_error(text)
    assert line == text[:text.index("7" * digits)].count("\n") + 1
    if digits > MAX_VALUE:
        assert "characters long, more than the 1000 a value may have" in problem
    else:
        assert words in problem
        assert "7" * 21 not in problem, "a long number is cut"


def test_a_number_with_many_leading_zeros_is_still_read() -> None:
    assert parse_map(swap("turns: 30", "turns: " + "0" * 900 + "30")).goal.turns == 30


def test_a_setup_carrying_a_huge_number_fails_in_one_line() -> None:
    """Saves keep the map's text and parse it again: the checks are in parse_map."""
    ruleset = find_ruleset("kyngesreach")
    text = swap("turns: 30", "turns: " + "9" * 900)
    with pytest.raises(MapError) as info:
        start_state(ruleset, Setup(ruleset.name, "sea", text, GridKind.SQUARE, 1))
    clean(str(info.value))
    assert str(info.value).startswith("sea.map:4: 'turns' must be between 1 and 999, got 999")


def test_a_save_carrying_a_huge_number_is_refused_in_one_line(tmp_path: Path) -> None:
    ruleset = find_ruleset("salt-n-tar")
    spec = load_map("channel-race")
    game = Game(ruleset, Setup(ruleset.name, spec.name, spec.text, spec.grids[0], 3))
    path = tmp_path / "huge.json"
    save_game(game, path)
    raw = path.read_text(encoding="utf-8")
    assert raw.count("turns: 60") == 1
    path.write_text(raw.replace("turns: 60", "turns: " + HUGE[:4000]), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_game(path, find_ruleset)
    assert "Exceeds the limit" not in str(info.value)
    assert "'turns' is 4000 characters long" in str(info.value)


def test_demo_map_with_a_huge_number_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "huge.map"
    bad.write_text(swap("3,2 S", f"3,{'5' * 3000} S"), encoding="utf-8")
    code = main(["demo", "--headless", "--map", str(bad)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in out + err
    assert err.startswith(f"tui-naval: error: {bad}:7: 'ship' is ")
    assert len(err.splitlines()) == 1
    clean(err.removeprefix("tui-naval: error: ").rstrip("\n"))


# -- one bad map in the maps folder ---------------------------------------------------

def test_maps_lists_the_good_and_one_line_for_each_bad(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "zz-turns.map").write_text(swap("turns: 30", "turns: " + HUGE))
    (folder / "zz-cell.map").write_text(swap("0,0 N", "0," + "8" * 800 + " N"))
    (folder / "zz-markup.map").write_text(swap("title: Small", "title: [/x] Bad [bold]"))
    (folder / "zz-vt.map").write_text(swap("title: Small", "title: Sm\x0ball"))
    options = TEXTS["sas-duel"].replace("#! name: B1 Sojourner", "#! bogus: x")
    (folder / "zz-option.map").write_text(options)
    (folder / "zz-dangling.map").symlink_to(tmp_path / "nowhere.map")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "zz-fifo.map")
    monkeypatch.chdir(tmp_path)
    assert main(["maps"]) == 0
    out, err = capsys.readouterr()
    assert not err
    lines = {line.split()[0]: line for line in out.splitlines()}
    for name in ("zz-turns", "zz-cell", "zz-vt", "zz-dangling") + (
            ("zz-fifo",) if hasattr(os, "mkfifo") else ()):
        assert " BROKEN: " in lines[name], lines[name]
        clean(lines[name].split(" BROKEN: ", 1)[1])
    assert "zz-turns.map:4: 'turns' is 5000 characters long" in lines["zz-turns"]
    assert "zz-vt.map:1: control character '\\x0b' in column 10" in lines["zz-vt"]
    assert "a FIFO, not a map file" in lines.get("zz-fifo", "a FIFO, not a map file")
    assert "[/x] Bad [bold]" in lines["zz-markup"]
    assert "zz-option" in lines  # (a ruleset's own lines: see the next test)
    for path in SHIPPED:  # every shipped map is still listed, and read
        assert path.stem in lines and "BROKEN" not in lines[path.stem]


def test_a_bad_option_line_makes_the_map_unplayable_not_a_crash() -> None:
    text = TEXTS["sas-duel"].replace("#! name: B1 Sojourner", "#! bogus: x")
    spec = parse_map(text, "maps/odd.map")
    reason = unplayable_reason(find_ruleset("salt-and-shot"), spec)
    assert reason is not None
    assert reason.endswith("odd.map:8: unknown option 'bogus' (known: magic, crew, name)")
    huge = parse_map(TEXTS["sas-duel"].replace("#! name: B1 Sojourner",
                                               "#! crew: B1 gunner=" + HUGE[:900]), "odd.map")
    reason = unplayable_reason(find_ruleset("salt-and-shot"), huge)
    assert reason is not None and reason.endswith(
        "odd.map:8: 99999999999999999999... (900 characters) must be between 3 and 20")
    clean(reason)


def test_the_map_remembers_where_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "mine.map"
    path.write_text(SMALL, encoding="utf-8")
    assert load_map(str(path)).source == str(path)
    assert parse_map(SMALL, "x/y.map").source == "x/y.map"
    # where it was read does not make it another map
    assert parse_map(SMALL, "x/y.map", "mine") == load_map(str(path))


# -- size limits, checked before and while reading -----------------------------------

def _finishes(action: Any, seconds: float = 5.0) -> BaseException | None:
    """Run ``action`` in a thread: the exception it raised (None if none); fails the test
    if it does not finish within ``seconds`` (it would block forever)."""
    box: list[BaseException | None] = [None]

    def run() -> None:
        try:
            action()
        except BaseException as exc:  # handed to the test
            box[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return box[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.map"
    os.mkfifo(fifo)
    exc = _finishes(lambda: load_map(str(fifo)))
    assert isinstance(exc, MapError)
    assert str(exc) == f"{fifo}: cannot read: a FIFO, not a map file"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_without_reading(tmp_path: Path) -> None:
    link = tmp_path / "zero.map"
    link.symlink_to("/dev/zero")
    for target in (Path("/dev/zero"), link):
        exc = _finishes(lambda: read_map_file(target))  # noqa: B023 - run at once
        assert isinstance(exc, MapError)
        assert str(exc) == f"{target}: cannot read: a device, not a map file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.map"
    folder.mkdir()
    with pytest.raises(MapError, match=r"folder\.map: cannot read: a folder, not a map file$"):
        load_map(str(folder))


def test_a_file_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "big.map"
    big.write_text(SMALL + "#" * MAX_FILE_BYTES, encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_map(str(big))
    size = big.stat().st_size
    assert str(info.value) == (f"{big}: the file is {size} bytes, more than the "
                               f"{MAX_FILE_BYTES} bytes a map file may have")


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What ``parse_map`` does, counted: the ``lines`` it reads and the ``ships`` it builds
    (work counted, not timed: a loaded machine is slow, never wrong)."""
    done: Counter[str] = Counter()
    real_lines, real_slot = maps.text_lines, maps._parse_slot

    def text_lines(text: str) -> Iterator[tuple[int, str]]:
        for numbered in real_lines(text):
            done["lines"] += 1
            yield numbered

    def parse_slot(*args: Any) -> ShipSlot:
        done["ships"] += 1
        return real_slot(*args)

    monkeypatch.setattr(maps, "text_lines", text_lines)
    monkeypatch.setattr(maps, "_parse_slot", parse_slot)
    return done


def test_a_text_over_the_size_limit_is_refused_at_once(work: Counter[str]) -> None:
    text = SMALL + "~~~~\n" * 2_000_000  # 10 MB: once took half a gigabyte and seconds
    with pytest.raises(MapError, match=r"^big\.map: the map is 10000\d+ characters long, more"):
        parse_map(text, "big.map")
    assert work == {}  # refused on its length: not a line of it read


def test_rows_are_counted_as_they_are_read() -> None:
    header = SMALL.split("map:\n")[0] + "map:\n"
    tall = header + "~~~~\n" * (MAX_SIZE + 500)
    assert map_error(tall) == (LINE["map"] + MAX_SIZE + 1,
                               f"the map is larger than {MAX_SIZE}x{MAX_SIZE} cells")
    wide = header + "~~~~\n" + "~" * (MAX_SIZE + 1) + "\n"
    assert map_error(wide) == (LINE["row0"] + 1,
                               f"the map is larger than {MAX_SIZE}x{MAX_SIZE} cells")
    exactly = header + ("~" * MAX_SIZE + "\n") * MAX_SIZE
    assert parse_map(exactly, "sea.map").height == MAX_SIZE


def test_too_many_ships_are_refused(work: Counter[str]) -> None:
    def fleet(n: int) -> str:
        ships = "".join(f"ship: S{i} {'blue' if i % 2 else 'red'} {i % 100},{i // 100} N\n"
                        for i in range(n))
        return f"game: battle\n{ships}map:\n" + ("~" * 100 + "\n") * 100

    assert len(parse_map(fleet(MAX_SHIPS), "sea.map").ships) == MAX_SHIPS
    assert work == {"lines": 1 + MAX_SHIPS + 1 + 100, "ships": MAX_SHIPS}
    work.clear()
    assert map_error(fleet(MAX_SHIPS + 1)) == (MAX_SHIPS + 2, f"more than {MAX_SHIPS} ships")
    # Refused at the ship too many: no line after it read, no ship built.
    assert work == {"lines": MAX_SHIPS + 2}
    work.clear()
    with pytest.raises(MapError, match=r"^sea\.map: the map is \d+ characters long, more than"):
        parse_map(fleet(40_000), "sea.map")  # (it once took a minute a turn)
    assert work == {}  # refused on its length: not a line of it read, not a ship built


def test_a_long_value_is_refused() -> None:
    line, problem = map_error(swap("about: A small sea.", "about: " + "x" * (MAX_VALUE + 1)))
    assert (line, problem) == (LINE["about"], "'about' is 1001 characters long, more than "
                               "the 1000 a value may have")
    assert parse_map(swap("about: A small sea.", "about: " + "x" * MAX_VALUE)).about


# -- lines end at "\n" only, as an editor counts them ---------------------------------

BREAKS = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r", "\x00",
          "\x1b"]


@pytest.mark.parametrize("char", BREAKS, ids=[f"U+{ord(c):04X}" for c in BREAKS])
def test_other_line_breaks_are_a_clean_error_on_their_line(char: str) -> None:
    in_title = swap("title: Small", f"title: Sm{char}all")
    assert map_error(in_title) == (LINE["title"], f"control character {char!r} in column 10 "
                                   "(lines end at a newline; no other breaks)")
    in_row = swap("map:\n~~~~\n~~~~", f"map:\n~~~~\n~~{char}~")
    assert map_error(in_row)[0] == LINE["row0"] + 1
    in_comment = "# a" + char + "b\n" + swap("turns: 30", "turns: x")
    assert map_error(in_comment)[0] == 1, "the comment's line, not a later one"


def test_line_numbers_match_an_editor() -> None:
    """A bad line after CRLF line ends is reported on the line an editor shows."""
    text = swap("turns: 30", "turns: x").replace("\n", "\r\n")
    assert map_error(text)[0] == LINE["turns"]
    crlf, lf = parse_map(SMALL.replace("\n", "\r\n"), "sea.map"), parse_map(SMALL, "sea.map")
    assert (crlf.terrain, crlf.ships, crlf.title) == (lf.terrain, lf.ships, lf.title)


def test_a_lone_surrogate_from_a_save_is_refused() -> None:
    assert map_error(swap("title: Small", "title: \udcff"))[0] == LINE["title"]


# -- every message: one line, at most 200 characters, naming the file ----------------

def test_a_long_path_is_cut_in_the_message_not_the_problem() -> None:
    source = "/deep" * 100 + "/sea.map"
    with pytest.raises(MapError) as info:
        parse_map(swap("turns: 30", "turns: x"), source)
    message = str(info.value)
    clean(message)
    assert message.startswith("...") and "/sea.map:4: 'turns' must be a whole number" in message


def test_a_long_or_odd_value_is_cut_and_quoted() -> None:
    line, problem = map_error(swap("game: battle", "game: " + "[/x]\t" * 100))
    assert line == LINE["game"] and problem.startswith("unknown game '[/x]\\t[/x]\\t[/x]\\t[/x]")
    line, problem = map_error(swap("scale: 4", "sc" + "a" * 900 + "le: 4"))
    # (the keys rulesets declare follow the game's own, as far as the line allows)
    assert problem.startswith("unknown key 'scaaaaaaaaaaaaaaaaaa'... (904 characters) (known: "
                              "title, about, grids, rulesets, scale, game, turns, wind, course, "
                              "rounding, quarry, escape, catch")


def test_an_unknown_map_lists_some_names_in_one_line() -> None:
    with pytest.raises(MapError) as info:
        resolve_map("x" * 5000)
    clean(str(info.value))
    assert str(info.value).startswith("unknown map 'xxxxxxxxxxxxxxxxxxxx'... (5000 characters)")


@pytest.mark.parametrize("name", ["a/b", "a\\b", "x" * 65, "bad\nname", "\udcff"])
def test_a_bad_map_name_is_refused(name: str) -> None:
    """A map's name goes into saves, file names and one-line listings."""
    with pytest.raises(MapError) as info:
        parse_map(SMALL, "sea.map", name)
    clean(str(info.value))
    assert str(info.value).startswith("sea.map: bad map name ")


def test_brackets_in_a_name_are_fine() -> None:
    """The TUI never reads map text as markup (tests/tui/test_bad_maps.py)."""
    assert parse_map(SMALL, "sea.map", "[b]ok").name == "[b]ok"


def test_the_readme_states_the_limits() -> None:
    readme = (CHECKOUT_MAPS.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Maps\n", 1)[1].split("\n## ", 1)[0]
    stated = {"MAX_FILE_BYTES": f"{MAX_FILE_BYTES // 1024} KiB", "MAX_SIZE": str(MAX_SIZE),
              "MAX_SHIPS": str(MAX_SHIPS), "MAX_MARKS": str(MAX_MARKS),
              "MAX_VALUE": f"{MAX_VALUE} characters", "MAX_NAME": f"{MAX_NAME} printable",
              "MAX_MESSAGE": f"{MAX_MESSAGE} characters"}
    for constant, value in stated.items():
        row = next(line for line in section.splitlines() if f"`{constant}`" in line)
        assert f"at most {value}" in row, row


# -- the property: hostile mutations of the shipped maps -----------------------------

KEYS = ["title", "about", "grids", "scale", "game", "turns", "wind", "course", "rounding",
        "quarry", "escape", "catch", "ship", "map", "#! magic", "#! crew", "#! name", "bogus"]
ODD = st.sampled_from(["[/x]", "[bold]", "\x0b", "\x0c", "\x85", "\u2028", "\r", "\t", "\x00",
                       "\ufeff", "\udcff", ":", "#", ",", "~", ".", "-", "1", "Z", " ", "\n",
                       "#! magic: blue ", "#! crew: B1 gunner=", "ship: X1 green 1,1 N\n"])
NUMBER = st.one_of(st.integers(-10, 300).map(str),
                   st.integers(1, 5000).map(lambda n: "9" * n))


def _lines(text: str) -> list[str]:
    return text.split("\n")


@st.composite
def mutation(draw: st.DrawFn, text: str) -> str:
    lines = _lines(text)
    kind = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "number", "truncate",
                                 "key", "digits"]))
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "key":  # the key of line i changed to another (or a made-up one)
        _, sep, value = lines[i].partition(":")
        lines[i] = f"{draw(st.sampled_from(KEYS))}:{value if sep else lines[i]}"
    elif kind in ("insert", "number"):
        pos = draw(st.integers(0, len(text)))
        extra = draw(st.one_of(ODD, st.text(max_size=5))) if kind == "insert" else draw(NUMBER)
        return text[:pos] + extra + text[pos:]
    elif kind == "digits":  # a number in the text made huge or odd
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            found = numbers[draw(st.integers(0, len(numbers) - 1))]
            return text[:found.start()] + draw(NUMBER) + text[found.end():]
    else:
        return text[:draw(st.integers(0, len(text)))]
    return "\n".join(lines)


@st.composite
def hostile_map(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(TEXTS)))
    text = TEXTS[name]
    for _ in range(draw(st.integers(1, 4))):
        text = draw(mutation(text))
    return name, text


def _outcome(name: str, text: str) -> str:
    """What a hostile map gives: "error", or "played" once each ruleset has set it up or
    said cleanly why not.  Anything else (a traceback, a long message) fails the test."""
    try:
        spec = parse_map(text, f"maps/{name}.map", name)
    except MapError as exc:
        clean(str(exc))
        assert str(exc).startswith(f"maps/{name}.map:")
        return "error"
    for ruleset in RULESETS:
        reason = unplayable_reason(ruleset, spec)
        if reason is not None:
            clean(reason)
            continue
        try:
            game = game_on_map(ruleset, spec, 1, None)
        except (MapError, ScenarioError, SetupError) as exc:
            clean(str(exc))
            continue
        for _ in range(3):  # the first orders too
            decision = game.decision()
            if decision is None:
                break
            game.play(decision.options[0])
    return "played"


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_map())
def test_hostile_maps_end_cleanly(case: tuple[str, str]) -> None:
    _outcome(*case)


def test_the_hostile_strategy_reaches_both_outcomes() -> None:
    """The property above is not vacuous: mutations give both errors and playable maps."""
    seen: set[str] = set()

    @settings(derandomize=True, max_examples=60, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(hostile_map())
    def collect(case: tuple[str, str]) -> None:
        seen.add(_outcome(*case))

    collect()
    assert seen == {"error", "played"}
