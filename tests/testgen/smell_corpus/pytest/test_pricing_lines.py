# smells: none
# subject: shop/pricing.py
import pytest

from shop.pricing import apply_discount, invoice_total, line_total


def test_line_total_multiplies_price_by_quantity():
    assert line_total(2.5, 4) == 10.0


def test_discount_of_zero_percent_keeps_the_total():
    assert apply_discount(80, 0) == 80


def test_discount_out_of_range_is_refused():
    with pytest.raises(ValueError, match="out of range"):
        apply_discount(80, 120)


def test_invoice_adds_tax_on_the_net_amount():
    # net 2 * 10 + 1 * 5 = 25, tax 10 % = 2.5
    assert invoice_total([(10, 2), (5, 1)], 0.1) == 27.5
