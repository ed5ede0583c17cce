import pytest

from e28_growth import compound, mean_return


@pytest.mark.parametrize("first,second,third", [(0.01, 0.02, 0.03), (0.05, -0.01, 0.0)])
def test_mean_of_three_years(first, second, third):
    assert mean_return([first, second, third]) == pytest.approx((first + second + third) / 3)


def test_three_years_of_growth():
    principal, rate = 1_000, 0.04
    assert compound(principal, rate, 3) == pytest.approx(principal * (1 + rate) * (1 + rate) * (1 + rate), abs=0.01)
