from r10_invoice import Line, format_cents, invoice_total, line_total


def test_line_total_for_three_items():
    # 3 x $19.99 = $59.97
    assert line_total(Line("mug", quantity=3, unit_price_cents=1999)) == 5997


def test_total_with_default_tax():
    lines = [Line("mug", quantity=3, unit_price_cents=1999)]
    # 5,997 + 8% tax (479.76 -> 480) = 6,477
    assert invoice_total(lines) == 6477


def test_total_with_discount_then_tax():
    lines = [
        Line("desk", quantity=1, unit_price_cents=24900),
        Line("lamp", quantity=2, unit_price_cents=3999),
    ]
    # subtotal 32,898; 10% off -> 29,608.2 -> 29,608; tax 2,368.64 -> 2,369; total 31,977
    assert invoice_total(lines, discount_percent=10) == 31977


def test_formatted_total():
    assert format_cents(31977) == "$319.77"
