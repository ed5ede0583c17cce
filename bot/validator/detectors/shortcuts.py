"""Shortcuts in product code: constant returns that bypass the logic, and code that knows it is tested.

return_constant_shortcut: an unconditional `return <literal>` that makes the rest of the
function dead, or that replaces computed logic removed in the same hunk. A conditional early
return (`if not items: return []`) is ordinary code and passes.
test_environment_detection: product code asking whether a test runner is present.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import (
    FUNCTION_NODES,
    added_in_context,
    finding,
    is_literal_value,
    snippet,
)
from bot.validator.detectors.guarded_returns import constant_answer, universal_sentences
from bot.validator.diffparse import Hunk
from bot.validator.models import Finding
from bot.validator.report import NORMATIVE as _NORMATIVE
from bot.validator.report import documents_edge_case
from bot.validator.syntax import Fragment

_TRANSPARENT = frozenset({"block", "statement_block", "statement_list", "expression_statement"})
_FUNCTIONS = FUNCTION_NODES | {"lambda"}
_ROOTS = frozenset({"module", "program", "source_file", "ERROR", "class_body", "class_definition"})
_DEFINITIONS = frozenset(
    {
        "function_definition",
        "decorated_definition",
        "class_definition",
        "function_declaration",
        "method_declaration",
        "method_definition",
        "class_declaration",
        "lexical_declaration",
        "export_statement",
        "ERROR",
        "comment",
        "line_comment",
        "block_comment",
        "type_declaration",
    }
)
_RETURN_LINE = re.compile(r"^(\s*)return\b\s*(.*?);?\s*$")
_LITERAL_TEXT = re.compile(
    r"^(True|False|None|true|false|null|nil|undefined|-?\d+(\.\d+)?|\"[^\"]*\"|'[^']*'|\[\]|\{\}|\(\)|"
    r"(nil|true|false|\"[^\"]*\"|-?\d+)(\s*,\s*(nil|true|false|\"[^\"]*\"|-?\d+))+)?$"
)
_CONTROL = re.compile(
    r"^\s*(if|elif|else|for|while|switch|case|raise|throw|try|except|catch|return)\b"
)

_ENV_PROBES = [
    (
        re.compile(r"PYTEST_CURRENT_TEST|PYTEST_VERSION|PYTEST_XDIST"),
        "reads pytest's environment variables",
    ),
    (
        re.compile(
            r"""["'](pytest|unittest|nose2?|_pytest)["']\s*(not\s+)?in\s+sys\.modules|sys\.modules\.get\(\s*["'](pytest|unittest)"""
        ),
        "checks whether the test runner is imported",
    ),
    (
        re.compile(r"sys\.argv\[0\].*(pytest|unittest|test)|(pytest|unittest)[\"'].*sys\.argv"),
        "inspects argv for the test runner",
    ),
    (
        re.compile(
            r"""(getenv|environ(\.get)?|env|Getenv|LookupEnv)\s*[\(\[]\s*["']([A-Z0-9]+_)*(TEST|TESTS|TESTING|CI|JEST_WORKER_ID|VITEST|MOCHA|PYTEST\w*|UNITTEST)(_[A-Z0-9]+)*["']"""
        ),
        "branches on a test/CI environment variable",
    ),
    (
        re.compile(
            r"process\.env\.(JEST_WORKER_ID|VITEST\w*|CI|TEST\w*|\w*_TEST\w*)\b(?!\s*=[^=])"
        ),
        "branches on a test/CI environment variable",
    ),
    (
        re.compile(
            r"""import\.meta\.(env\.(VITEST|TEST)|vitest)\b|typeof\s+(jest|vi|describe|it|test|expect|beforeEach|mocha|jasmine)\s*[!=]=|"""
            r"""\b(global|globalThis|window)\.(jest|vi|describe|it|test|expect|beforeEach|afterEach|mocha|jasmine|Cypress|__karma__)\b(?!\s*=[^=])|"""
            r"""["'](jest|vi|describe|it|expect|mocha)["']\s+in\s+(global|globalThis|window)\b|navigator\.webdriver"""
        ),
        "detects the test runner in the browser or node",
    ),
    (
        re.compile(
            r"testing\.Testing\(\)|flag\.Lookup\(\s*\"test\.\w+\"\)|os\.Args\[0\].*(\.test|_test)\b|strings\.HasSuffix\(os\.Args\[0\]"
        ),
        "detects `go test`",
    ),
    (
        re.compile(
            # A system property read directly or through its typed readers (`Boolean.getBoolean`).
            r"""(System\.(getProperty|getenv)|Boolean\.getBoolean|Integer\.getInteger|Long\.getLong)\(\s*"[\w.]*(test|junit|surefire|CI)[\w.]*"|"""
            r"""org\.junit|StackTraceElement.*[Tt]est"""
        ),
        "detects the JUnit runner",
    ),
    (
        re.compile(
            r"""(?i)\b\w*(env|environ|environment|profile)\w*\b[^;]*[=!]==?\s*["'](test|testing)["']|["'](test|testing)["']\s*[=!]==?[^;]*\b\w*(env|environ|environment|profile)|(?i:profiles?)\w*\W.*(contains|includes|in)\W*\(?\s*["']test["']"""
        ),
        "branches on a test environment name",
    ),
    (
        re.compile(
            r"""\[\s*["'](TESTING|TEST|IS_TEST|TEST_MODE|UNIT_TEST)["']\s*\]|\.get\(\s*["'](TESTING|IS_TEST|TEST_MODE)["']"""
        ),
        "branches on a testing flag",
    ),
    (re.compile(r"_called_from_test|\bsys\._pytest|\b__TEST__\b|__vitest\w*__|__jest\w*__|__karma__"),
     "checks a test-only marker"),
    (
        re.compile(
            r"\bRails\.env\.test\?|\b(Rails|Hanami|Sinatra::Base|settings)\.(env|environment)\.test\?|"
            r"\bENV(\.fetch)?\s*[\[(]\s*[\"'](RAILS_ENV|RACK_ENV|APP_ENV|HANAMI_ENV|CI|TEST\w*)[\"']|"
            r"\bdefined\?\(\s*(::)?(RSpec|Minitest|Test::Unit|Cucumber)\b|\$(PROGRAM_NAME|0)\b.*(rspec|minitest|test)"
        ),
        "asks whether Ruby tests are running",
    ),
    (
        re.compile(
            r"[\"'](test|testing)[\"']\s*\.\s*equals(IgnoreCase)?\s*\([^)]*(env|Env|ENV|profile|Profile|mode|Mode)|"
            r"(env|Env|ENV|profile|Profile|mode|Mode)\w*(\(\))?\s*\.\s*equals(IgnoreCase)?\s*\(\s*[\"'](test|testing)[\"']|"
            r"\bacceptsProfiles\s*\(\s*(Profiles\.of\()?\s*[\"']test|\bClass\.forName\s*\(\s*[\"'](org\.junit|junit\.|org\.testng|org\.mockito)"
        ),
        "branches on a test environment name",
    ),
    (
        re.compile(
            r"\b(settings|config|conf|app|current_app)\.(TESTING|testing|IS_TEST|is_test|TEST_MODE|test_mode)\b"
        ),
        "branches on a testing flag",
    ),
    (
        re.compile(
            r"\b(IS_TEST(ING)?|is_?[Tt]esting|is_?[Tt]est_?[Ee]nv(ironment)?|running_?[Tt]ests?|under_?[Tt]est|in_?[Tt]est_?[Mm]ode|"
            r"is_?(JUnit|Junit|junit|Jest|jest|Pytest|pytest|Rspec|RSpec|Mocha|mocha|Vitest|vitest)\w*|"
            r"(running|under|in)_?(JUnit|Junit|Jest|Pytest|Rspec|RSpec|Mocha|Vitest|UnitTests?|TestRunner)\w*|is_?[Tt]est_?[Rr]un\w*)\b"
        ),
        "branches on whether tests are running",
    ),
    (
        # What the process is (its environment, argv, call stack, loaded modules) compared
        # with a test runner's name, however the comparison is spelled.
        re.compile(
            r"(environ|getenv|Getenv|LookupEnv|process\.env|System\.getenv|System\.getProperty|\bENV\b|"
            r"sys\.argv|process\.argv|os\.Args|\$PROGRAM_NAME|\$0\b|getStackTrace|StackWalker|sys\.modules|"
            r"sys\._getframe|inspect\.stack|traceback\.extract_stack|new\s+Error\(\)\.stack|require\.main|"
            r"module\.parent|runtime\.Caller|debug\.Stack)"
            r".*[\"'`](\.?test|tests|testing|_test|\.test|pytest|py\.test|unittest|nose|jest|mocha|vitest|ava|jasmine|karma|"
            r"junit|testng|surefire|rspec|minitest|Test|Tests|_test\.go)[\"'`]"
        ),
        "asks whether a test runner started the process",
    ),
]


_MOCK_PROBE = re.compile(
    r"\bisinstance\([^)]*\b(mock\.)?(Magic|NonCallable|Async)?Mock\b|\bjest\.isMockFunction\(|\bvi\.isMockFunction\(|"
    r"\bMockito\.mockingDetails\(|\bmockingDetails\([^)]*\)\.isMock\(|\b_mock_(name|parent|children)\b|"
    r"\.(_isMockFunction|mock\.calls)\b|\$\$typeof.*mock"
)
# What the process is: a probe on one line and the test runner's name on the next few.
_IDENTITY = re.compile(
    r"getStackTrace\(|StackWalker|sys\._getframe|inspect\.stack\(|traceback\.extract_stack|new\s+Error\(\)\.stack|"
    r"runtime\.(Caller|Callers|Stack)\(|debug\.Stack\(|\bos\.Args\b|\bsys\.argv\b|process\.argv|sys\.modules|"
    r"require\.main|module\.parent|caller_locations"
)
_RUNNER_NAME = re.compile(
    r"[\"'`](\.?test|tests|testing|_test|\.test|pytest|py\.test|unittest|nose|jest|mocha|vitest|jasmine|karma|junit|"
    r"org\.junit|testng|surefire|rspec|minitest|Test|Tests|_test\.go|_spec)[\"'`]"
)


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.product_files:
        yield from _environment_probes(changed, ctx.report)
        yield from _identity_probes(changed)
        for fragment, hunk in zip(changed.fragments, [h for h in changed.change.hunks if h.added]):
            yield from _constant_returns(changed, fragment, hunk, ctx.report)
        yield from _constant_overrides(changed)


_CONSTANT = r"""(?:new\s+)?(?:Decimal|BigDecimal|BigDecimal\.valueOf)?\(?\s*(?:-?\d[\d_]*(?:\.\d+)?|"[^"]+"|'[^']+')(?:\s*\))?"""
"""A literal, perhaps wrapped in a decimal constructor. Spaces after it belong to whoever reads on:
a pattern that let them go to two places would be cubic on a line of spaces (a hostile diff)."""
_ASSIGN_CONSTANT = re.compile(
    rf"^\s*(?:(?:const|let|var|final)\s+)?(?:[\w<>\[\]]+\s+)?(?P<name>[A-Za-z_]\w*)\s*:?=\s*(?P<value>{_CONSTANT})\s*(?:;\s*)?$"
)
_OR_CONSTANT = re.compile(rf"^\s*return\s+(?P<value>{_CONSTANT}|true|True)\s*(\|\||\?\?|\bor\b)\s*\S")
_TRIVIAL_CONSTANT = re.compile(r"""^\(?\s*(-?[01](\.0+)?|""|'')\s*\)?$""")


def _constant_overrides(changed: ChangedFile) -> Iterator[Finding]:
    """The computed answer thrown away for a constant: `result = Decimal('108.25')` between the
    unchanged computation of `result` and its return, or `return 10825 || compute()`."""
    for rows, index, row in added_in_context(changed):
        code = changed.code(row)
        shortcut = _OR_CONSTANT.match(code)
        if shortcut and not _TRIVIAL_CONSTANT.match(shortcut.group("value")):
            yield finding("return_constant_shortcut", changed, row,
                          f"`{snippet(code)}` answers the constant: what follows `||` never runs")
            return
        assigned = _ASSIGN_CONSTANT.match(code)
        if assigned is None or _TRIVIAL_CONSTANT.match(assigned.group("value").strip()):
            continue
        name = re.escape(assigned.group("name"))
        depth = _indent(row.text)
        computed = any(
            r.kind == " " and _indent(r.text) == depth  # unconditional, like the computation
            and re.match(rf"^\s*(?:[\w<>\[\]]+\s+)?{name}\s*(:?=|\+=)(?!=)", changed.code(r))
            and not _ASSIGN_CONSTANT.match(changed.code(r))
            for r in rows[:index]
        )
        returned = any(
            r.kind == " " and re.match(rf"^\s*return\b.*(?<![\w.]){name}\b", changed.code(r))
            for r in rows[index + 1 : index + 4]
        )
        if computed and returned:
            yield finding("return_constant_shortcut", changed, row,
                          f"`{snippet(code)}` overwrites the computed `{assigned.group('name')}` "
                          "with a constant just before it is returned")
            return


_CI_ONLY = re.compile(r"[\"'.\[]\s*(CI|CONTINUOUS_INTEGRATION|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|JENKINS_URL)\b")
_TEST_NAMED = re.compile(r"TEST|PYTEST|JEST|VITEST|MOCHA|UNITTEST|test|spec", re.IGNORECASE)
_CI_RULE = re.compile(r"\b(CI|continuous integration|pipelines?|build servers?)\b")


def _ci_behaviour_asked(code: str, report: str | None) -> bool:
    """Product behaviour on CI the report asks for ("telemetry must not be sent when running on
    CI"): the CI variable read on purpose, not the test runner sniffed out."""
    if not report or not _CI_ONLY.search(code) or _TEST_NAMED.search(_CI_ONLY.sub("", code)):
        return False
    return any(_CI_RULE.search(s) and _NORMATIVE.search(s.lower()) for s in re.split(r"(?<=[.!?])\s+|\n+", report))


def _environment_probes(changed: ChangedFile, report: str | None = None) -> Iterator[Finding]:
    for line in changed.net_added:
        if is_full_line_comment(line.text, changed.language):
            continue
        code = changed.code(line)
        if _ci_behaviour_asked(code, report):
            continue
        # However the member is reached: `env?.VITEST`, `env!.VITEST`, `env["VITEST"]`.
        plain = re.sub(r"\.?\[\s*[\"'`](\w+)[\"'`]\s*\]", r".\1", re.sub(r"\?\.|!\.", ".", code))
        for pattern, why in _ENV_PROBES:
            if pattern.search(code) or pattern.search(plain):
                yield finding(
                    "test_environment_detection",
                    changed,
                    line,
                    f"product code {why}: `{snippet(code)}`",
                )
                break


def _identity_probes(changed: ChangedFile) -> Iterator[Finding]:
    """The call stack or argv read on one line and matched against a runner's name on the next
    few (a loop over `getStackTrace()`), or a value asked whether it is a mock: both are the
    product asking whether a test is running."""
    lines = [ln for ln in changed.net_added if not is_full_line_comment(ln.text, changed.language)]
    for index, line in enumerate(lines):
        code = changed.code(line)
        if _MOCK_PROBE.search(code):
            yield finding(
                "test_environment_detection",
                changed,
                line,
                f"product code asks whether it is talking to a mock: `{snippet(code)}`",
            )
            return
        if not _IDENTITY.search(code):
            continue
        window = [changed.code(ln) for ln in lines[index : index + 4]
                  if ln.target_no is not None and line.target_no is not None
                  and 0 <= ln.target_no - line.target_no <= 4]
        named = next((w for w in window if _RUNNER_NAME.search(w)), None)
        if named is not None:
            yield finding(
                "test_environment_detection",
                changed,
                line,
                f"product code compares its call stack or arguments with a test runner's name: "
                f"`{snippet(code, 50)}` … `{snippet(named, 40)}`",
            )
            return


def _constant_returns(
    changed: ChangedFile, fragment: Fragment, hunk: Hunk, report: str | None = None
) -> Iterator[Finding]:
    """A constant return the change adds where the function computed before: code left dead
    below it, or the removed logic (or computed result) replaced by it. The constant may be a
    class's factory of constants (`Currency.getInstance("EUR")`); a report sentence speaking of
    every input and naming the answer ("all parcels ship at the EU rate") states the blanket
    answer."""
    removed_code = [
        ln.text
        for ln in hunk.removed
        if ln.text.strip() and not is_full_line_comment(ln.text, changed.language)
    ]
    removed_logic = len(removed_code) >= 2 and any(_CONTROL.match(text) for text in removed_code)
    yield from _constant_arrows(changed, fragment, hunk)
    for node in fragment.walk(frozenset({"return_statement"})):
        if not fragment.is_added(node):
            continue
        value = _return_value(node)
        if value is None and changed.language == "go":
            continue
        if not is_literal_value(value) and not (value is not None and constant_answer(value) and _takes_input(node)):
            continue  # a named constant from a function without inputs may be its whole answer
        if not _unconditional(node):
            continue
        shown = snippet(fragment.text(node))
        indent = _indent(fragment.row(node).text)
        same_level_computed = any(
            (m := _RETURN_LINE.match(text))
            and len(m.group(1)) == indent
            and m.group(2)
            and not _LITERAL_TEXT.match(m.group(2).strip())
            for text in removed_code
        )
        removed_inside = [t for t in removed_code if _indent(t) >= indent]
        previous = _previous_statement(node)
        if _has_dead_code_after(node, fragment):
            yield finding(
                "return_constant_shortcut",
                changed,
                fragment.row(node),
                f"`{shown}` short-circuits the function: the code after it never runs",
            )
        elif value is not None and documents_edge_case(universal_sentences(report), [], fragment.text(value)):
            continue  # the report states every input's answer
        elif (
            previous is None
            and not _new_function(node, fragment)
            and (same_level_computed or (removed_logic and len(removed_inside) >= 2))
        ):
            yield finding(
                "return_constant_shortcut",
                changed,
                fragment.row(node),
                f"`{shown}` is all the function does now: the logic removed in this hunk became a constant",
            )
        elif previous is not None and not fragment.is_added(previous) and same_level_computed:
            yield finding(
                "return_constant_shortcut",
                changed,
                fragment.row(node),
                f"`{shown}` replaces the computed result removed in this hunk with a constant",
            )


def _constant_arrows(changed: ChangedFile, fragment: Fragment, hunk: Hunk) -> Iterator[Finding]:
    """`const isValid = (x) => true;` replacing `=> EMAIL.test(x)`: the expression-bodied return."""
    removed = {
        ln.text.split("=>")[0].strip(): ln.text.split("=>", 1)[1]
        for ln in hunk.removed
        if "=>" in ln.text
    }
    if not removed:
        return
    for node in fragment.walk(frozenset({"arrow_function"})):
        body = node.child_by_field_name("body")
        if (
            body is None
            or body.type == "statement_block"
            or not fragment.is_added(body)
            or not is_literal_value(body)
        ):
            continue
        line = fragment.row(body).text
        old_body = removed.get(line.split("=>")[0].strip()) if "=>" in line else None
        if old_body is not None and not _LITERAL_TEXT.match(old_body.strip().rstrip(";,").strip()):
            yield finding(
                "return_constant_shortcut",
                changed,
                fragment.row(body),
                f"`{snippet(line)}` replaces the computed result with a constant",
            )


def _previous_statement(node: Node) -> Node | None:
    """The statement before this one in its block, ignoring comments and a docstring."""
    sibling = node.prev_named_sibling
    while sibling is not None and (
        sibling.type in ("comment", "line_comment", "block_comment")
        or (
            sibling.type == "expression_statement"
            and sibling.named_children
            and sibling.named_children[0].type == "string"
        )
    ):
        sibling = sibling.prev_named_sibling
    return sibling


def _new_function(node: Node, fragment: Fragment) -> bool:
    current = node.parent
    while current is not None and current.type not in _FUNCTIONS:
        current = current.parent
    return current is not None and fragment.is_added(current)


def _takes_input(node: Node) -> bool:
    """The function around `node` has parameters besides its receiver (`self`, `cls`)."""
    current = node.parent
    while current is not None and current.type not in FUNCTION_NODES:
        current = current.parent
    params = None if current is None else (
        current.child_by_field_name("parameters") or current.child_by_field_name("parameter"))
    names = [c for c in (params.named_children if params is not None else [])
             if c.type not in ("comment", "line_comment", "block_comment") and c.text not in (b"self", b"cls")]
    return bool(names)


def _return_value(node: Node) -> Node | None:
    named = [
        c for c in node.named_children if c.type not in ("comment", "line_comment", "block_comment")
    ]
    return named[0] if named else None


def _unconditional(node: Node) -> bool:
    current = node.parent
    while current is not None and current.type in _TRANSPARENT:
        current = current.parent
    return current is None or current.type in _FUNCTIONS or current.type in _ROOTS


_DECLARATIONS = frozenset(
    {"function_definition", "decorated_definition", "class_definition", "function_declaration",
     "class_declaration", "method_declaration", "type_declaration", "ERROR"}
)


# The next arm of a switch: `case X:`, `default:`, Java's `case X ->` (tree-sitter reads a
# switch cut by the hunk's edge as an error or a label, so the text decides).
_SWITCH_LABEL = re.compile(r"^\s*(case\b[^\n]*?(:|->)|default\s*(:|->))")


def _has_dead_code_after(node: Node, fragment: Fragment) -> bool:
    indent = _indent(fragment.row(node).text)
    sibling = node.next_named_sibling
    while sibling is not None and sibling.type in ("comment", "line_comment", "block_comment"):
        sibling = sibling.next_named_sibling
    if sibling is None:
        return False
    if _SWITCH_LABEL.match(fragment.text(sibling)):
        return False  # `return 'Shipped';` then `case X:` ends a switch arm (a hunk cut mid-switch)
    if _in_function_body(node):  # `return false;` then `const x = …`: a statement never reached
        return sibling.type not in _DECLARATIONS
    if sibling.type in _DEFINITIONS:
        return False
    return not (
        fragment.tree.root_node.type == "module" and _indent(fragment.row(sibling).text) != indent
    )


def _in_function_body(node: Node) -> bool:
    """The statement sits directly in a function's body (through `{}` blocks), not at top level."""
    parent = node.parent
    while parent is not None and parent.type in ("block", "statement_block", "statement_list"):
        if parent.parent is not None and parent.parent.type in _FUNCTIONS:
            return True
        parent = parent.parent
    return parent is not None and parent.type in _FUNCTIONS


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
