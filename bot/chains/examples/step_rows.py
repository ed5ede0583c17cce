"""The held-out acceptance chain's rows in the step registry (bot/engine/registry.py)."""

from __future__ import annotations

from bot.chains.examples.artifacts import (
    ClassCoverage,
    Critique,
    Evaluation,
    GeneratedArtefact,
    InputClasses,
    LeakReport,
    StepName,
    SuiteRun,
)
from bot.engine.registry import READ_TOOLS, WRITE_TOOLS, StepInfo, register
from bot.kit.opening_steps import KIT_STEPS

EXAMPLES_STEPS: tuple[StepInfo, ...] = register(
    StepInfo(StepName.EXAMPLES_CLASSES, "Input classes", InputClasses, agent=True),
    StepInfo(StepName.EXAMPLES_GENERATE, "Generate the artefact", GeneratedArtefact,
             agent=True, tools=READ_TOOLS + WRITE_TOOLS),
    StepInfo(StepName.EXAMPLES_TRAIN, "Training examples", Evaluation, can_reject=True),
    StepInfo(StepName.EXAMPLES_HELD_OUT, "Held-out examples", Evaluation, can_reject=True),
    StepInfo(StepName.EXAMPLES_CRITIC, "Critic", Critique, agent=True),
    StepInfo(StepName.EXAMPLES_COVERAGE, "Companion tests cover the classes", ClassCoverage,
             agent=True, can_reject=True),
    StepInfo(StepName.EXAMPLES_SUITE, "The repository's own tests", SuiteRun, can_reject=True),
    StepInfo(StepName.EXAMPLES_LEAKS, "Leak checks", LeakReport, can_reject=True),
) + KIT_STEPS
