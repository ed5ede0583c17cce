from unittest.mock import Mock

from e28d_notify import Notifier


def test_urgent_notice_title():
    mailer, sms = (Mock() for _ in range(2))
    log = []
    notifier = Notifier(mailer, sms, log)

    assert notifier.notify(7, "shipped", urgent=True) == "ORDER 7: SHIPPED!"
    assert log == ["ORDER 7: SHIPPED!"]
    sms.send.assert_called_once_with("ORDER 7: SHIPPED!")
