"""The ``tui-naval`` command line.

Errors a player can cause (unknown ruleset or map, bad map, bad save) print one
line on stderr and exit with status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

from tui_naval.ai.players import DEFAULT_OPPONENT, PLAYERS, UnknownPlayer, make_player
from tui_naval.core import mapgen
from tui_naval.core.controller import Player, play
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError, MapSpec, available_maps, load_map
from tui_naval.core.messages import one_line, printable
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.saves import (
    MAX_SEED,
    SaveError,
    default_save_dir,
    list_saves,
    load_game,
    save_game,
    state_digest,
)
from tui_naval.core.scenario import ScenarioError, Setup, playable_maps, unplayable_reason
from tui_naval.core.state import Event
from tui_naval.program import collection_paused
from tui_naval.rulesets import (
    DEFAULT_RULESET,
    UnknownRuleset,
    find_entry,
    find_pairing,
    find_ruleset,
    load,
    registry,
)
from tui_naval.tui.players import (
    ScriptEnded,
    ScriptError,
    ScriptPlayer,
    check_script,
    read_script,
)

if TYPE_CHECKING:
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

DESCRIPTION = "A naval wargame in the terminal: wind, sails, broadsides and an AI admiral."
EXIT_USAGE = 2
DEFAULT_MAP = "channel-race"
DEFAULT_SEED = 1

#: Errors that are the player's input, reported in one line.
PLAYER_ERRORS = (MapError, ScenarioError, SaveError, UnknownRuleset, UnknownPlayer, IllegalOrder,
                 ScriptError)


class CliError(Exception):
    """A one-line error for the player."""


#: ``--ai``'s help: the players by name, and the search's levels.
AI_HELP = (f"the AI you face: {', '.join(PLAYERS)}, or a level: easy, normal (= search), "
           f"hard (= search:hard); default {DEFAULT_OPPONENT} (normal)")

def fail(message: str) -> NoReturn:
    raise CliError(message)




def default_map(ruleset: Ruleset[Any]) -> str:
    """The map a ruleset opens on when none is named (see ``default_map_spec``)."""
    return default_map_spec(ruleset).name


def default_map_spec(ruleset: Ruleset[Any]) -> MapSpec:
    """The map a ruleset opens on when none is named, read: its preferred map when it can
    play it (read alone, as at every launch), else the first playable map by name."""
    prefer = find_entry(ruleset.name).default_map
    if prefer:
        try:
            spec = load_map(prefer)
        except MapError:
            pass
        else:
            if spec.name == prefer and unplayable_reason(ruleset, spec) is None:
                return spec
    specs = []
    for path in available_maps():
        try:
            specs.append(load_map(str(path)))
        except MapError:
            continue
    maps = playable_maps(ruleset, specs, prefer=prefer)
    if not maps:
        fail(f"no map is playable with {ruleset.title}")
    return maps[0]


def new_game(ruleset_name: str, map_name: str | None, seed: int, grid: str | None,
             options: tuple[tuple[str, str], ...] = ()) -> Game:
    """Set up a new game from names, as the CLI and the TUI's new-game screen do."""
    ruleset = find_ruleset(ruleset_name)
    return game_on_map(ruleset, map_for(ruleset, map_name, seed, grid), seed, grid, options)


def map_for(ruleset: Ruleset[Any], map_name: str | None, seed: int, grid: str | None) -> MapSpec:
    """The map a name asks for: a map file, a generated sea (``random``: drawn from the
    game's seed; ``random:SEED``), or with no name the ruleset's default map."""
    if not map_name:
        return default_map_spec(ruleset)
    map_seed = mapgen.map_seed(map_name, seed)
    if map_seed is None:
        return load_map(map_name)
    return mapgen.generate_spec(ruleset, map_seed, GridKind(grid) if grid else None)


def rule_options(ruleset: Ruleset[Any], words: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """``--option KEY=VALUE`` words checked against the ruleset's optional rules."""
    known = {option.key: option for option in ruleset.info.options}
    out: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key, value = key.strip().lower(), value.strip().lower()
        if not sep or key not in known:
            have = ", ".join(f"{k}={'|'.join(o.choices)}" for k, o in known.items())
            fail(f"--option {one_line(word)[:40]!r}: {ruleset.title} has "
                 + (f"these optional rules: {have}" if have else "no optional rules"))
        if value not in known[key].choices:
            fail(f"--option {key}: {one_line(value)[:20]!r} is not one of "
                 f"{', '.join(known[key].choices)}")
        out[key] = value
    return tuple(sorted(out.items()))


def pair_chosen(args: Any) -> None:
    """``--sailing`` with ``--gunnery`` name the ruleset that pairs them."""
    sailing, gunnery = getattr(args, "sailing", None), getattr(args, "gunnery", None)
    if sailing is None and gunnery is None:
        return
    if not (sailing and gunnery):
        fail("--sailing and --gunnery go together (see: tui-naval rulesets)")
    try:
        args.ruleset = find_pairing(sailing, gunnery).id
    except UnknownRuleset as exc:
        fail(str(exc))


def options_of(args: Any) -> tuple[tuple[str, str], ...]:
    """The optional rules ``--option`` chose for the ruleset ``--ruleset`` names."""
    words = getattr(args, "option", None) or []
    if not words:
        return ()
    try:
        return rule_options(find_ruleset(args.ruleset), words)
    except UnknownRuleset as exc:
        fail(str(exc))
    raise AssertionError  # fail() raised


def game_on_map(ruleset: Ruleset[Any], spec: MapSpec, seed: int, grid: str | None,
                options: tuple[tuple[str, str], ...] = ()) -> Game:
    """``new_game`` on a map already read (CliError if the ruleset cannot play it)."""
    reason = unplayable_reason(ruleset, spec)
    if reason:
        fail(f"map {spec.name}: {reason}")
    kind = GridKind(grid) if grid else next((g for g in spec.grids if g in ruleset.grids),
                                             spec.grids[0])
    setup = Setup(ruleset.name, spec.name, spec.text, kind, seed, options=options)
    return Game(ruleset, setup)


def players_for(game: Game, names: str) -> dict[str, Player]:
    """Players for each side from "A,B" (one name: every side plays it)."""
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if not wanted:
        fail("--players needs at least one name")
    sides = game.state.sides
    return {side: make_player(wanted[i % len(wanted)]) for i, side in enumerate(sides)}


def print_events(events: Iterable[Event]) -> None:
    for event in events:
        print(event)


def summary_line(game: Game) -> str:
    state = game.state
    status = str(state.outcome) if state.outcome else f"game continues, turn {state.turn}"
    return f"RESULT {status} | turn {state.turn} | orders {len(game.orders)} | " \
           f"digest {state_digest(state)}"


def cmd_demo(args: argparse.Namespace) -> int:
    if not args.headless:
        with collection_paused():
            from tui_naval.tui.launch import run_demo

            return run_demo(args)
    script = read_script(Path(args.script)) if args.script else None
    if script is not None and script.setup is not None:
        game = Game(find_ruleset(script.setup.ruleset), script.setup)
    elif args.load:
        game = load_game(Path(args.load), find_ruleset)
    else:
        game = new_game(args.ruleset, args.map, DEFAULT_SEED if args.seed is None else args.seed,
                        args.grid, options_of(args))
    if script is not None:
        check_script(game, script)  # before a line is printed
    if args.load and (script is None or script.setup is None):
        print(f"Loaded {args.load}: {game.ruleset.title} on {game.setup.map_name}, "
              f"turn {game.state.turn}")
    else:
        print(f"{game.ruleset.title} on {game.setup.map_name} ({game.setup.grid.value}), "
              f"seed {game.setup.seed}")
        print_events(game.state.events)
    if script is not None:
        # Every side answered by the script, until it ends.
        player = ScriptPlayer(script)
        with contextlib.suppress(ScriptEnded):
            play(game, dict.fromkeys(game.state.sides, player), turns=args.turns,
                 on_events=print_events)
    else:
        play(game, players_for(game, args.players), turns=args.turns, on_events=print_events)
    print(summary_line(game))
    if args.save:
        save_game(game, Path(args.save))
    return 0


def cmd_title(args: argparse.Namespace) -> int:
    with collection_paused():
        from tui_naval.tui.launch import run_title

        return run_title(args)


def cmd_play(args: argparse.Namespace) -> int:
    with collection_paused():
        from tui_naval.tui.launch import run_play

        return run_play(args)


def cmd_tutorial(args: argparse.Namespace) -> int:
    with collection_paused():
        from tui_naval.tui.launch import run_tutorial

        return run_tutorial(args)


def cmd_load(args: argparse.Namespace) -> int:
    with collection_paused():
        from tui_naval.tui.launch import run_load

        return run_load(args)


def cmd_rulesets(args: argparse.Namespace) -> int:
    import shutil
    import textwrap

    entries = registry()
    column = max(len(info.id) for info in entries) + 2
    width = max(60, min(100, shutil.get_terminal_size().columns))
    for info in entries:
        print(f"{info.id:<{column}}{info.title}")
        text = f"{info.summary} Also: {', '.join(info.aliases)}."
        if info.options:
            text += " Options: " + ", ".join(
                f"--option {o.key}={'|'.join(o.choices)} ({o.title.lower()})"
                for o in info.options) + "."
        print(textwrap.fill(text, width, initial_indent=" " * column,
                            subsequent_indent=" " * column))
    pairs = [info for info in entries if info.sailing and info.gunnery]
    if pairs:
        print("\nSailing and gunnery systems the engine joins "
              "(--sailing SYSTEM --gunnery SYSTEM picks the ruleset):")
        left = max(len(info.sailing) for info in pairs) + 2
        mid = max(len(info.gunnery) for info in pairs) + 2
        for info in pairs:
            print(f"  {info.sailing:<{left}}{info.gunnery:<{mid}}{info.id}")
    return 0


def cmd_maps(args: argparse.Namespace) -> int:
    if args.generate is not None:
        return generate_map(args)
    for path in available_maps():
        try:
            spec = load_map(str(path))
        except MapError as exc:  # one line, and the other maps are still listed
            print(f"{printable(path.stem):<18} BROKEN: {exc}")
            continue
        grids = "/".join(g.value for g in spec.grids)
        reasons = {info.id: unplayable_reason(load(info), spec) for info in registry()}
        who = ", ".join(name for name, reason in reasons.items() if reason is None)
        # No ruleset plays it because of a bad line of its own (a ruleset's ``#!`` line):
        # say which, as for a map that cannot be read.
        errors = [r for r in reasons.values() if r and r.startswith(f"{spec.source}:")]
        if not who and errors:
            print(f"{printable(path.stem):<18} BROKEN: {errors[0]}")
            continue
        title = spec.title if len(spec.title) <= 30 else spec.title[:29] + "…"
        print(f"{spec.name:<18} {title:<30} {spec.goal.kind:<6} "
              f"{spec.width}x{spec.height:<3} {grids:<26} {len(spec.ships):>2} ships  "
              f"{who or 'no ruleset'}")
    return 0


def generate_map(args: argparse.Namespace) -> int:
    """``maps --generate SEED``: a generated sea's map text, printed or written to a file."""
    ruleset = find_ruleset(args.ruleset)
    text = mapgen.generate(ruleset, args.generate, GridKind(args.grid) if args.grid else None)
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    print(f"wrote {out}: a sea for {ruleset.title} from seed {args.generate} "
          f"(play it with --map {out})")
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    folder = Path(args.dir) if args.dir else default_save_dir()
    saves = list_saves(folder)
    if not saves:
        print(f"no saves in {folder}")
    for info in saves:
        if isinstance(info, SaveError):
            print(f"UNREADABLE {info}")
        else:
            status = info.outcome or "in progress"
            print(f"{one_line(info.path.name, 28):<28} {info.ruleset:<12} {info.map_name:<18} "
                  f"turn {info.turn:<4} {info.saved}  {status}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from tui_naval.simulate import default_progress, simulate

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if len(names) < 2:
        fail("--players needs two names, e.g. greedy,random")
    if args.games < 1:
        fail("--games must be at least 1")
    for name in names:
        make_player(name)  # unknown names fail before any game is played
    ruleset = find_ruleset(args.ruleset)
    map_name = args.map or default_map(ruleset)
    first = DEFAULT_SEED if args.seed is None else args.seed
    options = options_of(args)
    new_game(ruleset.name, map_name, first, args.grid, options)  # a bad setup fails at once
    result = simulate(lambda seed: new_game(ruleset.name, map_name, seed, args.grid, options),
                      names, args.games, first, progress=default_progress())
    where = map_name
    if mapgen.map_seed(map_name, first) is not None and ":" not in map_name:
        where = "random seas (each game's sea drawn from its seed)"
    print(f"{ruleset.title} on {where}: {' vs '.join(names)}, sides alternating")
    for line in result.lines():
        print(line)
    if args.json:
        print(result.as_json())
    return 0


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser.  With ``only`` (a command's name), that command's alone:
    enough to parse a command line that names it, for a fraction of the work."""
    parser = argparse.ArgumentParser(
        prog="tui-naval", description=DESCRIPTION,
        epilog="With no command, the title screen opens.")
    add_tui_options(parser)
    parser.set_defaults(func=cmd_title)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add_command in COMMANDS.items():
        if only is None or name == only:
            add_command(sub)
    return parser


def _play_command(sub: Subparsers) -> None:
    play_cmd = sub.add_parser("play", help="start a game against the AI in the terminal")
    add_game_options(play_cmd, seed_help="random seed (default: a random one, shown on screen)")
    play_cmd.add_argument("--side", help="the side you play (default: the map's first)")
    play_cmd.add_argument("--ai", default=DEFAULT_OPPONENT, help=AI_HELP)
    add_tui_options(play_cmd, suppress=True)
    play_cmd.set_defaults(func=cmd_play)


def _tutorial_command(sub: Subparsers) -> None:
    tutorial = sub.add_parser("tutorial", help="a first voyage: a short race (then a battle) "
                              "with the rules explained as they come up")
    tutorial.add_argument("--lesson", type=int, default=1, metavar="N",
                          help="start at lesson N (1: a race, 2: a battle)")
    tutorial.add_argument("--ai", default=DEFAULT_OPPONENT, help=AI_HELP)
    add_tui_options(tutorial, suppress=True)
    tutorial.set_defaults(func=cmd_tutorial)


def _load_command(sub: Subparsers) -> None:
    load_cmd = sub.add_parser("load", help="resume a saved game in the terminal")
    load_cmd.add_argument("path", metavar="PATH", help="a save file (see: tui-naval saves)")
    add_tui_options(load_cmd, suppress=True)
    load_cmd.set_defaults(func=cmd_load)


def _demo_command(sub: Subparsers) -> None:
    demo = sub.add_parser(
        "demo", help="watch the AI play itself",
        epilog="A script is one order per line as the game writes them (e.g. 'B1 luck roll', "
               "'R1 starboard 1', 'B1 keep'); '#' starts a comment.  A save's \"orders\" list "
               "is a valid script, and a save .json may be given as the script itself: its "
               "ruleset, map and seed are used.")
    demo.add_argument("--headless", action="store_true", help="print the game as text")
    add_game_options(demo, seed_help="random seed (default: 1 headless, random in the TUI)")
    demo.add_argument("--turns", type=int, default=None, help="play at most N turns")
    demo.add_argument("--players", default="greedy,greedy",
                      help=f"AI for each side, comma-separated ({', '.join(PLAYERS)})")
    demo.add_argument("--save", metavar="PATH", help="save the game when done (headless)")
    demo.add_argument("--load", metavar="PATH", help="continue a saved game")
    demo.add_argument("--script", metavar="FILE",
                      help="replay the orders in FILE (a script or a save .json)")
    demo.add_argument("--exit-when-done", action="store_true",
                      help="quit when the game, the script or --turns is over")
    demo.add_argument("--delay", type=float, metavar="SECONDS",
                      help="pause after each AI decision (default 0.5)")
    add_tui_options(demo, suppress=True)
    demo.set_defaults(func=cmd_demo)


def _simulate_command(sub: Subparsers) -> None:
    simulate = sub.add_parser("simulate", help="play AI-against-AI games and count the wins")
    add_game_options(simulate, seed_help="seed of the first game (then +1 each game)")
    simulate.add_argument("--games", type=int, default=20, help="number of games")
    simulate.add_argument("--players", default="greedy,random",
                          help=f"two AIs, comma-separated ({', '.join(PLAYERS)})")
    simulate.add_argument("--json", action="store_true",
                          help="end with one JSON line: games, wins, draws, mean turns")
    simulate.set_defaults(func=cmd_simulate)


def _rulesets_command(sub: Subparsers) -> None:
    sub.add_parser("rulesets", help="list the rulesets").set_defaults(func=cmd_rulesets)


def _maps_command(sub: Subparsers) -> None:
    maps = sub.add_parser("maps", help="list the maps, or write out a generated sea")
    maps.add_argument("--generate", type=seed_number, metavar="SEED",
                      help="print (or --out) the map text of the sea generated from SEED")
    maps.add_argument("--ruleset", default=DEFAULT_RULESET,
                      help="with --generate: the ruleset the sea is for")
    maps.add_argument("--grid", choices=[g.value for g in GridKind],
                      help="with --generate: the map's default grid (its first)")
    maps.add_argument("--out", metavar="FILE", help="with --generate: write the map to FILE")
    maps.set_defaults(func=cmd_maps)


def _saves_command(sub: Subparsers) -> None:
    saves = sub.add_parser("saves", help="list saved games")
    saves.add_argument("--dir", help="save folder (default: ./saves or the user's data folder)")
    saves.set_defaults(func=cmd_saves)


def cmd_voyage(args: argparse.Namespace) -> int:
    if args.headless:
        from tui_naval.voyage_cli import cmd_voyage as sail_headless

        return sail_headless(args)
    with collection_paused():
        from tui_naval.tui.launch import run_voyage

        return run_voyage(args)


def _voyage_command(sub: Subparsers) -> None:
    from tui_naval.voyage_cli import add_voyage_command

    add_voyage_command(sub, cmd_voyage)


def _scores_command(sub: Subparsers) -> None:
    from tui_naval.scores_cli import add_scores_command

    add_scores_command(sub)


def _replay_command(sub: Subparsers) -> None:
    from tui_naval.replay_cli import add_replay_command

    add_replay_command(sub)


def _serve_command(sub: Subparsers) -> None:
    from tui_naval.serve.command import add_serve_command

    add_serve_command(sub)


#: Each command and what adds it to the parser, in the order ``--help`` lists them.
COMMANDS: dict[str, Callable[[Subparsers], None]] = {
    "play": _play_command,
    "tutorial": _tutorial_command,
    "load": _load_command,
    "demo": _demo_command,
    "simulate": _simulate_command,
    "rulesets": _rulesets_command,
    "maps": _maps_command,
    "saves": _saves_command,
    "voyage": _voyage_command,
    "scores": _scores_command,
    "replay": _replay_command,
    "serve": _serve_command,
}


def add_tui_options(parser: argparse.ArgumentParser, suppress: bool = False) -> None:
    """Options of the terminal UI; on subcommands they do not override the main ones."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument("--ascii", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="draw with ASCII characters only")
    parser.add_argument("--keys", metavar="PATH", default=default,
                        help="key bindings file (default: $XDG_CONFIG_HOME/tui-naval/keys.toml)")
    parser.add_argument("--hints", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="explain the rules as they come up (h turns them on and off)")
    parser.add_argument("--pass-interrupts", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="never ask whether to interrupt the enemy's action (Fast Play "
                             "Salamis' Stop!): let it go on")
    parser.add_argument("--quiet-pause", metavar="SECONDS|key", type=quiet_pause,
                        default=default,
                        help="how long a turn with nothing for you to decide is shown "
                             "(default 1.5; 'key' waits for a key)")


def quiet_pause(text: str) -> float | str:
    """``--quiet-pause``: seconds (0 to 60), or "key"."""
    if text.strip().lower() == "key":
        return "key"
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds or 'key', not {one_line(text, 30)!r}")\
            from None
    if not 0 <= seconds <= 60:
        raise argparse.ArgumentTypeError("expected 0 to 60 seconds, or 'key'")
    return seconds


def seed_number(text: str) -> int:
    """A seed from the command line: a whole number the dice (and so a save) can keep."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text)[:40]!r}") \
            from None
    if not -MAX_SEED < seed < MAX_SEED:
        raise argparse.ArgumentTypeError("a seed must lie between -2**64 and 2**64")
    return seed


def add_game_options(parser: argparse.ArgumentParser, seed_help: str = "random seed") -> None:
    parser.add_argument("--ruleset", default=DEFAULT_RULESET, help="ruleset name or alias")
    parser.add_argument("--map", default=None,
                        help="map name or path to a .map file; 'random' (a sea generated from "
                             "the game's seed) or 'random:SEED' (default: the ruleset's first "
                             "map)")
    parser.add_argument("--grid", choices=[g.value for g in GridKind],
                        help="grid (default: the map's first)")
    parser.add_argument("--seed", type=seed_number, default=None, help=seed_help)
    parser.add_argument("--sailing", metavar="SYSTEM",
                        help="with --gunnery: the ruleset pairing these two systems "
                             "(see: tui-naval rulesets)")
    parser.add_argument("--gunnery", metavar="SYSTEM",
                        help="with --sailing: the ruleset pairing these two systems")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an optional rule of the ruleset, e.g. seamanship=on")


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args: Any = parser.parse_args(words)
    registry()  # the rulesets' own map keys and game kinds, before any map is read
    try:
        pair_chosen(args)
        code: int = args.func(args)
        return code
    except (CliError, *PLAYER_ERRORS) as exc:
        print(one_line(f"tui-naval: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
