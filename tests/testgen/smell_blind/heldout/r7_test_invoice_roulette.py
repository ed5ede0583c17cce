from r7_invoice import Invoice, compute_total, format_number, line_total


def test_invoice_module():
    assert line_total(3, 1.1) == 3.3
    assert format_number(42) == "INV-00042"
    assert compute_total([(1, 100.0)]) == 120.0
    assert compute_total([(1, 100.0)], tax_rate=0) == 100.0
    assert compute_total([(2, 50.0)], discount=10.0) == 108.0
    inv = Invoice(1, "Bob")
    assert inv.lines == []
    inv.add_line(1, 2.0)
    assert inv.summary().line_count == 1
    assert format_number(0) == "INV-00000"
    assert inv.customer == "Bob"
