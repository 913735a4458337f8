"""``tui-naval serve`` with the real OpenSSH client: a key login on a terminal, a command
refused, a guest refused when guests are off."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest

from tests.serve.support import TIMEOUT, Server, screen_text, ssh_command
from tui_naval.serve.terminal import set_size

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client")


@pytest.fixture
def key(tmp_path: Path) -> Path:
    path = tmp_path / "id_ed25519"
    path.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    path.chmod(0o600)
    return path


def test_openssh_client(server: Server, key: Path, tmp_path: Path) -> None:
    refused = subprocess.run(ssh_command(server, key, "127.0.0.1", "ls"), capture_output=True,
                             text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert refused.returncode == 1
    assert refused.stderr.startswith("tui-naval: no commands here")
    assert refused.stderr.count("\n") == 1
    guest = subprocess.run(ssh_command(server, key, "-o", "PubkeyAuthentication=no",
                                       "127.0.0.1"),
                           capture_output=True, text=True, timeout=TIMEOUT,
                           stdin=subprocess.DEVNULL)
    assert guest.returncode == 255 and "Permission denied (publickey)" in guest.stderr
    master, slave = os.openpty()
    set_size(slave, (100, 30, 0, 0))
    process = subprocess.Popen(ssh_command(server, key, "-tt", "127.0.0.1"), stdin=slave,
                               stdout=slave, stderr=slave, start_new_session=True,
                               env={**os.environ, "TERM": "xterm-256color"})
    os.close(slave)
    out = bytearray()
    end = time.monotonic() + TIMEOUT
    try:
        while "Choose your name" not in screen_text(bytes(out)):
            assert time.monotonic() < end, screen_text(bytes(out))[-500:]
            if select.select([master], [], [], 0.5)[0]:
                out += os.read(master, 65536)
        os.write(master, b"\x1b")  # Escape: leave without a name
        while process.poll() is None:  # (read on: ssh must be able to write)
            assert time.monotonic() < end + TIMEOUT
            if select.select([master], [], [], 0.5)[0]:
                try:
                    out += os.read(master, 65536)
                except OSError:  # the pty closed as ssh left
                    break
        assert process.wait(TIMEOUT) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
