"""The audit trail: who did what through Smith (deliveries, pushes, change-request actions)."""

from bot.audit.writer import AuditLog, record

__all__ = ["AuditLog", "record"]
