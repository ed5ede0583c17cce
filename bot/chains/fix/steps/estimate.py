"""ESTIMATE and PLAN: how big is the fix, does a human want to see it first, or only a plan?

The blast radius is measured by the code graph (callers, files and packages reached), not
guessed by the model: when a graph exists its rating wins. The points are checked against the
floor the diagnosis' facts imply (bot/chains/fix/estimate_floor.py) and raised to it, with the
reasons. At or over the gate, or with a high radius, the run pauses until a maintainer says
`/smith approve` (or `smith runs approve N` in a shell: the only way for a local run); above the
maximum Smith publishes a plan instead of code.
"""

from __future__ import annotations

from bot.chains.fix.artifacts import Acceptance, Diagnosis, Estimate, Plan, StepName
from bot.chains.fix.comments import render_estimate_gate, render_plan
from bot.chains.fix.estimate_floor import estimate_floor
from bot.chains.fix.model_inputs import criteria_block, diagnosis_block, estimate_block
from bot.codegraph.models import BlastRadius
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.forge.local import is_local
from bot.kit.agent import run_agent
from bot.kit.code_index import full_code_graph


async def measure_blast_radius(ctx: RunContext, diagnosis: Diagnosis) -> BlastRadius | None:
    graph = await full_code_graph(ctx.code_graph)
    if graph is None:
        return None
    changed = []
    for location in diagnosis.locations:
        # Innermost: a changed method is rated by its own callers, not by everyone who
        # constructs its class (the class counts only when its own body changes).
        changed += graph.definitions_touched(location.path,
                                             [(location.start_line, location.end_line)],
                                             innermost=True)
    if not changed:
        return None
    return graph.blast_radius(changed)


def _radius_text(radius: BlastRadius | None) -> str:
    if radius is None:
        return "Blast radius from the code graph: unknown (no graph, or no definition touched)."
    return (
        f"Blast radius from the code graph: {radius.rating}. Changed: "
        f"{', '.join(radius.changed)}. Direct callers {radius.direct_callers} in "
        f"{radius.direct_files} files / {radius.direct_packages} packages; within two hops "
        f"{radius.two_hop_callers} callers in {radius.two_hop_files} files / "
        f"{radius.two_hop_packages} packages; {radius.call_sites} call sites. "
        + "; ".join(radius.reasons)
    )


async def estimate(ctx: RunContext) -> StepOutcome:
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    diagnosis = ctx.require(StepName.DIAGNOSE, Diagnosis)
    radius = await measure_blast_radius(ctx, diagnosis)
    inputs = "\n\n".join([criteria_block(criteria), diagnosis_block(diagnosis),
                          _radius_text(radius)])
    artifact = await run_agent(ctx, StepName.ESTIMATE, inputs, Estimate)
    if radius is not None:
        artifact = artifact.model_copy(update={
            "blast_radius": radius.rating,
            "blast_evidence": [*artifact.blast_evidence, *radius.reasons][:10],
        })
    artifact = checked_points(artifact, diagnosis, radius)
    steps = ctx.repo_config.steps
    summary = f"{artifact.points:g} points, {artifact.blast_radius} blast radius"
    if artifact.raised_from is not None:
        summary += f" (raised from {artifact.raised_from:g} by the diagnosis' facts)"
    if artifact.points > steps.estimate_max:
        return StepOutcome(Verdict.PASSED, str(StepName.PLAN), artifact=artifact,
                           summary=summary + f"; above {steps.estimate_max:g}: plan only")
    needs_gate = artifact.points >= steps.estimate_gate or artifact.blast_radius == "high"
    if needs_gate and not ctx.state.approved_by:
        await ctx.forge.create_comment(ctx.repo, ctx.item, render_estimate_gate(
            ctx.run_id, artifact, gate_points=steps.estimate_gate,
            command=ctx.settings.command_prefix, local=is_local(ctx.repo.forge)))
        await ctx.forge.add_labels(ctx.repo, ctx.item, [ctx.settings.labels.awaiting_approval])
        return StepOutcome(
            Verdict.WAITING, None, artifact=artifact, summary=summary + "; waiting for approval",
            ending=RunEnding(RunStatus.PAUSED, "awaiting_approval", summary,
                             resume_at=str(StepName.BRT), announced=True),
        )
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact, summary=summary)


def checked_points(artifact: Estimate, diagnosis: Diagnosis,
                   radius: BlastRadius | None) -> Estimate:
    """The estimate with its points at least at the diagnosis' floor; the code-only fields are
    always code's (whatever the model sent in them)."""
    floor = estimate_floor(diagnosis, radius)
    if artifact.points >= floor.points:
        return artifact.model_copy(update={"raised_from": None, "floor_reasons": []})
    return artifact.model_copy(update={
        "points": floor.points,
        "raised_from": artifact.points,
        "floor_reasons": floor.reasons,
        # A raised estimate of 2 or more still needs its why-not-lower: the floor is it.
        "why_not_lower": artifact.why_not_lower or "; ".join(floor.reasons),
    })


async def plan(ctx: RunContext) -> StepOutcome:
    criteria = ctx.require(StepName.ACCEPTANCE, Acceptance)
    diagnosis = ctx.require(StepName.DIAGNOSE, Diagnosis)
    estimated = ctx.require(StepName.ESTIMATE, Estimate)
    inputs = "\n\n".join([criteria_block(criteria), diagnosis_block(diagnosis),
                          estimate_block(estimated)])
    artifact = await run_agent(ctx, StepName.PLAN, inputs, Plan)
    await ctx.forge.create_comment(ctx.repo, ctx.item, render_plan(
        ctx.run_id, artifact, estimated, max_points=ctx.repo_config.steps.estimate_max))
    return StepOutcome(Verdict.PASSED, None, artifact=artifact,
                       summary=f"plan with {len(artifact.steps)} steps published",
                       ending=RunEnding(RunStatus.SUCCEEDED, "plan", "a plan was published",
                                        announced=True))
