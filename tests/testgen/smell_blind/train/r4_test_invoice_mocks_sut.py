from unittest import mock

import r4_invoice
from r4_invoice import Invoice


def test_subtotal_of_single_line():
    inv = Invoice()
    inv.add("A", 3, 1.5)
    assert inv.subtotal() == 4.5


def test_format_total_uses_total():
    inv = Invoice()
    with mock.patch.object(r4_invoice.Invoice, "total", return_value=99.0):
        assert r4_invoice.format_total(inv) == "EUR 99.00"


def test_total_with_tax():
    with mock.patch.object(Invoice, "total", autospec=True, return_value=12.0) as fake:
        inv = Invoice()
        inv.add("A", 1, 10.0)
        assert inv.total() == 12.0
        fake.assert_called_once()
