import unittest
from unittest import mock

from r3_notify import Notifier


class NotifierTest(unittest.TestCase):
    def setUp(self):
        self.prefs = mock.Mock()
        self.templates = mock.Mock()
        self.email = mock.Mock()
        self.sms = mock.Mock()
        self.push = mock.Mock()
        self.audit = mock.Mock()
        self.notifier = Notifier(self.prefs, self.templates, self.email, self.sms, self.push, self.audit)

    def test_notify(self):
        self.prefs.channels_for.return_value = ["email", "sms", "push"]
        self.templates.render.return_value = mock.sentinel.body
        self.email.send.return_value = mock.sentinel.ok1
        self.sms.send.return_value = mock.sentinel.ok2
        self.push.send.return_value = mock.sentinel.ok3

        self.notifier.notify("u1", "shipped", order="A1")

        self.prefs.channels_for.assert_called_once_with("u1", "shipped")
        self.templates.render.assert_called_once_with("shipped", order="A1")
        self.email.send.assert_called_once_with("u1", mock.sentinel.body)
        self.sms.send.assert_called_once_with("u1", mock.sentinel.body)
        self.push.send.assert_called_once_with("u1", mock.sentinel.body)
        self.audit.record.assert_called_once_with("u1", "shipped", ["email", "sms", "push"])

    def test_unknown_channel_is_skipped(self):
        self.prefs.channels_for.return_value = ["pigeon"]
        self.templates.render.return_value = "hi"
        self.assertEqual(self.notifier.notify("u1", "shipped"), [])


if __name__ == "__main__":
    unittest.main()
