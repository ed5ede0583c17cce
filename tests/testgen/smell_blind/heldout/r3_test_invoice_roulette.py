from decimal import Decimal

from r3_invoice import Invoice, parse_line


def make_invoice():
    inv = Invoice(customer="globex", tax_rate=Decimal("0.10"), discount_pct=Decimal("5"))
    inv.add("A-100", 3, "4.00")
    inv.add("B-200", 1, "19.99")
    return inv


def test_line_amount_is_rounded_to_cents():
    inv = Invoice(customer="x")
    line = inv.add("C-1", 3, "0.335")
    assert line.amount == Decimal("1.01")


def test_invoice_everything():
    inv = make_invoice()
    assert inv.customer == "globex"
    assert len(inv.lines) == 2
    assert inv.lines[0].sku == "A-100"
    assert inv.lines[1].unit_price == Decimal("19.99")
    assert inv.subtotal() == Decimal("31.99")
    assert inv.discount() == Decimal("1.60")
    assert inv.tax() == Decimal("3.04")
    assert inv.total() == Decimal("33.43")
    assert inv.summary()["lines"] == 2
    assert parse_line("Z x 1 @ 2") == ("Z", 1, Decimal("2"))
    assert Invoice(customer="empty").total() == Decimal("0")


def test_summary_stringifies_money():
    summary = make_invoice().summary()
    assert summary == {
        "customer": "globex",
        "lines": 2,
        "subtotal": "31.99",
        "total": "33.43",
    }
