"""Comments the fix chain posts on the issue: its own stops (criteria blocked, judge
disagreed, fix attempts spent, validator veto), the estimate gate and the plan.

Generic endings (environment, cancel, internal error) are the engine's (bot/engine/endings.py);
these use the same frame so every stop reads alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.chains.fix.artifacts import (
    Acceptance,
    CriterionVerdict,
    Diagnosis,
    Estimate,
    Judgement,
    Plan,
)
from bot.chains.fix.state import FixState
from bot.engine.context import RunContext
from bot.engine.endings import (
    DEFAULT_COMMAND,
    FAILURE_MARKER_KIND,
    QUESTION_MARKER_KIND,
    FailureKind,
    command_span,
    frame,
    render_step_budget_exhausted,
)
from bot.engine.graph import RunEnding
from bot.text.markdown import blockquote, bullet_list, code_span, escape_inline, format_points
from bot.text.markers import marker

GATE_MARKER_KIND = "gate"


PLAN_MARKER_KIND = "plan"


class VetoNote(BaseModel):
    """A blocking finding of the validator, as shown to people."""

    kind: str
    explanation: str
    path: str | None = None
    line: int | None = None


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
                 f"description instead, reply {command_span(command, 'retry')}."]
    else:
        body += ["", f"**What you can do:** answer in a comment or edit the description with "
                 f"the expected result, then reply {command_span(command, 'retry')}."]
    return frame(run_id, "acceptance_blocked", "Smith needs more information", body,
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
        f"expected behaviour, then reply {command_span(command, 'retry')}.",
    ]
    headline = "Smith is not sure what causes this bug"
    return frame(run_id, "judge_disagreed", headline, body)


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
        f"**What you can do:** add hints to the issue and reply {command_span(command, 'retry')}, "
        "or fix it by hand.",
    ]
    headline = "Smith could not produce a passing fix"
    return frame(run_id, FailureKind.BUDGET_EXHAUSTED, headline, body)


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
    body += ["", f"**What you can do:** reply {command_span(command, 'retry')} to try again, or fix it by "
             "hand."]
    return frame(run_id, "validator_veto", "Smith's validator rejected the fix", body)


STEP_BUDGET_SENTENCES: dict[str, str] = {
    "brt": "Smith could not write a reproduction test that fails on an assertion in {n} "
           "tries, so it did not start on a fix.",
    "diagnose": "Smith's diagnosis was sent back {n} times, so it stopped before fixing what "
                "may be the wrong bug.",
    "judge": "The independent judge ran {n} times without accepting the diagnosis.",
    "acceptance": "Smith could not settle the acceptance criteria ({n} tries).",
}


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
        ask = (f"A maintainer can reply {command_span(command, 'approve')} to continue or "
               f"{command_span(command, 'cancel')} to stop.")
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


def fix_attempts_spent(ctx: RunContext, ending: RunEnding) -> str:
    """IMPLEMENT ran out of tries: every fix attempt was spent."""
    attempts = int(ctx.notes.budget or FixState.of(ctx).attempts)
    return render_budget_exhausted(ctx.run_id, command=ctx.settings.command_prefix,
                                   attempts=attempts, last_failure=ending.reason)


def step_tries_spent(ctx: RunContext, ending: RunEnding) -> str:
    """ACCEPTANCE, DIAGNOSE, JUDGE or BRT ran out of tries, in the chain's own words (BRT shows
    why its last test was refused)."""
    step = ending.step or ctx.notes.step or ""
    last = str(FixState.of(ctx).brt_feedback or "") if step == "brt" else ""
    return render_step_budget_exhausted(
        ctx.run_id, step=step, budget=int(ctx.notes.budget or 0), last_failure=last,
        command=ctx.settings.command_prefix, sentence=STEP_BUDGET_SENTENCES.get(step))


def brt_last_failure(ctx: RunContext) -> str:
    """Why the last reproduction test was refused (the reason of a run out of BRT tries)."""
    text = FixState.of(ctx).brt_feedback
    return f"last failure (reproduction test):\n{text}" if text else ""


def implement_last_failure(ctx: RunContext) -> str:
    """What sent the last fix attempt back: QUALITY's failures or the validator's veto."""
    feedback = FixState.of(ctx).feedback
    return f"last failure ({feedback[-1].source}):\n{feedback[-1].text}" if feedback else ""
