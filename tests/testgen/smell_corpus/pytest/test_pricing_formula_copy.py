# smells: tautology
# subject: shop/pricing.py
from shop.pricing import apply_discount, line_total


def test_discount_is_percent_of_total():
    total, percent = 250, 12
    assert apply_discount(total, percent) == total - total * percent / 100


def test_line_total():
    assert line_total(3, 7) == 21
