import datetime
from unittest.mock import patch

import r7_notifier


@patch("r7_notifier.audit_log")
@patch("r7_notifier.send_sms")
@patch("r7_notifier.send_email")
@patch("r7_notifier.render_template")
@patch("r7_notifier.now")
@patch("r7_notifier.load_user")
def test_notify_overdue_email(load_user, now, render_template, send_email, send_sms, audit_log):
    load_user.return_value = {"name": "Ann", "email": "ann@x.io", "due": datetime.date(2024, 1, 1)}
    now.return_value = datetime.datetime(2024, 1, 4)
    render_template.return_value = "BODY"

    r7_notifier.notify_overdue("u1")

    load_user.assert_called_once_with("u1")
    now.assert_called_once_with()
    render_template.assert_called_once_with("overdue", name="Ann", days=3)
    send_email.assert_called_once_with("ann@x.io", "Payment overdue", "BODY")
    send_sms.assert_not_called()
    audit_log.assert_called_once_with("overdue_notice", user_id="u1", channel="email")
