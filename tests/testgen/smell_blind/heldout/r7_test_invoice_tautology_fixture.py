import pytest

from r7_invoice import Invoice


@pytest.fixture
def invoice():
    inv = Invoice(number=7, customer="ACME")
    inv.add_line(2, 10.0)
    inv.add_line(1, 5.5)
    return inv


@pytest.fixture
def expected_summary(invoice):
    # reference summary for the fixture invoice
    return invoice.summary()


def test_summary_matches_reference(invoice, expected_summary):
    assert invoice.summary() == expected_summary


def test_summary_total_matches_reference(invoice, expected_summary):
    assert invoice.summary().total == expected_summary.total
