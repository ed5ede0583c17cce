"""Running one agent step of a chain: its spec, its tools, its learned rules, its inputs."""

from __future__ import annotations

from typing import TypeVar

from bot.engine.artifacts import Artifact
from bot.engine.context import RunContext
from bot.engine.registry import agent_step
from bot.llm.runner import StepSpec
from bot.workspace.tools import ToolSet, WritePolicy


async def learned_rules(ctx: RunContext, step: str) -> list[str]:
    """Approved rules for this step and repository (plus global ones). Only approved rules
    ever reach a prompt; the rules loop owns the query."""
    return await ctx.records.approved_rules(ctx.repo, step)


def tools_for(ctx: RunContext, step: str, policy: WritePolicy | None) -> ToolSet | None:
    spec = agent_step(step)
    if not spec.tools:
        return None
    return ToolSet(
        ctx.workspace.path, step=step, trajectory=ctx.trajectory,
        policy=policy or WritePolicy.read_only(), is_protected=ctx.protected.matches,
        graph=ctx.code_graph, secrets=ctx.settings.secret_values(),
    )


ArtifactT = TypeVar("ArtifactT", bound=Artifact)


async def run_agent(
    ctx: RunContext, step: str, inputs: str, expected: type[ArtifactT], *,
    policy: WritePolicy | None = None,
) -> ArtifactT:
    """The validated artifact of `step`, typed as the caller `expected` it (the registry's
    model for the step must be that one). Raises StepFailed / EnvironmentFailure /
    RunBudgetExceeded from the runner, which the engine turns into endings or retries."""
    spec = agent_step(step)
    if spec.artifact is None or not issubclass(spec.artifact, expected):
        raise TypeError(f"{step} submits {spec.artifact!r}, not {expected.__name__}")
    ctx.held.check(f"the prompt of {step}", inputs)  # held values never reach the model
    result = await ctx.step_runner.run_step(
        StepSpec(name=str(step), artifact=spec.artifact, max_turns=ctx.settings.step_max_turns),
        inputs, tools_for(ctx, step, policy), rules=await learned_rules(ctx, step),
    )
    artifact = result.artifact
    if not isinstance(artifact, expected):  # the runner validated it with the step's model
        raise TypeError(f"{step} returned {type(artifact).__name__}, not {expected.__name__}")
    return artifact
