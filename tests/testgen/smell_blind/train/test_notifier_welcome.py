from unittest.mock import Mock

from notifier import Notifier


def test_welcome_mail_is_sent():
    smtp = Mock()
    notifier = Notifier(smtp)

    notifier.send_welcome("ada@example.com", "Ada")

    smtp.send_message.assert_called_once
