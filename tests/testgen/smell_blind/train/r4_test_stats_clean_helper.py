import pytest
from r4_stats import mean, median, percentile, stdev


def assert_close(actual, expected, tol=1e-9):
    assert abs(actual - expected) <= tol, f"{actual} != {expected}"


CASES = [
    ([1], 1, 1),
    ([1, 2, 3], 2, 2),
    ([3, 1, 2, 10], 4, 2.5),
    ([-1, 1], 0, 0),
]


@pytest.mark.parametrize("data, exp_mean, exp_median", CASES)
def test_mean_and_median(data, exp_mean, exp_median):
    assert_close(mean(data), exp_mean)
    assert_close(median(data), exp_median)


def test_stdev_known_sample():
    assert_close(stdev([2, 4, 4, 4, 5, 5, 7, 9]), 2.138089935299395)


@pytest.mark.parametrize("p, expected", [(0, 10), (25, 17.5), (50, 25), (100, 40)])
def test_percentile_interpolates(p, expected):
    assert_close(percentile([10, 20, 30, 40], p), expected)


def test_percentile_out_of_range():
    with pytest.raises(ValueError, match="out of range: 101"):
        percentile([1, 2], 101)
