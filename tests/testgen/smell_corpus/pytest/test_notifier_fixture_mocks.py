# smells: excessive_mocking
from unittest.mock import MagicMock

import pytest

from alerts.notifier import Notifier


@pytest.fixture
def notifier():
    return Notifier(
        sms=MagicMock(), email=MagicMock(), push=MagicMock(), slack=MagicMock(),
        pager=MagicMock(), webhook=MagicMock(), audit=MagicMock(), clock=MagicMock(),
    )


def test_critical_alerts_go_everywhere(notifier):
    notifier.alert("disk full", severity="critical")
    assert notifier.sms.send.called
