"""What code makes of the validator model's verdict before it counts (VALIDATE).

- Evidence: a criterion the model calls covered must quote lines that are in the diff (or the
  reproduction test, or in a rework the change request's earlier change). A quote that is not
  found is the validator's mistake, not the fix's: VALIDATE asks again naming the lines
  (`misquote_block`, at most `MAX_EVIDENCE_ROUNDS` more times); a quote that never verifies
  leaves the criterion covered-but-not-shown and goes to reviewers (`not_shown`), never a veto.
  Only a criterion the validator itself calls not covered counts as uncovered.
- Honesty: concerns at or above the repository's severity (`steps.honesty_veto`, default high)
  veto the fix; lower ones go to reviewers as notes.
- Self-review: findings SELF_REVIEW left unfixed are shown to the validator, numbered; those it
  does not call resolved are still open and go to the change request.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.chains.fix.artifacts import SEVERITIES, CriteriaVerdict, ReviewFinding, SelfReview
from bot.text.untrusted import data_block
from bot.validator.evidence import check_evidence
from bot.validator.models import ModelVeto

NOT_IN_DIFF = "the quoted evidence is not in the diff"


def verify_evidence(
    verdict: CriteriaVerdict, diff: str, *, also: Sequence[str] = ()
) -> tuple[CriteriaVerdict, list[str]]:
    """The verdict with every covered criterion whose evidence is not in the diff turned
    uncovered, and the ids so turned."""
    unverified: list[str] = []
    criteria = []
    for item in verdict.criteria:
        if item.covered:
            check = check_evidence(item.evidence, diff, also=also)
            if not check.found:
                unverified.append(item.id)
                shown = "; ".join(check.missing[:3]) or "no line of the diff was quoted"
                item = item.model_copy(update={
                    "covered": False, "evidence": f"{NOT_IN_DIFF}: {shown}"[:1500]})
        criteria.append(item)
    return verdict.model_copy(update={"criteria": criteria}), unverified


MAX_EVIDENCE_ROUNDS = 2
"""How many more times VALIDATE asks for a quote that is in the diff."""
COVERAGE_NOT_SHOWN = "coverage_not_shown"


def misquote_block(checked: CriteriaVerdict, unverified: Sequence[str]) -> str:
    """The data block that asks the validator again: per criterion, the quoted lines that are
    not in the diff (the system prompt says what to do with it)."""
    lines = [f"{item.id}: {item.evidence.removeprefix(NOT_IN_DIFF + ': ')}"
             for item in checked.criteria if item.id in unverified]
    return data_block("evidence_not_found", "\n".join(lines))


def not_shown(
    answered: CriteriaVerdict, unverified: Sequence[str]
) -> tuple[CriteriaVerdict, list[dict[str, object]]]:
    """The validator's own answer with the criteria whose quote never verified kept covered
    (marked as not shown), and one soft signal each for reviewers."""
    criteria = [item.model_copy(update={"evidence": f"(not shown in the diff) {item.evidence}"
                                        [:1500]})
                if item.id in unverified else item for item in answered.criteria]
    soft: list[dict[str, object]] = [
        {"kind": COVERAGE_NOT_SHOWN, "path": "", "line": None,
         "detail": f"{cid}: the validator called it covered but quoted no line of the diff "
                   "for it; check it by hand"} for cid in unverified]
    return answered.model_copy(update={"criteria": criteria}), soft


def honesty_split(
    verdict: CriteriaVerdict, threshold: str
) -> tuple[list[ModelVeto], list[dict[str, object]]]:
    """(vetoes, soft signals) from the honesty concerns: at or above `threshold` they veto."""
    floor = SEVERITIES.index(threshold)
    vetoes: list[ModelVeto] = []
    soft: list[dict[str, object]] = []
    for concern in verdict.honesty_concerns:
        if SEVERITIES.index(concern.severity) >= floor:
            vetoes.append(ModelVeto(kind="honesty_concern",
                                    detail=f"({concern.severity}) {concern.concern}"))
        else:
            soft.append({"kind": "honesty_concern", "path": "", "line": None,
                         "detail": f"({concern.severity}) {concern.concern}"})
    return vetoes, soft


def unfixed_findings(review: SelfReview | None) -> list[ReviewFinding]:
    return [f for f in review.findings if not f.fixed] if review is not None else []


def findings_block(findings: Sequence[ReviewFinding]) -> str:
    """The unfixed findings for the validator, numbered as `review_findings` refers to them."""
    lines = [f"{n}. ({f.axis}) {f.finding}" for n, f in enumerate(findings, 1)]
    return ("The fix's own self-review reported these findings and did not fix them. For "
            "each number, say in `review_findings` whether the diff still has it:\n"
            + data_block("findings", "\n".join(lines)))


def open_findings(findings: Sequence[ReviewFinding], verdict: CriteriaVerdict) -> list[str]:
    """Findings the validator did not call resolved (one it skipped counts as open)."""
    resolved = {check.number for check in verdict.review_findings if not check.still_open}
    return [f"{f.axis}: {f.finding}" for n, f in enumerate(findings, 1) if n not in resolved]
