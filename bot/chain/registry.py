"""The step registry: every fact about a step, in one row.

A step's title (status comment, stats), its prompt file and artifact model (agent steps), the
tools it may call, whether its job is to say no (only such steps can be flagged as removal
candidates by the stats loop) and whether its failures are mined for rules. Graphs, renderers,
the stats and the rules loop read these rows; none keeps a list of its own. A new chain adds its
steps here (and to `StepName`), and the meta tests check each row is complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from pydantic import Field

from bot.chain.artifacts import (
    Acceptance,
    Artifact,
    CriteriaVerdict,
    Diagnosis,
    Estimate,
    Implementation,
    Judgement,
    Plan,
    PublishResult,
    QualityReport,
    ReproTest,
    RuleProposalItemOf,
    SelfReview,
    StepName,
)
from bot.chain.examples.artifacts import (
    ClassCoverage,
    Critique,
    Evaluation,
    GeneratedArtefact,
    InputClasses,
    LeakReport,
)
from bot.chain.testgen.artifacts import GenerationReport, TestReview, TestTargets, WrittenTestFile

READ_TOOLS: tuple[str, ...] = ("read_file", "list_dir", "grep", "find_symbol", "find_references")
WRITE_TOOLS: tuple[str, ...] = ("edit_file", "write_file", "delete_file")
AGENT_TOOL_NAMES: frozenset[str] = frozenset(READ_TOOLS + WRITE_TOOLS)
"""The stable tool contract of DESIGN section 5 (besides the per-step submit tool)."""


@dataclass(frozen=True)
class StepInfo:
    """One step of any chain. `agent` steps have a prompt file and a submit tool."""

    step: StepName
    title: str
    artifact: type[Artifact] | None = None
    agent: bool = False
    tools: tuple[str, ...] = ()
    can_reject: bool = False
    mined: bool = False

    @property
    def prompt_file(self) -> str | None:
        return f"{self.step.value}.md" if self.agent else None


def _rows(*rows: StepInfo) -> Mapping[StepName, StepInfo]:
    return MappingProxyType({row.step: row for row in rows})


_CHAIN_STEPS: tuple[StepInfo, ...] = (
    StepInfo(StepName.PREPARE, "Prepare the checkout"),
    StepInfo(StepName.ACCEPTANCE, "Acceptance criteria", Acceptance, agent=True,
             can_reject=True, mined=True),
    StepInfo(StepName.DIAGNOSE, "Diagnosis", Diagnosis, agent=True, tools=READ_TOOLS,
             mined=True),
    StepInfo(StepName.JUDGE, "Independent judge", Judgement, agent=True, can_reject=True,
             mined=True),
    StepInfo(StepName.ESTIMATE, "Estimate", Estimate, agent=True, can_reject=True, mined=True),
    StepInfo(StepName.PLAN, "Plan", Plan, agent=True, tools=READ_TOOLS, mined=True),
    StepInfo(StepName.BRT, "Reproduction test", ReproTest, agent=True,
             tools=READ_TOOLS + ("edit_file", "write_file"), can_reject=True, mined=True),
    StepInfo(StepName.IMPLEMENT, "Fix", Implementation, agent=True,
             tools=READ_TOOLS + WRITE_TOOLS, mined=True),
    StepInfo(StepName.SELF_REVIEW, "Self-review", SelfReview, agent=True,
             tools=READ_TOOLS + WRITE_TOOLS, mined=True),
    StepInfo(StepName.QUALITY, "Tests and checks", QualityReport, can_reject=True),
    StepInfo(StepName.VALIDATE, "Validation", CriteriaVerdict, agent=True, can_reject=True,
             mined=True),
    StepInfo(StepName.REGRESSION, "Full test suite"),
    StepInfo(StepName.PUBLISH, "Publish", PublishResult),
    StepInfo(StepName.TRANSITION, "Move the issue to review"),
)

_TESTGEN_STEPS: tuple[StepInfo, ...] = (
    StepInfo(StepName.TEST_TARGETS, "Choose what to test", TestTargets),
    StepInfo(StepName.WRITE_TESTS, "Write and gate tests", GenerationReport, can_reject=True),
    StepInfo(StepName.TEST_WRITER, "Test writer", WrittenTestFile, agent=True,
             tools=READ_TOOLS + ("edit_file", "write_file")),
    StepInfo(StepName.TEST_REVIEWER, "Test reviewer", TestReview, agent=True, can_reject=True),
    StepInfo(StepName.PUBLISH_TESTS, "Publish the tests", PublishResult),
)
"""The test-generation chain (bot/chain/testgen/): the Writer and Reviewer run inside
WRITE_TESTS, once per target file."""

_EXAMPLES_STEPS: tuple[StepInfo, ...] = (
    StepInfo(StepName.EXAMPLES_CLASSES, "Input classes", InputClasses, agent=True),
    StepInfo(StepName.EXAMPLES_GENERATE, "Generate the artefact", GeneratedArtefact,
             agent=True, tools=READ_TOOLS + WRITE_TOOLS),
    StepInfo(StepName.EXAMPLES_TRAIN, "Training examples", Evaluation, can_reject=True),
    StepInfo(StepName.EXAMPLES_HELD_OUT, "Held-out examples", Evaluation, can_reject=True),
    StepInfo(StepName.EXAMPLES_CRITIC, "Critic", Critique, agent=True),
    StepInfo(StepName.EXAMPLES_COVERAGE, "Companion tests cover the classes", ClassCoverage,
             agent=True, can_reject=True),
    StepInfo(StepName.EXAMPLES_LEAKS, "Leak checks", LeakReport, can_reject=True),
)
"""The held-out acceptance chain (bot/chain/examples/, DESIGN §12); its PREPARE, PUBLISH and
TRANSITION rows are the fix chain's."""

# The rule miner's artifact names the step a rule extends: its choices are the mined steps.
MinedStep = Literal[tuple(info.step.value for info in _CHAIN_STEPS if info.mined)]  # type: ignore[valid-type]


class RuleProposalItem(RuleProposalItemOf[MinedStep]):  # type: ignore[valid-type]
    """One proposed rule for one mined step."""


class RulesProposal(Artifact):
    """Rules proposed by the miner; humans approve each before it reaches a prompt."""

    proposals: list[RuleProposalItem] = Field(
        default_factory=list, description="Proposed rules; empty when nothing recurs."
    )


STEPS: Mapping[StepName, StepInfo] = _rows(
    *_CHAIN_STEPS,
    StepInfo(StepName.RULE_MINER, "Rule miner", RulesProposal, agent=True),
    *_TESTGEN_STEPS,
    *_EXAMPLES_STEPS,
)


def step_info(step: StepName | str) -> StepInfo:
    """The row of a registered step; KeyError names the registered steps otherwise."""
    try:
        return STEPS[StepName(step)]
    except ValueError as exc:
        raise KeyError(f"{step!r} is not a registered step; steps: {', '.join(STEPS)}") from exc


def agent_step(step: StepName | str) -> StepInfo:
    """The row of an agent step; KeyError names the agent steps when `step` is not one."""
    try:
        info = STEPS[StepName(step)]
    except ValueError:
        info = None
    if info is None or not info.agent:
        names = ", ".join(s.step.value for s in agent_steps())
        raise KeyError(f"{step!r} is not an agent step; agent steps: {names}")
    return info


def agent_steps() -> tuple[StepInfo, ...]:
    return tuple(info for info in STEPS.values() if info.agent)


def rejecting_steps() -> frozenset[str]:
    """Steps whose job is to say no: only these can be removal candidates."""
    return frozenset(info.step.value for info in STEPS.values() if info.can_reject)


def mined_steps() -> frozenset[str]:
    """Agent steps whose prompts the rule miner may extend."""
    return frozenset(info.step.value for info in STEPS.values() if info.mined)
