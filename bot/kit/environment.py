"""Environment trouble met by a step's own code (tests that cannot run, a failed setup).

Such trouble is never the agent's: it must not spend an attempt, count as "not red" or reach
the model as feedback. A test run that looks broken is retried once; if it is still broken the
step raises `EnvironmentBroken`, which the engine turns into the run's single `environment`
ending, naming the cause and the fix.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence

import structlog

from bot.engine.context import RunContext
from bot.engine.errors import EnvironmentBroken
from bot.kit.change import forget_bytecode
from bot.workspace.junit import TestRunResult
from bot.workspace.test_failure import (
    EnvironmentProblem,
    classify,
    command_problem,
    own_modules,
)

log = structlog.get_logger(__name__)

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
MAX_SETUP_LINES = 4


async def run_tests_or_raise(
    ctx: RunContext,
    run: Callable[[], Awaitable[TestRunResult]],
    *,
    step: str,
    touched: Sequence[str] = (),
) -> TestRunResult:
    """`run()` the tests; a run the environment broke is retried once, then EnvironmentBroken."""
    await forget_bytecode(ctx)
    own = own_modules(ctx.workspace.path)
    result = await run()
    problem = classify(result, touched=touched, own=own)
    if problem is None:
        return result
    log.warning("tests_environment_trouble", run=ctx.run_id, step=step, cause=problem.cause,
                detail=problem.detail)
    await ctx.trajectory.record(step=step, actor="code", tool="environment_retry",
                                args={"cause": problem.cause}, ok=False,
                                detail=problem.detail[:500])
    result = await run()
    problem = classify(result, touched=touched, own=own)
    if problem is None:
        return result
    raise EnvironmentBroken(problem)


def setup_problem(message: str) -> EnvironmentProblem:
    """A failed `setup` command, summarised: the cause and the last meaningful lines, not the
    raw log."""
    output = _ANSI.sub("", message)
    head, _, tail = output.partition(": ")
    known = command_problem(tail or output, None, what="setup command")
    if known is not None:
        return EnvironmentProblem(known.cause, known.detail,
                                  "fix `setup.command` in `.smith.yml` (the setup runs in "
                                  "Smith's sandbox with the operator's PATH)")
    lines = [line.strip() for line in (tail or output).splitlines() if line.strip()]
    shown = " / ".join(line[:160] for line in lines[-MAX_SETUP_LINES:]) or "no output"
    exit_note = head.removeprefix("setup command failed").strip(" ()") or "error"
    if exit_note.lstrip("-").isdigit():
        exit_note = f"exit code {exit_note}"
    elif exit_note == "timeout":
        exit_note = "timed out"
    return EnvironmentProblem(
        "setup_failed", f"the setup command failed ({exit_note}): `{shown[:600]}`",
        "fix `setup.command` in `.smith.yml` so that it succeeds on the base branch")
