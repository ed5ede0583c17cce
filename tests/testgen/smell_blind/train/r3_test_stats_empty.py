import math

import pytest

from r3_stats import EmptyDataError, histogram, mean, median, percentile


def test_mean_of_integers():
    assert mean([2, 4, 6]) == 4


def test_median_of_even_length_list():
    assert median([1, 3, 5, 7]) == 4


def test_percentile_interpolates_between_points():
    assert percentile([10, 20, 30, 40], 50) == 25


def test_percentile_rejects_out_of_range():
    pass


def test_empty_input_raises():
    with pytest.raises(EmptyDataError, match="no data points"):
        mean([])


def test_histogram_groups_by_bucket():
    assert histogram([1, 2, 11, 12, 13, 25], 10) == {0: 2, 10: 3, 20: 1}
