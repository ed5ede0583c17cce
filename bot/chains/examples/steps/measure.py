"""EXAMPLES_TRAIN and EXAMPLES_HELD_OUT (code only): the evaluator's answers, scored by code.

Training errors go back to the generator as they are (it may see the training part). The
held-out part is scored in a fresh throwaway copy; its errors never leave this process except
to the critic, and an evaluator failure on it is reported without its console output.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import Evaluation, StepName
from bot.chains.examples.evaluate import EvaluatorFailed, run_evaluator
from bot.chains.examples.metrics import errors, meets, score
from bot.chains.examples.render import below_threshold_comment
from bot.chains.examples.run import current_split, held_out, spec_of
from bot.chains.examples.split import Example
from bot.chains.examples.state import ExamplesState, Iteration
from bot.engine.artifacts import Artifact
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.walk import public_text
from bot.forge.errors import ForgeError

MAX_ERRORS_SHOWN = 20


async def end_below_threshold(ctx: RunContext, state: ExamplesState, reason: str,
                              artifact: Artifact | None = None,
                              outcome: str = "below_threshold") -> StepOutcome:
    """No change request: the metrics go on the issue, and the run ends failed. The reason is
    stored and shown as the public may read it (no host paths)."""
    await state.save(ctx)
    reason = public_text(ctx, reason)
    text = below_threshold_comment(run_id=ctx.run_id, spec=spec_of(ctx), state=state,
                                   reason=reason, command=ctx.settings.command_prefix,
                                   kind=outcome)
    await ctx.forge.create_comment(ctx.repo, ctx.item, text)
    try:
        await ctx.forge.add_labels(ctx.repo, ctx.item, [ctx.settings.labels.failed])
    except ForgeError:
        pass  # the comment said it; a label is a convenience
    return StepOutcome(Verdict.REJECTED, None, artifact=artifact, summary=reason[:200],
                       ending=RunEnding(RunStatus.FAILED, outcome, reason,
                                        step=ctx.notes.step, announced=True))


async def retry_or_end(ctx: RunContext, state: ExamplesState, feedback: list[str],
                       artifact: Evaluation, summary: str, reason: str) -> StepOutcome:
    """Another generator attempt in this round (the rejection filed under `reason`), or the
    end of the run."""
    limits = spec_of(ctx).limits
    if state.train_attempts >= limits.train_attempts:
        return await end_below_threshold(
            ctx, state, f"the training thresholds were not reached in "
            f"{limits.train_attempts} attempts of round {state.round}", artifact)
    state.feedback = feedback
    await state.save(ctx)
    return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_GENERATE), artifact=artifact,
                       summary=summary, reason=reason)


def _listed(title: str, texts: list[str]) -> list[str]:
    if not texts:
        return []
    shown = texts[:MAX_ERRORS_SHOWN]
    more = f" (and {len(texts) - len(shown)} more)" if len(texts) > len(shown) else ""
    return [f"{title}{more}: " + "; ".join(repr(t) for t in shown)]


async def train(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    examples = list((await current_split(ctx, spec)).train)
    number = len(state.iterations) + 1
    try:
        answers = await evaluated(ctx, "train", [e.text for e in examples])
    except EvaluatorFailed as exc:
        state.iterations.append(Iteration(number=number, round=state.round,
                                          note=f"evaluator failed: {exc.summary}"))
        artifact = Evaluation(part="train", passed=False, failure=exc.summary)
        detail = f"\n{exc.detail}" if exc.detail else ""
        return await retry_or_end(ctx, state, [f"On the training examples {exc.summary}."
                                               + detail], artifact, exc.summary,
                                  reason="evaluator_failed")
    metrics = score(examples, answers)
    state.iterations.append(Iteration(number=number, round=state.round,
                                      train=metrics.summary()))
    passed = meets(metrics, spec.thresholds, part="train")
    artifact = Evaluation(part="train", passed=passed, metrics=metrics.summary())
    summary = f"training recall {metrics.recall:.0%}, precision {metrics.precision:.0%}"
    if passed:
        await state.save(ctx)
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                           summary=summary)
    missed, alarms = errors(examples, answers)
    feedback = [f"Training {summary}; thresholds {spec.thresholds.train_recall:.0%} and "
                f"{spec.thresholds.train_precision:.0%}.",
                *_listed("Positives not accepted", missed),
                *_listed("Negatives accepted", alarms)]
    return await retry_or_end(ctx, state, feedback, artifact, summary,
                              reason="below_train_threshold")


async def held_out_answers(ctx: RunContext) -> tuple[list[Example], list[bool]]:
    """The held-out examples and the evaluator's answers on them (memory only)."""
    examples = list((await held_out(ctx)).examples)
    return examples, await evaluated(ctx, "held_out", [e.text for e in examples])


async def evaluated(ctx: RunContext, part: str, texts: list[str]) -> list[bool]:
    """The evaluator's answers, the run recorded as a code action (counts only)."""
    step = ctx.notes.step or str(StepName.EXAMPLES_TRAIN)
    try:
        answers = await run_evaluator(ctx.sandbox, ctx.workspace.path, ctx.repo_config,
                                      spec_of(ctx), texts)
    except EvaluatorFailed as exc:
        await ctx.trajectory.record(step=step, actor="code", tool="run_evaluator",
                                    args={"part": part, "examples": len(texts)}, ok=False,
                                    detail=exc.summary)
        raise
    await ctx.trajectory.record(step=step, actor="code", tool="run_evaluator",
                                args={"part": part, "examples": len(texts)},
                                detail=f"{sum(answers)} of {len(answers)} accepted")
    return answers


async def evaluate_held_out(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    limits = spec.limits
    try:
        examples, answers = await held_out_answers(ctx)
    except EvaluatorFailed as exc:  # its console may echo the examples: the summary only
        artifact = Evaluation(part="held_out", passed=False, failure=exc.summary)
        if state.round >= limits.artefact_rounds:
            return await end_below_threshold(
                ctx, state, f"on the held-out examples {exc.summary}", artifact)
        state.round += 1
        state.train_attempts = 0
        state.feedback = [f"On the examples you have not seen, {exc.summary}: make the "
                          "artefact answer every input of the contract."]
        await state.save(ctx)
        return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_GENERATE),
                           artifact=artifact, summary=exc.summary, reason="evaluator_failed")
    metrics = score(examples, answers)
    if state.iterations:
        state.iterations[-1].held_out = metrics.summary()
    passed = meets(metrics, spec.thresholds, part="held_out")
    artifact = Evaluation(part="held_out", passed=passed, metrics=metrics.summary())
    summary = (f"held-out recall {metrics.recall:.0%} (≥ {metrics.recall_lower:.0%}), "
               f"precision {metrics.precision:.0%} (≥ {metrics.precision_lower:.0%})")
    if passed:
        await state.save(ctx)
        return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                           summary=summary)
    if state.round >= limits.artefact_rounds:
        return await end_below_threshold(
            ctx, state, f"the held-out thresholds were not reached in {limits.artefact_rounds} "
            f"rounds (last: {summary})", artifact)
    await state.save(ctx)
    return StepOutcome(Verdict.REJECTED, str(StepName.EXAMPLES_CRITIC), artifact=artifact,
                       summary=summary, reason="below_held_out_threshold")
