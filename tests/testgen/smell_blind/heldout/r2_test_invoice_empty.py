from decimal import Decimal

from r2_invoice import Invoice


def test_total_applies_discount_before_tax():
    pass


def test_rejects_non_positive_quantity():
    """Adding a line with quantity 0 should raise ValueError."""


def test_str_mentions_customer():
    # TODO: write once the repr format is settled
    ...
