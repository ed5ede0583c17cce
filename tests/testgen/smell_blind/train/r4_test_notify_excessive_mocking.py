import unittest
from unittest import mock

from r4_notify import Notifier


class NotifierTest(unittest.TestCase):
    @mock.patch("r4_notify.Notifier.__init__", return_value=None)
    def test_notify_email(self, _init):
        n = Notifier(None, None, None, None, None)
        n.sms = mock.Mock()
        n.email = mock.Mock()
        n.templates = mock.Mock()
        n.prefs = mock.Mock()
        n.audit = mock.Mock()
        n.prefs.channel_for.return_value = mock.sentinel.channel
        n.templates.render.return_value = mock.sentinel.body
        event = mock.Mock()
        event.title.return_value = mock.sentinel.subject
        n.notify(mock.sentinel.user, event)
        n.prefs.channel_for.assert_called_once_with(mock.sentinel.user)
        n.templates.render.assert_called_once_with(event)
        n.email.send.assert_called_once_with(
            mock.sentinel.user, subject=mock.sentinel.subject, body=mock.sentinel.body)
        n.audit.record.assert_called_once_with(mock.sentinel.user, event, mock.sentinel.channel)


if __name__ == "__main__":
    unittest.main()
