from decimal import Decimal
from unittest import mock

import pytest

from r3_invoice import Invoice


@pytest.fixture
def invoice():
    inv = Invoice(customer="initech", tax_rate=Decimal("0.08"))
    inv.add("PAPER", 10, "3.25")
    return inv


def test_subtotal_of_single_line(invoice):
    assert invoice.subtotal() == Decimal("32.50")


def test_total_includes_tax(invoice):
    with mock.patch.object(Invoice, "subtotal", return_value=Decimal("100.00")), \
         mock.patch.object(Invoice, "discount", return_value=Decimal("0")):
        assert invoice.total() == Decimal("108.00")


def test_summary_reports_customer_and_line_count(invoice):
    summary = invoice.summary()
    assert summary["customer"] == "initech"
    assert summary["lines"] == 1


def test_empty_invoice_has_zero_total():
    assert Invoice(customer="nobody").total() == Decimal("0")
