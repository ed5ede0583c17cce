"""Preflight: before the first model step, the repository's test command must start, write its
report and import the project, or the run ends as an environment problem having spent nothing.

A missing runner, a broken editable install or a project that does not install used to surface
only at the reproduction test, after four model steps (about 20k tokens), and looked like a bad
test. The probe is one tiny test file Smith writes beside the code (importing each of the
project's own top-level packages), run by the repository's own command, then removed; it is
never part of the change. It runs only for pytest commands, whose test ids are file paths:
other runners name tests their own way, and a wrong guess must never stop a run.
"""

from __future__ import annotations

from pathlib import Path

import structlog

from bot.engine.context import RunContext
from bot.engine.errors import EnvironmentBroken
from bot.repo_config import RepoConfig
from bot.workspace.junit import RunStatus
from bot.workspace.safe_fs import remove_beneath, write_beneath
from bot.workspace.test_failure import classify, own_modules
from bot.workspace.testrun import run_tests

log = structlog.get_logger(__name__)

PROBE_FILE = "test_smith_preflight_probe.py"
PROBE_TIMEOUT_SECONDS = 120.0
STOPPING_CAUSES = frozenset({"command_not_found", "runner_missing", "project_not_importable"})
"""What the probe can prove about the environment. Anything else is left to the steps (which
retry once): a runner that wrote no report may only have missed the probe (a command that `cd`s
into a subfolder project), a slow start or a limit may not come back."""


def _probe_source(modules: frozenset[str]) -> str:
    lines = ['"""Written by Smith before its first model step, and removed after: can the test',
             'command run here and import the project? (bot/kit/preflight.py)"""', ""]
    lines += [f"import {name}  # noqa: F401" for name in sorted(modules)]
    lines += ["", "", "def test_smith_preflight():", "    assert True", ""]
    return "\n".join(lines)


def _probed(checkout: Path, own: frozenset[str]) -> frozenset[str]:
    """The project's packages (folders); a flat project's modules only when it has none, and
    never a test module: importing is running their top level."""
    packages = frozenset(n for n in own if (checkout / n).is_dir() or (checkout / "src" / n).is_dir())
    chosen = packages or own
    return frozenset(n for n in chosen if not n.startswith("test_") and not n.endswith("_test"))


def wants_probe(config: RepoConfig) -> bool:
    return config.language == "python" and "pytest" in config.test_command


async def preflight(ctx: RunContext, config: RepoConfig) -> None:
    """Run the probe; EnvironmentBroken when the runner cannot start or report, or the project
    does not import. Nothing of the probe stays in the checkout."""
    if not wants_probe(config):
        return
    checkout = ctx.workspace.path
    if (checkout / PROBE_FILE).exists() or (checkout / PROBE_FILE).is_symlink():
        return  # the repository has a file by that name: leave it alone
    own = own_modules(checkout)
    before = set(await ctx.workspace.changed_paths())
    write_beneath(checkout, PROBE_FILE, _probe_source(_probed(checkout, own)).encode())
    try:
        result = await run_tests(ctx.sandbox, checkout, config, [PROBE_FILE],
                                 timeout=min(PROBE_TIMEOUT_SECONDS, config.tests.timeout_seconds))
    finally:
        # The probe and whatever its run wrote (bytecode of the imported packages) go.
        for rel in sorted(set(await ctx.workspace.changed_paths()) - before | {PROBE_FILE}):
            remove_beneath(checkout, rel)
    problem = classify(result, touched=(), own=own)
    log.info("preflight", run=ctx.run_id, status=result.status.value,
             problem=problem.cause if problem else None)
    if problem is not None and problem.cause in STOPPING_CAUSES:
        raise EnvironmentBroken(problem)
    if problem is None and result.status is RunStatus.COMPLETED and not result.cases:
        log.warning("preflight_no_cases", run=ctx.run_id)  # the runner ignored the probe
