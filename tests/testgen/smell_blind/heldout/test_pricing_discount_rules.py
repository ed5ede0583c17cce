from unittest.mock import patch

import pytest

import pricing


@patch.object(pricing, "apply_discount", return_value=90.0)
def test_ten_percent_off(mock_discount):
    price, pct = 100.0, 10

    assert pricing.apply_discount(price, pct) == 90.0
    mock_discount.assert_called_once_with(price, pct)


def test_discount_above_maximum_is_rejected():
    price = 10.0
    with pytest.raises(ValueError, match="between 0 and 50%"):
        pricing.apply_discount(price, pricing.MAX_DISCOUNT_PCT + 1)
