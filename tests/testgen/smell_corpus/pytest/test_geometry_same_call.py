# smells: tautology
# subject: geo/shapes.py
import pytest

from geo.shapes import diagonal


def test_diagonal_matches_expected():
    expected = diagonal(6, 8)
    result = diagonal(6, 8)
    assert result == pytest.approx(expected)
