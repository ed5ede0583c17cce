"""The engine: walks a graph for one run, recording and checkpointing every step.

What the engine guarantees for every graph:
- each step execution is a row (status, summary, artifact, diff, tokens, time);
- budgets: a step that would run more often than its budget ends the run `budget_exhausted`;
- checkpoints: the next step is stored after each step, so a run cut short (crash, deploy)
  resumes there on a fresh checkout (the graph's `resume_via` step runs first);
- environment trouble (model overloaded, forge 5xx, database gone) is never an attempt: the step
  is marked `environment` and the job is retried later from the same place;
- `/smith cancel` is honoured between steps; pauses (human gates) end the job until approval;
- the status comment follows along; failure endings are said on the issue;
- one executor at a time: each walk claims the run's lease (bot/store/lease.py) and every
  write it makes is fenced by that token; an executor whose lease was taken over (its job was
  rescued as stalled while it still ran) stops without a word, and the run ends once.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import structlog
from pydantic import BaseModel

from bot import tracing
from bot.budgets.access import refusal
from bot.config import NoticeEvent, Settings
from bot.engine.context import RunContext
from bot.engine.endings import (
    render_cancelled,
    render_cap_reached,
    render_environment_failure,
    render_failure,
    render_held_value_leak,
    render_internal_error,
    render_not_enabled,
    render_spending_cap,
    render_step_budget_exhausted,
)
from bot.engine.errors import EnvironmentBroken
from bot.engine.fencing import FencedForge, RunLease
from bot.engine.graph import (
    ExhaustedText,
    Graph,
    RunEnding,
    RunStatus,
    StepOutcome,
    Verdict,
    verdict_code,
)
from bot.engine.held import LEAK_TEXT, GuardedForge, HeldValueLeak, HeldValues, leak_text
from bot.engine.loop import ItemLoop, ItemsSpent, walk_items
from bot.engine.run_store import Finished, PostgresRunStore, RunStore, RunView
from bot.engine.state import RunState
from bot.engine.status import StatusBoard, speaks_on
from bot.engine.step_titles import step_title
from bot.engine.stories import ending_story, told_kinds
from bot.forge.base import RepoRef
from bot.forge.errors import ForgeError, ForgeUnavailable, RateLimited
from bot.forge.local import is_local
from bot.llm.errors import (
    EnvironmentFailure,
    RunBudgetExceeded,
    SpendingCapReached,
    StepFailed,
)
from bot.notices.messages import Notice
from bot.services import Runtime
from bot.store.db import DatabaseUnavailable
from bot.store.lease import Lease, LeaseLost
from bot.text.public import scrub_host_details
from bot.workspace.trajectory import Trajectory, TrajectoryEvent

try:  # the sandbox raises it when a command's output holds one of Smith's secrets
    from bot.workspace.sandbox import SecretLeak
except ImportError:  # pragma: no cover - older sandbox module
    class SecretLeak(Exception):  # type: ignore[no-redef]
        """Placeholder until the sandbox names its own."""

log = structlog.get_logger(__name__)

FINAL_STATUSES = (RunStatus.SUCCEEDED, RunStatus.FAILED, RunStatus.CANCELLED)
SECRET_LEAK_TEXT = ("a command's output contained one of Smith's own credentials, so the run "
                    "was stopped and nothing from it was published; the Smith operator has "
                    "the details in the logs")

ENVIRONMENT_ERRORS: tuple[type[BaseException], ...] = (
    EnvironmentFailure, ForgeUnavailable, RateLimited, DatabaseUnavailable,
)
MAX_ENVIRONMENT_RETRIES = 3
APPROVAL_OUTCOME = "awaiting_approval"
"""The pause that waits for a human's approval (the fix chain's estimate gate): a notice goes
out for it; other pauses (`needs_info`) wait for the reporter, who is asked on the issue."""


class RetryLater(Exception):
    """Raised out of the job so that procrastinate runs it again later (environment trouble)."""


class RunEngine:
    """Walks `graph` for one run at a time; its rows go to `store` (PostgreSQL by default,
    bot/engine/run_store.py; the engine's tests hand it an in-memory one)."""

    def __init__(self, graph: Graph, runtime: Runtime, store: RunStore | None = None) -> None:
        self.graph = graph
        self.runtime = runtime
        self.store: RunStore = store or PostgresRunStore(runtime.db)
        self.lease: Lease | None = None
        """This walk's claim once made: the runner's last-resort ending holds it too."""

    async def walk(self, run_id: int) -> None:
        claim = await self.store.claim(run_id)
        if claim is None:
            log.info("run_not_runnable", run=run_id)
            return
        lease = self.lease = claim.lease
        resume_at = claim.resume_at
        log.info("run_claimed", run=run_id, lease=lease.token)
        ctx = self._context(claim.run, claim.artifacts, claim.diff, claim.seq, lease)
        try:
            if resume_at and resume_at != self.graph.start and self.graph.resume_via:
                # A resumed run first rebuilds what the crash lost (a fresh checkout).
                outcome = await self._execute(ctx, self.graph.resume_via)
                if outcome is None:
                    return
                if outcome.next is None:
                    await self._end(ctx, outcome)
                    return
            await self._walk_from(ctx, resume_at or self.graph.start)
        except RetryLater:
            raise
        except LeaseLost as exc:  # another executor has the run: it speaks, this one stops
            log.warning("run_fenced", run=run_id, lease=lease.token, before=exc.what)
        except Exception as exc:  # between steps (store, status, forge): one honest ending
            _log_crash(ctx, "run_crashed", exc)
            await self._end(ctx, StepOutcome(Verdict.FAILED, None, ending=RunEnding(
                RunStatus.FAILED, "internal_error", f"internal error: {type(exc).__name__}",
                step=ctx.notes.step)))
        finally:
            await self._cleanup(ctx)

    def _context(
        self, snapshot: RunView, artifacts: dict[str, dict[str, Any]], diff: str | None,
        seq: int, lease: Lease,
    ) -> RunContext:
        held = HeldValues(self.graph.held)
        run_lease = RunLease(self.store, lease)
        forge: Any = FencedForge(self.runtime.forge(snapshot.forge), run_lease)
        if self.graph.held:  # nothing a held value is in leaves through the forge
            forge = GuardedForge(forge, held)
        repo = RepoRef(snapshot.forge, snapshot.repo)  # type: ignore[arg-type]
        issue = speaks_on(snapshot.subject_kind, snapshot.subject_key, snapshot.issue_number)

        # Its stories' kinds are rejections' reasons; its writes hold the lease.
        records = self.store.records(lease)

        async def sink(event: TrajectoryEvent) -> None:
            held.check("the trajectory", event.args, event.detail)
            await records.record_event(snapshot.id, event)

        return RunContext(
            run_id=snapshot.id, runtime=self.runtime, forge=forge, repo=repo, issue=issue,
            chain=snapshot.chain, graph=self.graph, state=RunState.load(snapshot.params),
            artifacts=artifacts, trajectory=Trajectory(sink=sink, start_seq=seq),
            status=StatusBoard(self.store, forge, repo, issue, snapshot.id,
                               self.graph.step_names(),
                               private_dirs=private_dirs(self.runtime.settings),
                               optional=self.graph.optional_steps(),
                               stopped_short=self.graph.stopped_short, fence=lease),
            records=records, summoned_by=snapshot.summoned_by, resume_diff=diff,
            change_request_number=snapshot.change_request_number,
            change_request_url=snapshot.change_request_url, branch=snapshot.branch,
            base_branch=snapshot.base_branch, held=held, lease=run_lease,
        )

    async def _walk_from(self, ctx: RunContext, step: str | None) -> None:
        while step is not None:
            if await self._cancel_requested(ctx):
                await self._end(ctx, StepOutcome(Verdict.SKIPPED, None, ending=RunEnding(
                    RunStatus.CANCELLED, "cancelled", ctx.notes.cancelled_by)))
                return
            refused = await self._refused(ctx, step)
            if refused is not None:
                await self._end(ctx, StepOutcome(Verdict.FAILED, None, ending=refused))
                return
            outcome = await self._execute(ctx, step)
            if outcome is None:
                return
            if outcome.next is None:
                await self._end(ctx, outcome)
                return
            step = outcome.next

    async def _notify(self, ctx: RunContext, ending: RunEnding) -> None:
        """The outgoing notices of a run that waits for approval or failed (queued jobs: a
        notice never holds the run up, and a notice that cannot be queued is only logged)."""
        if ending.status == RunStatus.PAUSED and ending.outcome == APPROVAL_OUTCOME:
            event: NoticeEvent = "waiting_for_approval"
            summary = (f"Run {ctx.run_id} ({ctx.chain}) of {ctx.repo.full_name} waits for "
                       f"{ctx.settings.command_prefix} approve.")
        elif ending.status == RunStatus.FAILED:
            event = "failed"
            where = f" at {ending.step}" if ending.step else ""
            summary = f"Run {ctx.run_id} ({ctx.chain}) of {ctx.repo.full_name} failed{where}."
        else:
            return
        dashboard = ctx.settings.notices.dashboard_url
        issue = ctx.tools.issue
        reason = ending.reason[:500] if ending.reason else None
        if reason and ctx.held.leaks_in(reason):  # the reason leaves Smith: never a held text
            reason = None
        await self.store.notify(ctx.settings, Notice(
            event=event, summary=summary, repo=ctx.repo.full_name, run=ctx.run_id,
            url=(f"{dashboard.rstrip('/')}/runs/{ctx.run_id}" if dashboard
                 else issue.url if issue is not None and issue.url else None),
            details={"forge": ctx.repo.forge,
                     "item": ctx.issue.number if ctx.issue is not None else None,
                     "title": issue.title[:200] if issue is not None else None,
                     "outcome": ending.outcome, "reason": reason}))

    async def _refused(self, ctx: RunContext, step: str) -> RunEnding | None:
        """Why the run may not take `step`: its repository is not one Smith works for, or a
        day's or month's spending cap it counts toward is reached (bot/budgets). Checked
        before every step, so a run queued before the cap filled stops before it spends."""
        settings = ctx.settings
        # The access lists name forge repositories; a local run is the operator's own shell.
        why = None if is_local(ctx.repo.forge) else refusal(settings.access, ctx.repo.full_name)
        if why is not None:
            return RunEnding(RunStatus.FAILED, "not_enabled",
                             f"Smith is not enabled for {ctx.repo.full_name}: {why}", step=step)
        config = ctx.tools.repo_config
        hit, near = await self.store.caps(settings.budgets, ctx.repo.forge,
                                          ctx.repo.full_name, config.budgets if config else None)
        if near is not None:  # once per cap and period; queued, never waited for
            await self.store.notify_near_cap(settings, near, forge=ctx.repo.forge)
        if hit is None:
            return None
        ctx.notes.step = step
        return await self._capped(ctx, step, hit.reason(), hit.resets_at)

    async def _capped(self, ctx: RunContext, step: str, reason: str,
                      resets_at: datetime | None) -> RunEnding:
        """A spending cap stops the run before `step`: a forge run pauses there until the cap
        resets (bot/budgets/jobs.py queues it again then); a local run, which no worker would
        wake, ends."""
        if is_local(ctx.repo.forge) or resets_at is None:
            return RunEnding(RunStatus.FAILED, "spending_cap", reason, step=step)
        await ctx.save_state(spending_cap_until=resets_at.isoformat())
        return RunEnding(RunStatus.PAUSED, "spending_cap", reason, resume_at=step, step=step)

    async def _execute(self, ctx: RunContext, name: str) -> StepOutcome | None:
        """Run one step (a span of the run's trace); None when the run ended inside (budget,
        environment retry)."""
        with tracing.span(f"step {name}", chain=self.graph.name, step=name,
                          run=ctx.run_id) as span:
            outcome = await self._execute_step(ctx, name)
            verdict = "ended" if outcome is None else str(outcome.verdict)
            span.set_attribute("smith.verdict", verdict)
            if verdict in ("failed", "environment"):
                tracing.fail(span, verdict)
            return outcome

    async def _execute_step(self, ctx: RunContext, name: str) -> StepOutcome | None:
        node = self.graph.node(name)
        budget = node.budget_for(ctx)
        begun = await self.store.begin_step(ctx.run_id, name, budget=budget, fence=_fence(ctx))
        ctx.notes.step = name
        row_id = begun.step_id
        if row_id is None:
            reason = f"step {name} used its budget of {budget} attempts"
            last = node.last_failure(ctx) if node.last_failure else ""
            if last:  # what sent the last attempt back: the useful part for a human
                reason += f"; {last}"
            ctx.notes.budget = budget
            await self._end(ctx, StepOutcome(Verdict.FAILED, None, ending=RunEnding(
                RunStatus.FAILED, "budget_exhausted", reason, step=name)))
            return None
        await ctx.status.refresh()
        started = time.monotonic()
        usage_before = ctx.usage()
        told_before = len(told_kinds(ctx.records))
        in_items = ItemsSpent()  # what the rows of a loop's items recorded themselves
        try:
            if isinstance(node.run, ItemLoop):
                outcome = await walk_items(ctx, self.store, name, node.run, in_items,
                                           (*ENVIRONMENT_ERRORS, EnvironmentBroken))
            else:
                outcome = await node.run(ctx)
        except ENVIRONMENT_ERRORS as exc:
            await self._finish(ctx, row_id, StepOutcome(Verdict.ENVIRONMENT, name,
                                                        summary=f"environment: {_text(ctx, exc)}"),
                               started, _plus(usage_before, in_items))
            await self._environment_trouble(ctx, name, exc)
            return None
        except EnvironmentBroken as exc:  # already retried by the step: the run ends here
            ctx.notes.environment_problem = exc.problem
            await self._finish(ctx, row_id, StepOutcome(
                Verdict.ENVIRONMENT, None, summary=exc.problem.detail.replace("`", "")),
                               started, _plus(usage_before, in_items))
            await self._end(ctx, StepOutcome(Verdict.ENVIRONMENT, None, ending=RunEnding(
                RunStatus.FAILED, "environment", exc.problem.text, step=name)))
            return None
        except SpendingCapReached as exc:  # a day's or month's cap: no attempt spent
            outcome = StepOutcome(Verdict.ENVIRONMENT, None, summary=str(exc),
                                  ending=await self._capped(ctx, name, str(exc), exc.resets_at))
        except RunBudgetExceeded as exc:
            ctx.notes.cap_reached = True
            outcome = StepOutcome(Verdict.FAILED, None, summary=str(exc), ending=RunEnding(
                RunStatus.FAILED, "budget_exhausted", str(exc), step=name))
        except StepFailed as exc:
            outcome = StepOutcome(Verdict.FAILED, None, summary=_text(ctx, exc), ending=RunEnding(
                RunStatus.FAILED, "step_failed", f"{name}: {_text(ctx, exc)}", step=name))
        except SecretLeak:
            log.error("secret_leak", run=ctx.run_id, step=name)  # never the text itself
            outcome = StepOutcome(Verdict.FAILED, None, summary="stopped: a secret in the output",
                                  ending=RunEnding(RunStatus.FAILED, "secret_leak",
                                                   SECRET_LEAK_TEXT, step=name))
        except HeldValueLeak as exc:
            outcome = _held_leak(ctx, name, exc)
        except (RetryLater, LeaseLost):
            raise
        except Exception as exc:  # a bug or an unforeseen failure: end the run, once, honestly
            _log_crash(ctx, "step_crashed", exc, step=name)
            reason = f"internal error in {name}: {type(exc).__name__}: {_text(ctx, exc)[:300]}"
            # The reason (for the log, the store and the dashboard) is not for the public
            # status comment: that shows only that Smith itself failed here.
            outcome = StepOutcome(Verdict.FAILED, None, summary="internal error",
                                  ending=RunEnding(
                RunStatus.FAILED, "internal_error", reason, step=name))
        outcome = self.graph.resolved(name, outcome, ctx)  # the edge, before the checkpoint
        try:  # what the step hands back is written to the store: never with a held value
            ctx.held.check(f"step {name}", outcome.summary, outcome.diff or "",
                           _as_dict(outcome.artifact) if outcome.artifact is not None else {},
                           outcome.ending.reason if outcome.ending else "")
        except HeldValueLeak as exc:
            outcome = _held_leak(ctx, name, exc)
        await self._finish(ctx, row_id, outcome, started, _plus(usage_before, in_items),
                           told=told_kinds(ctx.records)[told_before:])
        if outcome.artifact is not None:
            ctx.artifacts[name] = _as_dict(outcome.artifact)
        return outcome

    async def _finish(
        self, ctx: RunContext, step_id: int, outcome: StepOutcome, started: float,
        usage_before: tuple[int, int, float], told: list[str] | None = None,
    ) -> None:
        """Close the step's row; a rejection's or a gate's verdict is its reason code."""
        used_in, used_out, cost = (a - b for a, b in zip(ctx.usage(), usage_before))
        # The checkpoint (where a run cut short goes on) is committed with the step itself.
        await self.store.finish_step(ctx.run_id, step_id, Finished(
            status=str(outcome.verdict), summary=outcome.summary,
            verdict=verdict_code(outcome.verdict, outcome.reason, told or (), outcome.ending),
            artifact=_as_dict(outcome.artifact) if outcome.artifact is not None else None,
            diff=outcome.diff, input_tokens=int(used_in), output_tokens=int(used_out),
            cost_usd=float(cost), duration_ms=int((time.monotonic() - started) * 1000)),
            checkpoint=outcome.next, fence=_fence(ctx))
        await ctx.status.refresh()

    async def _environment_trouble(self, ctx: RunContext, step: str, exc: BaseException) -> None:
        retries = ctx.state.environment_retries + 1
        ctx.state.environment_retries = retries
        error = _text(ctx, exc)
        log.warning("environment_failure", run=ctx.run_id, step=step, error=error, retry=retries)
        if retries > MAX_ENVIRONMENT_RETRIES:
            await self._end(ctx, StepOutcome(Verdict.FAILED, None, ending=RunEnding(
                RunStatus.FAILED, "environment", f"{step}: {error}", step=step)))
            return
        await ctx.update_run(status="queued", current_step=step, params=ctx.state.dump())
        raise RetryLater(f"environment trouble in {step}: {error}") from (
            None if ctx.graph.held else exc)

    async def _end(self, ctx: RunContext, outcome: StepOutcome) -> None:
        ending = outcome.ending or RunEnding(RunStatus.FAILED, "no_next_step",
                                             "the step named no next step")
        if ctx.held.leaks_in(ending.reason):  # the last guard: the reason is stored and said
            ending = replace(ending, reason=LEAK_TEXT)
        values: dict[str, Any] = {"status": str(ending.status), "outcome": ending.outcome,
                        "reason": ending.reason}
        if ending.status == RunStatus.PAUSED:
            values["current_step"] = ending.resume_at
        else:
            values["finished_at"] = datetime.now(UTC)
        final = ending.status in FINAL_STATUSES
        if final:
            # Steps a crash left open are closed, so the status comment ends in a final state.
            await self.store.fail_open_steps(ctx.run_id, fence=_fence(ctx))
        await ctx.update_run(**values)
        log.info("run_ended", run=ctx.run_id, status=str(ending.status), outcome=ending.outcome)
        await self._notify(ctx, ending)
        story = ending_story(outcome, ending, ending.step or ctx.notes.step)
        if story is not None:  # a step that ended the run failing: a story for the rules loop
            await ctx.record_failure(story.step, story.kind, story.evidence)
        await ctx.status.refresh()
        said_before = await self._ending_said(ctx.run_id)
        if not ending.announced and not said_before:
            await self._say_ending(ctx, ending)
        if final:  # one final comment per run, across resumes and crashes
            await ctx.save_state(ending_said=True)
        if (ending.status in (RunStatus.FAILED, RunStatus.CANCELLED)
                and not self.graph.continues_change_request):
            await _clear_working_labels(ctx)

    def _explains(self, step: str) -> ExhaustedText | None:
        """The chain's own words for a step that ran out of tries, if its node has them."""
        return self.graph.node(step).exhausted if self.graph.has(step) else None

    async def _say_ending(self, ctx: RunContext, ending: RunEnding) -> None:
        """Generic endings are explained here; steps explain their own (`announced` endings)."""
        if ctx.issue is None:  # a campaign without an issue: the store and the log keep it
            log.info("ending_not_said", run=ctx.run_id, outcome=ending.outcome,
                     reason=ending.reason)
            return
        text = None
        command = ctx.settings.command_prefix
        step = ending.step or ctx.notes.step or ending.outcome
        problem = ctx.notes.environment_problem
        if ending.outcome == "spending_cap":
            until = ctx.state.spending_cap_until
            text = render_spending_cap(
                ctx.run_id, step=step, reason=ending.reason,
                started=(await ctx.records.spent(ctx.run_id))[1] > 0, command=command,
                resumes_at=(datetime.fromisoformat(until)
                            if until and ending.status == RunStatus.PAUSED else None))
        elif ending.outcome == "not_enabled":
            text = render_not_enabled(ctx.run_id, reason=ending.reason)
        elif ending.outcome == "budget_exhausted" and ctx.notes.cap_reached:
            text = render_cap_reached(ctx.run_id, step=step, reason=ending.reason,
                                      command=command)
        elif ending.outcome == "budget_exhausted" and (explain := self._explains(step)):
            text = explain(ctx, ending)
        elif ending.outcome == "budget_exhausted":
            text = render_step_budget_exhausted(
                ctx.run_id, step=step, budget=int(ctx.notes.budget or 0), last_failure="",
                command=command)
        elif ending.outcome == "environment" and problem is not None:
            text = render_environment_failure(ctx.run_id, command=command, step=step,
                                              detail=problem.detail, fix=problem.fix,
                                              cause_known=True)
        elif ending.outcome == "environment":
            text = render_environment_failure(ctx.run_id, command=command, step=step,
                                              detail=ending.reason)
        elif ending.status == RunStatus.CANCELLED:
            text = render_cancelled(ctx.run_id, by=ending.reason or "a maintainer",
                                    command=command)
        elif ending.outcome == "held_value_leak":
            text = render_held_value_leak(ctx.run_id, step=step, reason=ending.reason)
        elif ending.outcome == "internal_error":
            text = render_internal_error(ctx.run_id, step=step, command=command)
        elif ending.status == RunStatus.FAILED:
            text = render_failure(ctx.run_id, step=step, reason=ending.reason, command=command)
        if text:
            text = public_text(ctx, text)
        rework = self.graph.continues_change_request
        try:
            if text and rework:
                await ctx.answer_reviewer(text)
            elif text:
                await ctx.forge.create_comment(ctx.repo, ctx.issue, text)
            if ending.status == RunStatus.FAILED and not rework:
                await ctx.forge.add_labels(ctx.repo, ctx.issue, [ctx.settings.labels.failed])
        except ForgeError as exc:
            log.warning("ending_comment_failed", run=ctx.run_id, error=str(exc))

    async def _cancel_requested(self, ctx: RunContext) -> bool:
        run = await self.store.run(ctx.run_id)
        if run is not None and run.cancel_requested:
            ctx.notes.cancelled_by = (run.reason or "").removeprefix("cancelled by ")
            return True
        return False

    async def _ending_said(self, run_id: int) -> bool:
        run = await self.store.run(run_id)
        return bool(run is not None and RunState.load(run.params).ending_said)

    async def _cleanup(self, ctx: RunContext) -> None:
        workspace = ctx.tools.checkout
        if workspace is not None and hasattr(workspace, "remove"):
            try:
                workspace.remove()
            except OSError as exc:
                log.warning("workspace_cleanup_failed", run=ctx.run_id, error=str(exc))


def _fence(ctx: RunContext) -> Lease | None:
    """The token this execution's store writes carry."""
    return ctx.lease.lease if ctx.lease is not None else None


def _text(ctx: RunContext, exc: BaseException) -> str:
    """An error's message for logs, the store and comments; withheld if it holds a held value."""
    text = str(exc)
    return "(withheld: it contains a value the run holds in memory only)" \
        if ctx.held.leaks_in(text) else text


def _log_crash(ctx: RunContext, event: str, exc: BaseException, **where: str) -> None:
    """A crash with its traceback, except in a run holding values: a traceback (and a rich
    one, with local variables) could show them, so such a run logs the error's type only."""
    if ctx.graph.held:
        log.error(event, run=ctx.run_id, error=type(exc).__name__, **where)
    else:
        log.exception(event, run=ctx.run_id, **where)


def _held_leak(ctx: RunContext, step: str, exc: HeldValueLeak) -> StepOutcome:
    """A held value was about to be written: the run stops, and says so without it."""
    log.error("held_value_leak", run=ctx.run_id, step=step, where=exc.where)
    return StepOutcome(Verdict.FAILED, None, summary="stopped: a held value in the output",
                       ending=RunEnding(RunStatus.FAILED, "held_value_leak",
                                        leak_text(f"{exc.where} at {step_title(step)}"),
                                        step=step))


async def _clear_working_labels(ctx: RunContext) -> None:
    """A run that ended without a fix is no longer in progress nor awaiting anyone."""
    if ctx.issue is None:
        return
    labels = ctx.settings.labels
    try:
        for label in (labels.in_progress, labels.awaiting_approval):
            await ctx.forge.remove_label(ctx.repo, ctx.issue, label)
    except ForgeError as exc:
        log.warning("label_cleanup_failed", run=ctx.run_id, error=str(exc))


def _plus(usage: tuple[int, int, float], spent: ItemsSpent) -> tuple[int, int, float]:
    """A baseline moved past what item rows recorded, so no token is counted twice."""
    return (usage[0] + spent.input_tokens, usage[1] + spent.output_tokens,
            usage[2] + spent.cost_usd)


def _as_dict(artifact: BaseModel | dict[str, Any]) -> dict[str, Any]:
    return artifact if isinstance(artifact, dict) else artifact.model_dump(mode="json")


def private_dirs(settings: Settings) -> tuple[Path, ...]:
    """Smith's own folders, which no public comment may name."""
    return (settings.data_dir, settings.postgres_dir)


def public_text(ctx: RunContext, text: str) -> str:
    """A comment as the public may read it: no host paths (see render.public)."""
    checkout = ctx.tools.checkout.path if ctx.tools.checkout is not None else None
    return scrub_host_details(text, checkouts=[checkout], data_dirs=private_dirs(ctx.settings))
