"""What the test-generation steps hand back: the Writer's and Reviewer's submissions (their
field descriptions are instructions to the model) and the code steps' records."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from bot.engine.artifacts import Artifact, RepoPath, Text
from bot.kit.opening_steps import PREPARE, TRANSITION


class StepName(enum.StrEnum):
    """The test-generation chain's steps (the Writer and Reviewer run inside WRITE_TESTS, once
    per target file)."""

    PREPARE = PREPARE
    SPRINT_TASKS = "sprint_tasks"
    SPRINT_CLASSIFIER = "sprint_classifier"
    TEST_TARGETS = "test_targets"
    WRITE_TESTS = "write_tests"
    TEST_WRITER = "test_writer"
    TEST_REVIEWER = "test_reviewer"
    PUBLISH_TESTS = "publish_tests"
    TRANSITION = TRANSITION


TestName = Annotated[str, Field(min_length=1, max_length=200,
                                pattern=r"^[^\x00-\x1f\x7f`<>|]+$")]
"""A test as its runner names it: `test_x` or `TestK::test_x` (pytest, unittest), the describe
titles and the test's own joined by spaces (jest, vitest). One line; no backticks, angle
brackets or pipes, which would break the Markdown the name is shown in."""


class Scenario(Artifact):
    test: TestName = Field(description="The test's name, e.g. `test_average_of_empty_"
                           "list_raises` (or `TestK::test_x` inside a class); for jest or "
                           "vitest its describe titles and its own title joined by spaces, "
                           "e.g. `formatPrice refuses a negative price`.")
    behaviour: Text = Field(description="The behaviour it checks, as the contract or docs "
                            "state it (not as the implementation happens to compute it).")
    kind: Literal["happy_path", "boundary", "error"] = Field(
        description="happy_path, boundary (empty, zero, limits) or error.")


class WrittenTestFile(Artifact):
    """The one test file you wrote (or revised) for the target, and the scenarios it covers."""

    file: RepoPath = Field(description="The test file you wrote, exactly the path you were "
                           "given.")
    functions: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        min_length=1, description="Functions or methods of the target the tests exercise, "
        "e.g. `average` or `Cart.total`.")
    scenarios: list[Scenario] = Field(min_length=1, description="One entry per test in the "
                                      "file.")


class TestVerdict(Artifact):
    __test__ = False

    test: TestName = Field(description="The test's name as in the file.")
    verdict: Literal["OK", "REVISE", "LOW_VALUE"] = Field(
        description="OK, REVISE (a concrete problem the Writer must fix) or LOW_VALUE "
        "(trivial behaviour: getters, enum-to-string, copies of plain data).")
    confidence: Literal["HIGH", "MEDIUM", "LOW"] = Field(
        description="How sure you are; REVISE counts only at HIGH.")
    reason: str = Field(default="", description="Why, for REVISE and LOW_VALUE.")
    recommendation: str = Field(default="", description="For REVISE: the concrete change "
                                "the Writer should make.")


class TestReview(Artifact):
    """Your semantic review of one generated test file: a verdict per test and for the file."""

    __test__ = False

    tests: list[TestVerdict] = Field(min_length=1, description="One verdict per test.")
    verdict: Literal["ACCEPT", "REVISE", "REJECT"] = Field(
        description="ACCEPT, REVISE (fixable by the Writer) or REJECT (the file misses the "
        "task and must be rewritten).")
    summary: Text = Field(description="One or two sentences.")
    missing_scenarios: list[str] = Field(default_factory=list,
                                         description="Scenarios the file should also cover.")


Category = Literal["core", "frontend", "adapters", "technical", "incidents"]
"""The seed's kinds of task: backend logic, front end only, integrations, infrastructure,
SRE work. Only core tasks get tests in a sprint run."""


class TaskCategory(Artifact):
    """The category of one sprint task."""

    issue: int = Field(description="The issue's number, as given.")
    category: Category = Field(
        description="core (backend or business logic: a feature, a bug fix in it), frontend "
        "(only the front end: styles, components, pages), adapters (integrations: a channel, "
        "a webhook, an external API client), technical (infrastructure: migrations, "
        "dependency updates, CI, deployment), incidents (SRE: investigating an incident).")
    why: Text = Field(description="One sentence: the evidence (title, text, labels, paths).")


class TaskClassification(Artifact):
    """Your category for each sprint task you were given, exactly once each."""

    tasks: list[TaskCategory] = Field(min_length=1, description="One entry per task.")


class SprintTask(BaseModel):
    """One closed issue of the milestone: its category, how it was decided, what changed."""

    number: int
    title: str
    category: Category | None = None
    """None: not classified (the classifier left it out), so not tested."""
    decided_by: Literal["labels", "paths", "model", "none"] = "none"
    why: str = ""
    commits: list[str] = Field(default_factory=list)
    changed: dict[str, list[str]] = Field(default_factory=dict)
    """Paths the commits touched, each with the functions their hunks name."""
    labels: list[str] = Field(default_factory=list)
    author: str = ""
    body: str = ""
    """The issue's text, capped: the Writer's task."""


class SprintPlan(Artifact):
    """What SPRINT_TASKS found (code and the classifier): the sprint's tasks and what was left
    out, with why."""

    sprint: str
    tasks: list[SprintTask] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)

    @property
    def core(self) -> list[SprintTask]:
        return [t for t in self.tasks if t.category == "core"]


class TestTarget(BaseModel):
    __test__ = False

    path: str
    functions: list[str] = Field(default_factory=list)
    why: str = ""
    task: str = ""
    """The task this file is tested for when it is not the run's (a sprint's issue)."""
    tag: str = ""
    """That task's tag in the test file's name."""
    issue: int | None = None
    """That task's issue (a sprint's)."""

    @model_serializer(mode="wrap")
    def _without_empty_task(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A target of the run's own task stores the shape it always had."""
        data: dict[str, Any] = handler(self)
        if not self.task and not self.tag and self.issue is None:
            for key in ("task", "tag", "issue"):
                data.pop(key, None)
        return data


class TestTargets(Artifact):
    """What TEST_TARGETS chose to test, and why (code only)."""

    __test__ = False

    task: str = Field(description="What the tests are for: `issue #12`, `change request #7`, "
                      "`coverage` or `targets`.")
    targets: list[TestTarget] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
    """What was not tested, with why (a sprint's tasks without commits, files over the cap)."""
    documentation_debt: list[str] = Field(default_factory=list)
    coverage_before: dict[str, float] = Field(default_factory=dict)


class FileReport(BaseModel):
    """One generated file's way through the gates: the change request's gate report."""

    target: str
    file: str
    task: str = ""
    """The sprint task the file was written for (empty: the run's task)."""
    status: Literal["kept", "rejected", "skipped_flaky", "dropped_low_value",
                    "dropped_earns_nothing"]
    attempts: int = 0
    revisions: int = 0
    failed_gate: str | None = None
    reason: str = ""
    tests: list[str] = Field(default_factory=list)
    dropped: dict[str, str] = Field(default_factory=dict)
    """Tests taken out of a kept file, with why (skipped_flaky, earns_nothing, low_value)."""
    earned: dict[str, list[str]] = Field(default_factory=dict)
    """Per kept test, what earned it its place against the existing tests ("kills `calc.py:8
    / → *`", "covers calc.py:12→14")."""
    earning: str = ""
    """Why the kept tests earned their place without evidence, or were not checked."""
    runs: int = 0
    kind: str = ""
    mutation_score: float | None = None
    mutation_threshold: float | None = None
    mutants: int = 0
    smells: list[str] = Field(default_factory=list)
    """Warning-level smells of the kept file (reject-level ones never pass)."""
    reviewer: str | None = None
    reviewer_summary: str = ""
    tokens: int = 0
    cost_usd: float = 0.0


class GenerationReport(Artifact):
    """Every target's file report (WRITE_TESTS, code only)."""

    files: list[FileReport] = Field(default_factory=list)

    @property
    def kept(self) -> list[FileReport]:
        return [f for f in self.files if f.status == "kept"]
