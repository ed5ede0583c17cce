from unittest.mock import Mock, call

from e28_inventory import Inventory


def test_alert_gets_the_remaining_level():
    alert = Mock()
    stock = Inventory(alert=alert, low_mark=5)
    stock.add("LAMP", 6)
    stock.remove("LAMP", 2)
    alert.assert_called_once_with("LAMP", 4)


def test_each_removal_below_the_mark_alerts():
    alert = Mock()
    stock = Inventory(alert=alert, low_mark=5)
    stock.add("LAMP", 6)
    stock.remove("LAMP", 2)
    stock.remove("LAMP", 1)
    assert alert.call_args_list == [call("LAMP", 4), call("LAMP", 3)]
    assert alert.called
