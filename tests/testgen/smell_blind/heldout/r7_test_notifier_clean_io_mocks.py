import datetime
from unittest import mock

import pytest

import r7_notifier


@pytest.fixture(autouse=True)
def clean_audit():
    r7_notifier.AUDIT.clear()
    yield
    r7_notifier.AUDIT.clear()


def test_overdue_user_without_phone_is_emailed():
    user = {"name": "Ann", "email": "ann@x.io", "due": datetime.date.today() - datetime.timedelta(days=3)}
    with mock.patch.object(r7_notifier, "load_user", return_value=user), \
            mock.patch.object(r7_notifier, "send_email") as send_email:
        channel = r7_notifier.notify_overdue("u1")

    assert channel == "email"
    send_email.assert_called_once_with(
        "ann@x.io", "Payment overdue", "Hi Ann, your payment is 3 day(s) overdue."
    )
    assert r7_notifier.AUDIT == [("overdue_notice", {"user_id": "u1", "channel": "email"})]


def test_unknown_user_raises_lookup_error():
    with mock.patch.object(r7_notifier, "load_user", return_value=None):
        with pytest.raises(LookupError, match="unknown user u9"):
            r7_notifier.notify_overdue("u9")
