"""``tui-naval serve`` end to end: the lobby, a game on its own pty at the client's size,
refusals, hang-ups, watching, duels, and isolation.  Players' sessions are the real
OpenSSH client's (``ssh -tt`` on a pseudo-terminal) where it is installed; requests only
a library can make (exec, no terminal, a subsystem, forwarding) are asyncssh's."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path

import asyncssh
import pytest

from tests.serve.support import (
    Recorder,
    Server,
    Terminal,
    connect,
    game_processes,
    new_player,
    press_until,
    to_battle,
    wait_until,
)
from tui_naval.app.session import load_session


async def test_title_screen_in_256_colours(server: Server) -> None:
    term, _key = await new_player(server, "Titus")
    term.mark()
    term.send("p")
    await term.wait_for("New game", "Voyage", "Tutorial", "a terminal naval wargame")
    assert b"\x1b[38;5;" in term.session.out  # TERM=xterm-256color reached the game
    term.mark()
    term.send("q")  # the title's Quit goes back to the lobby
    await term.wait_for("Welcome aboard, Titus")
    term.send("q")
    await term.closed()
    assert term.session.status == 0


@pytest.mark.parametrize(("how", "line"), [
    ("exec", "no commands here"),
    ("no-pty", "the game needs a terminal"),
    ("subsystem", "no sftp here"),
])
async def test_refused_with_one_line(server: Server, how: str, line: str) -> None:
    conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
    async with conn:
        if how == "exec":
            result = await conn.run("ls /", term_type="xterm")
            err, status = result.stderr, result.exit_status
        elif how == "no-pty":
            result = await conn.run(None, input="")
            err, status = result.stderr, result.exit_status
        else:
            _chan, session = await conn.create_session(Recorder, subsystem="sftp",
                                                      encoding=None)
            assert isinstance(session, Recorder)
            await asyncio.wait_for(session.closed.wait(), 30)
            err, status = bytes(session.err).decode(), session.status
    assert isinstance(err, str)
    assert err.count("\n") == 1 and err.startswith("tui-naval: ") and line in err
    assert status == 1


async def test_port_forwarding_refused(server: Server) -> None:
    conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
    async with conn:
        with pytest.raises(asyncssh.ChannelOpenError) as refused:
            await conn.open_connection("127.0.0.1", server.port)
        assert refused.value.reason == "tui-naval: no port forwarding here"
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)


async def test_game_follows_the_clients_size(server: Server) -> None:
    term, _key = await new_player(server, "Sizer", size=(100, 30))
    assert term.screen()[29].strip()  # the game fills the 30 rows it was given
    term.mark()
    term.resize((120, 40))
    await term.wait_for("Welcome aboard, Sizer")
    # and then the 40 rows and 120 columns it has now
    await wait_until(lambda: term.screen()[39].strip() != ""
                     and any(line[100:].strip() for line in term.screen()))
    term.close()


async def test_hang_up_autosaves_and_continue_resumes(server: Server) -> None:
    term, key = await new_player(server, "Hanger")
    await to_battle(term)
    term.close()  # hung up in the middle of the battle
    saves = server.data / "players"
    await wait_until(lambda: any(saves.glob("*/saves/autosave.json")), server=server)
    again = await Terminal.open(server, key)
    await again.wait_for("Welcome aboard, Hanger", "Continue your last game")
    again.mark()
    again.send("c")
    await again.wait_for("You: ")
    again.close()


async def test_watch_a_live_game(server: Server) -> None:
    player, _ = await new_player(server, "Shown")
    await to_battle(player)
    watcher, _ = await new_player(server, "Watcher")
    await watcher.wait_for("Watch a game")
    watcher.mark()
    watcher.send("w")
    await watcher.wait_for("Watch which game?", "Shown:")
    watcher.mark()
    watcher.send("1")
    await watcher.wait_for("Watching", "Turn 1/")
    watcher.mark()
    await press_until([player], "Turn 2/")  # the player plays on: the watcher follows
    await watcher.wait_for("Turn 2/")
    watcher.mark()
    player.close()
    await watcher.wait_for("left")
    watcher.close()


async def test_duel_turns_drop_and_return(server: Server) -> None:
    alice, _ = await new_player(server, "Alice")
    bob, bob_key = await new_player(server, "Bob")
    await alice.wait_for("Bob")
    alice.mark()
    alice.send("d")
    await alice.wait_for("Challenge whom?")
    alice.send("1")
    await alice.wait_for("which rules?")
    alice.mark()
    alice.send("1")
    await bob.wait_for("Alice challenges you")
    bob.mark()
    bob.send("1")
    await asyncio.gather(alice.wait_for("You: "), bob.wait_for("You: "))
    await asyncio.gather(alice.quiet(1.0), bob.quiet(1.0))
    assert not alice.showed("is back") and not bob.showed("is back")  # a first arrival
    carol, _ = await new_player(server, "Carol")  # watches the duel
    carol.mark()
    carol.send("w")
    await carol.wait_for("Alice vs Bob")
    carol.mark()
    carol.send("1")
    await carol.wait_for("Watching", "Turn 1/")
    alice.mark()
    bob.mark()
    carol.mark()
    await press_until([alice, bob], "Turn 2/")
    await carol.wait_for("Turn 2/")
    carol.close()
    bob.close()
    await alice.wait_for("Bob has left the duel")
    bob = await Terminal.open(server, bob_key)
    await bob.wait_for("Return to your duel")
    bob.mark()
    alice.mark()
    bob.send("r")
    await bob.wait_for("You: ", "Turn 2/")
    await alice.wait_for("Bob is back")
    alice.mark()
    bob.mark()
    await press_until([alice, bob], "Turn 3/")
    alice.close()
    bob.close()
    saves = sorted(server.data.glob("players/*/saves/duel-*.json"))
    assert len(saves) == 2  # a normal save in each player's folder
    db = sqlite3.connect(server.data / "players.sqlite3")
    (orders,) = db.execute("SELECT orders FROM duels").fetchone()
    db.close()
    assert orders.count('"') >= 4  # the orders of two turns


async def test_a_duel_played_to_its_finish(server: Server) -> None:
    ann, _ = await new_player(server, "Ann")
    ben, _ = await new_player(server, "Ben")
    await ann.wait_for("Ben")
    ann.send("d")
    await ann.wait_for("Challenge whom?")
    ann.send("1")  # Ben
    await ann.wait_for("which rules?")
    ann.send("1")  # Salt'n'Tar: a race to its finish line
    await ben.wait_for("Ann challenges you")
    ben.mark()
    ann.mark()
    ben.send("1")
    await asyncio.gather(ann.wait_for("You: "), ben.wait_for("You: "))
    # Both players answer every prompt with its first option until the game is over.
    over = "Game over"
    end = asyncio.get_running_loop().time() + 240
    while not (ann.showed(over) and ben.showed(over)):
        assert asyncio.get_running_loop().time() < end, "\n".join(
            [*ann.screen(), "-" * 40, *ben.screen()])
        for term in (ann, ben):
            if not term.showed(over):
                term.send("1")
        await asyncio.sleep(0.15)
    for term in (ann, ben):
        await term.wait_for("the duel is in your saves")
    db = sqlite3.connect(server.data / "players.sqlite3")
    (duel_id,) = db.execute("SELECT id FROM duels WHERE over = 1").fetchone()
    db.close()
    saves = sorted(server.data.glob(f"players/*/saves/duel-{duel_id}.json"))
    assert len(saves) == 2  # a normal save in each player's folder, the whole duel in it
    outcomes = set()
    for save in saves:
        session = load_session(save)
        assert session.game.state.outcome is not None
        outcomes.add(str(session.game.state.outcome))
    assert len(outcomes) == 1
    ann.close()
    ben.close()


async def test_twenty_sessions_each_play_a_turn_and_one_killed(tmp_path: Path) -> None:
    # A server of its own, at a low priority, whose twenty games start a few at a time:
    # forty processes starting at once would starve the tests running beside this one.
    server = Server(tmp_path, "--logins-per-minute", "1000", "--max-per-address", "40",
                    nice=10)
    try:
        await twenty_sessions(server)
    finally:
        server.stop()


async def twenty_sessions(server: Server) -> None:
    starting = asyncio.Semaphore(4)

    async def seated(n: int) -> Terminal:
        async with starting:
            term, _key = await new_player(server, f"Crew{n}", timeout=120)
            await to_battle(term, timeout=120)
            return term

    terms = list(await asyncio.gather(*(seated(n) for n in range(20))))
    for term in terms:
        term.mark()
    processes = game_processes(server)
    assert len(processes) == 20
    victim = max(processes)
    os.kill(victim, signal.SIGKILL)  # that player's game ends: back to the lobby
    await wait_until(lambda: any(term.showed("Welcome aboard") for term in terms))
    (killed,) = [term for term in terms if term.showed("Welcome aboard")]
    await killed.wait_for("Your game stopped unexpectedly")
    alive = [term for term in terms if term is not killed]
    await asyncio.gather(*(press_until([term], "Turn 2/", timeout=180) for term in alive))
    assert server.process.poll() is None
    assert not any(term.showed("Welcome aboard") for term in alive)
    killed.send("q")  # and the lobby's player leaves
    await killed.closed()
    for term in alive:
        term.close()
