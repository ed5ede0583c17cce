"""The stats report: one shape for `smith stats --json`, `/api/stats` and the dashboard."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field


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
        description="Rejected executions by verdict (e.g. judge `disagree`, quality `red`).")
    gates: int = Field(description="Executions that stopped for a human (status `waiting`).")
    skips: int
    failures: int
    running: int
    rejected_runs: int = Field(description="Runs in which the step rejected at least once.")
    median_duration_ms: float | None
    median_tokens: float | None
    can_reject: bool = Field(description="The step's job is to say no (removal flag applies).")
    window_runs: int = Field(description="The step's most recent runs the flags look at.")
    window_rejected_runs: int
    removal_candidate: bool = Field(
        description="Able to reject, yet rejected nothing over a full window of runs.")
    rework_candidate: bool = Field(
        description="Rejected in more than half of a full window of runs.")


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

    def as_json(self) -> dict[str, object]:
        return self.model_dump(mode="json")
