from r10_invoice import Line, apply_discount, invoice_total

STAFF_DISCOUNT_PERCENT = 15
CALIFORNIA_SALES_TAX = 0.0725
WIDGET = Line("widget", quantity=3, unit_price_cents=1999)


def test_staff_discount_is_rounded_to_the_cent():
    # 5,997 * 0.85 = 5,097.45 -> 5,097
    assert apply_discount(5997, STAFF_DISCOUNT_PERCENT) == 5097


def test_staff_order_in_california():
    # net 5,097; tax 5,097 * 0.0725 = 369.53 -> 370; total 5,467
    total = invoice_total([WIDGET], discount_percent=STAFF_DISCOUNT_PERCENT,
                          tax_rate=CALIFORNIA_SALES_TAX)
    assert total == 5467


def test_full_discount_leaves_nothing_to_tax():
    assert invoice_total([WIDGET], discount_percent=100) == 0
