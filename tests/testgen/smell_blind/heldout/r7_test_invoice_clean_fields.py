from r7_invoice import Invoice, Summary


def test_summary_of_two_lines():
    inv = Invoice(number=3, customer="ACME")
    inv.add_line(2, 10.0)
    inv.add_line(1, 5.5)

    summary = inv.summary()

    assert summary.subtotal == 25.5
    assert summary.tax == 5.1
    assert summary.total == 30.6
    assert summary.line_count == 2


def test_summary_of_empty_invoice_is_all_zero():
    assert Invoice(number=4, customer="ACME").summary() == Summary(0, 0.0, 0.0, 0)
