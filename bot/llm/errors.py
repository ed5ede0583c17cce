"""How a step ends when it does not return an artifact: exceptions that carry the message to report.

The chain tells them apart: a step failure spends an attempt; an environment failure (the model
API down or overloaded) is retried later without spending one; a budget stop ends the run.
"""

from __future__ import annotations

from datetime import datetime


class StepOutcome(Exception):
    """Base: `message` is what the run reports (on the issue, in the store)."""

    def __init__(self, message: str, *, step: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


class StepFailed(StepOutcome):
    """The model did not produce a valid artifact (invalid submits, turn limit, bad request)."""


class EnvironmentFailure(StepOutcome):
    """The model API was unavailable (429, 5xx, 529, connection) after bounded retries, or
    rejected our credentials. Never counted as a step attempt."""


class RunBudgetExceeded(StepOutcome):
    """The run's token or cost cap was reached."""


class SpendingCapReached(RunBudgetExceeded):
    """A cap beyond the run's own (the installation's or the repository's per day or month)
    would be crossed by the next request; `resets_at` is when that cap starts again."""

    def __init__(self, message: str, *, step: str | None = None,
                 resets_at: datetime | None = None) -> None:
        super().__init__(message, step=step)
        self.resets_at = resets_at
