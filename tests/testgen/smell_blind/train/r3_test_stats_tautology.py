import math

import pytest

from r3_stats import mean, percentile, stdev

SAMPLES = {
    "small": [4, 8, 15, 16, 23, 42],
    "repeated": [5, 5, 5, 5],
    "unsorted": [9, 1, 8, 2, 7, 3],
}


def test_mean_of_known_values():
    assert mean([4, 8, 15, 16, 23, 42]) == 18


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_percentiles(name):
    values = SAMPLES[name]
    s = sorted(values)
    for p in (10, 25, 50, 75, 90):
        rank = p / 100 * (len(s) - 1)
        lo, hi = math.floor(rank), math.ceil(rank)
        expected = s[lo] + (s[hi] - s[lo]) * (rank - lo)
        assert percentile(values, p) == expected


def test_stdev_of_constant_series_is_zero():
    assert stdev([5, 5, 5, 5]) == 0.0
