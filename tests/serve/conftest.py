"""A ``tui-naval serve`` shared by the tests of a module (key logins only)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serve.support import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve"), "--logins-per-minute", "1000",
                     "--max-per-address", "40")
    yield running
    running.stop()
