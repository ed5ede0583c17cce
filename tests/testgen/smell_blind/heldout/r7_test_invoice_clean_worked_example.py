import pytest

from r7_invoice import compute_total

# Worked example from the billing spec, computed by hand:
#   2 x 9.99 = 19.98, 1 x 25.00 = 25.00, 3 x 4.50 = 13.50
#   subtotal 58.48, +20% tax = 70.176 -> 70.18
SPEC_LINES = [(2, 9.99), (1, 25.00), (3, 4.50)]
SPEC_TOTAL = 70.18


def test_compute_total_matches_spec_example():
    assert compute_total(SPEC_LINES) == SPEC_TOTAL


def test_discount_is_taken_before_tax():
    # (58.48 - 8.48) * 1.2 = 60.00
    assert compute_total(SPEC_LINES, discount=8.48) == pytest.approx(60.00)


def test_discount_larger_than_subtotal_is_rejected():
    with pytest.raises(ValueError, match="discount exceeds subtotal"):
        compute_total([(1, 5.0)], discount=6.0)
