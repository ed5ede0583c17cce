"""ACCEPTANCE, DIAGNOSE, JUDGE: what "fixed" means, why it is broken, and an independent check.

Oracles are kept apart from executors: acceptance sees the report only; the judge sees the
criteria, the diagnosis' conclusion and the cited lines, never the diagnoser's reasoning.
Code checks what the model cannot be trusted with: quotes must be verbatim in the report,
locations must exist in the checkout. A blocked report pauses the run (needs-info) until the
reporter or a project member answers on the issue (handlers/answers.py); then ACCEPTANCE reads
the report again, answers included, with the questions it asked, for
`steps.needs_info_rounds` rounds.
"""

from __future__ import annotations

from pathlib import Path

from bot.chains.fix.artifacts import Acceptance, CodeLocation, Diagnosis, Judgement, StepName
from bot.chains.fix.comments import render_acceptance_blocked, render_judge_disagreed
from bot.chains.fix.model_inputs import (
    CodeExcerpt,
    criteria_block,
    judge_input,
)
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.forge.base import Issue, Permission
from bot.forge.local import is_local
from bot.kit.agent import run_agent
from bot.text.untrusted import (
    data_block,
    quote_is_verbatim,
    quote_report,
    report_text_for_quotes,
)

MAX_EXCERPT_LINES = 60


async def allowed_authors(ctx: RunContext, issue: Issue) -> set[str] | None:
    """Whose comments reach the model: the author and users with write access (by default)."""
    if ctx.settings.report_authors == "all":
        return None
    allowed = {issue.author}
    for author in {comment.author for comment in issue.comments} - allowed:
        if await ctx.forge.get_permission(ctx.repo, author) >= Permission.WRITE:
            allowed.add(author)
    return allowed


async def reporter_text(ctx: RunContext) -> str:
    """The report as the model saw it (allowed authors only): the reporter's own words."""
    await report_for_model(ctx)
    return report_text_for_quotes(ctx.tools.need("issue"), ctx.notes.authors)


async def report_for_model(ctx: RunContext) -> str:
    issue: Issue = ctx.tools.need("issue")
    if ctx.notes.report is None:
        authors = await allowed_authors(ctx, issue)
        ctx.notes.authors = authors
        ctx.notes.report = quote_report(issue, allowed_authors=authors)
    return ctx.notes.report


def _asked_before(ctx: RunContext) -> str | None:
    """The questions of an earlier, blocked ACCEPTANCE of this run (the answers are in the
    report's comments now)."""
    earlier = ctx.artifact(StepName.ACCEPTANCE, Acceptance)
    if earlier is None or (earlier.status != "blocked" and earlier.primary()):
        return None
    asked = [*earlier.questions, *(f"missing: {item}" for item in earlier.missing_data)]
    return ("Smith asked the reporter before; their answers, if any, are among the comments "
            "above:\n" + data_block("feedback", "\n".join(f"- {q}" for q in asked)))


async def acceptance(ctx: RunContext) -> StepOutcome:
    report = await report_for_model(ctx)
    asked = _asked_before(ctx)
    inputs = report if asked is None else f"{report}\n\n{asked}"
    artifact = await run_agent(ctx, StepName.ACCEPTANCE, inputs, Acceptance)
    text = report_text_for_quotes(ctx.tools.need("issue"), ctx.notes.authors)
    kept = [c for c in artifact.criteria if quote_is_verbatim(c.quote, text)]
    dropped = len(artifact.criteria) - len(kept)
    has_primary = any(c.kind == "primary" for c in kept)
    if artifact.status == "blocked" or not has_primary:
        blocked = artifact.model_copy(update={"criteria": kept})
        if artifact.status != "blocked":
            # Status stays "ready" so the comment says the criteria were dropped as unquoted.
            blocked = artifact.model_copy(update={
                "criteria": kept,
                "missing_data": [*artifact.missing_data,
                                 "a primary criterion quoted verbatim from the report"],
                "questions": artifact.questions or [
                    "What exactly should happen instead? Please quote the expected behaviour."],
            })
        rounds = await ctx.executions(StepName.ACCEPTANCE) + 1
        waits = rounds <= ctx.repo_config.steps.needs_info_rounds
        await ctx.forge.create_comment(ctx.repo, ctx.item, render_acceptance_blocked(
            ctx.run_id, blocked, command=ctx.settings.command_prefix, waits=waits,
            local=is_local(ctx.repo.forge)))
        await ctx.forge.add_labels(ctx.repo, ctx.item, [ctx.settings.labels.needs_info])
        await ctx.record_failure(str(StepName.ACCEPTANCE), "acceptance_blocked",
                                 blocked_story(blocked, dropped))
        summary = f"blocked: {len(kept)} usable criteria ({dropped} dropped)"
        reason = "the report does not say what the fixed behaviour is"
        if waits:  # the answer resumes the run here (handlers/answers.py)
            return StepOutcome(Verdict.WAITING, None, artifact=artifact,
                               summary=summary + "; waiting for an answer",
                               ending=RunEnding(RunStatus.PAUSED, "needs_info", reason,
                                                resume_at=str(StepName.ACCEPTANCE),
                                                announced=True))
        return StepOutcome(Verdict.REJECTED, None, artifact=artifact, summary=summary,
                           ending=RunEnding(RunStatus.FAILED, "needs_info", reason,
                                            announced=True))
    if ctx.state.answered_by:  # asked before: the answer did it
        await ctx.forge.remove_label(ctx.repo, ctx.item, ctx.settings.labels.needs_info)
    accepted = artifact.model_copy(update={"criteria": kept})
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=accepted,
                       summary=f"{len(kept)} criteria" + (f", {dropped} dropped" if dropped else ""))


async def diagnose(ctx: RunContext) -> StepOutcome:
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    parts = [await report_for_model(ctx), "", criteria_block(criteria)]
    judge_feedback = ctx.notes.judge_feedback or _earlier_judgement(ctx)
    if judge_feedback:
        parts += ["", "An independent judge rejected the previous diagnosis:", judge_feedback]
    if ctx.notes.location_feedback:
        parts += ["", ctx.notes.location_feedback]
        ctx.notes.location_feedback = None
    artifact = await run_agent(ctx, StepName.DIAGNOSE, "\n".join(parts), Diagnosis)
    missing = [loc for loc in artifact.locations if not _location_exists(ctx, loc)]
    if missing:
        where = ", ".join(f"{m.path}:{m.start_line}-{m.end_line}" for m in missing)
        ctx.notes.location_feedback = (
            f"These cited locations do not exist in the checkout: {where}. Cite real lines.")
        await ctx.record_failure(str(StepName.DIAGNOSE), "locations_missing",
                                 ctx.notes.location_feedback)
        return StepOutcome(Verdict.REJECTED, str(StepName.DIAGNOSE), artifact=artifact,
                           summary=f"cited missing locations: {where}")
    where = ", ".join(f"{loc.path}:{loc.start_line}" for loc in artifact.locations[:3])
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       summary=f"root cause at {where}")


def blocked_story(blocked: Acceptance, dropped: int) -> str:
    """The rules loop's story of a report ACCEPTANCE could not turn into criteria."""
    lines = [f"Acceptance blocked ({dropped} criteria dropped as not quoted verbatim)."]
    lines += [f"missing: {item}" for item in blocked.missing_data]
    lines += [f"asked: {question}" for question in blocked.questions]
    return "\n".join(lines)


def judge_story(diagnosis: Diagnosis, judgement: Judgement) -> str:
    """The rules loop's story of a diagnosis the judge rejected: what was claimed, why not."""
    cited = ", ".join(f"{loc.path}:{loc.start_line}-{loc.end_line}" for loc in diagnosis.locations)
    return (f"Diagnosis: {diagnosis.root_cause} (cited {cited})\n"
            f"Judge: {judgement.why} (it latched onto: {judgement.latched_onto})")


def _earlier_judgement(ctx: RunContext) -> str | None:
    judgement = ctx.artifact(StepName.JUDGE, Judgement)
    if judgement is None or judgement.explains_symptom:
        return None
    return f"{judgement.why} (it latched onto: {judgement.latched_onto})"


def _location_exists(ctx: RunContext, location: CodeLocation) -> bool:
    root: Path = ctx.workspace.path
    path = (root / location.path).resolve()
    if not path.is_relative_to(root.resolve()) or not path.is_file():
        return False
    try:
        lines = path.read_text(errors="replace").count("\n") + 1
    except OSError:
        return False
    return 1 <= location.start_line <= location.end_line <= lines + 1


def cited_excerpts(ctx: RunContext, diagnosis: Diagnosis) -> list[CodeExcerpt]:
    root: Path = ctx.workspace.path
    excerpts = []
    for location in diagnosis.locations:
        lines = (root / location.path).read_text(errors="replace").splitlines()
        first = max(1, location.start_line - 3)
        last = min(len(lines), location.end_line + 3, first + MAX_EXCERPT_LINES)
        excerpts.append(CodeExcerpt(path=location.path, start_line=first,
                                    text="\n".join(lines[first - 1:last])))
    return excerpts


async def judge(ctx: RunContext) -> StepOutcome:
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    diagnosis = ctx.require(StepName.DIAGNOSE, Diagnosis)
    inputs = judge_input(criteria, diagnosis, cited_excerpts(ctx, diagnosis))
    artifact = await run_agent(ctx, StepName.JUDGE, inputs, Judgement)
    if artifact.explains_symptom:
        ctx.notes.judge_feedback = None
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                           summary="the diagnosis explains the symptom")
    ctx.notes.judge_feedback = f"{artifact.why} (it latched onto: {artifact.latched_onto})"
    await ctx.record_failure(str(StepName.JUDGE), "judge_rejected",
                             judge_story(diagnosis, artifact))
    rebuilds = ctx.repo_config.steps.judge_rebuilds
    rounds = await ctx.executions(StepName.JUDGE) + 1
    if rounds <= rebuilds:
        return StepOutcome(Verdict.REJECTED, str(StepName.DIAGNOSE), artifact=artifact,
                           summary=f"disagreed (round {rounds} of {rebuilds})")
    await ctx.forge.create_comment(
        ctx.repo, ctx.item, render_judge_disagreed(ctx.run_id, diagnosis, artifact, rounds=rounds,
                                                    command=ctx.settings.command_prefix))
    await ctx.forge.add_labels(ctx.repo, ctx.item, [ctx.settings.labels.failed])
    return StepOutcome(Verdict.REJECTED, None, artifact=artifact,
                       summary=f"disagreed {rounds} times; stopping",
                       ending=RunEnding(RunStatus.FAILED, "judge_disagreed",
                                        "the judge did not accept the diagnosis",
                                        announced=True))
