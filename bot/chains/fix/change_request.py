"""The change request Smith opens: its body, and one comment per soft signal for reviewers.

The body is the evidence a reviewer needs without opening the run: what "fixed" means (criteria
with the report's own words), where the cause is, proof that a test went red then green, the
estimate, and what the run cost.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from bot.chains.fix.artifacts import (
    Acceptance,
    CriteriaVerdict,
    CriterionVerdict,
    Diagnosis,
    Estimate,
    ReproTest,
)
from bot.chains.fix.comments import estimate_raised
from bot.chains.fix.state import FullSuite
from bot.text.markdown import (
    bullet_list,
    code_span,
    escape_cell,
    escape_inline,
    format_points,
    format_tokens,
    link,
)
from bot.text.markers import marker

CHANGE_REQUEST_MARKER_KIND = "change-request"
SIGNAL_MARKER_KIND = "signal"
MAX_LEFT_SHOWN = 10
BRT_OFF = ("No reproduction test: the step is turned off for this repository (`steps.brt` in "
           "`.smith.yml`).")


class RedGreenEvidence(BaseModel):
    """What our code saw when it ran the reproduction test before and after the fix."""

    test_id: str
    red_message: str = Field(description="The assertion message of the red run before the fix.")
    green_after: bool


class ChangeRequestContent(BaseModel):
    """Everything the body shows; the step code assembles it from the run's checkpoints."""

    run_id: int | str
    issue_number: int
    issue_url: str = ""
    closes_issue: bool = True
    summary: str
    acceptance: Acceptance
    verdict: CriteriaVerdict | None = None
    diagnosis: Diagnosis
    repro: ReproTest | None = None
    red_green: RedGreenEvidence | None = None
    estimate: Estimate | None = None
    tokens: int = 0
    cost_usd: float | None = None
    soft_signals: int = 0
    left_behind: list[str] = Field(default_factory=list)
    """Files the checkout gained that are not part of the change (not committed)."""
    brt_off: bool = False
    """The repository turned the reproduction-test step off (`steps.brt: false`)."""
    left: list[str] = Field(default_factory=list)
    """IMPLEMENT's checklist: what remains to be done for the criteria."""
    could_not: list[str] = Field(default_factory=list)
    """IMPLEMENT's checklist: what it could not do (never a primary criterion: that stops)."""
    open_findings: list[str] = Field(default_factory=list)
    """Self-review findings left unfixed that the validator still saw in the diff."""
    full_suite: FullSuite | None = None
    """The whole suite's result on the fix, when the repository turned REGRESSION on."""


def _covered_by(
    verdict: CriterionVerdict | None, kind: str, red_green: RedGreenEvidence | None
) -> str:
    if verdict is None:
        return "— no verdict"
    if not verdict.covered:
        return "❌ not covered"
    parts = ["✅ the change"]
    if kind == "primary" and red_green is not None and red_green.green_after:
        parts.append("test " + code_span(red_green.test_id, in_table=True, max_chars=80))
    return ", ".join(parts)


def _criteria_table(content: ChangeRequestContent) -> list[str]:
    verdicts = {v.id: v for v in content.verdict.criteria} if content.verdict else {}
    rows = [
        "| Criterion | Behaviour | Quote from the report | Covered by | Evidence from the diff |",
        "|---|---|---|---|---|",
    ]
    for criterion in content.acceptance.criteria:
        verdict = verdicts.get(criterion.id)
        evidence = code_span(verdict.evidence, in_table=True) if verdict else "—"
        rows.append(
            f"| {criterion.id} ({criterion.kind}) | {escape_cell(criterion.behaviour)} "
            f"| “{escape_cell(criterion.quote)}” "
            f"| {_covered_by(verdict, criterion.kind, content.red_green)} | {evidence} |"
        )
    return rows


def _diagnosis(diagnosis: Diagnosis) -> list[str]:
    scope = "one bug" if diagnosis.scope == "single_bug" else "a class of bugs"
    locations = ", ".join(code_span(str(loc)) for loc in diagnosis.locations)
    lines = [
        f"**Root cause:** {escape_inline(diagnosis.root_cause, max_chars=1500)}",
        "",
        f"**Layer:** {escape_inline(diagnosis.layer, max_chars=100)} · **Scope:** {scope}",
        "",
        f"**Locations:** {locations}",
    ]
    if diagnosis.invariant_change:
        change = diagnosis.invariant_change
        lines += ["", f"**Invariant changed:** {escape_inline(change.description, max_chars=500)}",
                  "Relied on by:", bullet_list(change.relied_on_by)]
    return lines


def _red_green(content: ChangeRequestContent) -> list[str]:
    repro, evidence = content.repro, content.red_green
    if repro is not None and repro.status == "skipped":
        return [
            f"No reproduction test (**{repro.skip_reason}**): "
            f"{escape_inline(repro.explanation or '', max_chars=1000)}"
        ]
    if evidence is None and content.brt_off:
        return [BRT_OFF]
    if evidence is None:
        return ["No reproduction test was run."]
    after = "🟢 passes" if evidence.green_after else "🔴 still fails"
    return [
        "| Test | Before the fix | After the fix |",
        "|---|---|---|",
        f"| {code_span(evidence.test_id, in_table=True, max_chars=150)} "
        f"| 🔴 {code_span(evidence.red_message, in_table=True, max_chars=300)} | {after} |",
    ]


def _full_suite(result: FullSuite) -> str:
    if result.passed:
        return (f"**Full test suite:** 🟢 all {result.tests} tests pass with the fix, in "
                "Smith's sandbox.")
    return (f"**Full test suite:** 🔴 {result.failing} of {result.tests} tests fail with the "
            "fix, in Smith's sandbox.")


def _estimate(estimate: Estimate) -> list[str]:
    lines = [
        f"**{format_points(estimate.points)}** · blast radius **{estimate.blast_radius}**",
        "",
        bullet_list(estimate.signs + estimate.blast_evidence),
    ]
    if estimate.raised_from is not None:
        lines += ["", *estimate_raised(estimate)]
    return lines


def _not_done(content: ChangeRequestContent) -> list[str]:
    """What the fix says it left or could not do, and review findings still open: what a
    reviewer must finish or decide."""
    lines: list[str] = []
    for title, items in (("Left to do", content.left), ("Could not do", content.could_not),
                         ("Self-review findings still open", content.open_findings)):
        if items:
            lines += ["", f"**{title}:**", bullet_list(items)]
    return ["", "### Not done", *lines] if lines else []


def render_change_request_body(content: ChangeRequestContent) -> str:
    """The change request description."""
    issue_ref = f"#{content.issue_number}"
    lines = [marker(CHANGE_REQUEST_MARKER_KIND, run=content.run_id)]
    lines.append(f"Closes {issue_ref}" if content.closes_issue else f"Refs {issue_ref}")
    if content.issue_url:
        lines[-1] += f" ({link('issue', content.issue_url)})"
    lines += ["", "### Summary", "", escape_inline(content.summary, max_chars=2000)]
    lines += ["", "### Acceptance criteria", "", *_criteria_table(content)]
    lines += ["", "### Diagnosis", "", *_diagnosis(content.diagnosis)]
    lines += ["", "### Red → green", "", *_red_green(content)]
    if content.full_suite is not None:
        lines += ["", _full_suite(content.full_suite)]
    lines += _not_done(content)
    if content.estimate:
        lines += ["", "### Estimate", "", *_estimate(content.estimate)]
    if content.left_behind:
        shown = ", ".join(code_span(p, max_chars=120) for p in content.left_behind[:MAX_LEFT_SHOWN])
        more = len(content.left_behind) - MAX_LEFT_SHOWN
        lines += ["", f"Files the tests left behind, not committed: {shown}"
                  + (f" and {more} more" if more > 0 else "")]
    footer = [f"Smith run {escape_inline(str(content.run_id))}"]
    if content.tokens:
        footer.append(format_tokens(content.tokens))
    if content.cost_usd is not None:
        footer.append(f"${content.cost_usd:.2f}")
    if content.soft_signals:
        footer.append(f"{content.soft_signals} note(s) for reviewers in the threads below")
    lines += ["", "---", "<sub>" + " · ".join(footer) + "</sub>"]
    return "\n".join(lines) + "\n"


def render_soft_signal(
    run_id: int | str,
    *,
    kind: str,
    path: str | None,
    line: int | None,
    explanation: str,
    reviewer_check: str,
) -> str:
    """One soft signal from the validator, posted as its own thread so it can be resolved."""
    slug = re.sub(r"[^a-z0-9_-]", "-", kind.lower())[:40] or "other"
    where = ""
    if path:
        where = " at " + code_span(f"{path}:{line}" if line else path)
    return "\n".join([
        marker(SIGNAL_MARKER_KIND, run=run_id, kind=slug),
        f"**Note for reviewers:** {escape_inline(kind.replace('_', ' '), max_chars=80)}{where}",
        "",
        escape_inline(explanation, max_chars=1500),
        "",
        f"**Please check:** {escape_inline(reviewer_check, max_chars=800)}",
        "",
        "<sub>A soft signal from Smith's validator: it did not block the change.</sub>",
    ]) + "\n"
