"""red_growth: a write to the red test that only adds to it is read as a diff, linearly."""

from __future__ import annotations

import time

from bot.validator.red_growth import growth_diff, only_strengthens
from bot.validator.static import validate_static

RED = "def test_units():\n    assert to_grams(2, 'KG') == 2000\n"


def _vetoed(path: str, diff: str) -> bool:
    return validate_static(diff).decision == "veto"


def test_a_write_that_adds_a_check_and_a_test_only_strengthens():
    grown = RED + "    assert to_grams(1, 'lbs') == 453.592\n\n\ndef test_unknown():\n    pass\n"
    assert only_strengthens("tests/test_units.py", RED, grown, _vetoed)


def test_a_rewritten_or_dropped_line_is_no_growth():
    assert growth_diff("t.py", RED, RED.replace("2000", "2001")) is None
    assert growth_diff("t.py", RED, "def test_units():\n    pass\n") is None
    assert not only_strengthens("t.py", RED, RED.replace("2000", "2001"), _vetoed)


def test_an_added_skip_is_judged_by_the_diff_detectors():
    skipped = "import pytest\n\n\n@pytest.mark.skip(reason='later')\n" + RED
    assert growth_diff("tests/test_units.py", RED, skipped) is not None
    assert not only_strengthens("tests/test_units.py", RED, skipped, _vetoed)


def test_an_unchanged_or_placeholder_write_proves_nothing():
    assert not only_strengthens("t.py", "...", "...", _vetoed)


def test_the_diff_is_valid_and_counts_its_lines():
    diff = growth_diff("t.py", "a\n\nb\n", "a\nx\nb\n")
    assert diff is not None
    assert "@@ -1,3 +1,3 @@" in diff
    assert [line for line in diff.splitlines()[5:]] == [" a", "-", "+x", " b"]


def test_alignment_is_linear_on_hostile_sizes():
    before = "x\n" * 20_000
    after = "y\n" * 20_000 + before
    start = time.perf_counter()
    assert growth_diff("t.py", before, after) is not None
    assert growth_diff("t.py", before + "z\n", after) is None
    assert time.perf_counter() - start < 1.0
