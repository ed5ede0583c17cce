"""The test-generation chain's rows in the step registry (bot/engine/registry.py)."""

from __future__ import annotations

from bot.chains.tests.artifacts import (
    GenerationReport,
    SprintPlan,
    StepName,
    TaskClassification,
    TestReview,
    TestTargets,
    WrittenTestFile,
)
from bot.engine.artifacts import PublishResult
from bot.engine.registry import READ_TOOLS, StepInfo, register
from bot.kit.opening_steps import KIT_STEPS

TESTS_STEPS: tuple[StepInfo, ...] = register(
    StepInfo(StepName.SPRINT_TASKS, "Classify the sprint's tasks", SprintPlan),
    StepInfo(StepName.SPRINT_CLASSIFIER, "Sprint task classifier", TaskClassification,
             agent=True),
    StepInfo(StepName.TEST_TARGETS, "Choose what to test", TestTargets),
    StepInfo(StepName.WRITE_TESTS, "Write and gate tests", GenerationReport, can_reject=True),
    StepInfo(StepName.TEST_WRITER, "Test writer", WrittenTestFile, agent=True,
             tools=READ_TOOLS + ("edit_file", "write_file")),
    StepInfo(StepName.TEST_REVIEWER, "Test reviewer", TestReview, agent=True, can_reject=True),
    StepInfo(StepName.PUBLISH_TESTS, "Publish the tests", PublishResult),
) + KIT_STEPS
"""The Writer and Reviewer run inside WRITE_TESTS, once per target file; the classifier inside
SPRINT_TASKS, once per sprint run."""
