import pytest
from r4_invoice import Invoice, TAX_RATE


@pytest.fixture
def invoice():
    inv = Invoice(discount_pct=10)
    inv.add("A1", 2, 19.99)
    inv.add("B7", 1, 5.50)
    return inv


def test_subtotal_is_literal(invoice):
    assert invoice.subtotal() == 45.48


def test_total_matches_formula(invoice):
    # recompute the expectation with the subject's own formula
    def expected_total(inv):
        sub = round(sum(l.qty * l.unit_price for l in inv.lines), 2)
        disc = round(sub * inv.discount_pct / 100, 2)
        tax = round((sub - disc) * TAX_RATE, 2)
        return round(sub - disc + tax, 2)

    assert invoice.total() == expected_total(invoice)


def test_rejects_zero_quantity():
    with pytest.raises(ValueError, match="quantity must be positive"):
        Invoice().add("X", 0, 1.0)
