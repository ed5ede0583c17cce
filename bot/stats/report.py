"""The stats report: one shape for `smith stats --json`, `/api/stats` and the dashboard."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from datetime import date

from pydantic import BaseModel, ConfigDict, Field


def median_count(values: Sequence[int]) -> int | None:
    """The median of counts (tokens, milliseconds) as a whole number, in every view of the
    report: the midpoint of two middle values rounds half up (8,971.5 tokens is 8,972)."""
    if not values:
        return None
    return math.floor(statistics.median(values) + 0.5)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StatsFilters(_Frozen):
    repo: str | None = Field(None, description="Only runs of this repository (owner/name).")
    since: date | None = Field(None, description="Only runs created on or after this day (UTC).")


class Funnel(_Frozen):
    """Summoned runs only; rework runs continue a change request and are counted apart."""

    summoned: int
    change_request: int = Field(description="Summoned runs that opened a change request.")
    merged: int = Field(description="Summoned runs whose change request was merged.")
    merged_without_edits: int = Field(description="Merged with no human commit on top.")
    rework_runs: int


class StepStats(_Frozen):
    step: str
    runs: int = Field(description="Runs in which the step executed at least once.")
    executions: int = Field(description="Executions, retries included.")
    passes: int
    rejections: int
    rejections_by_reason: dict[str, int] = Field(
        description="Rejected executions by the reason code the engine stored (e.g. judge "
        "`disagreed`, quality `tests_failed`).")
    gates: int = Field(description="Executions that stopped for a human (status `waiting`).")
    gates_by_reason: dict[str, int] = Field(
        default_factory=dict, description="Human gates by reason code (e.g. estimate "
        "`awaiting_approval`, acceptance `needs_info`); a gate is not a rejection.")
    skips: int
    failures: int
    running: int
    rejected_runs: int = Field(description="Runs in which the step rejected at least once.")
    median_duration_ms: int | None = Field(
        description="Median of finished executions, in whole milliseconds (half rounds up).")
    median_tokens: int | None = Field(
        description="Median tokens of finished executions, a whole count (half rounds up).")
    can_reject: bool = Field(description="The step's job is to say no (removal flag applies).")
    window_runs: int = Field(description="The step's most recent runs the flags look at.")
    window_rejected_runs: int
    removal_candidate: bool = Field(
        description="Able to reject, yet neither rejected nor stopped for a human over a full "
        "window of runs.")
    rework_candidate: bool = Field(
        description="Rejected in more than half of a full window of runs.")


class ReproductionGroup(_Frozen):
    """Fix runs of one repository on one side of the comparison."""

    runs: int = Field(description="Finished fix runs that reached IMPLEMENT.")
    change_requests: int
    success_rate: float | None = Field(description="Change requests / runs.")
    reworked: int = Field(description="Change requests a reviewer sent back for rework.")
    rework_rate: float | None = Field(description="Reworked / change requests.")
    merged: int
    median_tokens: int | None = Field(description="A whole count (half rounds up).")
    median_cost_usd: float | None
    cost_usd: float = Field(description="All the runs together.")


class ReproductionComparison(_Frozen):
    """With a red reproduction test (seen red by our code) against without one."""

    repo: str
    with_test: ReproductionGroup
    without_test: ReproductionGroup


class FunnelStage(_Frozen):
    stage: str
    files: int = Field(description="Generated test files that got through this stage.")
    tests: int | None = Field(description="Tests in those files, where known (kept files).")


class TestgenFunnel(_Frozen):
    """Test generation: generated → collected → green → stable → mutation → smells →
    reviewer → merged, in test files."""

    __test__ = False

    runs: int
    targets: int = Field(description="Files the runs tried to write (one per target and run).")
    stages: list[FunnelStage]
    stopped_by: dict[str, int] = Field(
        description="Tries stopped by each gate (`writer`: no file was written).")


class ExamplesRunStats(_Frozen):
    """One run of the held-out chain, in metrics only."""

    run: int
    repo: str
    status: str
    outcome: str | None
    iterations: int
    iterations_to_threshold: int | None = Field(
        description="The first generator attempt whose held-out figures met the thresholds.")
    train_recall: float | None
    train_precision: float | None
    held_out_recall: float | None
    held_out_precision: float | None
    recall_gap: float | None = Field(description="Training minus held-out recall.")
    precision_gap: float | None = Field(description="Training minus held-out precision.")
    held_out_size: int
    merged: bool | None
    accepted_without_edits: bool | None = Field(
        description="Merged with no commit after Smith's last one (None: no merge seen yet).")


class ExamplesStats(_Frozen):
    runs: int
    accepted: int = Field(description="Runs that reached the thresholds and opened a change "
                          "request.")
    merged: int
    accepted_without_edits: int
    mean_iterations_to_threshold: float | None
    per_run: list[ExamplesRunStats]


class StatsReport(_Frozen):
    filters: StatsFilters
    window: int = Field(description="N: how many recent runs of a step the flags look at.")
    funnel: Funnel
    runs_by_status: dict[str, int]
    runs_by_outcome: dict[str, int]
    runs_by_subject: dict[str, int] = Field(
        default_factory=dict,
        description="Runs per subject kind: issue, change_request, campaign.")
    steps: list[StepStats]
    reproduction: list[ReproductionComparison] = Field(
        default_factory=list,
        description="Per repository: fix runs with a red reproduction test against without.")
    testgen: TestgenFunnel | None = Field(
        default=None, description="The test-generation funnel (None without such runs).")
    examples: ExamplesStats | None = Field(
        default=None, description="The held-out chain's runs (None without such runs).")

    def as_json(self) -> dict[str, object]:
        return self.model_dump(mode="json")
