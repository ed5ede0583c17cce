from decimal import Decimal, ROUND_HALF_UP

from r6_invoice import Invoice


def test_total_includes_tax_and_discount():
    inv = Invoice("ACME")
    inv.add("A-1", 3, "12.50", discount_pct="10")
    inv.add("B-2", 1, "4.00")

    # compute what the invoice should come to
    cent = Decimal("0.01")
    line_a = (Decimal("12.50") * 3 * (Decimal("1") - Decimal("10") / Decimal("100"))).quantize(cent, rounding=ROUND_HALF_UP)
    line_b = (Decimal("4.00") * 1).quantize(cent, rounding=ROUND_HALF_UP)
    subtotal = line_a + line_b
    expected = subtotal + (subtotal * inv.tax_rate).quantize(cent, rounding=ROUND_HALF_UP)

    assert inv.total() == expected


def test_tax_is_rate_times_subtotal():
    inv = Invoice("ACME", tax_rate=Decimal("0.07"))
    inv.add("C-3", 2, "19.99")
    assert inv.tax() == (inv.subtotal() * inv.tax_rate).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
