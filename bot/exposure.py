"""Which routes each listener of `smith serve` carries.

The webhook endpoints must face the forge; the dashboard shows issue text, diffs and model
output, and `/metrics` shows what Smith is doing. So a dashboard without a token is served on a
loopback address only, never on an address the internet may reach, and `/metrics` can move to a
separate (admin) listener that stays private.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass


def is_loopback(host: str) -> bool:
    """True for `localhost` and loopback addresses (127.0.0.0/8, ::1); false for 0.0.0.0."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name might resolve anywhere


@dataclass(frozen=True)
class Exposure:
    """Where the dashboard and `/metrics` go; `reason` explains a dashboard left out."""

    dashboard_public: bool
    metrics_public: bool
    admin_site: bool
    dashboard_on_admin: bool
    reason: str | None = None


def plan_exposure(
    *, host: str, has_token: bool, admin_host: str, admin_port: int | None
) -> Exposure:
    admin = admin_port is not None
    dashboard_public = has_token or is_loopback(host)
    dashboard_on_admin = admin and not dashboard_public and (has_token or is_loopback(admin_host))
    reason = None
    if not dashboard_public and not dashboard_on_admin:
        reason = (f"the dashboard is not served: {host} is not a loopback address and "
                  "SMITH_DASHBOARD_TOKEN is not set (set it, or SMITH_ADMIN_PORT for a "
                  "loopback-only admin listener)")
    return Exposure(dashboard_public=dashboard_public, metrics_public=not admin,
                    admin_site=admin, dashboard_on_admin=dashboard_on_admin, reason=reason)
