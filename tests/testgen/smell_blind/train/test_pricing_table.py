import pytest

from pricing import apply_discount, bulk_unit_price


@pytest.mark.parametrize(
    "price, pct, expected",
    [
        (100.0, 0, 100.0),
        (100.0, 25, 75.0),
        (59.99, 10, 53.99),
        (0.0, 50, 0.0),
        (3.33, 33, 2.23),
    ],
)
def test_apply_discount(price, pct, expected):
    assert apply_discount(price, pct) == expected


@pytest.mark.parametrize(
    "quantity, expected_unit_price",
    [(1, 20.0), (9, 20.0), (10, 19.0), (99, 19.0), (100, 17.0)],
    ids=["single", "below-tier", "first-tier", "top-of-first-tier", "second-tier"],
)
def test_bulk_tiers(quantity, expected_unit_price):
    list_price = 20.0
    assert bulk_unit_price(list_price, quantity) == expected_unit_price
