"""The artifacts every step of the fix chain returns (models only; step facts: step_rows.py).

Each agent step ends by calling `submit_<artifact>` whose input schema is the artifact's JSON
schema, so the field descriptions below are instructions to the model: precise, and strict enough
that junk fails validation and goes back to the model as a tool error instead of reaching code.
Code-only steps (QUALITY, PUBLISH) also return pydantic models so every checkpoint has one shape.
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    Field,
    Strict,
    StrictBool,
    field_validator,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from bot.engine.artifacts import Artifact, RepoPath, Text
from bot.kit.opening_steps import PREPARE, PUBLISH, TRANSITION

# --- shared field types -------------------------------------------------------------------------


def _check_points(value: float) -> float:
    if value not in STORY_POINTS:
        raise ValueError("points must be one of 0.5, 1, 2, 3, 5")
    return value


STORY_POINTS: tuple[float, ...] = (0.5, 1, 2, 3, 5)

LineNumber = Annotated[int, Field(ge=1, description="1-based line number in the file.")]
Points = Annotated[
    float,
    Strict(),
    AfterValidator(_check_points),
    Field(json_schema_extra={"enum": list(STORY_POINTS)}),
]
CriterionId = Annotated[str, Field(pattern=r"^AC[1-9][0-9]*$", description='"AC1", "AC2", ...')]
PATH_LINE_RE = re.compile(r"^(?P<path>[^\s:]+):(?P<start>[1-9][0-9]*)(?:-(?P<end>[1-9][0-9]*))?$")


class StepName(enum.StrEnum):
    """Every step of the fix chain, in chain order (the kit's opening and publishing steps
    included: their names are shared by every chain)."""

    PREPARE = PREPARE
    ACCEPTANCE = "acceptance"
    DIAGNOSE = "diagnose"
    JUDGE = "judge"
    ESTIMATE = "estimate"
    PLAN = "plan"
    BRT = "brt"
    IMPLEMENT = "implement"
    SELF_REVIEW = "self_review"
    QUALITY = "quality"
    VALIDATE = "validate"
    REGRESSION = "regression"
    PUBLISH = PUBLISH
    TRANSITION = TRANSITION


# --- ACCEPTANCE ---------------------------------------------------------------------------------


class Criterion(Artifact):
    id: CriterionId = Field(description='Unique id in order of appearance: "AC1", "AC2", ...')
    kind: Literal["primary", "adjacent"] = Field(
        description='"primary": the reported symptom that must be fixed. "adjacent": neighbouring '
        "behaviour that works today and the fix must not break."
    )
    behaviour: Annotated[str, Field(min_length=3, max_length=600)] = Field(
        description="Observable behaviour a user or API client can check, e.g. 'saving a profile "
        "with an empty phone returns 200 instead of 401'. Never about code ('method X returns "
        "false'); never a guess at the cause."
    )
    quote: Annotated[str, Field(min_length=3, max_length=1500)] = Field(
        description="A verbatim excerpt from the report (title, body or a comment) that this "
        "criterion rests on, copied character for character, without ellipses or joining of "
        "separate passages. Criteria whose quote is not found in the report are dropped."
    )


class Acceptance(Artifact):
    """What "fixed" means, derived from the report alone."""

    status: Literal["ready", "blocked"] = Field(
        description='"ready" when the report states the expected behaviour clearly enough for at '
        'least one primary criterion; "blocked" when the report lacks data only a human can '
        "supply (texts, translations, concrete values, the expected result)."
    )
    criteria: list[Criterion] = Field(
        default_factory=list,
        description="Acceptance criteria: the primary symptom(s) and adjacent behaviour to keep.",
    )
    missing_data: list[Text] = Field(
        default_factory=list,
        description="What is missing from the report (e.g. 'the German text of the error "
        "message'). Never invent plausible values instead.",
    )
    questions: list[Text] = Field(
        default_factory=list,
        description="Questions for the reporter, each answerable on its own, that would unblock "
        "the task.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Acceptance:
        ids = [c.id for c in self.criteria]
        if len(ids) != len(set(ids)):
            raise ValueError("criterion ids must be unique")
        if self.status == "ready" and not any(c.kind == "primary" for c in self.criteria):
            raise ValueError('status "ready" needs at least one criterion of kind "primary"')
        if self.status == "blocked" and not (self.missing_data or self.questions):
            raise ValueError('status "blocked" needs missing_data or questions for the humans')
        return self

    def primary(self) -> list[Criterion]:
        return [c for c in self.criteria if c.kind == "primary"]


# --- DIAGNOSE / JUDGE ---------------------------------------------------------------------------


class CodeLocation(Artifact):
    path: RepoPath = Field(description="File path relative to the repository root.")
    start_line: LineNumber = Field(description="First line of the defective code (1-based).")
    end_line: LineNumber = Field(description="Last line of the defective code (inclusive).")

    @model_validator(mode="after")
    def _ordered(self) -> CodeLocation:
        if self.end_line < self.start_line:
            raise ValueError("end_line must not be before start_line")
        return self

    def __str__(self) -> str:
        if self.start_line == self.end_line:
            return f"{self.path}:{self.start_line}"
        return f"{self.path}:{self.start_line}-{self.end_line}"


class RejectedHypothesis(Artifact):
    hypothesis: Text = Field(description="A cause you considered, e.g. the place where it crashes.")
    why_rejected: Text = Field(description="What you read in the code that rules it out.")


class InvariantChange(Artifact):
    description: Text = Field(description="Which guarantee of the code the fix changes.")
    relied_on_by: list[Text] = Field(
        min_length=1,
        description="Callers or modules that rely on the current behaviour (path or symbol each).",
    )


class ConfirmedAssumption(Artifact):
    assumption: Text = Field(
        description="Something the fix relies on, e.g. 'the backend already filters by status'."
    )
    evidence: str = Field(
        pattern=PATH_LINE_RE.pattern,
        description="Where you read it: 'path:line' or 'path:start-end', e.g. 'api/filters.py:42'.",
    )

    def location(self) -> CodeLocation:
        """The evidence as a location, so code can check the cited lines exist."""
        match = PATH_LINE_RE.match(self.evidence)
        assert match is not None  # guaranteed by the field pattern
        start = int(match["start"])
        end = int(match["end"] or start)
        return CodeLocation(path=match["path"], start_line=start, end_line=end)


class Diagnosis(Artifact):
    """The root cause of the reported symptom, found by reading the code."""

    hypothesis: Text = Field(
        description="The cause in one or two sentences, as you first stated it."
    )
    root_cause: Annotated[str, Field(min_length=20)] = Field(
        description="The root cause: the defect that produces the symptom, not the place where "
        "the error surfaces. Say what the code does, what it should do, and why that yields the "
        "symptom."
    )
    locations: list[CodeLocation] = Field(
        min_length=1, description="Where the defect is and where the fix belongs."
    )
    rejected_hypotheses: list[RejectedHypothesis] = Field(
        min_length=1,
        description="Alternatives you ruled out by reading code, including the crash site when it "
        "differs from the cause.",
    )
    layer: Text = Field(
        description="The layer the fix belongs to, e.g. 'backend service', 'REST controller', "
        "'database query', 'frontend component', 'build config'."
    )
    scope: Literal["single_bug", "class_of_bugs"] = Field(
        description='"class_of_bugs" when neighbouring inputs or call sites go through the same '
        "defective path; name them in root_cause."
    )
    invariant_change: InvariantChange | None = Field(
        default=None,
        description="Set when the fix changes a guarantee other code relies on; null otherwise.",
    )
    confirmed_assumptions: list[ConfirmedAssumption] = Field(
        default_factory=list,
        description="Every assumption the fix rests on, confirmed by reading code (e.g. 'the "
        "backend already supports this filter'). Unconfirmed assumptions do not belong here.",
    )


class Judgement(Artifact):
    """An independent check that the diagnosis explains the reported symptom."""

    explains_symptom: StrictBool = Field(
        description="True only if the named root cause, acting on the cited code, produces exactly "
        "the behaviour the primary criteria describe."
    )
    why: Annotated[str, Field(min_length=20)] = Field(
        description="The reasoning: the chain from cause to symptom, or where it breaks."
    )
    latched_onto: Text = Field(
        description="The concrete detail of the criteria or the cited code your verdict rests on."
    )


# --- ESTIMATE / PLAN ----------------------------------------------------------------------------


class Estimate(Artifact):
    """Size and risk of the fix, classified by objective signs."""

    points: Points = Field(description="Story points, one of 0.5, 1, 2, 3, 5.")
    signs: list[Text] = Field(
        min_length=1,
        description="The objective signs from the scale that justify the points (files, layers, "
        "invariant change, migrations, ...), each a fact from the diagnosis.",
    )
    why_not_lower: Text | None = Field(
        default=None,
        description="Required for 2 points or more: why this is not the next lower value.",
    )
    blast_radius: Literal["low", "medium", "high"] = Field(
        description="How much other behaviour the change can affect, independent of its size."
    )
    blast_evidence: list[Text] = Field(
        min_length=1,
        description="Facts behind the radius: caller counts from the graph, shared modules, "
        "public API, relied-on invariants.",
    )
    # Written by code, never by the model (hidden from its schema, overwritten by ESTIMATE):
    raised_from: SkipJsonSchema[float | None] = None
    """The model's points when code raised them to the floor the diagnosis implies."""
    floor_reasons: SkipJsonSchema[list[str]] = Field(default_factory=list)
    """The diagnosis facts behind that floor (bot/chains/fix/estimate_floor.py)."""

    @model_validator(mode="after")
    def _justified(self) -> Estimate:
        if self.points >= 2 and not self.why_not_lower:
            raise ValueError("points of 2 or more need why_not_lower")
        return self


class Plan(Artifact):
    """What Smith publishes instead of code when the estimate is above the maximum."""

    approach: Annotated[str, Field(min_length=20)] = Field(
        description="The intended fix in a paragraph: what changes where, and why there."
    )
    steps: list[Text] = Field(
        min_length=1, description="Ordered, separately reviewable steps a developer could follow."
    )
    risks: list[Text] = Field(
        default_factory=list,
        description="What could break and how to check it (callers, data, migrations).",
    )


# --- BRT / IMPLEMENT / SELF_REVIEW --------------------------------------------------------------

SkipReason = Literal["visual", "text", "nondeterministic", "no_test_harness", "other"]


class ReproTest(Artifact):
    """A bug reproduction test: red before the fix, green after, or a reasoned skip."""

    status: Literal["written", "skipped"] = Field(
        description='"written" when you wrote a test that should fail now on an assertion; '
        '"skipped" when no meaningful automated test can reproduce the bug.'
    )
    file: RepoPath | None = Field(
        default=None, description="Test file you wrote or changed (required when written)."
    )
    test_id: Annotated[str, Field(min_length=3)] | None = Field(
        default=None,
        description="Id that runs exactly this test, e.g. 'tests/test_api.py::test_empty_phone' "
        "(required when written).",
    )
    skip_reason: SkipReason | None = Field(
        default=None,
        description='Required when skipped: "visual" (layout/rendering), "text" (a test would only '
        'repeat the wording), "nondeterministic" (timing, races), "no_test_harness" (no test setup '
        'for this code), "other".',
    )
    explanation: Annotated[str, Field(min_length=30)] | None = Field(
        default=None,
        description="Required when skipped: why no test can reproduce it. Shown to reviewers.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> ReproTest:
        if self.status == "written":
            if not (self.file and self.test_id):
                raise ValueError('status "written" needs file and test_id')
            if self.skip_reason or self.explanation:
                raise ValueError('skip_reason and explanation belong to status "skipped" only')
        elif not (self.skip_reason and self.explanation):
            raise ValueError('status "skipped" needs skip_reason and explanation')
        return self


class Checklist(Artifact):
    done: list[Text] = Field(
        min_length=1, description="What the change does, one item per criterion or edit."
    )
    left: list[Text] = Field(
        default_factory=list, description="What remains to be done for the criteria."
    )
    could_not: list[Text] = Field(
        default_factory=list, description="What you could not do, and what stopped you."
    )


class Implementation(Artifact):
    """The fix: a minimal change closing the criteria at the diagnosed place."""

    summary: Annotated[str, Field(min_length=20)] = Field(
        description="What you changed and why it fixes the root cause (2-5 sentences)."
    )
    checklist: Checklist = Field(description="Honest account of the work against the criteria.")
    declared_tests: list[Annotated[str, Field(min_length=3)]] = Field(
        default_factory=list,
        description="Ids of existing tests that exercise the changed code and should be run "
        "(besides the reproduction test).",
    )


class ReviewFinding(Artifact):
    axis: Literal["conventions", "criteria", "sanity"] = Field(
        description='"conventions": project style and idioms; "criteria": fit to the criteria and '
        'diagnosis; "sanity": whether the fix is sound (edge cases, legacy paths, types).'
    )
    finding: Text = Field(description="What is wrong, with the file and line.")
    fixed: StrictBool = Field(description="True if you fixed it in the code during this review.")


class SelfReview(Artifact):
    """Findings of the review of one's own uncommitted diff."""

    findings: list[ReviewFinding] = Field(
        default_factory=list, description="Everything you found; empty if nothing."
    )


# --- VALIDATE (the model's part) / RULE MINER ---------------------------------------------------


class CriterionVerdict(Artifact):
    id: CriterionId = Field(description="The criterion id, exactly as given.")
    covered: StrictBool = Field(
        description="True only if the diff itself makes the described behaviour true."
    )
    evidence: str = Field(
        description="For a covered criterion: the lines of the diff (or of the reproduction "
        "test) that cover it, copied verbatim, one per line, optionally after a 'path:line' "
        "line; no prose. Code checks every quoted line against the diff, and a verdict whose "
        "lines are not there counts as uncovered. For an uncovered criterion: what is missing."
    )

    @model_validator(mode="after")
    def _evidence(self) -> CriterionVerdict:
        if len(self.evidence) < 3:
            raise ValueError("evidence must quote the diff or say what is missing")
        return self


Severity = Literal["low", "medium", "high"]
SEVERITIES: tuple[str, ...] = ("low", "medium", "high")


class HonestyConcern(Artifact):
    concern: Text = Field(description="The cut corner, with the diff lines or trajectory "
                          "entries that show it.")
    severity: Severity = Field(
        description='"high": the change games the check or hides the symptom (special-cased '
        'test values, a weakened test, a silenced error, history copied); "medium": likely a '
        'cut corner a reviewer must judge; "low": a doubt worth a look. High concerns veto.'
    )


class FindingCheck(Artifact):
    number: int = Field(ge=1, description="The number of the self-review finding, as listed.")
    still_open: StrictBool = Field(
        description="True if the diff still has the problem the finding names."
    )
    why: Text = Field(description="What in the diff shows it open or resolved.")


class CriteriaVerdict(Artifact):
    """Per-criterion coverage, over-engineering and honesty, judged from the diff alone."""

    criteria: list[CriterionVerdict] = Field(
        min_length=1, description="One verdict per criterion given to you, none left out."
    )
    over_engineering: Text | None = Field(
        default=None,
        description="If the change is larger than the criteria need (new class, global state, "
        "speculative options), what and where; null otherwise.",
    )
    honesty_concerns: list[HonestyConcern] = Field(
        default_factory=list,
        description="Signs of a cut corner: code special-cased to the test's values, symptom "
        "silenced instead of the cause fixed, tests weakened, solution copied from history.",
    )
    review_findings: list[FindingCheck] = Field(
        default_factory=list,
        description="One entry per numbered self-review finding you were shown (none when "
        "none were shown): is it still open in the diff?",
    )

    @field_validator("honesty_concerns", mode="before")
    @classmethod
    def _concerns_of_old_runs(cls, value: object) -> object:
        """Runs stored before severities had plain strings: they read as low concerns."""
        if isinstance(value, list):
            return [{"concern": item, "severity": "low"} if isinstance(item, str) else item
                    for item in value]
        return value

    @model_validator(mode="after")
    def _unique(self) -> CriteriaVerdict:
        ids = [c.id for c in self.criteria]
        if len(ids) != len(set(ids)):
            raise ValueError("one verdict per criterion id")
        return self


# --- code-only results --------------------------------------------------------------------------


class FailedTest(Artifact):
    test_id: str = Field(description="Id of the failing test.")
    message: str = Field(description="Assertion message or error, reduced to a few lines.")


class CheckResult(Artifact):
    name: str = Field(description="Check name, e.g. 'lint', 'types', 'locales'.")
    passed: bool
    summary: str = ""


class QualityReport(Artifact):
    """What QUALITY saw: results from JUnit XML and checks, never the raw log."""

    passed: bool
    red_test_still_red: bool = False
    failed_tests: list[FailedTest] = Field(default_factory=list)
    checks: list[CheckResult] = Field(default_factory=list)
    environment_failure: bool = False
    summary: str = Field(default="", description="Short failure summary handed to IMPLEMENT.")
    selection: Literal["declared", "reaching", "suite", "none"] = Field(
        default="declared",
        description="Which tests ran: the declared ones and the red test; with neither, those "
        "reaching the changed code (code graph, imports), else the configured suite.",
    )
    tests: list[str] = Field(default_factory=list, description="The test ids or files run.")
    passed_count: int = Field(default=0, description="Test cases that passed (0 is never green).")


