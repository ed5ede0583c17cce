"""The repository's own tests of a target module, and what they already kill and cover.

The "earns its place" check (`earning.py`) weighs each new test against them, so they are
measured once per module and run and kept in the run's state (`test_baselines`): every later
try, and a resumed run, reads them from there; only mutants never measured yet (another try
naming other functions) are run again. Which tests: the test files the code graph says import
the module or call its definitions (two hops, as QUALITY picks them), never Smith's own files
of this run; without a graph, or with more files than QUALITY would run, the repository's suite
(its Python test files at the base commit), first narrowed by one covered run to the files whose
tests executed the module. They are measured as the base commit has them: before each
measurement the files are put back as they are there (`restore_base`), whatever the Writer or
a generated test running in the sandbox did to them. The measurement is one sandbox call (the reference run under coverage
and one run per mutant, `run_mutation`); the suite costs one call more.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Callable, Collection, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from bot.chains.tests.earning import Baseline, mutant_label
from bot.chains.tests.js_config import runner_patterns
from bot.chains.tests.js_mutation import js_mutants_of, run_js_mutation
from bot.chains.tests.js_tests import module_key
from bot.chains.tests.jsast import is_js
from bot.chains.tests.mutation import MutationResult, mutants_of, run_mutation
from bot.chains.tests.state import TestsState
from bot.engine.context import RunContext
from bot.kit.code_index import full_code_graph
from bot.kit.reach import (
    MAX_REACHING_FILES,
    base_files,
    base_test_files,
    globs_matcher,
    module_tests,
)
from bot.repo_config import RepoConfig
from bot.validator.filekinds import is_test_file_name
from bot.workspace.checkout import Checkout
from bot.workspace.junit import RunStatus, TestOutcome
from bot.workspace.pytest_batch import BatchRun, run_batch_arcs
from bot.workspace.safe_fs import UnsafePath, lstat_beneath, read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox

_JS_SPECIFIER = re.compile(
    r"""(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+|^\s*import\s+)['"]([^'"\n]+)['"]""",
    re.MULTILINE)
MAX_SCANNED = 400
"""JavaScript test files read for their imports, at most."""
RUN_SECONDS = 60.0
"""Longest run of the existing tests, on the original or a mutant (or the module's test)."""
TOOL = "measure_existing_tests"
"""How the trajectory names one measurement."""


def _stored(ctx: RunContext) -> dict[str, dict[str, Any]]:
    return dict(TestsState.of(ctx).test_baselines)


async def baseline_for(ctx: RunContext, module: str, functions: Sequence[str], *,
                       max_mutants: int, exclude: Collection[str], step: str) -> Baseline:
    """What the existing tests of `module` do to the mutants gate 4 makes of `functions`,
    measured only where the run's state does not know it yet."""
    stored = _stored(ctx).get(module)
    baseline = Baseline.model_validate(stored) if stored else await _chosen(ctx, module, exclude)
    await restore_base(ctx.workspace, baseline.tests)
    ran = await measure(ctx.sandbox, ctx.workspace.path, ctx.repo_config, baseline, functions,
                        max_mutants=max_mutants, timeout=_timeout(ctx))
    if ran is not None:
        await ctx.trajectory.record(step=step, actor="code", tool=TOOL,
                                    args={"module": module, "tests": len(baseline.tests),
                                          "mutants": ran},
                                    ok=baseline.ran, detail=baseline.problem or
                                    f"{len(baseline.survived)} survive")
    if ran is not None or stored is None:
        await TestsState.save(ctx, test_baselines={**_stored(ctx),
                                                   module: baseline.model_dump(mode="json")})
    return baseline


async def measure(sandbox: Sandbox, checkout: Path, config: RepoConfig, baseline: Baseline,
                  functions: Sequence[str], *, max_mutants: int,
                  timeout: float) -> int | None:
    """Run `baseline`'s tests on the original module (under coverage) and on the mutants of
    `functions` it does not know yet, in one sandbox call, and fold the results in. How many
    mutants ran; None when nothing needed running (no tests, known already, or broken)."""
    if not baseline.tests or not baseline.ran:
        return None
    source = read_beneath(checkout, baseline.module, max_bytes=2 << 20).decode(
        "utf-8", errors="replace")
    js = is_js(baseline.module)
    made = (js_mutants_of if js else mutants_of)(source, baseline.module, functions,
                                                 max_mutants)[0]
    unknown = baseline.unknown(mutant.key for mutant, _ in made)
    if baseline.measured and not unknown:
        return None
    result = await (run_js_mutation if js else run_mutation)(
        sandbox, checkout, config, module=baseline.module, tests=baseline.tests,
        functions=functions, max_mutants=max_mutants, timeout=timeout, reference=True,
        only=unknown)
    _merge(baseline, result)
    return result.mutants


async def restore_base(checkout: Checkout, paths: Sequence[str]) -> list[str]:
    """Put `paths` back as the base commit has them (content and mode) where they differ: the
    existing tests are measured as they are on the target branch, whatever the Writer or a
    generated test run in the sandbox did to them. The paths restored."""
    restored = []
    for rel in paths:
        entry = await checkout.read_base_entry(rel)
        if entry is None or entry[0] not in (0o100644, 0o100755):
            continue
        mode, content = entry[0] & 0o777, entry[1]
        info = None
        try:
            info = lstat_beneath(checkout.path, rel)
            same = info is not None and stat.S_ISREG(info.st_mode) and \
                (info.st_mode & 0o111) == (mode & 0o111) and \
                read_beneath(checkout.path, rel, max_bytes=len(content) + 1) == content
        except (OSError, UnsafePath):
            same = False
        if not same:
            if info is not None and stat.S_ISDIR(info.st_mode):
                continue  # a folder where the file was: the run of that file fails visibly
            write_beneath(checkout.path, rel, content, mode=mode)
            restored.append(rel)
    return restored


def _timeout(ctx: RunContext) -> float:
    return min(ctx.repo_config.tests.timeout_seconds, RUN_SECONDS)


async def _chosen(ctx: RunContext, module: str, exclude: Collection[str]) -> Baseline:
    """The existing tests of `module` (files of the base commit): reaching it by the code
    graph, else the suite's files whose tests run its code."""
    is_test = globs_matcher(ctx.repo_config.test_globs)
    if is_js(module):
        patterns = runner_patterns(ctx.workspace.path, ctx.repo_config)

        def collected(path: str) -> bool:  # a test by the runner's config, or by its name
            verdict = patterns.runs(path) if patterns is not None else None
            return verdict if verdict is not None else is_test(path) and is_test_file_name(path)

        return Baseline(module=module, found_by="imports",
                        tests=await _js_importers(ctx.workspace, module, collected, exclude))
    graph = await full_code_graph(ctx.code_graph)
    if graph is not None:
        on_base = set(await base_files(ctx.workspace))
        found = [path for path in module_tests(graph, module, is_test)
                 if path.endswith(".py") and path not in exclude and path in on_base]
        if len(found) <= MAX_REACHING_FILES:
            return Baseline(module=module, tests=found, found_by="code graph")
    suite = [path for path in await base_test_files(ctx.workspace, is_test)
             if path.endswith(".py") and is_test_file_name(path) and path not in exclude]
    return Baseline(module=module, tests=await _running(ctx, module, suite), found_by="suite")


async def _js_importers(checkout: Checkout, module: str, is_test: Callable[[str], bool],
                        exclude: Collection[str]) -> list[str]:
    """The JavaScript and TypeScript test files of the base commit (those `is_test` takes)
    that import or require `module` (a relative specifier naming it, with or without its
    suffix, or its folder's `index`), as the base commit has them; at most QUALITY's 40."""
    wanted = {str(PurePosixPath(module).with_suffix(""))}
    if PurePosixPath(module).stem == "index":
        wanted.add(str(PurePosixPath(module).parent))
    found = []
    candidates = [path for path in await base_files(checkout)
                  if is_js(path) and is_test(path) and path not in exclude]
    for path in candidates[:MAX_SCANNED]:
        entry = await checkout.read_base_entry(path)
        if entry is None or entry[0] not in (0o100644, 0o100755) or len(entry[1]) > 1 << 20:
            continue
        specs = _JS_SPECIFIER.findall(entry[1].decode("utf-8", errors="replace"))
        if any(spec.startswith(".") and module_key(spec, path) in wanted for spec in specs):
            found.append(path)
    return found[:MAX_REACHING_FILES]


async def _running(ctx: RunContext, module: str, suite: list[str]) -> list[str]:
    """The files of `suite` whose tests execute `module` (one covered run); all of them when
    that cannot be measured (not plain pytest, no coverage.py)."""
    if not suite:
        return []
    batch = await run_batch_arcs(ctx.sandbox, ctx.workspace.path, ctx.repo_config,
                                 [BatchRun(tuple(suite), arcs_of=module)],
                                 timeout=_timeout(ctx))
    arcs = batch[1].get(0) if batch is not None else None
    if arcs is None or not arcs.measured:
        return suite
    reaching = {test_id.split("::", 1)[0] for test_id, taken in arcs.per_test.items() if taken}
    return [path for path in suite if path in reaching]


def _merge(baseline: Baseline, result: MutationResult) -> None:
    """Fold one measurement into `baseline`: kills, survivors and branch coverage."""
    reference = result.reference
    passed = reference is not None and reference.status is RunStatus.COMPLETED and any(
        case.outcome is TestOutcome.PASSED for case in reference.cases)
    if not passed:
        baseline.ran = False
        baseline.problem = ("no test passed on the original module" if reference is not None
                            and reference.status is RunStatus.COMPLETED else
                            f"their run ended {reference.status.value if reference else 'unrun'}")
        return
    baseline.measured = True
    baseline.killed = sorted({*baseline.killed, *(kill.mutant.key for kill in result.kills)})
    baseline.survived.update({mutant.key: mutant_label(mutant) for mutant in result.survived})
    arcs = result.arcs
    if arcs is not None and arcs.measured and arcs.missing is not None:
        baseline.coverage = True
        baseline.covered, baseline.uncovered = sorted(arcs.executed), sorted(arcs.missing)
