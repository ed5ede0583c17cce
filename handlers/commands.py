"""Comment commands: `/smith <verb>` or `@<bot> <verb>` on an issue or on Smith's change request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import structlog

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
from bot.events import Event
from bot.forge.base import ItemRef, Permission
from bot.services import Runtime
from bot.store.rules import add_failure
from bot.store.runs import ACTIVE_STATUSES, cancel_run, run_subject
from bot.subjects import Subject
from handlers.answers import waits_for_answer
from handlers.permissions import actor_may
from handlers.reread import comment_as_written
from handlers.routing import Router
from handlers.runs import join_queued_rework, requeue_run, run_for_item, start_run

log = structlog.get_logger(__name__)

NOT_PERMITTED = "@{actor} `{verb}` needs {level} access to this repository."
NO_RUN = "There is no Smith run for this yet. Add the `{label}` label to an issue to start one."
CANCELLING = "Cancelling run #{run}: it stops after the step it is in now."
CANCELLED = "Run #{run} is cancelled."
NOTHING_TO_CANCEL = "Run #{run} is not running (status: {status}); nothing to cancel."
RETRY_BUSY = "Run #{run} is still {status}; `/smith cancel` it first or wait for it to end."
RETRY_QUEUED = "Started run #{run}."
RETRY_RESUMED = "Run #{run} reads the report again."
APPROVED = "Approved by @{actor}: run #{run} goes on."
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
        reply = NOT_PERMITTED.format(actor=event.actor, verb=verb, level=level)
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
    if run.status not in ACTIVE_STATUSES:
        return NOTHING_TO_CANCEL.format(run=run.id, status=run.status)
    async with runtime.db.transaction() as session:
        # Nothing executes a paused or queued run: cancel it right away (a queued job finds it
        # cancelled); a running one is asked to stop and says so on the issue.
        cancelled_now = run.status in ("paused", "queued")
        await cancel_run(session, run.id, reason=f"cancelled by @{event.actor}",
                         now=cancelled_now)
    if cancelled_now:
        labels = runtime.settings.labels
        forge = runtime.forge(event.forge)
        if run.issue_number is not None and event.repo is not None:  # a campaign has none
            issue = ItemRef("issue", run.issue_number)
            for label in (labels.in_progress, labels.awaiting_approval):
                await forge.remove_label(event.repo, issue, label)
        return CANCELLED.format(run=run.id)
    # The reason names who asked: the engine says it on the issue when the run stops.
    return CANCELLING.format(run=run.id)


async def _retry(event: Event, runtime: Runtime, command: Command) -> str:
    assert event.item is not None
    previous = await run_for_item(runtime, event)
    issue_number = previous.issue_number if previous else event.item.number
    if previous is not None and waits_for_answer(previous):
        # Waiting for the reporter: a retry is an answer ("I edited the description").
        await requeue_run(runtime, previous, answered_by=event.actor)
        return RETRY_RESUMED.format(run=previous.id)
    if previous is not None and previous.status in ACTIVE_STATUSES:
        return RETRY_BUSY.format(run=previous.id, status=previous.status)
    if previous is None and event.item.kind != "issue":
        return NO_RUN.format(label=runtime.settings.summon_label)
    if issue_number is None:  # a run of another subject is retried as it was
        assert previous is not None
        run = await start_run(runtime, event, None, chain=previous.chain,
                              subject=run_subject(previous))
    else:  # an issue's retry runs its chain again (a rework's issue gets the fix chain)
        chain = "examples" if previous is not None and previous.chain == "examples" else "fix"
        run = await start_run(runtime, event, ItemRef("issue", issue_number), chain=chain)
    if run is None:
        return RETRY_BUSY.format(run="?", status="active")
    return RETRY_QUEUED.format(run=run.id)


async def _approve(event: Event, runtime: Runtime, command: Command) -> str:
    run = await run_for_item(runtime, event)
    if run is None:
        return NO_RUN.format(label=runtime.settings.summon_label)
    if run.status != "paused" or waits_for_answer(run):
        # An approval is for the estimate gate; a run waiting for information waits for it.
        return NOT_PAUSED.format(run=run.id, status=run.status if run.status != "paused"
                                 else "waiting for information")
    await requeue_run(runtime, run, approved_by=event.actor)
    return APPROVED.format(actor=event.actor, run=run.id)


async def _rework(event: Event, runtime: Runtime, command: Command) -> str:
    assert isinstance(command, ReworkCommand) and event.item is not None
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
    assert event.item is not None
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
