"""The OpenSSH ForceCommand wrapper refuses sessions without a terminal."""

from __future__ import annotations

import subprocess
from pathlib import Path

WRAPPER = Path(__file__).resolve().parents[2] / "scripts" / "tui-naval-ssh"


def test_wrapper_refuses_a_session_without_a_terminal() -> None:
    result = subprocess.run(["sh", str(WRAPPER)], stdin=subprocess.DEVNULL, capture_output=True,
                            text=True, env={"PATH": "/usr/bin:/bin",
                                            "SSH_ORIGINAL_COMMAND": "cat /etc/passwd"},
                            check=False)
    assert result.returncode == 1
    assert "needs a terminal" in result.stderr
    assert result.stdout == ""
