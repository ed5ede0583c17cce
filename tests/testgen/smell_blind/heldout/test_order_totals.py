import pytest

from order_service import compute_total


def test_total_without_tax():
    lines = [{"unit_price": 12.5, "qty": 2}, {"unit_price": 3.0, "qty": 1}]
    no_tax = 0.0
    assert compute_total(lines, no_tax) == 28.0


def test_total_with_tax_rounds_to_cents():
    lines = [{"unit_price": 9.99, "qty": 3}]
    vat = 0.2
    assert compute_total(lines, vat) == 35.96


def test_empty_order_is_free():
    assert compute_total([], tax_rate=0.2) == 0.0


@pytest.mark.parametrize("rate, expected", [(0.0, 100.0), (0.08, 108.0), (0.25, 125.0)])
def test_rates(rate, expected):
    lines = [{"unit_price": 25.0, "qty": 4}]
    assert compute_total(lines, rate) == expected
