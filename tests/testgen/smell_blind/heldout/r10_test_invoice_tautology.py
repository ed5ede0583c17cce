from r10_invoice import Line, apply_discount, format_cents, invoice_total, subtotal, tax_for

LINES = [
    Line("desk", quantity=1, unit_price_cents=24900),
    Line("lamp", quantity=2, unit_price_cents=3999),
]


def test_subtotal_adds_every_line():
    # 24,900 + 2 * 3,999 = 32,898
    assert subtotal(LINES) == 32898


def test_total_applies_discount_before_tax():
    net = apply_discount(subtotal(LINES), 10)
    expected = net + tax_for(net)

    assert invoice_total(LINES, discount_percent=10) == expected


def test_format_negative_amount():
    assert format_cents(-505) == "-$5.05"
