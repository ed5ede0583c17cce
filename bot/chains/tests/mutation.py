"""Gate 4: a small, bounded mutation runner for Python, Smith's own.

A pinned operator set (comparisons, arithmetic, boolean operators, numeric and boolean
constants, returns) is applied with the `ast` module to the functions under test, one mutant at
a time; string, log and message literals are never mutated. Each mutant is one edit of the
original text (the rest of the file, comments included, stays as it was). It is put in place in
the checkout it is given (host side, never through a link; `smith mutate` gives a throw-away
copy, never the user's tree), only the given tests run against it in the sandbox, and the
original is put back before the next. The number of mutants is capped, so the gate's cost is
bounded whatever the module's size.

A mutant is killed only when a test fails on it, on an assertion or an error raised inside the
test (a timeout inside a test included), and, given a reference run, only by tests that passed
on the original. A run that does not start, does not load the tests, times out outside any test
or ends without a report judges nothing: the mutant is reported apart (`errors`), never as a
kill, and left out of the score.
"""

from __future__ import annotations

import ast
import os
import re
import time
import warnings
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from bot.chains.tests.selection import select_tests
from bot.repo_config import RepoConfig
from bot.workspace.arcs import ModuleArcs
from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult
from bot.workspace.pytest_batch import BatchRun, run_batch_arcs
from bot.workspace.safe_fs import lstat_beneath, read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import run_tests

DEFAULT_MAX_MUTANTS = 30
TIME_LIMIT_FLOOR = 5.0
"""Seconds a mutant's run gets at least, however fast the reference pass was."""
TIME_LIMIT_FACTOR = 4.0
"""A mutant's run gets this many times the reference pass's time (above the floor)."""
COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
ARITH_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Mod: ast.Mult, ast.Pow: ast.Mult,
}
SYMBOLS: dict[type, str] = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
    ast.And: "and", ast.Or: "or",
}
MESSAGE_CALLS = frozenset({"print", "debug", "info", "warning", "warn", "error", "exception",
                           "critical", "log", "format"})


class Mutant(BaseModel):
    path: str
    line: int
    operator: str = Field(description="comparison | arithmetic | boolean | constant | return")
    original: str
    mutated: str
    column: int = Field(default=0, exclude=True)
    """Where on its line (two alike mutants of one line differ by it); never shown."""

    def feedback(self) -> str:
        return f"{self.path}:{self.line}: `{self.original}` → `{self.mutated}` survived"

    @property
    def key(self) -> str:
        """The mutant's identity across runs of the same source (the existing tests' run and
        the new file's): where it is and what it changes."""
        return f"{self.line}:{self.column}:{self.operator}:{self.original}:{self.mutated}"


class Kill(BaseModel):
    """A mutant the tests noticed, and which of them did."""

    mutant: Mutant
    by: list[str] = Field(default_factory=list)
    """The tests (node ids) that failed on the mutant (and, given a reference run, passed on
    the original); empty when the runner does not say which (jest's batch)."""


class Unjudged(BaseModel):
    """A mutant no test could judge: its run did not start, did not load the tests, timed out
    outside any test or ended without a report. Never a kill, never in the score."""

    mutant: Mutant
    reason: str


class MutationResult(BaseModel):
    score: float | None = Field(description="killed / (killed + survived); 0 when mutants were "
                                "made and none could be judged, None when there was nothing "
                                "to mutate")
    mutants: int
    killed: int
    survived: list[Mutant] = Field(default_factory=list)
    errors: list[Unjudged] = Field(default_factory=list)
    """Mutants whose run judged nothing (reported apart, out of the score)."""
    seconds: float = 0.0
    timeout: float | None = None
    """The time limit each mutant's run had."""
    capped_from: int | None = None
    """How many mutation points there were when more than the cap."""
    kills: list[Kill] = Field(default_factory=list, exclude=True)
    reference: TestRunResult | None = Field(default=None, exclude=True)
    """The tests' run on the original module, when asked for: kills are counted against the
    tests that passed in it."""
    arcs: ModuleArcs | None = Field(default=None, exclude=True)
    """What the reference run executed in the module, per test (plain pytest only)."""

    def feedback(self, threshold: float) -> str:
        head = (f"mutation score {self.score:.0%} < {threshold:.0%}" if self.score is not None
                else "no mutants")
        lines = [head, *(m.feedback() for m in self.survived)]
        if self.errors:
            lines.append(f"{len(self.errors)} mutant(s) could not be judged (not counted), "
                         f"e.g. {self.errors[0].reason}")
        return "\n".join(lines)


def score_of(killed: int, survived: int, unjudged: int) -> float | None:
    """killed / judged; 0 when mutants were made but none could be judged (no evidence is no
    credit); None when there was nothing to mutate."""
    judged = killed + survived
    if judged:
        return killed / judged
    return 0.0 if unjudged else None


def time_limit(reference_seconds: float, ceiling: float) -> float:
    """A mutant run's time limit from the reference pass: a small multiple of it, at least
    `TIME_LIMIT_FLOOR`, never more than `ceiling` (the suite's own limit)."""
    return min(ceiling, max(TIME_LIMIT_FLOOR, TIME_LIMIT_FACTOR * reference_seconds))


@dataclass(frozen=True)
class _Point:
    index: int
    mutant: Mutant


# --- finding mutation points ------------------------------------------------------------------


def _wanted_nodes(tree: ast.Module, functions: Sequence[str]) -> list[ast.AST]:
    """The function bodies to mutate: the named functions or methods, else the whole module
    except `if __name__ == "__main__":` blocks."""
    wanted = {name.rsplit(".", 1)[-1] for name in functions}
    if not wanted:
        return [node for node in tree.body if not _is_main_guard(node)]
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in wanted:
            found.append(node)
    return found


def _is_main_guard(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "__name__" in ast.unparse(node.test)


def _skipped_ids(roots: Sequence[ast.AST]) -> set[int]:
    """Nodes never mutated: docstrings, decorators, annotations, arguments of log/message
    calls, f-strings."""
    skipped: set[int] = set()
    for root in roots:
        for node in ast.walk(root):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else \
                    func.id if isinstance(func, ast.Name) else ""
                if name in MESSAGE_CALLS:
                    skipped.update(id(n) for arg in [*node.args, *node.keywords]
                                   for n in ast.walk(arg))
            elif isinstance(node, ast.JoinedStr):
                skipped.update(id(n) for n in ast.walk(node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                returns = None if isinstance(node, ast.ClassDef) else node.returns
                for extra in [*node.decorator_list, *([returns] if returns else [])]:
                    skipped.update(id(n) for n in ast.walk(extra))
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    skipped.update(id(n) for n in ast.walk(node.args))
            elif isinstance(node, ast.AnnAssign):
                skipped.update(id(n) for n in ast.walk(node.annotation))
    return skipped


def _points(tree: ast.Module, path: str, functions: Sequence[str]) -> Iterator[tuple[ast.AST,
                                                                                     Mutant]]:
    for node, mutant in _operator_points(tree, path, functions):
        mutant.column = getattr(node, "col_offset", 0)
        yield node, mutant


def _operator_points(tree: ast.Module, path: str,
                     functions: Sequence[str]) -> Iterator[tuple[ast.AST, Mutant]]:
    roots = _wanted_nodes(tree, functions)
    skipped = _skipped_ids(roots)
    seen: set[int] = set()
    for root in roots:
        for node in ast.walk(root):
            if id(node) in skipped or id(node) in seen:
                continue
            seen.add(id(node))
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Compare):
                for op in node.ops:
                    if type(op) in COMPARE_SWAPS:
                        yield node, Mutant(path=path, line=line, operator="comparison",
                                           original=SYMBOLS[type(op)],
                                           mutated=SYMBOLS[COMPARE_SWAPS[type(op)]])
            elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in ARITH_SWAPS:
                if isinstance(node, ast.BinOp) and _is_string_op(node):
                    continue
                yield node, Mutant(path=path, line=line, operator="arithmetic",
                                   original=SYMBOLS[type(node.op)],
                                   mutated=SYMBOLS[ARITH_SWAPS[type(node.op)]])
            elif isinstance(node, ast.BoolOp):
                swapped = ast.Or if isinstance(node.op, ast.And) else ast.And
                yield node, Mutant(path=path, line=line, operator="boolean",
                                   original=SYMBOLS[type(node.op)], mutated=SYMBOLS[swapped])
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                yield node, Mutant(path=path, line=line, operator="boolean",
                                   original=f"not {ast.unparse(node.operand)}"[:60],
                                   mutated=ast.unparse(node.operand)[:60])
            elif isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, float)):
                yield node, Mutant(path=path, line=line, operator="constant",
                                   original=repr(node.value),
                                   mutated=repr(_constant_mutation(node.value)))
            elif isinstance(node, ast.Return) and node.value is not None and not (
                    isinstance(node.value, ast.Constant) and node.value.value is None):
                yield node, Mutant(path=path, line=line, operator="return",
                                   original=f"return {ast.unparse(node.value)}"[:60],
                                   mutated="return None")


def _is_string_op(node: ast.BinOp) -> bool:
    return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and
               isinstance(getattr(side, "value", ""), str) for side in (node.left, node.right))


def _constant_mutation(value: float) -> float:
    if isinstance(value, bool):
        return not value
    if value == 0:
        return 1
    return value + 1


def _apply(node: ast.AST, mutant: Mutant) -> ast.AST | None:
    """Mutate `node` in place as `mutant` says; a replacement node when one is needed."""
    if isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            if SYMBOLS.get(type(op)) == mutant.original:
                node.ops[index] = COMPARE_SWAPS[type(op)]()
                return None
    if isinstance(node, (ast.BinOp, ast.AugAssign)):
        node.op = ARITH_SWAPS[type(node.op)]()
        return None
    if isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return None
    if isinstance(node, ast.UnaryOp):
        return node.operand
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, (bool, int, float)):  # only these are mutation points
            raise TypeError(f"no constant mutation of {node.value!r}")
        node.value = _constant_mutation(node.value)
        return None
    if isinstance(node, ast.Return):
        node.value = ast.Constant(value=None)
        return None
    return None


def mutants_of(source: str, path: str, functions: Sequence[str] = (),
               max_mutants: int = DEFAULT_MAX_MUTANTS) -> tuple[list[tuple[Mutant, str]], int]:
    """(mutant, mutated source) pairs, spread evenly over the points when there are more than
    the cap, and the number of points there were."""
    tree = ast.parse(source)
    points = list(_points(tree, path, functions))
    total = len(points)
    starts = _line_starts(source)
    made = []
    for index in spread(total, max_mutants):
        node, mutant = points[index]  # mutated in place, then put back as it was
        span = _span(source, starts, node)
        kept = {name: (list(value) if isinstance(value, list) else value)
                for name in ("ops", "op", "value") if (value := getattr(node, name, None))
                is not None}
        replacement = _apply(node, mutant)
        if replacement is not None:
            _replace(tree, node, replacement)
        try:
            text = _spliced(source, span, replacement or node, tree)
        except (ValueError, TypeError, RecursionError):
            text = None
        finally:
            if replacement is not None:
                _replace(tree, replacement, node)
            for name, value in kept.items():
                setattr(node, name, value)
        if text is not None:
            made.append((mutant, text))
    return made, total


def _line_starts(source: str) -> list[int]:
    """Where each line starts, the lines split as Python's parser splits them (`\r\n`, `\n`,
    `\r`; never a form feed)."""
    return [0, *(match.end() for match in re.finditer(r"\r\n|\r|\n", source))]


def _span(source: str, starts: list[int], node: ast.AST) -> tuple[int, int] | None:
    """The node's text as offsets into `source` (the ast's columns count UTF-8 bytes)."""
    lineno, end_lineno = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
    col, end_col = getattr(node, "col_offset", None), getattr(node, "end_col_offset", None)
    if lineno is None or end_lineno is None or col is None or end_col is None \
            or end_lineno > len(starts):
        return None

    def offset(line: int, column: int) -> int:
        start = starts[line - 1]
        end = starts[line] if line < len(starts) else len(source)
        return start + len(source[start:end].encode()[:column].decode(errors="ignore"))

    return offset(lineno, col), offset(end_lineno, end_col)


def _spliced(source: str, span: tuple[int, int] | None, new: ast.AST,
             mutated: ast.Module) -> str:
    """The original text with only the mutated node's text replaced, when that parses to the
    mutated tree; else the mutated tree unparsed (a whole reformatted module, as before)."""
    expected = ast.dump(mutated)
    if span is not None:
        text = ast.unparse(new)
        if isinstance(new, ast.expr) and not isinstance(new, (ast.Constant, ast.Name)):
            text = f"({text})"  # the text around it keeps its meaning (`a / b ** c`)
        candidate = source[:span[0]] + text + source[span[1]:]
        try:
            with warnings.catch_warnings():  # the original's own warnings, once is enough
                warnings.simplefilter("ignore")
                if ast.dump(ast.parse(candidate)) == expected:
                    return candidate
        except (SyntaxError, ValueError):
            pass
    return ast.unparse(ast.fix_missing_locations(mutated)) + "\n"


def spread(total: int, cap: int) -> list[int]:
    """The indices of `cap` of `total` points spread evenly over them (all when they fit)."""
    if total <= cap:
        return list(range(total))
    step = total / cap
    return sorted({int(i * step) for i in range(cap)})


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                setattr(parent, name, [new if item is old else item for item in value])
                return


# --- running them -----------------------------------------------------------------------------


def _fresh_bytecode_config(config: RepoConfig) -> RepoConfig:
    """No bytecode is written, so a mutant and its original never share a cached `.pyc`."""
    env = {**config.setup.env, "PYTHONDONTWRITEBYTECODE": "1"}
    return config.model_copy(update={"setup": config.setup.model_copy(update={"env": env})})


async def reference_run(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                        tests: Sequence[str], timeout: float) -> TestRunResult:
    """`tests` on the original module, run as the mutants will be (one batch run for a plain
    pytest command, whose `duration_seconds` is the run's own; else the command)."""
    return (await reference_pass(sandbox, checkout, config, tests=tests, timeout=timeout))[0]


async def reference_pass(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                         tests: Sequence[str], timeout: float,
                         module: str | None = None) -> tuple[TestRunResult, ModuleArcs | None]:
    """`reference_run`, and with `module` (plain pytest, coverage.py in the repository's
    environment) what each test executed there: which tests each mutant needs."""
    batch = await run_batch_arcs(sandbox, checkout, config,
                                 [BatchRun(tuple(tests), arcs_of=module)], timeout=timeout)
    if batch is not None:
        return batch[0][0], batch[1].get(0)
    return await run_tests(sandbox, checkout, _fresh_bytecode_config(config), list(tests),
                           timeout=timeout), None


async def run_mutation(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, *, module: str, tests: Sequence[str],
    functions: Sequence[str] = (), max_mutants: int = DEFAULT_MAX_MUTANTS,
    timeout: float = 60.0, reference: bool = False, only: Collection[str] | None = None,
    passed: Collection[str] | None = None, workers: int | None = None,
    covered: ModuleArcs | None = None,
) -> MutationResult:
    """Kill or keep each mutant of `module` (checkout-relative) with only `tests`.

    With `reference` the tests first run on the original, in the same sandbox call and, for
    plain pytest, under coverage of the module (per-test arcs): a mutant is then killed by the
    tests that passed there and failed on it, so a test already red is no evidence. `passed`
    names those tests from a reference run made before (`reference_run`). `only` keeps the
    mutants whose keys it names (those not measured yet). `timeout` limits each run. Under
    plain pytest the mutants run in parallel, `workers` at a time (one per core by default),
    each worker on its own copy of the checkout. `covered` (what each test of a reference
    pass executed in the module, with `passed`) runs each mutant against only the tests that
    reached its function (`selection.py`); a mutant none reached survives without a run."""
    started = time.monotonic()
    original = read_beneath(checkout, module, max_bytes=2 << 20)
    stat = lstat_beneath(checkout, module)
    mode = (stat.st_mode & 0o777) if stat is not None else 0o644
    made, total = mutants_of(original.decode("utf-8", errors="replace"), module, functions,
                             max_mutants)
    if only is not None:
        made = [(mutant, text) for mutant, text in made if mutant.key in only]
    quiet = _fresh_bytecode_config(config)
    base_mtime = int(stat.st_mtime) if stat is not None else int(time.time())
    chosen = select_tests(original.decode("utf-8", errors="replace"),
                          [mutant.line for mutant, _ in made], covered if passed else None,
                          passed or ())
    runs = [BatchRun(tuple(tests), arcs_of=module)] if reference else []
    runs += [BatchRun(tuple(tests), mutant=text, module=module, mtime=base_mtime + number,
                      select=selection or ())
             for number, ((_, text), selection) in enumerate(zip(made, chosen), 1)
             if selection is not None]
    arcs: ModuleArcs | None = None
    try:
        batch = await run_batch_arcs(sandbox, checkout, config, runs, timeout=timeout,
                                     workers=workers) if runs else ([], {})
        if batch is not None:
            results, measured = batch
            arcs = measured.get(0) if reference else None
        else:  # not plain pytest: one command per run
            results = [await run_tests(sandbox, checkout, quiet, list(tests), timeout=timeout)] \
                if reference else []
            for number, ((_, text), selection) in enumerate(zip(made, chosen), 1):
                if selection is None:
                    continue
                write_beneath(checkout, module, text.encode(), mode=mode)
                _bump_mtime(checkout / module, number)
                results.append(await run_tests(sandbox, checkout, quiet, list(tests),
                                               timeout=timeout))
    finally:
        write_beneath(checkout, module, original, mode=mode)
        if stat is not None:
            os.utime(checkout / module, ns=(stat.st_atime_ns, stat.st_mtime_ns),
                     follow_symlinks=False)
    base = results.pop(0) if reference else None
    passing = set(passed) if passed is not None else None
    if base is not None and base.status is RunStatus.COMPLETED:
        passing = {case.test_id for case in base.cases if case.outcome is TestOutcome.PASSED}
    ran = iter(results)
    verdicts = [judge(next(ran), passing) if selection is not None else Verdict("survived")
                for selection in chosen]
    kills, survived, errors = tally([mutant for mutant, _ in made], verdicts)
    count = len(made)
    return MutationResult(score=score_of(len(kills), len(survived), len(errors)), mutants=count,
                          killed=len(kills), survived=survived, errors=errors, kills=kills,
                          reference=base, arcs=arcs, timeout=timeout,
                          seconds=round(time.monotonic() - started, 2),
                          capped_from=total if total > count else None)


@dataclass(frozen=True)
class Verdict:
    """What one mutant's run says: killed (by these tests), survived, or nothing (why)."""

    kind: Literal["killed", "survived", "unjudged"]
    by: list[str] = field(default_factory=list)
    reason: str = ""


def tally(
    mutants: Sequence[Mutant], verdicts: Sequence[Verdict]
) -> tuple[list[Kill], list[Mutant], list[Unjudged]]:
    """(kills, survivors, mutants judged nothing) of mutants and their verdicts, in order."""
    kills: list[Kill] = []
    survived: list[Mutant] = []
    errors: list[Unjudged] = []
    for mutant, verdict in zip(mutants, verdicts, strict=True):
        if verdict.kind == "killed":
            kills.append(Kill(mutant=mutant, by=verdict.by))
        elif verdict.kind == "survived":
            survived.append(mutant)
        else:
            errors.append(Unjudged(mutant=mutant, reason=verdict.reason))
    return kills, survived, errors


FAILED_IN_A_TEST = (TestOutcome.RED_ASSERTION, TestOutcome.RED_ERROR)
"""A test that failed on an assertion or on an error raised inside it (a timeout included)."""


def judge(result: TestRunResult, passing: Collection[str] | None) -> Verdict:
    """A mutant's run, judged. Killed only by tests that failed on an assertion or an error
    raised inside them, and, with `passing` (the tests green on the original), only by those;
    a run that did not start, did not load the tests, timed out outside any test or wrote no
    report judges nothing."""
    if result.status is RunStatus.TIMEOUT:
        return Verdict("unjudged", reason="timed out outside any test (while importing or "
                       "collecting, or where the runner cannot say)")
    if result.status is not RunStatus.COMPLETED:
        limit = f", {result.limit} limit" if result.limit else ""
        return Verdict("unjudged", reason=f"the run ended without a report (exit "
                       f"{result.exit_code}{limit})")
    failed = [case.test_id for case in result.cases if case.outcome in FAILED_IN_A_TEST]
    if passing is not None:
        failed = [test for test in failed if test in passing]
    if failed:
        return Verdict("killed", by=failed)
    broken = [case for case in result.cases if case.outcome is TestOutcome.COLLECTION_ERROR]
    if broken:
        message = " ".join(broken[0].message.split())[:200]
        return Verdict("unjudged", reason=f"the tests did not load: {message}"
                       if message else "the tests did not load")
    if not result.cases:
        return Verdict("unjudged", reason="no test ran")
    return Verdict("survived")


def _bump_mtime(path: Path, number: int) -> None:
    """A distinct mtime per mutant: an old `.pyc` of the original never matches a mutant."""
    now = time.time_ns() + number * 1_000_000_000
    os.utime(path, ns=(now, now), follow_symlinks=False)
