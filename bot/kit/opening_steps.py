"""The steps every chain shares through the kit: opening the run, publishing, moving the issue.

Chains name these steps in their own step enums with these values, so one row describes them
wherever they run.
"""

from __future__ import annotations

from bot.engine.artifacts import PublishResult
from bot.engine.registry import StepInfo, register

PREPARE = "prepare"
PUBLISH = "publish"
TRANSITION = "transition"

KIT_STEPS: tuple[StepInfo, ...] = register(
    StepInfo(PREPARE, "Prepare the checkout"),
    StepInfo(PUBLISH, "Publish", PublishResult),
    StepInfo(TRANSITION, "Move the issue to review"),
)
