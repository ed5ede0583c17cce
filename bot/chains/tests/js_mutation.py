"""Gate 4 for JavaScript and TypeScript modules: Python's pinned operator set, by byte ranges.

The module is parsed with tree-sitter and each mutant is one byte-range edit of the original
text (so formatting, comments and everything else stay as they were): comparisons (`<` ↔ `<=`,
`===` ↔ `!==`...), arithmetic (`+` ↔ `-`, `*` ↔ `/`, `%` and `**` → `*`; never `+` on a
string or a template), `&&` ↔ `||`, `!x` → `x`, numbers (0 → 1, n → n + 1) and booleans, and
`return <expr>` → `return undefined`. Strings and templates, the arguments of `console.*` and
logger calls, error messages (`new Error(...)`), default parameters, types, decorators and
imports are never touched; a mutant that no longer parses is dropped. As in Python, at most
`max_mutants` are made, spread evenly over the points, and only the new test file runs against
each one (`bot/workspace/jest_batch.py` for a plain jest command, else one command per mutant).
In jest's batch the original module runs among the mutants several times, last and at places
drawn here (`control_places`): a test that makes jest's process lie about some of its runs
lies about one of those with the odds given there, and no outcome of a batch whose original
did not survive its own tests every time counts.
Judged as in Python: a mutant is killed only when a test fails on it; a file that no longer
loads, a run that errs before any test, and a timeout (jest's watchdog and a killed command
cannot say in which test it hung) are reported apart (`errors`), out of the score.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tree_sitter import Node

from bot.chains.tests.jsast import call_name, callee, member_path, parse, text, walk
from bot.chains.tests.mutation import (
    DEFAULT_MAX_MUTANTS,
    Mutant,
    MutationResult,
    Verdict,
    _bump_mtime,
    judge,
    score_of,
    spread,
    tally,
)
from bot.repo_config import RepoConfig
from bot.workspace.jest_batch import JestJob, JestOutcome, run_jest_batch
from bot.workspace.junit import RunStatus, TestOutcome, TestRunResult
from bot.workspace.safe_fs import lstat_beneath, read_beneath, write_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import run_tests

COMPARISONS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "===": "!==", "!==": "===",
               "==": "!=", "!=": "=="}
ARITHMETIC = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*", "**": "*"}
AUGMENTED = {"+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="}
BOOLEAN = {"&&": "||", "||": "&&"}
LOGGERS = frozenset({"console", "logger", "log", "debug"})
LOG_METHODS = frozenset({"log", "info", "warn", "error", "debug", "trace", "fatal", "verbose"})
NEVER_INSIDE = frozenset({"string", "template_string", "formal_parameters", "type_annotation",
                          "type_arguments", "type_parameters", "decorator", "import_statement",
                          "export_clause", "regex", "comment", "jsx_attribute",
                          "interface_declaration", "type_alias_declaration",
                          "enum_declaration", "ambient_declaration"})
FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "function",
                             "generator_function"})


@dataclass(frozen=True)
class _Point:
    start: int
    end: int
    replacement: bytes
    mutant: Mutant


def _roots(root: Node, functions: Sequence[str]) -> list[Node]:
    """The bodies to mutate: the named functions and methods, else the whole module."""
    wanted = {name.rsplit(".", 1)[-1] for name in functions}
    if not wanted:
        return [root]
    found = []
    for node in walk(root):
        name = ""
        if node.type in ("function_declaration", "generator_function_declaration",
                         "method_definition"):
            name = text(node.child_by_field_name("name"))
        elif node.type in ("variable_declarator", "pair", "public_field_definition"):
            value = node.child_by_field_name("value")
            key = node.child_by_field_name("name") or node.child_by_field_name("key") or \
                node.child_by_field_name("property")
            if value is not None and value.type in FUNCTION_VALUES:
                name = text(key)
        if name in wanted:
            found.append(node)
    return found


def _skipped(node: Node) -> bool:
    """Inside a string, a type, a default parameter, an import, a log call or an error's
    construction: never mutated."""
    current: Node | None = node
    while current is not None:
        if current.type in NEVER_INSIDE:
            return True
        if current.type == "new_expression":
            constructor = text(current.child_by_field_name("constructor"))
            if constructor.endswith("Error") or constructor == "Error":
                return True
        if current.type == "call_expression":
            path = member_path(callee(current))
            if (path[0] in LOGGERS and len(path) > 1 and path[-1] in LOG_METHODS) or \
                    call_name(current) in ("format", "sprintf"):
                return True
        current = current.parent
    return False


def _is_stringy(node: Node | None) -> bool:
    return node is not None and node.type in ("string", "template_string")


def _points(root: Node, path: str, functions: Sequence[str]) -> Iterator[_Point]:
    seen: set[int] = set()
    for top in _roots(root, functions):
        for node in walk(top):
            if node.id in seen:
                continue
            seen.add(node.id)
            point = _point_of(node, path)
            if point is not None and not _skipped(node):
                yield point


def _point_of(node: Node, path: str) -> _Point | None:
    line = node.start_point.row + 1

    def swap(operator: Node, new: str, kind: str) -> _Point:
        old = text(operator)
        return _Point(operator.start_byte, operator.end_byte, new.encode(),
                      Mutant(path=path, line=operator.start_point.row + 1, operator=kind,
                             original=old, mutated=new))

    if node.type == "binary_expression":
        operator = node.child_by_field_name("operator")
        old = text(operator)
        if operator is None:
            return None
        if old in COMPARISONS:
            return swap(operator, COMPARISONS[old], "comparison")
        if old in BOOLEAN:
            return swap(operator, BOOLEAN[old], "boolean")
        if old in ARITHMETIC:
            if old == "+" and (_is_stringy(node.child_by_field_name("left"))
                               or _is_stringy(node.child_by_field_name("right"))):
                return None
            return swap(operator, ARITHMETIC[old], "arithmetic")
        return None
    if node.type == "augmented_assignment_expression":
        operator = node.child_by_field_name("operator")
        if operator is not None and text(operator) in AUGMENTED:
            return swap(operator, AUGMENTED[text(operator)], "arithmetic")
        return None
    if node.type == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and argument is not None and text(operator) == "!":
            return _Point(node.start_byte, argument.start_byte, b"",
                          Mutant(path=path, line=line, operator="boolean",
                                 original=text(node)[:60], mutated=text(argument)[:60]))
        return None
    if node.type == "number":
        mutated = _next_number(text(node))
        if mutated is None:
            return None
        return _Point(node.start_byte, node.end_byte, mutated.encode(),
                      Mutant(path=path, line=line, operator="constant", original=text(node),
                             mutated=mutated))
    if node.type in ("true", "false"):
        mutated = "false" if node.type == "true" else "true"
        return _Point(node.start_byte, node.end_byte, mutated.encode(),
                      Mutant(path=path, line=line, operator="constant", original=node.type,
                             mutated=mutated))
    if node.type == "return_statement":
        values = [c for c in node.named_children if c.type != "comment"]
        if not values or values[0].type == "undefined" or text(values[0]) == "undefined":
            return None
        value = values[0]
        return _Point(value.start_byte, value.end_byte, b"undefined",
                      Mutant(path=path, line=line, operator="return",
                             original=f"return {text(value)}"[:60],
                             mutated="return undefined"))
    return None


def _next_number(raw: str) -> str | None:
    """0 → 1, n → n + 1, keeping the literal's style where it matters (`0x`, `n` suffix)."""
    clean = raw.replace("_", "")
    big = clean.endswith("n")
    clean = clean.rstrip("n")
    try:
        value: float = int(clean, 0)
    except ValueError:
        try:
            value = float(clean)
        except ValueError:
            return None
    if value == 0:
        result = "1"
    elif isinstance(value, int):
        result = str(value + 1)
    else:
        result = repr(value + 1)
    return result + ("n" if big else "")


def js_mutants_of(source: str, path: str, functions: Sequence[str] = (),
                  max_mutants: int = DEFAULT_MAX_MUTANTS) -> tuple[list[tuple[Mutant, str]], int]:
    """(mutant, mutated source) pairs, spread evenly over the points when there are more than
    the cap, and the number of points there were."""
    tree, data = parse(source, path)
    points = list(_points(tree.root_node, path, functions))
    total = len(points)
    made = []
    for index in spread(total, max_mutants):
        point = points[index]
        mutated = data[:point.start] + point.replacement + data[point.end:]
        if parse(mutated, path)[0].root_node.has_error:
            continue
        made.append((point.mutant, mutated.decode("utf-8", errors="replace")))
    return made, total


async def js_reference_run(sandbox: Sandbox, checkout: Path, config: RepoConfig, *,
                           tests: Sequence[str], timeout: float) -> TestRunResult:
    """`tests` on the original module with the repository's command (its JUnit report names
    each test, and its output says what could not start)."""
    return await run_tests(sandbox, checkout, config, list(tests), timeout=timeout)


def js_name(test_id: str) -> str:
    """`src/x.test.js::describe title` → `describe title`: a test as the file names it. vitest
    joins titles with ` > ` (`describe > title`): named as jest does, so one name fits both
    runners, the jest driver's `fullName`s and the Writer's titles."""
    name = test_id.split("::", 1)[1] if "::" in test_id else test_id
    return " ".join(name.replace(" > ", " ").split())


def judge_jest(outcome: JestOutcome, passing: Collection[str] | None = None,
               known: Collection[str] | None = None) -> Verdict:
    """A mutant's run in jest's batch: killed when a test failed on it, by the tests the
    driver names; given the reference run's green tests (`passing`) and all its tests
    (`known`), a test it knew as red is no killer (one it does not know by that name, as
    under a custom JUnit title template, still is). A file that did not load, jest failing,
    the watchdog's timeout, or an outcome the channel refused judge nothing."""
    if outcome.status == "passed":
        return Verdict("survived") if outcome.tests else Verdict("unjudged",
                                                                 reason="no test ran")
    if outcome.status == "failed" and 0 < outcome.tests and outcome.passed < outcome.tests:
        by = [js_name(name) for name in outcome.failed]
        if passing is not None and known is not None and by:
            green, seen = {js_name(n) for n in passing}, {js_name(n) for n in known}
            by = [name for name in by if name in green or name not in seen]
            if not by:
                return Verdict("survived")  # only tests already red on the original failed
        return Verdict("killed", by=by)
    if outcome.status == "failed":
        return Verdict("unjudged", reason="the test file did not load")
    if outcome.status == "timeout":
        return Verdict("unjudged", reason="timed out (jest's watchdog cannot say in which test)")
    if outcome.status == "refused":
        return Verdict("unjudged", reason=" ".join(outcome.message.split())[:300] or "refused")
    message = " ".join(outcome.message.split())[:200]
    return Verdict("unjudged", reason=f"jest could not run: {message}" if message
                   else "jest could not run")


def control_places(mutants: int) -> list[int]:
    """Where the original module runs in a batch of `mutants` mutants (indexes into the batch
    with the controls in it, ascending): always last, and at k = max(3, mutants // 3) places
    drawn where no test can know. A test that lies on a random half of its runs escapes all
    k + 1 controls with odds 2^-(k+1): 1/16 for a few mutants, 1/2048 for 30."""
    extra = max(3, mutants // 3)
    size = mutants + extra + 1
    return sorted([*secrets.SystemRandom().sample(range(size - 1), extra), size - 1])


def _vouched(controls: Sequence[JestOutcome], batch: Sequence[JestOutcome],
             passing: Collection[str] | None, known: Collection[str] | None) -> list[Verdict]:
    """The mutants' verdicts when the original module, at every place it ran among them, kept
    every test the reference passed green (it survives its own tests); else none is trusted."""
    for number, control in enumerate(controls, 1):
        verdict = judge_jest(control, passing, known)
        if verdict.kind == "survived":
            continue
        why = f"failed {', '.join(verdict.by[:3]) or 'a test'}" if verdict.kind == "killed" \
            else f"judged nothing ({verdict.reason})"
        reason = (f"the original module, run among the mutants ({number} of {len(controls)} "
                  f"runs), {why}"[:400] + ": no outcome of the batch is trusted")
        return [Verdict("unjudged", reason=reason) for _ in batch]
    return [judge_jest(outcome, passing, known) for outcome in batch]


async def run_js_mutation(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, *, module: str, tests: Sequence[str],
    functions: Sequence[str] = (), max_mutants: int = DEFAULT_MAX_MUTANTS,
    timeout: float = 60.0, passed: Collection[str] | None = None, reference: bool = False,
    only: Collection[str] | None = None,
) -> MutationResult:
    """Kill or keep each mutant of `module` (checkout-relative) with only `tests`; `passed`
    names the tests green in a reference run (`js_reference_run`), the only ones whose
    failures count. With `reference` that run is made first, here (the existing tests' baseline,
    `existing.py`). `only` keeps the mutants whose keys it names (those not measured yet).
    Each kill names the tests that failed on it as the file names them (`js_name`)."""
    started = time.monotonic()
    original = read_beneath(checkout, module, max_bytes=2 << 20)
    stat = lstat_beneath(checkout, module)
    mode = (stat.st_mode & 0o777) if stat is not None else 0o644
    made, total = js_mutants_of(original.decode("utf-8", errors="replace"), module, functions,
                                max_mutants)
    if only is not None:
        made = [(mutant, text_) for mutant, text_ in made if mutant.key in only]
    base_mtime = int(stat.st_mtime) if stat is not None else int(time.time())
    base = await js_reference_run(sandbox, checkout, config, tests=tests, timeout=timeout) \
        if reference else None
    known: set[str] | None = None
    if base is not None:
        completed = base.cases if base.status is RunStatus.COMPLETED else []
        passed = [case.test_id for case in completed if case.outcome is TestOutcome.PASSED]
        known = {case.test_id for case in completed}
    passing = set(passed) if passed is not None else None
    verdicts: list[Verdict] = []
    try:
        # the original among the mutants, at places no test can know (its mtime in the
        # same sequence): a test lying about some of its runs is caught by the odds of
        # `control_places`
        places = control_places(len(made))
        texts = [text_ for _, text_ in made]
        for place in places:  # ascending: each lands where it is counted
            texts.insert(place, original.decode("utf-8", "replace"))
        jobs = [JestJob(tuple(tests), mutant=text_, module=module, mtime=base_mtime + number)
                for number, text_ in enumerate(texts, 1)]
        batch = await run_jest_batch(sandbox, checkout, config, jobs, timeout=timeout) \
            if made else []
        if batch:
            controls = set(places)
            verdicts = _vouched([o for i, o in enumerate(batch) if i in controls],
                                [o for i, o in enumerate(batch) if i not in controls],
                                passing, known)
        elif batch is not None:
            verdicts = []
        else:  # not plain jest: one command per mutant
            for number, (_, text_) in enumerate(made, 1):
                write_beneath(checkout, module, text_.encode(), mode=mode)
                _bump_mtime(checkout / module, number)
                result = await run_tests(sandbox, checkout, config, list(tests), timeout=timeout)
                verdict = judge(result, passing)
                verdicts.append(Verdict(verdict.kind, by=[js_name(t) for t in verdict.by],
                                        reason=verdict.reason))
    finally:
        write_beneath(checkout, module, original, mode=mode)
        if stat is not None:
            os.utime(checkout / module, ns=(stat.st_atime_ns, stat.st_mtime_ns),
                     follow_symlinks=False)
    kills, survived, errors = tally([mutant for mutant, _ in made], verdicts)
    count = len(made)
    return MutationResult(score=score_of(len(kills), len(survived), len(errors)), mutants=count,
                          killed=len(kills), survived=survived, errors=errors, kills=kills,
                          reference=base, timeout=timeout,
                          seconds=round(time.monotonic() - started, 2),
                          capped_from=total if total > count else None)
