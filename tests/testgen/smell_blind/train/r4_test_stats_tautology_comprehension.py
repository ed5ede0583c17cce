import math

import pytest
from r4_stats import mean, median, stdev


def test_median_even():
    assert median([4, 1, 3, 2]) == 2.5


def test_mean_empty_raises():
    with pytest.raises(ValueError, match="empty"):
        mean([])


def test_stdev_matches_definition():
    data = [2, 4, 4, 4, 5, 5, 7, 9]
    m = sum(data) / len(data)
    expected = math.sqrt(sum([(x - m) ** 2 for x in data]) / (len(data) - 1))
    assert stdev(data) == pytest.approx(expected)
