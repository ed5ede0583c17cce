from unittest import mock

import pytest
from r4_notify import Notifier


class Templates:
    def render(self, event, **ctx):
        return f"{event}: " + ", ".join(f"{k}={v}" for k, v in sorted(ctx.items()))


@pytest.fixture
def make():
    def _make(channel):
        prefs = mock.Mock()
        prefs.channel_for.return_value = channel
        n = Notifier(mock.Mock(), mock.Mock(), Templates(), prefs, mock.Mock())
        return n
    return _make


def test_sms_body_truncated_to_160(make):
    n = make("sms")
    n.notify(7, "reminder", text="x" * 300)
    (user, body), _ = n.sms.send.call_args
    assert user == 7
    assert len(body) == 160
    assert body.startswith("reminder: text=xxx")
    n.email.send.assert_not_called()


def test_email_gets_title_subject(make):
    n = make("email")
    assert n.notify(3, "welcome", name="Ann") == "email"
    n.email.send.assert_called_once_with(3, subject="Welcome", body="welcome: name=Ann")


def test_audit_records_channel(make):
    n = make("sms")
    n.notify(9, "alert")
    n.audit.record.assert_called_once_with(9, "alert", "sms")
