from unittest.mock import MagicMock, patch

import pytest

from r5_notifier import NotificationService, UserNotFound


@pytest.fixture
def deps():
    return {
        "users": MagicMock(),
        "templates": MagicMock(),
        "mailer": MagicMock(),
        "sms": MagicMock(),
        "audit": MagicMock(),
        "clock": MagicMock(),
    }


def test_missing_user(deps):
    deps["users"].get.return_value = None
    with pytest.raises(UserNotFound):
        NotificationService(**deps).send_welcome(5)


@patch("r5_notifier.render_subject")
@patch("r5_notifier.normalize_phone")
def test_send_welcome(normalize_phone, render_subject, deps):
    user = MagicMock()
    deps["users"].get.return_value = user
    normalize_phone.return_value = "PHONE"
    render_subject.return_value = "SUBJECT"

    NotificationService(**deps).send_welcome(5)

    deps["users"].get.assert_called_once_with(5)
    deps["templates"].render.assert_called_once_with("welcome", user=user)
    render_subject.assert_called_once_with(user)
    deps["mailer"].send.assert_called_once_with(
        to=user.__getitem__.return_value, subject="SUBJECT",
        body=deps["templates"].render.return_value,
    )
    normalize_phone.assert_called_once_with(user.get.return_value)
    deps["sms"].send.assert_called_once()
    deps["clock"].now.assert_called_once_with()
    deps["audit"].record.assert_called_once()
