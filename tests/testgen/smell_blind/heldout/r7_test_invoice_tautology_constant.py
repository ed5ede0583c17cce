import pytest

from r7_invoice import TAX_RATE, compute_total, line_total

LINES = [(2, 9.99), (1, 25.00), (3, 4.50)]
# expected total, built the same way compute_total builds it
EXPECTED_TOTAL = round(sum(line_total(q, p) for q, p in LINES) * (1 + TAX_RATE), 2)


def test_compute_total_applies_tax():
    assert compute_total(LINES) == EXPECTED_TOTAL


def test_compute_total_with_discount():
    discount = 5.0
    expected = round((sum(q * p for q, p in LINES) - discount) * (1 + TAX_RATE), 2)
    assert compute_total(LINES, discount=discount) == pytest.approx(expected)
