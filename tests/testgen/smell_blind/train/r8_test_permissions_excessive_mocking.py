from unittest.mock import MagicMock, patch

from r8_permissions import AuditedGate, User


def test_viewer_cannot_delete():
    from r8_permissions import can
    assert can(User("vic", roles=["viewer"]), "doc:delete") is False


@patch("r8_permissions.ROLE_GRANTS", new_callable=dict)
@patch("r8_permissions.grants_for")
@patch("r8_permissions.can")
def test_check_denied_records_and_alerts(mock_can, mock_grants_for, mock_grants):
    mock_can.return_value = False
    mock_grants_for.return_value = set()
    user = MagicMock()
    user.name = "mallory"
    resource = MagicMock()
    audit_log = MagicMock()
    notifier = MagicMock()
    gate = AuditedGate(audit_log, notifier)

    gate.check(user, "doc:delete", resource)

    mock_can.assert_called_once_with(user, "doc:delete", resource)
    audit_log.record.assert_called_once_with("mallory", "doc:delete", False)
    notifier.alert.assert_called_once()


def test_suspended_admin_denied():
    from r8_permissions import can
    assert can(User("root", roles=["admin"], suspended=True), "doc:read") is False
