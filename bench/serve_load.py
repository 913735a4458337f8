"""Many players on one `tui-naval serve`: over real SSH on loopback, bounded in time.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/serve_load.py --players 50
    .venv/bin/python bench/serve_load.py --players 200 --playing 20 --seconds 90

It starts a server of its own (``--guests``, a scratch data folder, limits opened up for
the run) and an asyncssh client per player, each on a 100x30 terminal whose output is
read with the pyte emulator.  The players log in over ``--ramp`` seconds.  ``--playing``
of them (all by default) press ``p`` in the lobby, then start a new game on the title
screen (``n``, ctrl+g: against the default admiral: the normal one, as a returning
player meets, the bench giving each guest's folder the record of a finished game; with
``--admiral easy`` the easy one a newcomer meets, ``app.record``) and answer
every prompt of theirs with its first option after ``--think`` seconds (a player reads
the screen first), pressing ``tab`` (the next ship) before each answer (and sitting
at the end of a game that ends); of the others, ``--in-lobby`` (half) sit in the lobby and
the rest in a game they started.  After ``--seconds`` every player hangs up.  Printed:

- the lobby: seconds from opening the connection to the lobby drawn, p50 and p95;
- a key's echo: seconds from a key (``tab``, or an answer) to the first output after
  it, p95 (each key is pressed on a quiet screen);
- the admiral's answer: seconds from the player's answer to her next prompt drawn (the
  game's turn and the admiral's thinking in between), p95;
- memory: the PSS (``/proc/PID/smaps_rollup``) of every game process, of the zygote the
  games are forked from, and of the server, with all players on; the whole divided by
  the sessions (each session's share);
- errors: a session that could not log in, closed early, did not show what it should
  in ``--timeout`` seconds, or showed a traceback.

With the load average before the run (the machine's other work) and the CPU this client
used (its SSH and pyte share the machine with the server).

Issue 60's goals on the project's 2-core machine: 50 players with 0 errors, the lobby
in 1 s and an echo in 200 ms (p95), at most 40 MB a session; 200 players connected
(mostly idle) with 0 errors and memory within the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:
    import asyncssh
    import pyte
except ImportError:
    print("serve_load needs pyte and asyncssh: pip install -e '.[bench]'", file=sys.stderr)
    sys.exit(2)

SIZE = (100, 30)
ROOT = Path(__file__).resolve().parents[1]
#: A prompt that waits for the player: its header ends with her side in brackets.
PROMPT = re.compile(r"^  \S.*: .*\((\w+)\)\s*$")
YOU = re.compile(r"You: (\w+)")


class Session(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """One player's SSH session: what came, and when (read into pyte only when looked at)."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.unread = bytearray()
        self.err = bytearray()
        self.closed = asyncio.Event()
        self.changed = asyncio.Event()
        #: When the last key was sent, until the first output after it.
        self.key_at: float | None = None
        self.echoes: list[float] = []
        #: The screen on which a traceback showed (if one did).
        self.traceback: str | None = None

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.monotonic()
        if self.key_at is not None:
            self.echoes.append(now - self.key_at)
            self.key_at = None
        if datatype is None:
            self.unread += data
        else:
            self.err += data
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def lines(self) -> list[str]:
        if self.unread:
            self.stream.feed(bytes(self.unread))
            self.unread.clear()
        lines = [line.rstrip() for line in self.screen.display]
        if self.traceback is None and any("Traceback (most recent" in x for x in lines):
            self.traceback = "\n".join(x for x in lines if x)
        return lines


def returning(data: Path) -> None:
    """Give each guest's folder without one the record of a finished game: its guest
    then meets the normal admiral, as a returning player does (``app.record``)."""
    for saves in (data / "guests").glob("*/saves"):
        record = saves / "games.record"
        if not record.exists():
            record.write_text('{"finished": 1, "won": 0}\n')


class Player:
    """A player: logs in, plays (or sits), and keeps her figures."""

    def __init__(self, number: int, port: int, args: argparse.Namespace,
                 data: Path) -> None:
        self.number = number
        self.port = port
        self.data = data
        self.args = args
        self.session = Session()
        self.conn: Any = None
        self.chan: Any = None
        self.lobby: float | None = None
        self.replies: list[float] = []
        self.error: str | None = None

    async def run(self, plays: bool, sits_in_game: bool, start: float, end: float) -> None:
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        opened = time.monotonic()
        try:
            self.conn = await asyncssh.connect(
                "127.0.0.1", self.port, username=f"player{self.number}", password="x",
                known_hosts=None, client_keys=None, agent_path=None, preferred_auth="password")
            self.chan, _ = await self.conn.create_session(
                lambda: self.session, term_type="xterm-256color", term_size=SIZE,
                encoding=None)
            await self.wait_for(lambda lines: any("Welcome aboard" in x for x in lines))
            self.lobby = time.monotonic() - opened
            if plays or sits_in_game:
                if self.args.admiral == "normal":
                    returning(self.data)
                for key, text in (("p", "New game"), ("n", "Start"), ("\x07", "You: ")):
                    self.chan.write(key.encode())
                    await self.wait_for(lambda lines, t=text: any(t in x for x in lines))
            if plays:
                await self.play(end)
            else:
                await asyncio.sleep(max(0.0, end - time.monotonic()))
            if self.session.closed.is_set():
                raise Failure("closed by the server")
            self.session.lines()
            if self.session.traceback is not None:
                raise Failure(f"a traceback on the screen:\n{self.session.traceback}")
        except Failure as exc:
            self.error = str(exc)
        except (OSError, asyncssh.Error) as exc:
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            if self.conn is not None:
                self.conn.close()

    async def wait_for(self, check: Any, timeout: float | None = None) -> list[str]:
        deadline = time.monotonic() + (timeout or self.args.timeout)
        while True:
            lines = self.session.lines()
            if check(lines):
                return lines
            if self.session.closed.is_set():
                raise Failure(f"closed: {bytes(self.session.err)[-200:]!r}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"not shown in time: {lines[-12:]}")
            self.session.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.session.changed.wait(), min(left, 0.5))

    async def quiet(self, seconds: float = 0.3) -> None:
        """Until nothing has come for ``seconds``."""
        while True:
            self.session.changed.clear()
            try:
                await asyncio.wait_for(self.session.changed.wait(), seconds)
            except TimeoutError:
                return
            if self.session.closed.is_set():
                return

    def press(self, key: str) -> None:
        self.session.key_at = time.monotonic()  # (a key that drew nothing: replaced)
        self.chan.write(key.encode())

    async def play(self, end: float) -> None:
        rng = random.Random(self.number)
        while time.monotonic() < end:
            lines = await self.wait_for(our_prompt)
            if game_over(lines):
                break
            asked = (lines[0], next(x for x in lines if PROMPT.match(x)))
            await asyncio.sleep(rng.uniform(0.5, 1.5) * self.args.think)
            await self.quiet()
            self.press("\t")
            await self.quiet()
            if time.monotonic() >= end:
                return
            self.press("1")  # (a tab that drew nothing is not counted)
            answered = time.monotonic()

            def next_prompt(lines: list[str], asked: tuple[str, str] = asked) -> bool:
                header = next((x for x in lines if PROMPT.match(x)), None)
                return (our_prompt(lines) and header is not None
                        and (lines[0], header) != asked) or game_over(lines)

            lines = await self.wait_for(next_prompt)
            if game_over(lines):
                break
            self.replies.append(time.monotonic() - answered)
        await asyncio.sleep(max(0.0, end - time.monotonic()))


def our_prompt(lines: list[str]) -> bool:
    """Whether the screen asks the player (her side's prompt) or the game is over."""
    you = YOU.search(lines[0]) if lines else None
    if game_over(lines):
        return True
    if you is None:
        return False
    return any((m := PROMPT.match(x)) is not None and m.group(1) == you.group(1)
               for x in lines)


def game_over(lines: list[str]) -> bool:
    return any(x.startswith(" Game over") for x in lines)


class Failure(Exception):
    pass


def processes_under(root: int) -> dict[int, str]:
    """Every process descended from ``root``: pid -> its command line."""
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                lines[int(entry.name)] = (entry / "cmdline").read_bytes().replace(
                    b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: dict[int, str] = {}
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier}
        found.update({pid: lines[pid] for pid in frontier})
    return found


def pss_mb(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) / 1024 if found else 0.0


def memory(server: int) -> dict[str, Any]:
    """The PSS of the server, its zygote and its game processes, in MB."""
    under = processes_under(server)
    zygotes = [pid for pid, line in under.items()  # (its children have its command line)
               if "tui_naval.serve.zygote" in line and parent_of(pid) == server]
    games = [pid for pid in under if pid not in zygotes]
    return {"server": pss_mb(server), "zygote": sum(pss_mb(p) for p in zygotes),
            "games": [pss_mb(p) for p in games],
            "from_zygote": sum(1 for p in games if zygotes and parent_of(p) in zygotes)}


def parent_of(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return 0


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def start_server(data: Path, players: int) -> tuple[subprocess.Popen[bytes], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "tui_naval.cli.serve", "--port", "0", "--data", str(data),
         "--guests", "--max-sessions", str(players + 10), "--max-per-address",
         str(players + 10), "--logins-per-minute", str(players * 10), "--idle-timeout",
         "60",
         # (Every player comes from 127.0.0.1 here: the caps on connections not yet
         # logged in, which a host keeps per address, are opened up like the others.)
         "--max-startups", str(players + 10), "--max-startups-per-address",
         str(players + 10)], stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
    assert process.stderr is not None
    line = process.stderr.readline().decode()
    found = re.search(r"serving on [\d.]+:(\d+)", line)
    if found is None:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, int(found.group(1))


async def wait_zygote(process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if any("tui_naval.serve.zygote" in x for x in processes_under(process.pid).values()):
            await asyncio.sleep(3)  # (its imports: a second or two)
            return
        await asyncio.sleep(0.2)


def used_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run(args: argparse.Namespace) -> int:
    load = os.getloadavg()[0]
    began = time.monotonic()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # (the server's, too)
    data = Path(tempfile.mkdtemp(prefix="tui-naval-load-"))
    server, port = start_server(data, args.players)
    assert server.stderr is not None
    drain = asyncio.get_running_loop().run_in_executor(None, server.stderr.read)
    try:
        await wait_zygote(server)
        playing = args.players if args.playing is None else args.playing
        now = time.monotonic()
        ramp = args.ramp if args.ramp is not None else float(args.players)
        end = now + ramp + args.seconds
        players = [Player(n, port, args, data) for n in range(args.players)]
        rng = random.Random(0)
        tasks = []
        for n, player in enumerate(players):
            plays = (n * playing) % args.players < playing  # (spread over the ramp)
            start = now + ramp * n / max(1, args.players)
            in_game = not plays and rng.random() >= args.in_lobby
            tasks.append((asyncio.create_task(player.run(plays, in_game, start, end)), plays))
        await asyncio.sleep(ramp + min(args.seconds / 2, 20))
        used = memory(server.pid)
        await asyncio.gather(*(t for t, _ in tasks))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
        log = b""
        with contextlib.suppress(Exception):
            log = await asyncio.wait_for(drain, 5)
    wall = time.monotonic() - began
    served = resource.getrusage(resource.RUSAGE_CHILDREN)  # (the server and its games)
    lobbies = [p.lobby for p in players if p.lobby is not None]
    echoes = [e for p in players for e in p.session.echoes]
    replies = [r for p in players for r in p.replies]
    errors = [p.error for p in players if p.error]
    games = used["games"]
    total = sum(games) + used["zygote"]
    print(f"players {args.players} (playing {sum(1 for _, plays in tasks if plays)}, "
          f"against the {args.admiral} admiral), "
          f"{args.seconds:g} s after a ramp of {ramp:g} s; {os.cpu_count()} cores, load "
          f"{load:.1f} before the run; this client used {used_cpu():.0f} s of CPU")
    print(f"cpu       the server and its games {served.ru_utime + served.ru_stime:.0f} s in "
          f"{wall:.0f} s ({(served.ru_utime + served.ru_stime) / wall:.2f} cores)")
    print(f"lobby     p50 {statistics.median(lobbies) if lobbies else float('nan'):.2f} s  "
          f"p95 {percentile(lobbies, 0.95):.2f} s  ({len(lobbies)} drawn)")
    print(f"echo      p50 {percentile(echoes, 0.5) * 1000:.0f} ms  "
          f"p95 {percentile(echoes, 0.95) * 1000:.0f} ms  ({len(echoes)} keys)")
    print(f"admiral   p50 {percentile(replies, 0.5):.2f} s  p95 {percentile(replies, 0.95):.2f} s"
          f"  ({len(replies)} answers: her turn between a player's answer and next prompt)")
    print(f"memory    {len(games)} session processes ({used['from_zygote']} forked from the "
          f"zygote), PSS {sum(games):.0f} MB (each p50 "
          f"{statistics.median(games) if games else 0:.1f} MB, max "
          f"{max(games, default=0):.1f}); zygote {used['zygote']:.0f} MB; server "
          f"{used['server']:.0f} MB")
    print(f"          a session's share (games + zygote) / {args.players}: "
          f"{total / max(1, args.players):.1f} MB; all {total + used['server']:.0f} MB")
    print(f"errors    {len(errors)}; the server's log: {log.count(b'Traceback')} tracebacks")
    if b"Traceback" in log:  # the first one's end, and where the whole log is kept
        kept = data / "server.log"
        kept.write_bytes(log)
        first = log[log.index(b"Traceback"):].decode(errors="replace").splitlines()
        print("  the first traceback's end:\n    " + "\n    ".join(first[:40][-8:]))
        print(f"  the server's log: {kept}")
    kinds: dict[str, list[str]] = {}
    for player in players:
        if player.error:
            kinds.setdefault(player.error.split(":")[0], []).append(player.error)
    for kind, found in kinds.items():
        print(f"  {len(found)} x {kind}; the first:\n    {found[0][:1500]}")
    return 1 if errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--playing", type=int, default=None,
                        help="how many of them play (default: all)")
    parser.add_argument("--seconds", type=float, default=90.0,
                        help="how long they stay once all have come (default 90)")
    parser.add_argument("--ramp", type=float, default=None,
                        help="seconds over which they come (default: one a second)")
    parser.add_argument("--in-lobby", type=float, default=0.5,
                        help="the share of the players not playing who sit in the lobby "
                             "(the others sit in a game they started; default 0.5)")
    parser.add_argument("--think", type=float, default=10.0,
                        help="seconds a player reads a prompt before answering (0.5-1.5x)")
    parser.add_argument("--admiral", choices=("normal", "easy"), default="normal",
                        help="whom the players meet: the normal admiral (a returning "
                             "player's; default) or the easy one (a newcomer's)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds a screen may take to show before it is an error")
    args = parser.parse_args()
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
