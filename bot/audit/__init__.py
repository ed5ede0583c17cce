"""The audit trail: who did what through Smith (deliveries, pushes, change-request actions)."""

from bot.audit.actions import AuditedForge, audited_forges, record_push
from bot.audit.writer import AuditLog, record

__all__ = ["AuditLog", "AuditedForge", "audited_forges", "record", "record_push"]
