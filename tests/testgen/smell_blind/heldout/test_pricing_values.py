from pricing import apply_discount, total_with_tax


def test_ten_percent_off_a_round_price():
    list_price = 80.0
    pct = 10
    assert apply_discount(list_price, pct) == 72.0


def test_discount_rounds_to_cents():
    list_price = 19.99
    pct = 15
    assert apply_discount(list_price, pct) == 16.99


def test_total_with_default_tax():
    subtotal = 50.0
    assert total_with_tax(subtotal) == 54.0


def test_total_with_explicit_rate():
    subtotal = 200.0
    vat = 0.2
    assert total_with_tax(subtotal, rate=vat) == 240.0
