# smells: none
# subject: shop/pricing.py
from decimal import Decimal
from unittest import mock

from shop.pricing import invoice_total


def test_invoice_total_rounds_through_decimal_context():
    with mock.patch("shop.pricing.round", side_effect=lambda v, n: float(Decimal(str(v)).quantize(Decimal("0.01"))), create=True) as rounding:
        assert invoice_total([(1.005, 1)], 1.0) == 2.01
    assert rounding.called
