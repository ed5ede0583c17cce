"""EXAMPLES_CRITIC: the held-out errors become generalised observations for the generator.

The critic is the only model that reads held-out examples (its requests are let through the
model guard, and nothing it reads is stored). Code then drops every observation that contains
or closely paraphrases a held-out example; raw examples never go back to the generator.
"""

from __future__ import annotations

from bot.chains.examples.artifacts import Critique, StepName
from bot.chains.examples.metrics import errors, score
from bot.chains.examples.run import leak_filter, model_guard, spec_of
from bot.chains.examples.state import ExamplesState
from bot.chains.examples.steps.generate import run, task_blocks
from bot.chains.examples.steps.measure import held_out_answers
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.text.untrusted import data_block

NO_OBSERVATION = ("The independent check on examples you have not seen is still below its "
                  "threshold; look for whole classes of inputs the artefact does not handle.")


async def critic(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    examples, answers = await held_out_answers(ctx)
    metrics = score(examples, answers)
    missed, alarms = errors(examples, answers)
    parts = task_blocks(ctx, spec)
    parts.append(f"Held-out recall {metrics.recall:.0%}, precision {metrics.precision:.0%}.")
    parts.append("Positives the artefact did not accept:\n"
                 + data_block("failures", "\n".join(missed) or "(none)"))
    parts.append("Negatives the artefact accepted:\n"
                 + data_block("failures", "\n".join(alarms) or "(none)"))
    guard = model_guard(ctx)
    guard.exempt = True
    try:
        critique = await run(ctx, StepName.EXAMPLES_CRITIC, "\n\n".join(parts))
    finally:
        guard.exempt = False
    assert isinstance(critique, Critique)
    kept, dropped = (await leak_filter(ctx)).keep(critique.observations)
    engine_safe = [o for o in kept if not ctx.held.leaks_in(o)]  # the engine's own test too
    kept, dropped = engine_safe, dropped + len(kept) - len(engine_safe)
    state.observations_dropped += dropped
    state.feedback = [f"Independent check: {o}" for o in kept] or [NO_OBSERVATION]
    state.round += 1
    state.train_attempts = 0
    await state.save(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD,
                       artifact={"observations": kept, "dropped": dropped},
                       summary=f"{len(kept)} observations, {dropped} dropped")
