"""The status comment: Smith's progress bar on the issue, edited in place as the run moves."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from pydantic import BaseModel, Field

from bot.engine.step_titles import step_title
from bot.text.markdown import escape_inline, format_duration, format_tokens, link
from bot.text.markers import marker

STATUS_MARKER_KIND = "status"


class StepState(enum.StrEnum):
    DONE = "done"
    RUNNING = "running"
    FAILED = "failed"
    SKIPPED = "skipped"
    PENDING = "pending"
    WAITING = "waiting"  # paused for a human (estimate gate, needs-info)


STATE_ICONS: dict[StepState, str] = {
    StepState.DONE: "✅",
    StepState.RUNNING: "⏳",
    StepState.FAILED: "❌",
    StepState.SKIPPED: "⏭️",
    StepState.PENDING: "⬜",
    StepState.WAITING: "⏸️",
}


class StepStatus(BaseModel):
    """One line of the progress bar. `result` is a short, possibly model-written summary."""

    step: str
    state: StepState = StepState.PENDING
    result: str = ""
    elapsed_seconds: float | None = Field(default=None, ge=0)
    tokens: int | None = Field(default=None, ge=0)


def overall_state(steps: Sequence[StepStatus]) -> StepState:
    """Failed beats waiting beats running; all done or skipped is done."""
    states = {s.state for s in steps}
    for state in (StepState.FAILED, StepState.WAITING, StepState.RUNNING):
        if state in states:
            return state
    if states and states <= {StepState.DONE, StepState.SKIPPED}:
        return StepState.DONE
    return StepState.RUNNING if StepState.DONE in states else StepState.PENDING


_HEADLINES: dict[StepState, str] = {
    StepState.DONE: "Smith has finished working on {what}",
    StepState.RUNNING: "Smith is working on {what}",
    StepState.PENDING: "Smith will start on {what} shortly",
    StepState.WAITING: "Smith is waiting for a human",
    StepState.FAILED: "Smith stopped {without}",
    StepState.SKIPPED: "Smith has finished working on {what}",
}
STOPPED_SHORT = "before the end"
"""What a failed run says it stopped short of, when its graph does not say (`Graph.stopped_short`)."""


def headline(state: StepState, *, subject_kind: str = "issue", subject_key: str = "",
             stopped_short: str = STOPPED_SHORT) -> str:
    """The status comment's title: it names what the run works on (an issue, a change request,
    or a campaign, which has no issue) and, for a failure, what the chain did not deliver."""
    if subject_kind == "campaign":
        what = f"the campaign {escape_inline(subject_key, max_chars=80)}".rstrip()
    elif subject_kind == "change_request":
        what = "this change request"
    else:
        what = "this issue"
    return _HEADLINES[state].format(what=what, without=stopped_short or STOPPED_SHORT)


def _step_line(status: StepStatus) -> str:
    parts = [f"{STATE_ICONS[status.state]} **{step_title(status.step)}**"]
    result = escape_inline(status.result, max_chars=160)
    if status.state == StepState.RUNNING and not result:
        result = "running…"
    if result:
        parts[0] += f" — {result}"
    extras = [format_duration(status.elapsed_seconds), format_tokens(status.tokens)]
    return " · ".join(parts + [e for e in extras if e])


def render_status(
    run_id: int | str,
    steps: Sequence[StepStatus],
    *,
    elapsed_seconds: float | None = None,
    change_request_url: str | None = None,
    subject_kind: str = "issue",
    subject_key: str = "",
    stopped_short: str = STOPPED_SHORT,
) -> str:
    """The whole status comment; `elapsed_seconds` is wall time (it includes waiting for people).
    The subject and what the chain stops short of choose the headline's words (`headline`)."""
    state = overall_state(steps)
    title = headline(state, subject_kind=subject_kind, subject_key=subject_key,
                     stopped_short=stopped_short)
    lines = [marker(STATUS_MARKER_KIND, run=run_id), f"### {title}", ""]
    lines += [f"- {_step_line(s)}" for s in steps]
    tokens = sum(s.tokens or 0 for s in steps)
    footer = [f"Run {escape_inline(str(run_id))}"]
    if elapsed_seconds is not None:
        footer.append(f"elapsed {format_duration(elapsed_seconds)}")
    if tokens:
        footer.append(format_tokens(tokens))
    if change_request_url:
        footer.append(link("change request", change_request_url))
    lines += ["", "<sub>" + " · ".join(footer) + "</sub>"]
    return "\n".join(lines) + "\n"
