"""The status comment on the issue: rendered from the steps table, edited in place.

Rendering from the store (not from memory) keeps the progress bar right after a crash and a
resume: whatever the steps table says is what the issue shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import structlog

from bot.engine.run_store import RunStore, RunView, StepRow
from bot.engine.state import RunState
from bot.engine.status_comment import STOPPED_SHORT, StepState, StepStatus, render_status
from bot.forge.base import Forge, ItemRef, RepoRef
from bot.forge.errors import ForgeError
from bot.store.lease import Lease
from bot.text.public import scrub_host_details

log = structlog.get_logger(__name__)

FINAL_RUN_STATUSES = ("succeeded", "failed", "cancelled")

STATE_OF_VERDICT = {
    "passed": StepState.DONE,
    "rejected": StepState.FAILED,
    "failed": StepState.FAILED,
    "skipped": StepState.SKIPPED,
    "waiting": StepState.WAITING,
    "running": StepState.RUNNING,
    "environment": StepState.RUNNING,
}


WAITING_SUFFIXES = ("; waiting for approval", "; waiting for an answer")


def _went_on(summary: str, state: RunState) -> str:
    """A paused step's line once its run went on: what it found, and who let it go on."""
    for suffix in WAITING_SUFFIXES:
        summary = summary.removesuffix(suffix)
    if state.approved_by:
        return f"{summary}; approved by {state.approved_by}".lstrip("; ")
    if state.answered_by:
        return f"{summary}; answered by {state.answered_by}".lstrip("; ")
    return summary


def speaks_on(subject_kind: str, subject_key: str, issue_number: int | None) -> ItemRef | None:
    """Where a run speaks: the change request it was asked for on, else its issue; None for a
    campaign without one (its status and ending stay in the store and the log)."""
    if subject_kind == "change_request":
        return ItemRef("change_request", int(subject_key))
    return ItemRef("issue", issue_number) if issue_number is not None else None


class StatusBoard:
    """Keeps one comment per run up to date with the checklist of the graph's steps (none for
    a run with nowhere to speak: `smith runs` and the dashboard show its steps)."""

    def __init__(
        self, store: RunStore, forge: Forge, repo: RepoRef, issue: ItemRef | None, run_id: int,
        steps: tuple[str, ...], *, private_dirs: Sequence[Path] = (),
        optional: frozenset[str] = frozenset(), stopped_short: str = STOPPED_SHORT,
        fence: Lease | None = None,
    ) -> None:
        self.fence = fence
        """The executor's lease: the comment's id is stored only while it holds."""
        self.stopped_short = stopped_short
        self.optional = optional
        """Steps shown only once they ran (a node with `when=`, e.g. REGRESSION)."""
        self.private_dirs = tuple(private_dirs)
        """Smith's folders (data, database): step summaries never show them in public."""
        self.store = store
        self.forge = forge
        self.repo = repo
        self.issue = issue
        self.run_id = run_id
        self.steps = steps

    async def _lines(self) -> tuple[list[StepStatus], RunView | None]:
        run = await self.store.run(self.run_id)
        rows = await self.store.step_rows(self.run_id)
        latest: dict[str, StepRow] = {}
        tokens: dict[str, int] = {}
        elapsed: dict[str, float] = {}
        for row in rows:
            tokens[row.name] = tokens.get(row.name, 0) + row.input_tokens + row.output_tokens
            if row.item is not None:  # a try of one item: its loop's own row speaks for it
                continue
            latest[row.name] = row
            elapsed[row.name] = elapsed.get(row.name, 0.0) + (row.duration_ms or 0) / 1000
        lines = []
        for name in self.steps:
            last = latest.get(name)
            if last is None:
                if name not in self.optional:
                    lines.append(StepStatus(step=name))
                continue
            state = STATE_OF_VERDICT.get(last.status, StepState.RUNNING)
            result = last.summary or ""
            if state == StepState.WAITING and run is not None and run.status != "paused":
                state = StepState.DONE  # the gate was approved (or answered) and the run went on
                result = _went_on(result, RunState.load(run.params))
            if state == StepState.RUNNING and run is not None and run.status in FINAL_RUN_STATUSES:
                state = StepState.FAILED  # the run is over: nothing is still running
            lines.append(StepStatus(
                step=name, state=state,
                result=result, elapsed_seconds=elapsed[name] or None,
                tokens=tokens[name] or None,
            ))
        return lines, run

    async def refresh(self) -> None:
        """Re-render and create or edit the comment. A forge hiccup here never fails a run."""
        if self.issue is None:
            return
        lines, run = await self._lines()
        if run is None:
            return
        started = run.started_at or run.created_at
        end = run.finished_at or datetime.now(UTC)
        body = render_status(
            self.run_id, lines, elapsed_seconds=(end - started).total_seconds() if started else None,
            change_request_url=run.change_request_url, subject_kind=run.subject_kind,
            subject_key=run.subject_key, stopped_short=self.stopped_short,
        )
        body = scrub_host_details(body, data_dirs=self.private_dirs)
        try:
            if run.status_comment_id:
                await self.forge.update_comment(self.repo, self.issue, run.status_comment_id, body)
                return
            comment = await self.forge.create_comment(self.repo, self.issue, body)
        except ForgeError as exc:
            log.warning("status_comment_failed", run=self.run_id, error=str(exc))
            return
        await self.store.set_status_comment(self.run_id, comment.id, fence=self.fence)
