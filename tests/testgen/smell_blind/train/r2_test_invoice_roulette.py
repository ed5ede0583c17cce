from decimal import Decimal

from r2_invoice import Invoice


def test_invoice():
    inv = Invoice(customer="ACME Corp", discount_pct=Decimal("10"))
    inv.add_line("Widget", "19.99", 3)
    inv.add_line("Gadget", "5.00")
    assert inv.customer == "ACME Corp"
    assert inv.currency == "EUR"
    assert len(inv.lines) == 2
    assert inv.lines[0].amount == Decimal("59.97")
    assert inv.lines[1].quantity == 1
    assert inv.subtotal() == Decimal("64.97")
    assert inv.discount() == Decimal("6.50")
    assert inv.tax() == Decimal("11.69")
    assert inv.total() == Decimal("70.16")
    assert "ACME Corp" in str(inv)
    assert "2 lines" in str(inv)
    assert Invoice("x").total() == 0
