import math

from r3_stats import percentile


def test_percentile_interpolates():
    data = [10, 20, 30, 40]
    p = 30
    rank = (p / 100) * (len(data) - 1)
    lo, hi = math.floor(rank), math.ceil(rank)
    want = data[lo] + (data[hi] - data[lo]) * (rank - lo)
    assert percentile(data, p) == want
