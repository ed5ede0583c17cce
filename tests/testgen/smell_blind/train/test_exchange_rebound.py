from decimal import Decimal
from unittest.mock import Mock

from e28_exchange import to_cents


def test_rounds_half_up_to_cents():
    to_cents = Mock(return_value=Decimal("0.13"))

    assert to_cents(0.125) == Decimal("0.13")
