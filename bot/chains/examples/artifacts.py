"""Artifacts of the held-out acceptance chain (the field descriptions instruct the model)."""

from __future__ import annotations

import enum
from typing import Annotated

from pydantic import Field

from bot.engine.artifacts import Artifact, Text
from bot.kit.opening_steps import PREPARE, PUBLISH, TRANSITION


class StepName(enum.StrEnum):
    """The held-out acceptance chain's steps (DESIGN §12), with the kit's opening and
    publishing steps."""

    PREPARE = PREPARE
    EXAMPLES_CLASSES = "examples_classes"
    EXAMPLES_GENERATE = "examples_generate"
    EXAMPLES_TRAIN = "examples_train"
    EXAMPLES_HELD_OUT = "examples_held_out"
    EXAMPLES_CRITIC = "examples_critic"
    EXAMPLES_COVERAGE = "examples_coverage"
    EXAMPLES_SUITE = "examples_suite"
    EXAMPLES_LEAKS = "examples_leaks"
    PUBLISH = PUBLISH
    TRANSITION = TRANSITION


ClassId = Annotated[str, Field(pattern=r"^IC[1-9][0-9]*$", description='"IC1", "IC2", ...')]
TestId = Annotated[str, Field(min_length=1, max_length=300, pattern=r"^[^-\s][^\s]*$")]


class InputClass(Artifact):
    id: ClassId
    description: Annotated[str, Field(min_length=3, max_length=400)] = Field(
        description="A class of inputs, stated generally (never a single example), e.g. "
        "'requests naming the time before the action'.")
    expected: Annotated[str, Field(min_length=2, max_length=300)] = Field(
        description="The outcome the contract demands for every input of the class.")
    accepts: bool | None = Field(default=None, description=(
        "true when the artefact must accept (recognise) every input of the class, false when "
        "it must reject every one, null for any other outcome (an error, a value)."))


class InputClasses(Artifact):
    """The critic's own tree of input classes with their expected outcomes, built from the
    task and the contract alone."""

    classes: list[InputClass] = Field(min_length=1, max_length=30, description=(
        "Every behaviour branch of the task: inputs to accept, inputs to reject, edge cases "
        "(empty, case, punctuation, word order) and contract errors."))


class Branch(Artifact):
    description: Annotated[str, Field(min_length=3, max_length=400)] = Field(
        description="A class of inputs your artefact treats one way, stated generally (never "
        "a single example), e.g. 'requests naming the time before the action'.")
    expected: Annotated[str, Field(min_length=2, max_length=300)] = Field(
        description="What the artefact does with every input of the class.")
    tests: list[TestId] = Field(min_length=1, max_length=10, description=(
        "The ids of the companion tests that check this branch (from `tests`)."))


class GeneratedArtefact(Artifact):
    """The artefact, its companion code and tests, as written through the tools, and the
    author's own tree of behaviour branches."""

    summary: Text = Field(description="What the artefact does and how it decides, in prose.")
    tests: list[TestId] = Field(default_factory=list, max_length=50, description=(
        "Test ids of the companion tests you wrote, as the repository's test runner names "
        "them (e.g. `tests/test_alarm.py::test_time_first`)."))
    branches: list[Branch] = Field(default_factory=list, max_length=30, description=(
        "Your tree of behaviour branches: every class of inputs the artefact handles (inputs "
        "it accepts, inputs it rejects, edge cases of the contract), each with the tests "
        "that check it. Code compares it with an independent tree."))


class Critique(Artifact):
    """Generalised observations about the held-out errors, for the generator."""

    observations: list[Annotated[str, Field(min_length=10, max_length=400)]] = Field(
        min_length=1, max_length=8, description=(
            "Each names a general property of a class of errors ('word order with the time "
            "first is not recognised'), never an example, a quote or a paraphrase of one."))


class CoverItem(Artifact):
    id: ClassId
    test: TestId | None = Field(description="The test id that exercises this class, or null "
                                "when none of the listed tests does.")
    inputs: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(
        default_factory=list, max_length=10, description=(
            "The inputs of this class that the test gives the artefact, copied exactly as "
            "they are written in the test file (code flips the artefact's answer on them and "
            "checks that the test then fails)."))


class ClassCoverage(Artifact):
    """Which listed test covers each input class (null when none does)."""

    covers: list[CoverItem] = Field(description="One entry per input class, in order.")


class Evaluation(Artifact):
    """What code measured on one part of the examples (counts only)."""

    part: str
    passed: bool
    metrics: dict[str, float | int] | None = None
    failure: str | None = None


class SuiteRun(Artifact):
    """The repository's own test command on the final branch (counts only)."""

    passed: bool
    tests: int
    failing: int
    status: str


class LeakReport(Artifact):
    """The checks before publishing: every count must be zero, the canary must be seen."""

    diff_hits: int
    request_hits: int
    comment_hits: int
    requests_checked: int
    canary_seen: bool
