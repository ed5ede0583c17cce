from unittest import mock

from r4_invoice import Invoice, format_total


def test_discount_applied_before_tax():
    inv = Invoice(discount_pct=20)
    inv.add("A", 1, 50.0)
    assert inv.discount() == 10.0
    assert inv.tax() == 8.0


def test_everything_about_an_invoice():
    inv = Invoice(discount_pct=5)
    inv.add("A", 4, 2.5)
    inv.add("B", 1, 30.0)
    logger = mock.Mock()
    logger.info(format_total(inv))
    assert len(inv.lines) == 2
    assert inv.lines[0].sku == "A"
    assert inv.lines[1].qty == 1
    assert inv.subtotal() == 40.0
    assert inv.discount() == 2.0
    assert inv.tax() == 7.6
    assert inv.total() == 45.6
    assert format_total(inv) == "EUR 45.60"
    assert logger.info.call_count == 1
    assert inv.discount_pct == 5
