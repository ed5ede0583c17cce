import pytest

from e28_growth import compound, mean_return


def test_two_years_at_five_percent():
    assert compound(1_000, 0.05, 2) == 1102.5


def test_hand_derived_expectation():
    # 100 grown twice by 10 %: 100 * 1.1 * 1.1
    assert compound(100, 0.1, 2) == pytest.approx(100 * 1.1 * 1.1)


def test_no_rate_keeps_the_principal():
    for principal in (0.0, 12.5, 999.99):
        assert compound(principal, 0.0, 7) == principal


def test_mean_of_a_flat_series_is_the_rate():
    assert mean_return([0.03, 0.03, 0.03]) == pytest.approx(0.03)


def test_mean_needs_rates():
    with pytest.raises(ValueError, match="no rates to average"):
        mean_return([])
