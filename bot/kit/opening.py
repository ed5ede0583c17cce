"""Opening a run, for every chain: the issue, the checkout, the repo config, the sandbox, the
code graph and the model (PREPARE, code only). `begin_run` and `equip_checkout` are the two
halves a chain with its own PREPARE calls around its own checkout.

Runs at the start of a run and again before a resumed run goes on, so that a resumed run works
on a fresh checkout with the stored diff re-applied. The code graph is rebuilt every time; if
indexing fails the run gets no graph at all (a stale graph is worse than none). The graph indexes
in the background while the run goes on (bot/kit/code_index.py).
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime

import structlog

from bot.budgets.caps import period_end
from bot.budgets.guard import room_for
from bot.codegraph.lazy import LazyCodeGraph
from bot.engine.context import RunContext
from bot.engine.errors import EnvironmentBroken
from bot.engine.graph import ONWARD, RunEnding, RunStatus, StepOutcome, Verdict
from bot.engine.tools import needed
from bot.forge.base import Issue
from bot.kit.code_index import start_code_graph
from bot.kit.environment import setup_problem
from bot.kit.permission import permission_lost
from bot.kit.preflight import preflight
from bot.llm.client import import_sdk
from bot.llm.from_settings import make_ledger, make_step_runner
from bot.llm.ledger import OuterCap, UsageRecord
from bot.protected_paths import ProtectedPaths
from bot.repo_config import CONFIG_FILE, RepoConfig, RepoConfigError, load_repo_config
from bot.workspace.checkout import Workspace, branch_name
from bot.workspace.dependencies import DependencyCache, SetupFailed
from bot.workspace.git import GitOptions
from bot.workspace.sandbox import Sandbox, SandboxUnavailable
from bot.workspace.sandbox.from_settings import sandbox_settings
from bot.workspace.test_failure import EnvironmentProblem
from bot.workspace.versions import with_version_env

log = structlog.get_logger(__name__)

STALE_RUN_FOLDER_SECONDS = 24 * 3600


async def prepare(ctx: RunContext) -> StepOutcome:
    """PREPARE for a run on an issue (the fix and test-generation chains): a new branch from
    the base branch the repository's config picks for the issue (labels, milestone)."""
    begun = await begin_run(ctx)
    if isinstance(begun, StepOutcome):
        return begun
    workspace, issue = begun
    assert issue is not None
    tools = ctx.tools
    default = await ctx.forge.default_branch(ctx.repo)
    new_branch = ctx.branch or branch_name(issue.number, issue.title)
    clone_url = needed(tools.clone_url, "clone_url")
    checkout = await workspace.create_checkout(
        clone_url, ctx.base_branch or default, new_branch=new_branch,
        credentials=tools.credentials)
    tools.checkout = checkout
    try:
        config = load_repo_config(await checkout.read_base_file(CONFIG_FILE))
    except RepoConfigError as exc:
        return bad_config(exc)
    base = checkout.source_branch
    chosen = config.base_branch_for(issue.labels, issue.milestone) or base
    if chosen != base:
        checkout.remove()
        checkout = await workspace.create_checkout(
            clone_url, chosen, new_branch=checkout.branch, credentials=tools.credentials)
        tools.checkout = checkout
        config = load_repo_config(await checkout.read_base_file(CONFIG_FILE))
        base = chosen
    stopped = await equip_checkout(ctx, config, base)
    if stopped is not None:
        return stopped
    await ctx.forge.add_labels(ctx.repo, ctx.item, [ctx.settings.labels.in_progress])
    return StepOutcome(Verdict.PASSED, ONWARD, summary=opening_summary(ctx, base))


async def config_of_branch(
    ctx: RunContext, workspace: Workspace, branch: str
) -> RepoConfig | StepOutcome:
    """`.smith.yml` as `branch` has it (read from a throwaway checkout of that branch, never
    from the run's own working tree), or the stop that names what is wrong with it."""
    tools = ctx.tools
    target = await workspace.create_checkout(tools.need("clone_url"), branch,
                                             credentials=tools.credentials, refresh=False)
    try:
        text = await target.read_base_file(CONFIG_FILE)
    finally:
        target.remove()
    try:
        return load_repo_config(text)
    except RepoConfigError as exc:
        return bad_config(exc)


async def begin_run(ctx: RunContext, *, read_issue: bool = True
                 ) -> tuple[Workspace, Issue | None] | StepOutcome:
    """The issue, the model key, the run folders, and how to reach the repository. A run asked
    for on a change request (`read_issue=False`) reads the change request itself instead."""
    settings = ctx.settings
    lost = await permission_lost(ctx)
    if lost is not None:
        return stop_run("not_permitted", lost)
    issue = await ctx.forge.get_issue(ctx.repo, ctx.item.number) if read_issue else None
    ctx.tools.issue = issue
    if not settings.anthropic_api_key:
        return stop_run("no_model_key", "ANTHROPIC_API_KEY is not set for this Smith installation")
    workspace = Workspace(settings.workspace_dir, GitOptions(
        allowed_protocols=tuple(settings.git_allowed_protocols),
        timeout_seconds=settings.git_timeout_seconds,
    ))
    # Folders of runs whose worker died are never cleaned by that worker: sweep old ones here.
    workspace.remove_stale_runs(older_than_seconds=STALE_RUN_FOLDER_SECONDS)
    free_mb = shutil.disk_usage(settings.workspace_dir).free // (1 << 20)
    if free_mb < settings.min_free_disk_mb:
        raise EnvironmentBroken(EnvironmentProblem(
            "disk_low", f"the Smith worker has only {free_mb} MB of free disk, below its floor "
            f"of {settings.min_free_disk_mb} MB, so no checkout was made",
            "ask the Smith operator to free disk space (or lower SMITH_MIN_FREE_DISK_MB)"))
    ctx.tools.clone_url = await ctx.forge.clone_url(ctx.repo)
    pushing = await ctx.forge.push_credentials(ctx.repo)  # handed to git alone
    ctx.tools.credentials = pushing
    return workspace, issue


async def equip_checkout(ctx: RunContext, config: RepoConfig, base: str) -> StepOutcome | None:
    """Everything the steps use on the checkout: protected paths, the sandbox and the
    repository's setup, the resumed diff, the code graph and the model; a stop if one fails."""
    settings = ctx.settings
    tools = ctx.tools
    checkout = ctx.workspace
    config = with_version_env(config, checkout.nearest_tag)
    tools.repo_config = config
    await ctx.update_run(branch=checkout.branch, base_branch=base)
    tools.protected = ProtectedPaths.load(extra=config.protected_paths,
                                          defaults_file=settings.protected_paths_file)
    try:
        tools.sandbox = Sandbox(sandbox_settings(settings), kind_override=config.sandbox)
    except SandboxUnavailable as exc:
        return stop_run("no_sandbox", str(exc))
    if config.setup.command:
        cache = DependencyCache(settings.dependency_cache_dir, tools.sandbox,
                                settings.setup_env)
        try:
            outcome = await cache.prepare(checkout.path, config, _safe(ctx.repo.full_name))
        except SetupFailed as exc:  # the repository's environment, never an attempt
            raise EnvironmentBroken(setup_problem(str(exc))) from None
        log.info("dependencies_ready", cache_hit=outcome.cache_hit, seconds=outcome.seconds)
    await preflight(ctx, config)  # a runner or project that cannot start costs no tokens
    if ctx.resume_diff:
        await checkout.apply_diff(ctx.resume_diff)
    tools.code_graph = _index(ctx)
    await import_sdk()  # off the loop, once per process
    _start_model(ctx, await _spent_so_far(ctx), config, await _period_room(ctx, config))
    return None


def opening_summary(ctx: RunContext, base: str) -> str:
    graph_note = "code graph indexing" if ctx.code_graph is not None else "no code graph"
    return f"{base} @ {ctx.workspace.base_commit[:10]}, {graph_note}"


def bad_config(exc: RepoConfigError) -> StepOutcome:
    return stop_run("bad_config", f"`.smith.yml` on the base branch cannot be used:\n{exc}")


def _index(ctx: RunContext) -> LazyCodeGraph | None:
    """The checkout's code graph, building in the background (bot/kit/code_index.py)."""
    cache = ctx.settings.codegraph_cache_dir / _safe(f"{ctx.repo.forge}-{ctx.repo.full_name}")
    cache.parent.mkdir(parents=True, exist_ok=True)
    return start_code_graph(ctx.workspace.path, cache)


async def _spent_so_far(ctx: RunContext) -> tuple[int, float]:
    """Tokens and dollars this run spent before (a resumed run keeps counting toward its caps)."""
    return await ctx.records.spent(ctx.run_id)


async def _period_room(ctx: RunContext, config: RepoConfig) -> OuterCap | None:
    """What the installation's and the repository's day and month caps leave this run (no
    request is sent that could cross one; bot/budgets)."""
    now = datetime.now(UTC)
    room = await room_for(ctx.runtime.db, ctx.settings.budgets, ctx.repo.forge,
                          ctx.repo.full_name, config.budgets, now=now)
    if room.tokens is None and room.usd is None:
        return None
    return OuterCap(
        tokens=room.tokens, usd=room.usd,
        tokens_name=room.tokens_cap.describe() if room.tokens_cap else "a token cap",
        usd_name=room.usd_cap.describe() if room.usd_cap else "a dollar cap",
        tokens_resets_at=period_end(room.tokens_cap.period, now) if room.tokens_cap else None,
        usd_resets_at=period_end(room.usd_cap.period, now) if room.usd_cap else None)


def _start_model(ctx: RunContext, spent: tuple[int, float], config: RepoConfig,
                 outer: OuterCap | None) -> None:
    """The run's ledger (its caps, lowered by the repository's own, less what it spent before
    a resume, within what the period caps leave) and step runner."""

    async def persist(record: UsageRecord) -> None:
        await ctx.records.record_model_call(ctx.run_id, record)

    ledger = make_ledger(ctx.settings, sink=persist, run_id=str(ctx.run_id), spent=spent,
                         run_caps=(config.budgets.run_tokens, config.budgets.run_usd),
                         outer=outer)
    ctx.tools.ledger = ledger
    ctx.tools.step_runner = make_step_runner(ctx.settings, ledger)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def stop_run(outcome: str, reason: str) -> StepOutcome:
    return StepOutcome(Verdict.FAILED, None, summary=reason[:200],
                       ending=RunEnding(RunStatus.FAILED, outcome, reason))
