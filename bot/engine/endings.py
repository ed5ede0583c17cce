"""Comments the engine posts on the issue when any chain's run ends without success.

Every stop says why, at which step, and what a human can do next, because only a published
change request (or plan) counts as success and everything else must be explained where people
look. Chains explain their own stops (bot/chains/*/comments.py) in the same frame.
"""

from __future__ import annotations

import enum
from datetime import datetime

from bot.engine.step_titles import step_title
from bot.text.markdown import blockquote, code_span, escape_inline
from bot.text.markers import marker

FAILURE_MARKER_KIND = "failure"


QUESTION_MARKER_KIND = "question"  # the run waits for the answer: no ending yet


PAUSED_MARKER_KIND = "paused"  # the run waits for a spending cap to reset: no ending yet

DEFAULT_COMMAND = "/smith"


class FailureKind(enum.StrEnum):
    """The kinds of ending every chain shares (a chain adds its own kinds as plain strings)."""

    BUDGET_EXHAUSTED = "budget_exhausted"
    SPENDING_CAP = "spending_cap"
    NOT_ENABLED = "not_enabled"
    ENVIRONMENT = "environment"
    CANCELLED = "cancelled"
    ERROR = "error"


def command_span(command: str, verb: str) -> str:
    return code_span(f"{command} {verb}")


def frame(run_id: int | str, kind: str, headline: str, body: list[str],
           marker_kind: str = FAILURE_MARKER_KIND) -> str:
    lines = [marker(marker_kind, run=run_id, kind=str(kind)), f"### {headline}", ""]
    return "\n".join(lines + body) + "\n"


def _with_code_spans(text: str, max_chars: int = 400) -> str:
    """Smith's own sentence with `code` parts (which may quote untrusted output): every part
    is escaped, the backticked ones shown as code."""
    out = []
    for index, part in enumerate(text.split("`")):
        if index % 2:
            out.append(code_span(part, max_chars=max_chars))
        elif part.strip():
            lead = " " if part[:1].isspace() else ""
            trail = " " if part[-1:].isspace() else ""
            out.append(lead + escape_inline(part, max_chars=max_chars) + trail)
        else:
            out.append(part)
    return "".join(out)


def render_environment_failure(
    run_id: int | str, *, step: str, detail: str, command: str = DEFAULT_COMMAND,
    fix: str | None = None, cause_known: bool = False,
) -> str:
    """The environment (sandbox, dependencies, forge, model API) failed; the fix was not judged.

    With `cause_known`, `detail` is Smith's own account (it may hold `code spans`) and `fix`
    says what to change; no fix attempt was spent on it."""
    shown = _with_code_spans(detail) if cause_known else code_span(detail, max_chars=500)
    what = (f"{_with_code_spans(fix)}, then reply {command_span(command, 'retry')}."
            if fix else "check the repository's test setup in `.smith.yml`, then reply "
            f"{command_span(command, 'retry')}.")
    body = [
        f"The run stopped at **{step_title(step)}** because the environment failed, not the fix:",
        "",
        shown,
        "",
        "No fix attempt was spent on this.",
        "",
        f"**What you can do:** {what}",
    ]
    return frame(run_id, FailureKind.ENVIRONMENT, "Smith could not run its checks", body)


def render_step_budget_exhausted(
    run_id: int | str, *, step: str, budget: int, last_failure: str,
    command: str = DEFAULT_COMMAND, sentence: str | None = None,
) -> str:
    """A step ran out of tries: name that step. A chain may explain its own steps in its own
    words (`sentence`, formatted with `n` and `title`)."""
    sentence = sentence or "The step **{title}** ran {n} times, its budget, without passing."
    body = [sentence.format(n=budget, title=step_title(step))]
    if last_failure:
        body += ["", "**Last failure:**", "", blockquote(last_failure, max_lines=12,
                                                        max_chars=1500)]
    body += ["", f"**What you can do:** add details to the issue and reply "
             f"{command_span(command, 'retry')}, or fix it by hand."]
    headline = f"Smith stopped at {step_title(step)}"
    return frame(run_id, FailureKind.BUDGET_EXHAUSTED, headline, body)


def render_cap_reached(
    run_id: int | str, *, step: str, reason: str, command: str = DEFAULT_COMMAND
) -> str:
    """The run's token or cost cap stopped it (not a step's tries)."""
    body = [
        f"The run stopped at **{step_title(step)}**: {escape_inline(reason, max_chars=500)}",
        "",
        f"**What you can do:** ask the Smith operator to raise the run's cap, or reply "
        f"{command_span(command, 'retry')} to start a fresh run.",
    ]
    return frame(run_id, FailureKind.BUDGET_EXHAUSTED, "Smith reached this run's spending cap",
                  body)


def render_spending_cap(
    run_id: int | str, *, step: str, reason: str, started: bool,
    command: str = DEFAULT_COMMAND, resumes_at: datetime | None = None,
) -> str:
    """A day's or month's cap (the installation's or the repository's) stopped the run before
    `step`, or inside it before a model request that could cross the cap. A paused run
    (`resumes_at`) goes on by itself when the cap resets; a stopped one (a local run) does not."""
    where = (f"The run stopped at **{step_title(step)}**" if started
             else "The run stopped before its first model request")
    body = [f"{where}: {escape_inline(reason, max_chars=500)}", ""]
    if resumes_at is not None:
        body.append(
            f"Smith goes on from there by itself after the cap resets "
            f"({resumes_at:%Y-%m-%d %H:%M} UTC). **What you can do:** wait, ask the Smith "
            f"operator to raise the cap (`[budgets]` in smith.toml), or reply "
            f"{command_span(command, 'cancel')} to stop the run.")
        return frame(run_id, FailureKind.SPENDING_CAP, "Smith paused: a spending cap is reached",
                     body, marker_kind=PAUSED_MARKER_KIND)
    body.append(
        f"**What you can do:** reply {command_span(command, 'retry')} once the cap resets, or "
        f"ask the Smith operator to raise it (`[budgets]` in smith.toml). Nothing was sent to "
        f"the model that could cross it.")
    return frame(run_id, FailureKind.SPENDING_CAP, "Smith reached a spending cap", body)


def render_not_enabled(run_id: int | str, *, reason: str) -> str:
    """The operator's access lists exclude the repository (a run asked for another way than
    the summons label, which is answered before any run is made)."""
    return frame(run_id, FailureKind.NOT_ENABLED, "Smith is not enabled here",
                 [escape_inline(reason, max_chars=500)])


def render_cancelled(run_id: int | str, *, by: str, command: str = DEFAULT_COMMAND) -> str:
    body = [f"Cancelled by {escape_inline(by, max_chars=60)}. "
            f"Reply {command_span(command, 'retry')} to start again."]
    return frame(run_id, FailureKind.CANCELLED, "Smith's run was cancelled", body)


def render_failure(
    run_id: int | str, *, step: str, reason: str, command: str = DEFAULT_COMMAND
) -> str:
    """Any other stop: the step and the reason."""
    body = [
        f"The run stopped at **{step_title(step)}**: {escape_inline(reason, max_chars=1000)}",
        "",
        f"**What you can do:** reply {command_span(command, 'retry')} to try again, or "
        f"{command_span(command, 'help')} for the commands.",
    ]
    return frame(run_id, FailureKind.ERROR, "Smith stopped without a fix", body)


def render_held_value_leak(run_id: int | str, *, step: str, reason: str) -> str:
    """A held value (a held-out example) reached something the run was about to write. A
    retry meets the same inputs and stops the same way, so the advice is what to change."""
    body = [
        f"The run stopped at **{step_title(step)}**: {escape_inline(reason, max_chars=600)}.",
        "",
        "The example itself is not shown here: it is one the artefact is judged on and the "
        "generator must never see.",
        "",
        "**What you can do:** running the same task again stops the same way. If the task, "
        "the contract or the rules quote examples, they already go to training; look for "
        "examples copied elsewhere the generator reads (the repository's files, learned rules) "
        "and remove them before summoning Smith again. If none is there, tell the Smith "
        f"operator: run {escape_inline(str(run_id), max_chars=40)}.",
    ]
    return frame(run_id, "held_value_leak", "Smith stopped to keep a held-out example hidden",
                 body)


def render_internal_error(
    run_id: int | str, *, step: str, command: str = DEFAULT_COMMAND
) -> str:
    """Smith itself failed (a bug, a crash): say so in the user's terms, never the exception
    text, which goes to the log and the dashboard under the run id."""
    where = f" at **{step_title(step)}**" if step and step != "internal" else ""
    body = [
        f"Smith ran into an internal problem{where} and stopped. Nothing was pushed.",
        "",
        f"The Smith operator can find the details in the logs and on the dashboard under run "
        f"{escape_inline(str(run_id), max_chars=40)}.",
        "",
        f"**What you can do:** reply {command_span(command, 'retry')} to try again; if it happens "
        "again, tell the Smith operator.",
    ]
    return frame(run_id, FailureKind.ERROR, "Smith stopped because of an internal error", body)


def render_branch_moved(run_id: int | str, *, kept: str, used: str) -> str:
    """Smith did not overwrite a branch somebody else pushed to; it used another one."""
    return (
        f"{marker('branch', run=run_id)}\n"
        f"The branch {code_span(kept)} has commits Smith did not make, so Smith left it as it "
        f"is and pushed this run's change to {code_span(used)} instead. Nothing of yours was "
        "overwritten.\n"
    )
