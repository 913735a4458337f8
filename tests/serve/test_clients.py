"""Real SSH clients play a turn: OpenSSH's ``ssh``, Dropbear's ``dbclient`` and PuTTY's
``plink``, each on a pseudo-terminal of its own, logging in with a key (.ci/run installs
them; a client not installed is skipped)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import asyncssh
import pytest

from tests.serve.support import (
    OpenSSHTerminal,
    Recorder,
    Server,
    _controlling_terminal,
    press_until,
    ssh_command,
    to_battle,
)
from tui_naval.serve.terminal import set_size

SIZE = (100, 30)


def fingerprint(server: Server) -> str:
    return server.lines[0].split("host key ")[1].split(")")[0]


def openssh(server: Server, folder: Path, key: asyncssh.SSHKey) -> list[str]:
    path = folder / "id_ed25519"
    path.write_bytes(key.export_private_key())
    path.chmod(0o600)
    return ssh_command(server, path, "-tt", "127.0.0.1")


def dropbear(server: Server, folder: Path, key: asyncssh.SSHKey) -> list[str]:
    """dbclient reads its own key format: dropbearconvert makes it from OpenSSH's."""
    openssh_key = folder / "id_ed25519"
    openssh_key.write_bytes(key.export_private_key())
    openssh_key.chmod(0o600)
    subprocess.run(["dropbearconvert", "openssh", "dropbear", str(openssh_key),
                    str(folder / "id_dropbear")], check=True, capture_output=True)
    # -y: accept the host key (dbclient keeps it in ~/.ssh/known_hosts: HOME is the folder)
    return ["dbclient", "-y", "-t", "-i", str(folder / "id_dropbear"), "-p",
            str(server.port), "player@127.0.0.1"]


def putty(server: Server, folder: Path, key: asyncssh.SSHKey) -> list[str]:
    """plink reads PuTTY's key format: puttygen makes it from OpenSSH's."""
    openssh_key = folder / "id_ed25519"
    openssh_key.write_bytes(key.export_private_key())
    openssh_key.chmod(0o600)
    subprocess.run(["puttygen", str(openssh_key), "-O", "private", "-o",
                    str(folder / "key.ppk")], check=True, capture_output=True)
    return ["plink", "-ssh", "-batch", "-t", "-P", str(server.port), "-i",
            str(folder / "key.ppk"), "-hostkey", fingerprint(server), "player@127.0.0.1"]


CLIENTS = {"ssh": (openssh, ["ssh"]), "dbclient": (dropbear, ["dbclient", "dropbearconvert"]),
           "plink": (putty, ["plink", "puttygen"])}


async def launch(server: Server, name: str, key: asyncssh.SSHKey) -> OpenSSHTerminal:
    """The client ``name`` logging in with ``key`` on a pseudo-terminal of its own."""
    make, _ = CLIENTS[name]
    folder = tempfile.mkdtemp(prefix=f"tui-naval-{name}-")
    command = make(server, Path(folder), key)
    master, slave = os.openpty()
    set_size(slave, (*SIZE, 0, 0))
    err, err_end = os.pipe()
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=err_end,
                               preexec_fn=_controlling_terminal,
                               env={**os.environ, "TERM": "xterm-256color", "HOME": folder})
    os.close(slave)
    os.close(err_end)
    return OpenSSHTerminal(process, master, err, Recorder(SIZE), folder)


@pytest.mark.parametrize("name", sorted(CLIENTS))
async def test_a_real_client_logs_in_and_plays_a_turn(server: Server, name: str) -> None:
    missing = [tool for tool in CLIENTS[name][1] if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: openssh-client, "
                    "dropbear-bin, putty-tools)")
    term = await launch(server, name, asyncssh.generate_private_key("ssh-ed25519"))
    try:
        await term.wait_for("Choose your name")
        term.mark()
        term.send(f"By{name}\r")
        await term.wait_for(f"Welcome aboard, By{name}")
        await to_battle(term)
        await press_until([term], "Turn 2/")
    finally:
        term.close()
    await asyncio.wait_for(term.session.closed.wait(), 45)
