import pytest

from pricing import apply_discount


@pytest.mark.parametrize("price", [19.99, 100.0, 0.0, 1234.56])
@pytest.mark.parametrize("pct", [0, 10, 25, 50])
def test_apply_discount(price, pct):
    expected = round(price * (1 - pct / 100), 2)
    assert apply_discount(price, pct) == expected
