import pytest

from cart import Cart


def test_summary_of_mixed_cart():
    cart = Cart()
    cart.add("notebook", unit_price=4.5, qty=2)
    cart.add("pen", unit_price=1.25, qty=4)
    vat = 0.2

    summary = cart.summary(tax_rate=vat)

    assert summary.item_count == 6
    assert summary.subtotal == 14.0
    assert summary.tax == 2.8
    assert summary.total == 16.8


def test_empty_cart_summary_is_all_zero():
    summary = Cart().summary()
    assert (summary.item_count, summary.subtotal, summary.tax, summary.total) == (0, 0, 0, 0)


def test_zero_quantity_rejected():
    with pytest.raises(ValueError, match="qty must be at least 1"):
        Cart().add("ghost", unit_price=9.99, qty=0)
