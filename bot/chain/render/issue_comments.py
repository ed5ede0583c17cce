"""Comments Smith posts on the issue when a run stops or waits: failures, the estimate gate, plans.

Every stop says why, at which step, and what a human can do next, because only a published
change request (or plan) counts as success and everything else must be explained where people
look.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from pydantic import BaseModel

from bot.chain.artifacts import Acceptance, CriterionVerdict, Diagnosis, Estimate, Judgement, Plan
from bot.chain.render.markdown import (
    blockquote,
    bullet_list,
    code_span,
    escape_inline,
    format_points,
)
from bot.chain.render.markers import marker
from bot.chain.render.steps import step_title

FAILURE_MARKER_KIND = "failure"
QUESTION_MARKER_KIND = "question"  # the run waits for the answer: no ending yet
GATE_MARKER_KIND = "gate"
PLAN_MARKER_KIND = "plan"
DEFAULT_COMMAND = "/smith"


class FailureKind(enum.StrEnum):
    ACCEPTANCE_BLOCKED = "acceptance_blocked"
    JUDGE_DISAGREED = "judge_disagreed"
    BUDGET_EXHAUSTED = "budget_exhausted"
    VALIDATOR_VETO = "validator_veto"
    ENVIRONMENT = "environment"
    CANCELLED = "cancelled"
    ERROR = "error"


class VetoNote(BaseModel):
    """A blocking finding of the validator, as shown to people."""

    kind: str
    explanation: str
    path: str | None = None
    line: int | None = None


def _cmd(command: str, verb: str) -> str:
    return code_span(f"{command} {verb}")


def _frame(run_id: int | str, kind: FailureKind, headline: str, body: list[str],
           marker_kind: str = FAILURE_MARKER_KIND) -> str:
    lines = [marker(marker_kind, run=run_id, kind=kind.value), f"### {headline}", ""]
    return "\n".join(lines + body) + "\n"


def render_acceptance_blocked(
    run_id: int | str, acceptance: Acceptance, *, command: str = DEFAULT_COMMAND,
    waits: bool = False, local: bool = False,
) -> str:
    """The report lacks data only a human has: say what is missing and ask the questions.
    `waits`: the run is paused and an answer in a comment resumes it; a `local` run's answer
    is an edited issue file and `smith runs retry` (it has no forge to comment on)."""
    body = ["Smith could not tell from this report what the fixed behaviour should be, and it "
            "does not invent product texts or values."]
    if acceptance.missing_data:
        body += ["", "**Missing:**", bullet_list(acceptance.missing_data)]
    if acceptance.questions:
        body += ["", "**Questions:**", bullet_list(acceptance.questions)]
    if acceptance.status == "ready":  # every primary criterion was dropped as unquoted
        body += ["", "No acceptance criterion could be tied to a verbatim quote from the report."]
    if waits and local:
        body += ["", (f"**What you can do:** add the answers to the issue file, then run "
                      f"{code_span(f'smith runs retry {run_id}')} in a shell: Smith reads the "
                      f"report again with them.")]
    elif waits:
        body += ["", "**What you can do:** answer in a comment here (the reporter or a project "
                 "member): Smith reads the report again with your answer. If you edit the "
                 f"description instead, reply {_cmd(command, 'retry')}."]
    else:
        body += ["", f"**What you can do:** answer in a comment or edit the description with "
                 f"the expected result, then reply {_cmd(command, 'retry')}."]
    return _frame(run_id, FailureKind.ACCEPTANCE_BLOCKED, "Smith needs more information", body,
                  QUESTION_MARKER_KIND if waits else FAILURE_MARKER_KIND)


def render_judge_disagreed(
    run_id: int | str,
    diagnosis: Diagnosis,
    judgement: Judgement,
    *,
    rounds: int,
    command: str = DEFAULT_COMMAND,
) -> str:
    """The judge rejected the diagnosis `rounds` times: show both sides to a human."""
    locations = ", ".join(code_span(str(loc)) for loc in diagnosis.locations)
    body = [
        f"An independent judge did not accept the diagnosis after {rounds} round(s), so Smith "
        "stopped instead of fixing what may be the wrong bug.",
        "",
        "**What Smith considered the cause:**",
        "",
        escape_inline(diagnosis.root_cause, max_chars=1500),
        "",
        f"Locations: {locations}",
        "",
        "**Why the judge disagreed:**",
        "",
        escape_inline(judgement.why, max_chars=1500),
        "",
        f"The judge's verdict rests on: {escape_inline(judgement.latched_onto, max_chars=300)}",
        "",
        "**What you can do:** add details that pin down the cause (steps, inputs, logs) or the "
        f"expected behaviour, then reply {_cmd(command, 'retry')}.",
    ]
    headline = "Smith is not sure what causes this bug"
    return _frame(run_id, FailureKind.JUDGE_DISAGREED, headline, body)


def render_budget_exhausted(
    run_id: int | str, *, attempts: int, last_failure: str, command: str = DEFAULT_COMMAND
) -> str:
    """All fix attempts were used without passing tests and validation."""
    body = [
        f"Smith used all {attempts} fix attempts without a change that passed the tests and the "
        "validator, so no change request was opened.",
        "",
        "**Last failure:**",
        "",
        blockquote(last_failure, max_lines=12, max_chars=1500),
        "",
        f"**What you can do:** add hints to the issue and reply {_cmd(command, 'retry')}, "
        "or fix it by hand.",
    ]
    headline = "Smith could not produce a passing fix"
    return _frame(run_id, FailureKind.BUDGET_EXHAUSTED, headline, body)


def _veto_line(veto: VetoNote) -> str:
    where = ""
    if veto.path:
        where = " at " + code_span(f"{veto.path}:{veto.line}" if veto.line else veto.path)
    return (f"- **{escape_inline(veto.kind.replace('_', ' '), max_chars=80)}**{where}: "
            f"{escape_inline(veto.explanation, max_chars=500)}")


def render_validator_veto(
    run_id: int | str,
    *,
    vetoes: Sequence[VetoNote],
    uncovered: Sequence[CriterionVerdict] = (),
    command: str = DEFAULT_COMMAND,
) -> str:
    """The validator blocked the last attempt and no budget was left."""
    body = ["The validator blocked the fix and no attempts were left, so no change request was "
            "opened."]
    if vetoes:
        body += ["", "**Vetoes:**", *(_veto_line(v) for v in vetoes)]
    if uncovered:
        body += ["", "**Primary criteria not covered by the change:**"]
        body += [f"- {v.id}: {escape_inline(v.evidence, max_chars=500)}" for v in uncovered]
    body += ["", f"**What you can do:** reply {_cmd(command, 'retry')} to try again, or fix it by "
             "hand."]
    return _frame(run_id, FailureKind.VALIDATOR_VETO, "Smith's validator rejected the fix", body)


def _with_code_spans(text: str, max_chars: int = 400) -> str:
    """Smith's own sentence with `code` parts (which may quote untrusted output): every part
    is escaped, the backticked ones shown as code."""
    out = []
    for index, part in enumerate(text.split("`")):
        if index % 2:
            out.append(code_span(part, max_chars=max_chars))
        elif part.strip():
            lead = " " if part[:1].isspace() else ""
            trail = " " if part[-1:].isspace() else ""
            out.append(lead + escape_inline(part, max_chars=max_chars) + trail)
        else:
            out.append(part)
    return "".join(out)


def render_environment_failure(
    run_id: int | str, *, step: str, detail: str, command: str = DEFAULT_COMMAND,
    fix: str | None = None, cause_known: bool = False,
) -> str:
    """The environment (sandbox, dependencies, forge, model API) failed; the fix was not judged.

    With `cause_known`, `detail` is Smith's own account (it may hold `code spans`) and `fix`
    says what to change; no fix attempt was spent on it."""
    shown = _with_code_spans(detail) if cause_known else code_span(detail, max_chars=500)
    what = (f"{_with_code_spans(fix)}, then reply {_cmd(command, 'retry')}."
            if fix else "check the repository's test setup in `.smith.yml`, then reply "
            f"{_cmd(command, 'retry')}.")
    body = [
        f"The run stopped at **{step_title(step)}** because the environment failed, not the fix:",
        "",
        shown,
        "",
        "No fix attempt was spent on this.",
        "",
        f"**What you can do:** {what}",
    ]
    return _frame(run_id, FailureKind.ENVIRONMENT, "Smith could not run its checks", body)


STEP_BUDGET_SENTENCES: dict[str, str] = {
    "brt": "Smith could not write a reproduction test that fails on an assertion in {n} "
           "tries, so it did not start on a fix.",
    "diagnose": "Smith's diagnosis was sent back {n} times, so it stopped before fixing what "
                "may be the wrong bug.",
    "judge": "The independent judge ran {n} times without accepting the diagnosis.",
    "acceptance": "Smith could not settle the acceptance criteria ({n} tries).",
}


def render_step_budget_exhausted(
    run_id: int | str, *, step: str, budget: int, last_failure: str,
    command: str = DEFAULT_COMMAND,
) -> str:
    """A step other than the fix ran out of tries: name that step, never "fix attempts"."""
    sentence = STEP_BUDGET_SENTENCES.get(step, "The step **{title}** ran {n} times, its "
                                               "budget, without passing.")
    body = [sentence.format(n=budget, title=step_title(step))]
    if last_failure:
        body += ["", "**Last failure:**", "", blockquote(last_failure, max_lines=12,
                                                        max_chars=1500)]
    body += ["", f"**What you can do:** add details to the issue and reply "
             f"{_cmd(command, 'retry')}, or fix it by hand."]
    headline = f"Smith stopped at {step_title(step)}"
    return _frame(run_id, FailureKind.BUDGET_EXHAUSTED, headline, body)


def render_cap_reached(
    run_id: int | str, *, step: str, reason: str, command: str = DEFAULT_COMMAND
) -> str:
    """The run's token or cost cap stopped it (not a step's tries)."""
    body = [
        f"The run stopped at **{step_title(step)}**: {escape_inline(reason, max_chars=500)}",
        "",
        f"**What you can do:** ask the Smith operator to raise the run's cap, or reply "
        f"{_cmd(command, 'retry')} to start a fresh run.",
    ]
    return _frame(run_id, FailureKind.BUDGET_EXHAUSTED, "Smith reached this run's spending cap",
                  body)


def render_cancelled(run_id: int | str, *, by: str, command: str = DEFAULT_COMMAND) -> str:
    body = [f"Cancelled by {escape_inline(by, max_chars=60)}. "
            f"Reply {_cmd(command, 'retry')} to start again."]
    return _frame(run_id, FailureKind.CANCELLED, "Smith's run was cancelled", body)


def render_failure(
    run_id: int | str, *, step: str, reason: str, command: str = DEFAULT_COMMAND
) -> str:
    """Any other stop: the step and the reason."""
    body = [
        f"The run stopped at **{step_title(step)}**: {escape_inline(reason, max_chars=1000)}",
        "",
        f"**What you can do:** reply {_cmd(command, 'retry')} to try again, or "
        f"{_cmd(command, 'help')} for the commands.",
    ]
    return _frame(run_id, FailureKind.ERROR, "Smith stopped without a fix", body)


def render_internal_error(
    run_id: int | str, *, step: str, command: str = DEFAULT_COMMAND
) -> str:
    """Smith itself failed (a bug, a crash): say so in the user's terms, never the exception
    text, which goes to the log and the dashboard under the run id."""
    where = f" at **{step_title(step)}**" if step and step != "internal" else ""
    body = [
        f"Smith ran into an internal problem{where} and stopped. Nothing was pushed.",
        "",
        f"The Smith operator can find the details in the logs and on the dashboard under run "
        f"{escape_inline(str(run_id), max_chars=40)}.",
        "",
        f"**What you can do:** reply {_cmd(command, 'retry')} to try again; if it happens "
        "again, tell the Smith operator.",
    ]
    return _frame(run_id, FailureKind.ERROR, "Smith stopped because of an internal error", body)


def render_branch_moved(run_id: int | str, *, kept: str, used: str) -> str:
    """Smith did not overwrite a branch somebody else pushed to; it used another one."""
    return (
        f"{marker('branch', run=run_id)}\n"
        f"The branch {code_span(kept)} has commits Smith did not make, so Smith left it as it "
        f"is and pushed this run's change to {code_span(used)} instead. Nothing of yours was "
        "overwritten.\n"
    )


def estimate_raised(estimate: Estimate) -> list[str]:
    """Why code raised the model's points, when it did (gate, plan and change request)."""
    if estimate.raised_from is None:
        return []
    return [f"**Raised by Smith** from {format_points(estimate.raised_from)} to "
            f"{format_points(estimate.points)}: the diagnosis implies at least that.",
            bullet_list(estimate.floor_reasons)]


def render_estimate_gate(
    run_id: int | str,
    estimate: Estimate,
    *,
    gate_points: float,
    command: str = DEFAULT_COMMAND,
    local: bool = False,
) -> str:
    """Paused before writing code: the estimate reached the gate or the blast radius is high.
    A `local` run (`smith fix --repo`) has no forge to reply on: it names the shell commands."""
    reasons = []
    if estimate.points >= gate_points:
        reasons.append(f"the estimate ({format_points(estimate.points)}) reaches the gate of "
                       f"{format_points(gate_points)}")
    if estimate.blast_radius == "high":
        reasons.append("the blast radius is high")
    why = " and ".join(reasons) or "a maintainer asked for confirmation"
    if local:
        ask = (f"Run {code_span(f'smith runs approve {run_id}')} in a shell to continue or "
               f"{code_span(f'smith runs cancel {run_id}')} to stop.")
    else:
        ask = (f"A maintainer can reply {_cmd(command, 'approve')} to continue or "
               f"{_cmd(command, 'cancel')} to stop.")
    lines = [
        marker(GATE_MARKER_KIND, run=run_id),
        "### Smith is waiting for approval",
        "",
        f"Smith paused before changing code because {why}.",
        "",
        f"**Estimate:** {format_points(estimate.points)} · "
        f"blast radius **{estimate.blast_radius}**",
        "",
        bullet_list(estimate.signs),
    ]
    if estimate.raised_from is not None:
        lines += ["", *estimate_raised(estimate)]
    if estimate.why_not_lower:
        lines += ["", f"**Why not lower:** {escape_inline(estimate.why_not_lower, max_chars=800)}"]
    lines += [
        "", "**Blast radius evidence:**", bullet_list(estimate.blast_evidence),
        "",
        ask,
    ]
    return "\n".join(lines) + "\n"


def render_plan(
    run_id: int | str, plan: Plan, estimate: Estimate, *, max_points: float
) -> str:
    """Too big to fix unattended: publish the plan a developer can follow instead of code."""
    steps = [f"{n}. {escape_inline(step, max_chars=500)}" for n, step in enumerate(plan.steps, 1)]
    lines = [
        marker(PLAN_MARKER_KIND, run=run_id),
        "### Smith's plan for this issue",
        "",
        f"The estimate ({format_points(estimate.points)}, blast radius "
        f"**{estimate.blast_radius}**) is above the {format_points(max_points)} Smith fixes on "
        "its own, so here is a plan instead of a change.",
        "",
        "**Approach:** " + escape_inline(plan.approach, max_chars=2000),
        "",
        "**Steps:**",
        *steps,
    ]
    if plan.risks:
        lines += ["", "**Risks:**", bullet_list(plan.risks)]
    lines += ["", "**Why this size:**", bullet_list(estimate.signs)]
    if estimate.raised_from is not None:
        lines += ["", *estimate_raised(estimate)]
    return "\n".join(lines) + "\n"
