"""Prometheus metrics, one registry per application so tests can run several apps side by side."""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        self.deliveries = Counter(
            "smith_webhook_deliveries", "Webhook deliveries by forge, event and outcome.",
            ["forge", "event", "outcome"], registry=self.registry,
        )
        self.ack_seconds = Histogram(
            "smith_webhook_ack_seconds", "Time from request to answer for webhook deliveries.",
            ["forge"], registry=self.registry,
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
        )
        self.runs = Gauge(
            "smith_runs", "Runs in the database by status.", ["status"], registry=self.registry,
        )
