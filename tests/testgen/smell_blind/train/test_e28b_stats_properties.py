import statistics

import pytest

from e28b_stats import clamp, mean, pages, scale, spread, with_vat


def test_mean_of_a_concatenation_weights_both_parts():
    a, b = [1.0, 2.0, 3.0], [10.0]
    assert mean(a + b) == pytest.approx((mean(a) * 3 + mean(b)) / 4)


def test_mean_agrees_with_the_standard_library():
    values = [2.5, 3.5, 9.0, 1.0]
    assert mean(values) == pytest.approx(statistics.fmean(values))


def test_scaling_scales_the_spread():
    values = [1, 4, 9]
    assert spread(scale(values, 3)) == 3 * spread(values)


def test_vat_is_monotonic():
    assert with_vat(10) < with_vat(11)


def test_clamp_is_idempotent():
    once = clamp(15, 0, 10)
    assert clamp(once, 0, 10) == once


def test_pages_of_known_counts():
    assert pages(10, 3) == 4
    assert pages(9, 3) == 3


def test_vat_of_a_hundred():
    assert with_vat(100) == 120.0
