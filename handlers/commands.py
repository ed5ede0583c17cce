"""Comment commands: `/smith <verb>` or `@<bot> <verb>` on an issue or on Smith's change request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import structlog

from bot.audit import record
from bot.budgets.resume import CAPPED_OUTCOME
from bot.command_line import is_shell_actor
from bot.commands import (
    ApproveCommand,
    ApproveRuleCommand,
    CancelCommand,
    Command,
    HelpCommand,
    RejectRuleCommand,
    RetryCommand,
    ReworkCommand,
    StatusCommand,
    TestsCommand,
    UnknownCommand,
    help_text,
    parse_commands,
    required_permission,
)
from bot.config import Settings
from bot.engine.status import speaks_on
from bot.events import Event
from bot.forge.base import ItemRef, Permission, RepoRef, forge_name
from bot.forge.local import is_local, retry_params
from bot.services import Runtime
from bot.store.audit import AuditEntry
from bot.store.models import Run
from bot.store.rules import add_failure
from bot.store.runs import ACTIVE_STATUSES, cancel_run, run_subject
from bot.subjects import Subject
from handlers.answers import waits_for_answer
from handlers.permissions import actor_may
from handlers.reread import comment_as_written
from handlers.routing import Router
from handlers.runs import join_queued_rework, requeue_run, run_for_item, start_run
from handlers.sprints import ask_coverage, ask_sprint

log = structlog.get_logger(__name__)

NOT_PERMITTED = "@{actor} `{verb}` needs {level} access to this repository."
NO_RUN = "There is no Smith run for this yet. Add the `{label}` label to an issue to start one."
CANCELLING = "Cancelling run #{run}: it stops after the step it is in now."
CANCELLED = "Run #{run} is cancelled."
NOTHING_TO_CANCEL = "Run #{run} is not running (status: {status}); nothing to cancel."
RETRY_BUSY = ("Run #{run} is still {status}; cancel it first (`/smith cancel`, or "
              "`smith runs cancel {run}` in a shell) or wait for it to end.")
RETRY_QUEUED = "Started run #{run}."
RETRY_RESUMED = "Run #{run} reads the report again."
APPROVED = "Approved by {actor}: run #{run} goes on."
CAP_RELEASED = ("{actor} let run #{run} go on now, before its spending cap resets; the caps "
                "are checked again before its next step (nothing else is approved).")
NOT_PAUSED = "Run #{run} is not waiting for approval (status: {status})."
STATUS = "Run #{run}: **{status}**{step}{outcome}."
REWORK_ONLY_ON_CR = "`rework` works on Smith's change requests, not on issues."
REWORK_QUEUED = "Rework queued as run #{run}."
REWORK_JOINED = "Added to rework run #{run}, which has not started yet."
TESTS_QUEUED = ("Writing tests for this {what} as run #{run}; they come as a change request of "
                "their own, with a gate report per file.")
TESTS_BUSY = "There is already a Smith run for this {what}; wait for it to end."
TESTS_CLOSED = "`tests` works on open merge requests only."
UNKNOWN = "I don't know `{verb}`.\n\n{help}"
BAD_ARGUMENTS = "`{verb}`: {problem}."

Action = Callable[[Event, Runtime, Command], Awaitable[str | None]]


def build(settings: Settings) -> Router:
    router = Router()

    def has_command(event: Event) -> bool:
        return bool(event.comment_body) and bool(
            parse_commands(event.comment_body or "", bot_account=settings.bot_account,
                           prefix=settings.command_prefix)
        )

    async def on_comment(event: Event, runtime: Runtime) -> None:
        # The payload's text only routed the event here: act on the comment the forge has.
        confirmed = await comment_as_written(event, runtime)
        if confirmed is None:
            return
        event = confirmed
        for command in parse_commands(event.comment_body or "", bot_account=settings.bot_account,
                                      prefix=settings.command_prefix):
            if isinstance(command, (ApproveRuleCommand, RejectRuleCommand)):
                continue  # handlers/rules.py decides rule votes and answers in the thread
            await execute(event, runtime, command, settings)

    router.register("comment_created", when=has_command)(on_comment)
    router.register("review_comment_created", when=has_command)(on_comment)
    return router


async def execute(event: Event, runtime: Runtime, command: Command, settings: Settings) -> None:
    assert event.repo is not None and event.item is not None
    verb = type(command).__name__.removesuffix("Command").lower()
    needed = required_permission(
        command, summon_permission=Permission.parse(settings.summon_permission),
        approve_permission=Permission.parse(settings.approve_permission))
    level = needed.name.lower()
    if needed > Permission.NONE and not await actor_may(event, runtime, level):
        reply: str | None = NOT_PERMITTED.format(actor=event.actor, verb=verb, level=level)
    else:
        reply = await ACTIONS[type(command)](event, runtime, command)
    if reply:
        await runtime.forge(event.forge).create_comment(event.repo, event.item, reply)


def help_for(settings: Settings) -> str:
    """The help text as this installation is set up (prefix, account, permissions)."""
    return help_text(prefix=settings.command_prefix, bot_account=settings.bot_account,
                     summon_permission=Permission.parse(settings.summon_permission),
                     approve_permission=Permission.parse(settings.approve_permission))


async def _help(event: Event, runtime: Runtime, command: Command) -> str:
    return help_for(runtime.settings)


async def _unknown(event: Event, runtime: Runtime, command: Command) -> str:
    assert isinstance(command, UnknownCommand)
    if command.problem:  # a known verb with arguments it does not take
        return BAD_ARGUMENTS.format(verb=command.verb, problem=command.problem)
    return UNKNOWN.format(verb=command.verb, help=help_for(runtime.settings))


async def _status(event: Event, runtime: Runtime, command: Command) -> str:
    run = await run_for_item(runtime, event)
    if run is None:
        return NO_RUN.format(label=runtime.settings.summon_label)
    step = f", step `{run.current_step}`" if run.current_step else ""
    outcome = f", {run.outcome}" if run.outcome else ""
    return STATUS.format(run=run.id, status=run.status, step=step, outcome=outcome)


async def _cancel(event: Event, runtime: Runtime, command: Command) -> str:
    run = await run_for_item(runtime, event)
    if run is None:
        return NO_RUN.format(label=runtime.settings.summon_label)
    return (await act_on_run(runtime, "cancel", run, actor=event.actor or "")).reply


async def _retry(event: Event, runtime: Runtime, command: Command) -> str:
    assert event.item is not None
    previous = await run_for_item(runtime, event)
    if previous is not None:
        return (await act_on_run(runtime, "retry", previous, actor=event.actor or "")).reply
    if event.item.kind != "issue":
        return NO_RUN.format(label=runtime.settings.summon_label)
    run = await start_run(runtime, event, ItemRef("issue", event.item.number), chain="fix")
    if run is None:
        return RETRY_BUSY.format(run="?", status="active")
    return RETRY_QUEUED.format(run=run.id)


async def _approve(event: Event, runtime: Runtime, command: Command) -> str:
    run = await run_for_item(runtime, event)
    if run is None:
        return NO_RUN.format(label=runtime.settings.summon_label)
    return (await act_on_run(runtime, "approve", run, actor=event.actor or "")).reply


# --- approve, cancel and retry of one run: the forge's comment and the shell's `smith runs` ---


@dataclass(frozen=True)
class Decision:
    """What `approve`, `cancel` or `retry` did to a run, whoever asked: a comment on the forge
    or `smith runs approve|cancel|retry` in the shell. `done` is False when nothing changed
    (the reply says why); `goes_on` is the run that now waits to be walked, if any."""

    verb: str
    outcome: str
    """approved | cancelled | cancelling | resumed | started; refused: not_paused, not_active,
    busy."""
    run: int
    reply: str
    done: bool
    new_run: int | None = None
    status: str | None = None
    """The run's status when it was asked."""

    @property
    def goes_on(self) -> int | None:
        if self.outcome in ("approved", "resumed"):
            return self.run
        return self.new_run if self.outcome == "started" else None

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.verb, "outcome": self.outcome, "done": self.done,
                "run": self.run, "new_run": self.new_run, "status": self.status,
                "message": self.reply}


def who(actor: str) -> str:
    """A forge account as a mention (`@login`); someone at the shell as recorded."""
    return actor if is_shell_actor(actor) else f"@{actor}"


async def act_on_run(runtime: Runtime, verb: str, run: Run, *, actor: str,
                     reason: str | None = None, via: str = "forge") -> Decision:
    """Approve, cancel or retry `run` for `actor` (whose permission the caller checked), and
    record it in the audit trail (kind `command`), refusals too. The forge's labels change here;
    the reply is the caller's to say."""
    decision = await RUN_ACTIONS[verb](runtime, run, actor)
    if reason and decision.done:
        decision = Decision(decision.verb, decision.outcome, decision.run,
                            f"{decision.reply} Reason: {' '.join(reason.split())[:500]}",
                            decision.done, decision.new_run, decision.status)
    await record(runtime.db, AuditEntry(
        kind="command", outcome=decision.outcome, forge=run.forge, repo=run.repo, actor=actor,
        subject=run_subject(run).label(),
        detail={"verb": verb, "run": run.id, "new_run": decision.new_run, "via": via,
                "reason": reason, "status": decision.status}))
    log.info("run_command", verb=verb, run=run.id, outcome=decision.outcome, actor=actor,
             via=via, new_run=decision.new_run)
    return decision


async def approve_run(runtime: Runtime, run: Run, actor: str) -> Decision:
    refused = NOT_PAUSED.format(run=run.id, status=run.status if run.status != "paused"
                                else "waiting for information")
    if run.status != "paused" or waits_for_answer(run):
        # An approval is for the estimate gate; a run waiting for information waits for it.
        return Decision("approve", "not_paused", run.id, refused, False, status=run.status)
    if run.outcome == CAPPED_OUTCOME:  # paused by a cap: go on now, approving nothing else
        if not await requeue_run(runtime, run):
            return Decision("approve", "not_paused", run.id, refused, False, status=run.status)
        return Decision("approve", "approved", run.id,
                        CAP_RELEASED.format(actor=who(actor), run=run.id), True,
                        status=run.status)
    if not await requeue_run(runtime, run, approved_by=actor):
        return Decision("approve", "not_paused", run.id, refused, False, status=run.status)
    return Decision("approve", "approved", run.id, APPROVED.format(actor=who(actor), run=run.id),
                    True, status=run.status)


async def cancel_run_now(runtime: Runtime, run: Run, actor: str) -> Decision:
    if run.status not in ACTIVE_STATUSES:
        return Decision("cancel", "not_active", run.id,
                        NOTHING_TO_CANCEL.format(run=run.id, status=run.status), False,
                        status=run.status)
    async with runtime.db.transaction() as session:
        # Nothing executes a paused or queued run: cancel it right away (a queued job finds it
        # cancelled); a running one is asked to stop and says so on the issue.
        cancelled_now = run.status in ("paused", "queued")
        await cancel_run(session, run.id, reason=f"cancelled by {who(actor)}",
                         now=cancelled_now)
    if cancelled_now:
        labels = runtime.settings.labels
        forge = runtime.forge(run.forge)
        if run.issue_number is not None:  # a campaign has none
            issue = ItemRef("issue", run.issue_number)
            repo = RepoRef(forge_name(run.forge), run.repo)
            for label in (labels.in_progress, labels.awaiting_approval):
                await forge.remove_label(repo, issue, label)
        return Decision("cancel", "cancelled", run.id, CANCELLED.format(run=run.id), True,
                        status=run.status)
    # The reason names who asked: the engine says it on the issue when the run stops.
    return Decision("cancel", "cancelling", run.id, CANCELLING.format(run=run.id), True,
                    status=run.status)


async def retry_run(runtime: Runtime, previous: Run, actor: str) -> Decision:
    def busy(run: Any = previous.id, status: str = previous.status) -> Decision:
        return Decision("retry", "busy", previous.id, RETRY_BUSY.format(run=run, status=status),
                        False, status=previous.status)

    if waits_for_answer(previous):
        # Waiting for the reporter: a retry is an answer ("I edited the description").
        if not await requeue_run(runtime, previous, answered_by=actor):
            return busy()
        return Decision("retry", "resumed", previous.id, RETRY_RESUMED.format(run=previous.id),
                        True, status=previous.status)
    if previous.status in ACTIVE_STATUSES:
        return busy()
    event = _event_of(previous, actor)
    if is_local(previous.forge):  # the shell's own run: its chain again, on the same inputs
        run = await start_run(runtime, event, None, chain=previous.chain,
                              subject=run_subject(previous), params=retry_params(previous.params))
    elif previous.issue_number is None:  # a run of another subject is retried as it was
        run = await start_run(runtime, event, None, chain=previous.chain,
                              subject=run_subject(previous))
    else:  # an issue's retry runs its chain again (a rework's issue gets the fix chain)
        graph = runtime.graphs.get(previous.chain)
        chain = (graph.retried_as if graph is not None else None) or previous.chain
        run = await start_run(runtime, event, ItemRef("issue", previous.issue_number),
                              chain=chain)
    if run is None:
        return busy("?", "active")
    return Decision("retry", "started", previous.id, RETRY_QUEUED.format(run=run.id), True,
                    new_run=run.id, status=previous.status)


def _event_of(run: Run, actor: str) -> Event:
    """The run's forge, repository and place as an event by `actor` (what `start_run` reads)."""
    forge = forge_name(run.forge)
    return Event(forge=forge, kind="comment_created", event_name="command",
                 repo=RepoRef(forge, run.repo),
                 item=speaks_on(run.subject_kind, run.subject_key, run.issue_number),
                 actor=actor)


RUN_ACTIONS: dict[str, Callable[[Runtime, Run, str], Awaitable[Decision]]] = {
    "approve": approve_run, "cancel": cancel_run_now, "retry": retry_run,
}


async def _rework(event: Event, runtime: Runtime, command: Command) -> str:
    assert isinstance(command, ReworkCommand) and event.item is not None
    assert event.repo is not None
    if event.item.kind != "change_request":
        return REWORK_ONLY_ON_CR
    origin = await run_for_item(runtime, event)
    if origin is None:
        return NO_RUN.format(label=runtime.settings.summon_label)
    request = {"text": command.text, "thread_id": event.thread_id, "comment_id": event.comment_id,
               "by": event.actor}
    async with runtime.db.transaction() as session:  # a reviewer's request is a story too
        await add_failure(session, forge=event.forge, repo=event.repo.full_name, step="implement",
                          kind="rework_request", evidence=command.text[:20000], run_id=origin.id,
                          change_request_number=event.item.number, source_url=event.url)
    # Rework belongs to the origin's issue; a change request opened without one (a campaign's)
    # is its own subject.
    run = await start_run(
        runtime, event,
        ItemRef("issue", origin.issue_number) if origin.issue_number is not None else None,
        subject=None if origin.issue_number is not None
        else Subject.change_request(event.item.number),
        chain="rework",
        params={"requests": [request], "change_request": event.item.number,
                "origin_run": origin.id},
    )
    if run is not None:
        return REWORK_QUEUED.format(run=run.id)
    # Several comments of one review: they join the rework run that has not started yet.
    joined = await join_queued_rework(runtime, origin, request)
    if joined is not None:
        return REWORK_JOINED.format(run=joined)
    return RETRY_BUSY.format(run=origin.id, status="active")


async def _tests(event: Event, runtime: Runtime, command: Command) -> str:
    """Tests for a change request's change (never pushed onto its branch), or for the change
    an issue's commits made (as the `smith:tests` label does)."""
    assert event.item is not None and event.repo is not None
    assert isinstance(command, TestsCommand)
    if command.mode == "sprint" and command.milestone:
        return await ask_sprint(runtime, event, command.milestone)
    if command.mode == "coverage":
        return await ask_coverage(runtime, event)
    number = event.item.number
    if event.item.kind == "change_request":
        change = await runtime.forge(event.forge).get_change_request(event.repo, number)
        if change.state != "open" or change.merged:
            return TESTS_CLOSED
        run = await start_run(runtime, event, None, chain="tests_cr",
                              subject=Subject.change_request(number),
                              params={"tests_task": f"change request #{number}",
                                      "tests_tag": f"cr{number}"})
        what = "merge request"
    else:
        run = await start_run(runtime, event, ItemRef("issue", number), chain="tests")
        what = "issue"
    if run is None:
        return TESTS_BUSY.format(what=what)
    return TESTS_QUEUED.format(what=what, run=run.id)


ACTIONS: dict[type, Action] = {
    HelpCommand: _help,
    StatusCommand: _status,
    CancelCommand: _cancel,
    RetryCommand: _retry,
    ApproveCommand: _approve,
    ReworkCommand: _rework,
    TestsCommand: _tests,
    UnknownCommand: _unknown,
}
