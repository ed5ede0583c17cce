from r10_invoice import Line, apply_discount, invoice_total, tax_for


def test_invoice_total_for_a_small_order():
    lines = [Line("widget", 3, 1999)]
    assert invoice_total(lines, 15, 0.0725) == 5467


def test_discount_of_odd_percentage():
    assert apply_discount(4321, 37) == 2722


def test_tax_rounds_to_nearest_cent():
    # 8% of 1,006 cents is 80.48 cents -> 80.
    assert tax_for(1006) == 80


def test_zero_discount_keeps_amount():
    assert apply_discount(2500, 0) == 2500
