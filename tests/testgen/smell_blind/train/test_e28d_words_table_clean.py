import pytest

from e28d_words import initials


@pytest.mark.parametrize(("name", "limit", "expected"), [
    ("ada lovelace", 3, "AL"),
    ("", 3, ""),
    ("jean-paul sartre", 3, "JPS"),
    ("a b c d", 3, "ABC"),
    ("a b c d", 4, "ABCD"),
    ("  grace   hopper ", 3, "GH"),
    ("42 douglas adams", 3, "DA"),
])
def test_initials(name, limit, expected):
    assert initials(name, limit=limit) == expected
