"""Every pinned golden playthrough still prints exactly the same headless game."""

from __future__ import annotations

import json

import pytest
from golden_support import GOLDENS, case_key, cases, digest, transcript

PINNED: dict[str, str] = json.loads(GOLDENS.read_text())
CASES = cases()


def test_every_case_is_pinned_and_every_pin_is_a_case() -> None:
    assert sorted(PINNED) == sorted(case_key(c) for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_key)
def test_golden_playthrough(case: tuple[str, str, str, int, str]) -> None:
    assert digest(transcript(*case)) == PINNED[case_key(case)]
