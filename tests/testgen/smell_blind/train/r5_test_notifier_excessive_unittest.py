import unittest
from unittest import mock

import r5_notifier


class SendWelcomeTest(unittest.TestCase):
    @mock.patch.object(r5_notifier, "normalize_phone", return_value=None)
    @mock.patch.object(r5_notifier, "render_subject", return_value="subj")
    def test_email_only_when_no_phone(self, render_subject, normalize_phone):
        users, templates, mailer, sms, audit, clock = (mock.Mock() for _ in range(6))
        users.get.return_value = {"email": "e", "first_name": "f"}
        templates.render.return_value = "body"
        clock.now.return_value = "now"

        service = r5_notifier.NotificationService(users, templates, mailer, sms, audit, clock)
        channels = service.send_welcome("u1")

        self.assertEqual(channels, ["email"])
        mailer.send.assert_called_once_with(to="e", subject="subj", body="body")
        sms.send.assert_not_called()
        audit.record.assert_called_once_with("welcome_sent", user_id="u1", channels=["email"], at="now")
        render_subject.assert_called_once()
        normalize_phone.assert_called_once()
        templates.render.assert_called_once()
        clock.now.assert_called_once()


if __name__ == "__main__":
    unittest.main()
