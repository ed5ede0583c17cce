"""Role based permission checks."""

ROLE_GRANTS = {
    "viewer": {"doc:read"},
    "editor": {"doc:read", "doc:write", "comment:write"},
    "admin": {"doc:read", "doc:write", "doc:delete", "comment:write", "user:manage"},
}


class PermissionDenied(Exception):
    def __init__(self, user, action):
        super().__init__(f"{user.name} may not {action}")
        self.action = action


class User:
    def __init__(self, name, roles=(), suspended=False, extra=()):
        self.name = name
        self.roles = set(roles)
        self.suspended = suspended
        self.extra = set(extra)


def grants_for(user):
    perms = set(user.extra)
    for role in user.roles:
        perms |= ROLE_GRANTS.get(role, set())
    return perms


def can(user, action, resource=None):
    if user.suspended:
        return False
    if resource is not None and getattr(resource, "owner", None) == user.name:
        if action.startswith("doc:"):
            return True
    perms = grants_for(user)
    if action in perms:
        return True
    namespace = action.split(":", 1)[0]
    return f"{namespace}:*" in perms


def require(user, action, resource=None):
    if not can(user, action, resource):
        raise PermissionDenied(user, action)


class AuditedGate:
    def __init__(self, audit_log, notifier=None):
        self.audit_log = audit_log
        self.notifier = notifier

    def check(self, user, action, resource=None):
        allowed = can(user, action, resource)
        self.audit_log.record(user.name, action, allowed)
        if not allowed and self.notifier is not None:
            self.notifier.alert(f"denied {action} for {user.name}")
        return allowed
