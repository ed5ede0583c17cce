from unittest import mock

import pytest
import r4_stats


def test_stdev_reuses_mean_once():
    with mock.patch.object(r4_stats, "mean", wraps=r4_stats.mean) as spy:
        result = r4_stats.stdev([1, 2, 3, 4])
    assert result == pytest.approx(1.2909944487358056)
    spy.assert_called_once_with([1, 2, 3, 4])


def test_stdev_single_value_raises_zero_division():
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        r4_stats.stdev([5])
