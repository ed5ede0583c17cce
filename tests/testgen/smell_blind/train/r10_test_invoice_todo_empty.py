import pytest

from r10_invoice import Line, apply_discount, format_cents, line_total


def test_line_total_multiplies_quantity_by_unit_price():
    assert line_total(Line("stapler", quantity=3, unit_price_cents=1250)) == 3750


def test_negative_quantity_is_rejected():
    with pytest.raises(ValueError, match="must not be negative"):
        line_total(Line("refund", quantity=-1, unit_price_cents=500))


def test_discount_rounds_half_cent_up():
    # 25% off 1,002 cents is 751.5 cents, which rounds up to 752.
    assert apply_discount(1002, 25) == 752


def test_totals_with_mixed_discount_and_tax():
    lines = [
        Line("desk", quantity=1, unit_price_cents=24900),
        Line("lamp", quantity=2, unit_price_cents=3999),
    ]
    discount_percent = 10
    # TODO: assert the total once finance confirms whether tax applies before
    # or after the discount.


def test_format_cents_groups_thousands():
    assert format_cents(1234567) == "$12,345.67"
