# smells: none
from unittest.mock import MagicMock

from alerts.notifier import Notifier


def make(**channels):
    defaults = {name: MagicMock(name=name) for name in ("sms", "email", "push")}
    return Notifier(**{**defaults, **channels})


def test_info_alerts_only_email():
    notifier = make()
    notifier.alert("nightly report ready", severity="info")
    notifier.email.send.assert_called_once()
    notifier.sms.send.assert_not_called()
