"""PREPARE (code only): the issue, the checkout, the repo config, the sandbox, the graph.

Runs at the start of a run and again before a resumed run goes on, so that a resumed run works
on a fresh checkout with the stored diff re-applied. The code graph is rebuilt every time; if
indexing fails the run gets no graph at all (a stale graph is worse than none).
"""

from __future__ import annotations

import asyncio
import re

import structlog

from bot.chain.artifacts import StepName
from bot.chain.context import RunContext
from bot.chain.environment import EnvironmentBroken, setup_problem
from bot.chain.graph import RunEnding, RunStatus, StepOutcome, Verdict
from bot.codegraph.index import build_index
from bot.codegraph.models import CodeGraphError
from bot.llm.client import RetryPolicy, make_client
from bot.llm.ledger import ModelPrice, TokenLedger, UsageRecord
from bot.llm.runner import StepRunner
from bot.protected_paths import ProtectedPaths
from bot.repo_config import CONFIG_FILE, RepoConfigError, load_repo_config
from bot.workspace.checkout import Workspace, branch_name
from bot.workspace.dependencies import DependencyCache, SetupFailed
from bot.workspace.git import GitOptions
from bot.workspace.sandbox import Sandbox, SandboxUnavailable
from bot.workspace.sandbox.from_settings import sandbox_settings

log = structlog.get_logger(__name__)

STALE_RUN_FOLDER_SECONDS = 24 * 3600


async def prepare(ctx: RunContext) -> StepOutcome:
    settings = ctx.settings
    issue = await ctx.forge.get_issue(ctx.repo, ctx.issue.number)
    ctx.scratch["issue"] = issue
    if not settings.anthropic_api_key:
        return _stop("no_model_key", "ANTHROPIC_API_KEY is not set for this Smith installation")
    workspace = Workspace(settings.workspace_dir, GitOptions(
        allowed_protocols=tuple(settings.git_allowed_protocols),
        timeout_seconds=settings.git_timeout_seconds,
    ))
    # Folders of runs whose worker died are never cleaned by that worker: sweep old ones here.
    workspace.remove_stale_runs(older_than_seconds=STALE_RUN_FOLDER_SECONDS)
    clone_url = await ctx.forge.clone_url(ctx.repo)
    credentials = await ctx.forge.push_credentials(ctx.repo)
    ctx.scratch["clone_url"] = clone_url
    ctx.scratch["credentials"] = credentials

    if ctx.chain == "rework":
        change = await ctx.forge.get_change_request(ctx.repo, int(ctx.params["change_request"]))
        await _adopt_origin(ctx)
        checkout = await workspace.create_checkout(clone_url, change.source_branch,
                                                   credentials=credentials)
        # The config comes from the target branch, never from Smith's own changes.
        target = await workspace.create_checkout(clone_url, change.target_branch,
                                                 credentials=credentials, refresh=False)
        config_text = await target.read_base_file(CONFIG_FILE)
        target.remove()
        base = change.target_branch
    else:
        default = await ctx.forge.default_branch(ctx.repo)
        new_branch = ctx.branch or branch_name(issue.number, issue.title)
        checkout = await workspace.create_checkout(
            clone_url, ctx.base_branch or default, new_branch=new_branch, credentials=credentials)
        config_text = await checkout.read_base_file(CONFIG_FILE)
        base = checkout.source_branch
    ctx.workspace = checkout
    try:
        config = load_repo_config(config_text)
    except RepoConfigError as exc:
        return _stop("bad_config", f"`.smith.yml` on the base branch cannot be used:\n{exc}")
    if ctx.chain != "rework":
        chosen = config.base_branch_for(issue.labels, issue.milestone) or base
        if chosen != base:
            checkout.remove()
            checkout = await workspace.create_checkout(
                clone_url, chosen, new_branch=checkout.branch, credentials=credentials)
            ctx.workspace = checkout
            config = load_repo_config(await checkout.read_base_file(CONFIG_FILE))
            base = chosen
    ctx.repo_config = config
    await ctx.update_run(branch=checkout.branch, base_branch=base)

    ctx.protected = ProtectedPaths.load(extra=config.protected_paths,
                                        defaults_file=settings.protected_paths_file)
    try:
        ctx.scratch["sandbox"] = Sandbox(sandbox_settings(settings), kind_override=config.sandbox)
    except SandboxUnavailable as exc:
        return _stop("no_sandbox", str(exc))
    if config.setup.command:
        cache = DependencyCache(settings.dependency_cache_dir, ctx.scratch["sandbox"])
        try:
            outcome = await cache.prepare(checkout.path, config, _safe(ctx.repo.full_name))
        except SetupFailed as exc:  # the repository's environment, never an attempt
            raise EnvironmentBroken(setup_problem(str(exc))) from None
        log.info("dependencies_ready", cache_hit=outcome.cache_hit, seconds=outcome.seconds)

    if ctx.resume_diff:
        await checkout.apply_diff(ctx.resume_diff)
    if ctx.chain == "rework" and not ctx.params.get("contexts_read"):
        await _read_thread_contexts(ctx)
    ctx.code_graph = await _index(ctx)
    _start_model(ctx, await _spent_so_far(ctx))
    if ctx.params.get("resumed_once") is None and ctx.chain != "rework":
        await ctx.forge.add_labels(ctx.repo, ctx.issue, [settings.labels.in_progress])
    graph_note = "code graph ready" if ctx.code_graph is not None else "no code graph"
    return StepOutcome(
        Verdict.PASSED, "implement" if ctx.chain == "rework" else str(StepName.ACCEPTANCE),
        summary=f"{base} @ {checkout.base_commit[:10]}, {graph_note}",
    )


async def _adopt_origin(ctx: RunContext) -> None:
    """A rework run builds on the run that opened the change request: its criteria, its
    diagnosis and its red test."""
    from bot.store.models import Run
    from bot.store.steps import latest_artifacts

    origin_id = ctx.params.get("origin_run")
    if not origin_id:
        return
    async with ctx.runtime.db.transaction() as session:
        origin = await session.get(Run, int(origin_id))
        artifacts = await latest_artifacts(session, int(origin_id))
    for step, artifact in artifacts.items():
        ctx.artifacts.setdefault(step, artifact)
    if origin is not None and origin.params.get("red_test") and "red_test" not in ctx.params:
        await ctx.update_params(red_test=origin.params["red_test"])


async def _read_thread_contexts(ctx: RunContext) -> None:
    """The code a review thread points at (file and line) goes to IMPLEMENT with the words."""
    threads = {t.id: t for t in await ctx.forge.list_threads(ctx.repo,
                                                            int(ctx.params["change_request"]))}
    requests = []
    for request in ctx.params.get("requests", []):
        thread = threads.get(str(request.get("thread_id")))
        if thread is not None and thread.path and thread.line:
            target = (ctx.workspace.path / thread.path).resolve()
            if target.is_relative_to(ctx.workspace.path.resolve()) and target.is_file():
                lines = target.read_text(errors="replace").splitlines()
                first = max(1, thread.line - 5)
                window = lines[first - 1:thread.line + 5]
                request = {**request, "context": f"{thread.path} lines {first}-"
                           f"{first + len(window) - 1}:\n" + "\n".join(window)}
        requests.append(request)
    await ctx.update_params(requests=requests, contexts_read=True)


async def _index(ctx: RunContext):  # noqa: ANN202 - CodeGraph | None
    cache = ctx.settings.codegraph_cache_dir / _safe(f"{ctx.repo.forge}-{ctx.repo.full_name}")
    cache.parent.mkdir(parents=True, exist_ok=True)
    try:
        return await asyncio.to_thread(build_index, ctx.workspace.path, cache)
    except (CodeGraphError, OSError, ValueError) as exc:
        log.warning("codegraph_unavailable", run=ctx.run_id, error=str(exc))
        return None


async def _spent_so_far(ctx: RunContext) -> tuple[int, float]:
    """Tokens and dollars this run spent before (a resumed run keeps counting toward its caps)."""
    from bot.store.models import Run

    async with ctx.runtime.db.transaction() as session:
        run = await session.get(Run, ctx.run_id)
        if run is None:
            return 0, 0.0
        return run.input_tokens + run.output_tokens, run.cost_usd


def _start_model(ctx: RunContext, spent: tuple[int, float]) -> None:
    settings = ctx.settings

    async def persist(record: UsageRecord) -> None:
        from bot.store.steps import record_model_call

        async with ctx.runtime.db.transaction() as session:
            await record_model_call(
                session, ctx.run_id, step=record.step, model=record.model,
                input_tokens=record.usage.input_tokens, output_tokens=record.usage.output_tokens,
                cache_read_tokens=record.usage.cache_read_tokens,
                cache_write_tokens=record.usage.cache_write_tokens, cost_usd=record.cost_usd,
            )

    tokens, cost = spent  # what this run spent before a resume still counts toward its caps
    ledger = TokenLedger(
        {model: ModelPrice(**price) for model, price in settings.prices.items()},
        run_id=str(ctx.run_id), max_tokens=max(0, settings.run_token_cap - tokens),
        max_cost_usd=max(0.0, settings.run_cost_cap_usd - cost), sink=persist,
    )
    ctx.ledger = ledger
    ctx.step_runner = StepRunner(
        make_client(settings.anthropic_api_key.get_secret_value(), settings.anthropic_base_url),
        model=settings.model, prompts_dir=settings.prompts_dir, ledger=ledger,
        retry=RetryPolicy(attempts=settings.llm_retry_attempts,
                          base_delay=settings.llm_retry_base_delay,
                          max_delay=settings.llm_retry_max_delay),
    )


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def _stop(outcome: str, reason: str) -> StepOutcome:
    return StepOutcome(Verdict.FAILED, None, summary=reason[:200],
                       ending=RunEnding(RunStatus.FAILED, outcome, reason))
