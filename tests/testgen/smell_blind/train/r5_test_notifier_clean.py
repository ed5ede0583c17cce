from datetime import datetime, timezone
from unittest.mock import Mock

import pytest

from r5_notifier import NotificationService, UserNotFound, normalize_phone


class InMemoryUsers:
    def __init__(self, *users):
        self._users = {u["id"]: u for u in users}

    def get(self, user_id):
        return self._users.get(user_id)


class StubTemplates:
    def render(self, name, user):
        return f"[{name}] hello {user['first_name']}"


class RecordingAudit:
    def __init__(self):
        self.events = []

    def record(self, event, **data):
        self.events.append((event, data))


FIXED_NOW = datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone.utc)

ADA = {"id": 1, "first_name": "Ada", "email": "ada@example.test",
       "phone": "(555) 010-2000", "sms_opt_in": True}
BOB = {"id": 2, "first_name": "Bob", "email": "bob@example.test", "phone": None}


@pytest.fixture
def audit():
    return RecordingAudit()


@pytest.fixture
def gateways():
    # Only the outbound gateways (email provider, SMS provider) are mocked.
    return Mock(name="mailer"), Mock(name="sms")


@pytest.fixture
def service(gateways, audit):
    mailer, sms = gateways
    clock = Mock(now=Mock(return_value=FIXED_NOW))
    return NotificationService(InMemoryUsers(ADA, BOB), StubTemplates(), mailer, sms, audit, clock)


def test_opted_in_user_gets_email_and_sms(service, gateways, audit):
    mailer, sms = gateways
    assert service.send_welcome(1) == ["email", "sms"]
    mailer.send.assert_called_once_with(
        to="ada@example.test", subject="Welcome aboard, Ada!", body="[welcome] hello Ada"
    )
    sms.send.assert_called_once_with("+15550102000", "Hi Ada, your account is ready.")
    assert audit.events == [("welcome_sent", {"user_id": 1, "channels": ["email", "sms"], "at": FIXED_NOW})]


def test_user_without_phone_gets_email_only(service, gateways):
    _, sms = gateways
    assert service.send_welcome(2) == ["email"]
    sms.send.assert_not_called()


def test_unknown_user_raises(service):
    with pytest.raises(UserNotFound):
        service.send_welcome(999)


@pytest.mark.parametrize("raw, expected", [
    ("555-010-2000", "+15550102000"),
    ("+44 20 7946 0000", "+442079460000"),
    ("", None),
    (None, None),
])
def test_normalize_phone(raw, expected):
    assert normalize_phone(raw) == expected
