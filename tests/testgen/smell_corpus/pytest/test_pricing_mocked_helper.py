# smells: mocks_sut
# subject: shop/pricing.py
from unittest import mock

from shop.pricing import invoice_total


@mock.patch("shop.pricing.tax", return_value=0)
def test_invoice_without_tax(fake_tax):
    assert invoice_total([(4, 5)], 0.2) == 20
    fake_tax.assert_called_once_with(20, 0.2)
