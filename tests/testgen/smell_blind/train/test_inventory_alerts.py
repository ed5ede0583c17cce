from unittest.mock import Mock

from e28_inventory import Inventory


def test_alerts_when_stock_runs_low():
    alert = Mock()
    stock = Inventory(alert=alert, low_mark=2)
    stock.add("MUG", 5)

    stock.remove("MUG", 3)

    alert.called_once_with("MUG", 2)
