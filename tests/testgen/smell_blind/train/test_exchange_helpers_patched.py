from decimal import Decimal
from unittest.mock import DEFAULT, patch

import e28_exchange


def test_convert_rounds_the_product():
    with patch.multiple("e28_exchange", fetch_rate=DEFAULT, to_cents=DEFAULT) as fakes:
        fakes["fetch_rate"].return_value = 2.0
        fakes["to_cents"].return_value = Decimal("20.00")

        assert e28_exchange.convert(10, "EUR", "CHF") == Decimal("20.00")
