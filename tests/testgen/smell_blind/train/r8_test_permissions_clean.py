from types import SimpleNamespace
from unittest.mock import Mock

import pytest

from r8_permissions import AuditedGate, PermissionDenied, User, can, grants_for, require


@pytest.mark.parametrize(
    "role, action, allowed",
    [
        ("viewer", "doc:read", True),
        ("viewer", "doc:write", False),
        ("editor", "comment:write", True),
        ("editor", "doc:delete", False),
        ("admin", "user:manage", True),
    ],
)
def test_role_matrix(role, action, allowed):
    assert can(User("u", roles=[role]), action) is allowed


def test_owner_may_edit_own_document():
    doc = SimpleNamespace(owner="olga")
    assert can(User("olga", roles=["viewer"]), "doc:write", doc) is True


def test_ownership_does_not_grant_user_management():
    doc = SimpleNamespace(owner="olga")
    assert can(User("olga"), "user:manage", doc) is False


def test_wildcard_extra_grant():
    assert can(User("bot", extra=["comment:*"]), "comment:delete") is True


def test_grants_union_of_roles_and_extras():
    user = User("x", roles=["viewer"], extra=["report:read"])
    assert grants_for(user) == {"doc:read", "report:read"}


def test_require_raises_with_message():
    with pytest.raises(PermissionDenied, match="eve may not doc:delete"):
        require(User("eve", roles=["editor"]), "doc:delete")


def test_gate_records_denial_and_alerts():
    audit_log = Mock()
    notifier = Mock()
    gate = AuditedGate(audit_log, notifier)
    assert gate.check(User("eve", roles=["viewer"]), "doc:delete") is False
    audit_log.record.assert_called_once_with("eve", "doc:delete", False)
    notifier.alert.assert_called_once_with("denied doc:delete for eve")


def test_gate_does_not_alert_on_success():
    notifier = Mock()
    AuditedGate(Mock(), notifier).check(User("ed", roles=["editor"]), "doc:write")
    notifier.alert.assert_not_called()
