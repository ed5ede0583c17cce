from unittest import mock

import e28d_notify
from e28d_notify import Notifier


@mock.patch.object(e28d_notify, "subject_line", return_value="T")
def test_the_title_goes_to_mail_and_log(subject_line):
    mailer, sms = mock.Mock(), mock.Mock()
    log = []

    Notifier(mailer, sms, log).notify(7, "shipped")

    mailer.send.assert_called_once_with("T")
    assert log == ["T"]
    sms.send.assert_not_called()
