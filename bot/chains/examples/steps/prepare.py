"""PREPARE of the examples chain (code only): checkout, spec, hidden examples, fixed bar.

Before the first model call: the spec is resolved from the base branch's `.smith.yml` and the
issue's `smith` block, the example files are read from the base commit, removed from the
working tree and protected (no tool can read or write them), the acceptance hash and the
held-out part's size and hash are recorded, and every model request is put behind the
held-out filter. A resumed run recomputes all of it and stops if the base branch changed
the bar or the examples under it.
"""

from __future__ import annotations

import structlog

from bot.chains.examples.run import ExamplesMissing, current_split, guard_model, held_out
from bot.chains.examples.spec import SpecError, acceptance_digest, resolve
from bot.chains.examples.state import ExamplesState
from bot.engine.context import RunContext
from bot.engine.graph import ONWARD, StepOutcome, Verdict
from bot.engine.tools import needed
from bot.kit.opening import bad_config, begin_run, equip_checkout, stop_run
from bot.repo_config import CONFIG_FILE, RepoConfigError, load_repo_config
from bot.workspace.checkout import branch_name
from bot.workspace.safe_fs import UnsafePath, remove_beneath

log = structlog.get_logger(__name__)


async def prepare_examples(ctx: RunContext) -> StepOutcome:
    begun = await begin_run(ctx)
    if isinstance(begun, StepOutcome):
        return begun
    workspace, issue = begun
    assert issue is not None
    tools = ctx.tools
    default = await ctx.forge.default_branch(ctx.repo)
    checkout = await workspace.create_checkout(
        needed(tools.clone_url, "clone_url"), ctx.base_branch or default,
        new_branch=ctx.branch or branch_name(issue.number, issue.title),
        credentials=tools.credentials)
    tools.checkout = checkout
    try:
        config = load_repo_config(await checkout.read_base_file(CONFIG_FILE))
        spec = resolve(config.examples, issue.body or "")
    except RepoConfigError as exc:
        return bad_config(exc)
    except SpecError as exc:
        return stop_run("bad_spec", str(exc))
    try:
        split = await current_split(ctx, spec)
    except ExamplesMissing as exc:
        return stop_run("bad_spec", f"the examples chain cannot read its examples: {exc}")
    if not split.held_out or not any(e.positive for e in split.train):
        return stop_run("bad_spec", "too few examples to hold any out: each of positives and "
                     "negatives needs at least two distinct lines")
    _hide(ctx, spec.example_files)
    protected = config.model_copy(update={
        "protected_paths": [*config.protected_paths, *spec.example_files]})
    stopped = await equip_checkout(ctx, protected, checkout.source_branch)
    if stopped is not None:
        return stopped
    state = ExamplesState.of(ctx)
    settings = ctx.settings
    digest = acceptance_digest(spec, seed=settings.examples_split_seed,
                               fraction=settings.examples_held_out_fraction)
    if state.acceptance_hash and state.acceptance_hash != digest:
        return stop_run("acceptance_changed", "the acceptance rules, thresholds or evaluator "
                     "changed on the base branch while the run was under way")
    if state.spec is None:  # fixed now; every later step reads this one
        state.spec = spec
        await state.save(ctx)
    held = await held_out(ctx)
    if state.held_out_hash and state.held_out_hash != held.digest:
        return stop_run("acceptance_changed", "the examples changed on the base branch while "
                     "the run was under way")
    await guard_model(ctx)  # before the first model call of this execution
    if not state.acceptance_hash:
        state = state.model_copy(update=dict(
            acceptance_hash=digest, held_out_hash=held.digest,
            held_out_size=len(held.examples), held_out_positives=held.positives,
            held_out_negatives=held.negatives, train_size=len(split.train),
            moved_to_training=split.moved, quoted_to_training=split.quoted,
            quoted_keys=list(split.quoted_keys)))
        await state.save(ctx)
    await ctx.forge.add_labels(ctx.repo, ctx.item, [settings.labels.in_progress])
    return StepOutcome(Verdict.PASSED, ONWARD,
                       summary=f"{len(split.train)} training, {len(held.examples)} held-out "
                               f"examples ({split.quoted} quoted by the task went to "
                               f"training); acceptance {digest[:12]}")


def _hide(ctx: RunContext, paths: list[str]) -> None:
    """The example files leave the working tree: the agent's tools and the sandbox never see
    them (code reads them from the base commit)."""
    for path in paths:
        try:
            remove_beneath(ctx.workspace.path, path)
        except FileNotFoundError:
            continue
        except (UnsafePath, OSError) as exc:
            log.warning("examples.hide_failed", run=ctx.run_id, path=path, error=str(exc))
            raise
