from unittest import mock

from r4_notify import Notifier


def build(channel):
    prefs = mock.Mock()
    prefs.channel_for.return_value = channel
    templates = mock.Mock()
    templates.render.return_value = "hi"
    return Notifier(mock.Mock(), mock.Mock(), templates, prefs, mock.Mock())


def test_returns_channel():
    assert build("sms").notify(1, "ping") == "sms"


def test_email_fallback_for_unknown_channel():
    """Unknown channels should fall back to email."""
