# smells: none
# subject: shop/pricing.py
import pytest

from shop.pricing import apply_discount


@pytest.mark.parametrize("percent", [-1, 101, 1000])
def test_impossible_discounts_are_refused(percent):
    with pytest.raises(ValueError):
        apply_discount(10, percent)
