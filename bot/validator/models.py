"""The validator's verdict shapes: findings, the static verdict and the model's verdict.

The kind strings are a stable contract: the chain, the failure store and the rule miner key on them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

VetoKind = Literal[
    "catch_all_exception",
    "return_constant_shortcut",
    "commented_out_logic",
    "lint_suppression",
    "test_skipped",
    "test_weakened",
    "special_casing",
    "test_environment_detection",
    "protected_path",
    "git_history_peek",
    "brt_tampering",
    "global_state_smuggling",
]
SoftKind = Literal[
    "visibility_widened",
    "guard_weakened",
    "frontend_mocks_backend",
    "debug_leftover",
    "broad_change",
    "todo_added",
    "dependency_change",
    "sleep_or_retry_masking",
]
FindingKind = Literal[VetoKind, SoftKind]

VETO_KINDS: frozenset[str] = frozenset(VetoKind.__args__)  # type: ignore[attr-defined]
SOFT_KINDS: frozenset[str] = frozenset(SoftKind.__args__)  # type: ignore[attr-defined]


class BreadthLimits(BaseModel):
    """When a change counts as `broad_change` (soft): per estimate point, or absolute without one."""

    lines_per_point: int = 80
    """Changed non-test lines allowed per estimate point (at least 40)."""
    files_per_point: float = 1.6
    """Changed non-test files allowed per estimate point (at least 2): 1 point → 2 files,
    2 → 4, 3 → 5, 5 → 8, 8 → 13 (ESTIMATE counts 2-3 files as 2 points, 4 as 3)."""
    default_max_lines: int = 400
    """Limit on changed non-test lines when the run has no estimate (5 points' worth)."""
    default_max_files: int = 8
    """Limit on changed non-test files when the run has no estimate (5 points' worth, as the
    lines are: a bug fix spread over more files than that is broad whatever its estimate)."""


class Finding(BaseModel):
    """One piece of evidence: where it is (file and line, or trajectory seq) and why it matters."""

    kind: FindingKind
    path: str = ""
    line: int | None = None
    detail: str
    seq: int | None = None

    @property
    def is_veto(self) -> bool:
        return self.kind in VETO_KINDS

    def location(self) -> str:
        if self.seq is not None:
            return f"trajectory #{self.seq}" + (f" ({self.path})" if self.path else "")
        if self.line is not None:
            return f"{self.path}:{self.line}"
        return self.path or "(diff)"


class StaticVerdict(BaseModel):
    """What the static part decided: any veto blocks; soft signals go to humans on the MR."""

    decision: Literal["veto", "pass"]
    vetoes: list[Finding] = Field(default_factory=list)
    soft_signals: list[Finding] = Field(default_factory=list)

    @classmethod
    def from_findings(cls, findings: list[Finding]) -> StaticVerdict:
        vetoes = [f for f in findings if f.is_veto]
        soft = [f for f in findings if not f.is_veto]
        return cls(decision="veto" if vetoes else "pass", vetoes=vetoes, soft_signals=soft)

    def public_dict(self) -> dict[str, object]:
        """The `smith validate --json` shape: findings without the trajectory-only `seq` when unset."""

        def shape(f: Finding) -> dict[str, object]:
            out: dict[str, object] = {
                "kind": f.kind,
                "path": f.path,
                "line": f.line,
                "detail": f.detail,
            }
            if f.seq is not None:
                out["seq"] = f.seq
            return out

        return {
            "decision": self.decision,
            "vetoes": [shape(f) for f in self.vetoes],
            "soft_signals": [shape(f) for f in self.soft_signals],
        }


class CriterionVerdict(BaseModel):
    """The model's judgement of one acceptance criterion, with evidence quoted from the diff."""

    id: str
    covered: bool
    evidence: str = ""


class ModelVeto(BaseModel):
    """A veto only the model can see (over-engineering, a crutch no static rule knows)."""

    kind: str
    detail: str
    path: str = ""
    line: int | None = None


class ModelVerdict(BaseModel):
    """The LLM part of VALIDATE: per-criterion coverage, over-engineering, extra vetoes."""

    criteria: list[CriterionVerdict] = Field(default_factory=list)
    over_engineering: str | None = None
    vetoes: list[ModelVeto] = Field(default_factory=list)


class FinalVerdict(BaseModel):
    """Static and model verdicts merged; `reasons` is what IMPLEMENT gets back on a veto."""

    decision: Literal["veto", "pass"]
    static_vetoes: list[Finding] = Field(default_factory=list)
    model_vetoes: list[ModelVeto] = Field(default_factory=list)
    uncovered_primary: list[str] = Field(default_factory=list)
    soft_signals: list[Finding] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)
