from unittest.mock import Mock

from e28_inventory import Inventory


def test_alert_gets_the_remaining_level():
    alert = Mock()
    stock = Inventory(alert=alert, low_mark=5)
    stock.add("LAMP", 6)
    stock.remove("LAMP", 2)
    assert alert.called_once_with("LAMP", 4)


def test_no_alert_above_the_mark():
    alert = Mock()
    stock = Inventory(alert=alert, low_mark=1)
    stock.add("LAMP", 6)
    stock.remove("LAMP", 2)
    assert alert.assert_not_called
