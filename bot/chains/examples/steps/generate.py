"""EXAMPLES_CLASSES and EXAMPLES_GENERATE: the critic's tree of input classes, then the
generator writing the artefact, its companion code and tests.

The classes are built first, from the task and the contract alone, so the critic cannot have
read the generator's solution. The generator sees the task, the contract, the fixed rules and
thresholds, the training examples through a read-only view, and the feedback code kept for
it: training errors, the critic's filtered observations, uncovered input classes.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.chains.examples.artifacts import (
    Evaluation,
    GeneratedArtefact,
    InputClass,
    InputClasses,
    StepName,
)
from bot.chains.examples.run import current_split, leak_filter, spec_of
from bot.chains.examples.state import ClassRow, ExamplesState
from bot.chains.examples.steps.measure import retry_or_end
from bot.chains.examples.tools import VIEW, TrainingView
from bot.engine.artifacts import Artifact
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.engine.registry import agent_step
from bot.kit.agent import learned_rules, tools_for
from bot.kit.change import change_diff
from bot.llm.runner import StepSpec, StepTools
from bot.repo_config import ExamplesConfig
from bot.text.untrusted import data_block
from bot.workspace.tools import WritePolicy


def task_blocks(ctx: RunContext, spec: ExamplesConfig) -> list[str]:
    """The task as the maintainer wrote it, and what the artefact must be."""
    issue = ctx.tools.need("issue")
    parts = [data_block("report", f"{issue.title}\n\n{issue.body or ''}")]
    parts.append(f"The artefact lives in `{spec.artefact}`.")
    if spec.contract:
        parts.append("Its contract:\n" + data_block("code", spec.contract))
    if spec.rules:
        parts.append("Acceptance rules, fixed before you started:\n"
                     + "\n".join(f"- {rule}" for rule in spec.rules))
    return parts


async def run(
    ctx: RunContext, step: StepName, inputs: str, tools: StepTools | None = None
) -> Artifact:
    info = agent_step(step)
    assert info.artifact is not None
    result = await ctx.step_runner.run_step(
        StepSpec(name=str(step), artifact=info.artifact, max_turns=ctx.settings.step_max_turns),
        inputs, tools, rules=await learned_rules(ctx, str(step)))
    return result.artifact


_ACCEPTED = frozenset({"accepted", "accept", "accepts", "recognised", "recognized", "true",
                       "matched", "matches", "yes"})
_REJECTED = frozenset({"rejected", "reject", "rejects", "not recognised", "not recognized",
                       "false", "not matched", "no", "not accepted"})


def polarity(item: InputClass) -> bool | None:
    """Whether the class must be accepted: the critic's `accepts`, else its `expected` when
    that is a plain yes or no (a class without one has no coverage variant)."""
    if item.accepts is not None:
        return item.accepts
    said = " ".join(item.expected.casefold().strip(" .").split())
    return True if said in _ACCEPTED else False if said in _REJECTED else None


def clean_classes(tree: InputClasses, leaks: Callable[[str], bool]) -> list[InputClass]:
    """The classes whose texts name no held-out example. The critic builds them blind, so a
    match is a coincidence; but class texts go back to the generator and into the change
    request, so such a class is dropped rather than shown."""
    return [c for c in tree.classes if not leaks(f"{c.description}\n{c.expected}")]


async def classes(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    tree = await run(ctx, StepName.EXAMPLES_CLASSES, "\n\n".join(task_blocks(ctx, spec)))
    assert isinstance(tree, InputClasses)
    filt = await leak_filter(ctx)
    kept = clean_classes(tree, lambda text: filt.leaks(text) or ctx.held.leaks_in(text))
    state = ExamplesState.of(ctx)
    state.classes = [ClassRow(id=c.id, description=c.description, expected=c.expected,
                              accepts=polarity(c)) for c in kept]
    await state.save(ctx)
    dropped = len(tree.classes) - len(kept)
    return StepOutcome(Verdict.PASSED, ONWARD,
                       artifact={"classes": [c.model_dump() for c in kept], "dropped": dropped},
                       summary=f"{len(kept)} input classes"
                               + (f", {dropped} dropped (named a held-out example)"
                                  if dropped else ""))


def generate_budget(ctx: RunContext) -> int:
    limits = spec_of(ctx).limits
    return (limits.artefact_rounds + limits.companion_rounds) * limits.train_attempts


async def generate(ctx: RunContext) -> StepOutcome:
    spec = spec_of(ctx)
    state = ExamplesState.of(ctx)
    split = await current_split(ctx, spec)
    t = spec.thresholds
    positives = sum(e.positive for e in split.train)
    parts = task_blocks(ctx, spec)
    parts.append(
        f"The training examples are readable (not writable) with read_file at "
        f"`{VIEW}/positives.txt` ({positives} examples to accept) and `{VIEW}/negatives.txt` "
        f"({len(split.train) - positives} to reject). Code measures the artefact with the "
        f"evaluator `{spec.evaluator}`: training recall and precision must reach "
        f"{t.train_recall:.0%} and {t.train_precision:.0%}; an independent check on examples "
        f"you never see follows.")
    if state.feedback:
        parts.append("Feedback on your previous attempt:\n"
                     + data_block("feedback", "\n".join(f"- {f}" for f in state.feedback)))
    parts.append(f"Round {state.round} of {spec.limits.artefact_rounds}, attempt "
                 f"{state.train_attempts + 1} of {spec.limits.train_attempts} in this round.")
    base = tools_for(ctx, str(StepName.EXAMPLES_GENERATE), WritePolicy.all_except())
    assert base is not None
    artifact = await run(ctx, StepName.EXAMPLES_GENERATE, "\n\n".join(parts),
                         TrainingView(base, split.train))
    assert isinstance(artifact, GeneratedArtefact)
    state.train_attempts += 1
    state.feedback = []
    diff = await change_diff(ctx)
    if not diff.strip():
        return await retry_or_end(ctx, state, ["The previous attempt changed no file."],
                                  Evaluation(part="train", passed=False,
                                             failure="changed nothing"), "changed nothing",
                                  reason="no_change")
    await state.save(ctx)
    return StepOutcome(Verdict.PASSED, ONWARD, artifact=artifact,
                       diff=diff, summary=artifact.summary[:200])
