"""catch_all_exception: handlers that catch everything and carry on, hiding the real failure.

A handler is a crutch when it catches the root type (bare `except`, `Exception`, `Throwable`,
any JS `catch`, Go `recover()` / `if err != nil`) and neither re-raises nor uses the error for
anything but logging. Narrow handlers (`except KeyError:`) and re-raising wrappers pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from bot.validator.context import ChangedFile, DiffContext, normalized
from bot.validator.detectors.common import (
    added_in_context,
    finding,
    is_literal_value,
    snippet,
    uses_outside_logging,
)
from bot.validator.detectors.retry_handlers import is_retry_backoff
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import JS_LIKE
from bot.validator.models import Finding
from bot.validator.syntax import Fragment, has_descendant, iter_nodes

_PY_ROOT_TYPES = {"Exception", "BaseException", "builtins.Exception", "builtins.BaseException"}
_JAVA_ROOT_TYPES = {
    "Exception",
    "Throwable",
    "RuntimeException",
    "java.lang.Exception",
    "java.lang.Throwable",
}
_SUPPRESS_ALL = re.compile(r"\bsuppress\(\s*(builtins\.)?(Base)?Exception\s*[,)]")
_IGNORING_HANDLER = re.compile(
    r"^(noop|_\.noop|ignore\w*|swallow\w*|console\.\w+|logger\.\w+|log\.\w+|\(\) => \{\})$"
)
_GO_DISCARD = re.compile(r"^\s*_\s*=\s*\w*[eE]rr\w*\s*$")
_GO_ERR_CHECK = re.compile(r"^\s*(\w*[eE]rr\w*)\s*!=\s*nil\s*$")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    """Every catch-all, except a retry loop's handler that backs off and tries again."""
    by_path = {changed.path: changed for changed in ctx.files}
    for found in _detect(ctx):
        changed = by_path.get(found.path)
        if changed is not None and is_retry_backoff(changed, found.line):
            continue
        yield found


def _detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.files:
        if not changed.is_code:
            continue
        for line in changed.net_added:
            if changed.language == "go" and _GO_DISCARD.match(changed.code(line)):
                yield finding(
                    "catch_all_exception", changed, line, "`_ = err` throws the error away"
                )
            if changed.language == "python" and _SUPPRESS_ALL.search(changed.code(line)):
                yield finding(
                    "catch_all_exception",
                    changed,
                    line,
                    f"`{snippet(line.text)}` silences every exception",
                )
        if changed.is_product:
            yield from _global_handlers(changed)
        if changed.language == "go" and changed.is_product:
            yield from _go_error_blanked(changed)
        elif changed.language == "ruby":
            yield from _ruby(changed)
        for fragment in changed.fragments:
            yield from _textual_handlers(changed, fragment)
            if changed.language == "python":
                yield from _python(changed, fragment)
            elif changed.language in JS_LIKE:
                yield from _javascript(changed, fragment)
            elif changed.language == "java":
                yield from _java(changed, fragment)
            elif changed.language == "go":
                yield from _go(changed, fragment)


# The process-wide last resort replaced: every uncaught error goes wherever the handler sends it.
_GLOBAL_HANDLER = re.compile(
    r"\bwindow\.(onerror|onunhandledrejection)\s*=(?!=)|\bprocess\.on\(\s*[\"'](uncaughtException|unhandledRejection)[\"']|"
    r"\baddEventListener\(\s*[\"'](error|unhandledrejection)[\"']|\b(sys|threading)\.excepthook\s*=(?!=)|"
    r"\bsetDefaultUncaughtExceptionHandler\(|\bloop\.set_exception_handler\("
)
# A handler that ends the process or passes the error on is a crash reporter, not a silencer.
_HANDLER_ENDS = re.compile(
    r"\b(exit|abort|throw|raise|rethrow|kill|halt|panic|__excepthook__|report\w*|capture\w*|Sentry|notify)\b"
)


def _global_handlers(changed: ChangedFile) -> Iterator[Finding]:
    """`window.onerror = () => true`, `sys.excepthook = lambda *a: None`,
    `process.on('uncaughtException', () => {})`: the errors no one else caught are dropped."""
    for rows, index, row in added_in_context(changed):
        if not _GLOBAL_HANDLER.search(changed.code(row)):
            continue
        body = "\n".join(changed.code(r) for r in rows[index : index + 5])
        if _HANDLER_ENDS.search(body) or not re.search(r"=>|\blambda\b|\bfunction\b|->|\bnew\b|\bdo\b", body):
            continue  # a crash reporter, or a named handler whose body is elsewhere
        yield finding("catch_all_exception", changed, row,
                      f"`{snippet(changed.code(row))}` drops every error nothing else caught")
        return


_PY_EXCEPT_LINE = re.compile(r"^(\s*)except\*?\s*(.*?)\s*:\s*(#.*)?$")
_C_CATCH_LINE = re.compile(r"\bcatch\s*(\(\s*([^)]*?)\s*\))?\s*\{")


def _textual_handlers(changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    """Handlers whose `try` lies outside the hunk: tree-sitter cannot place them, indentation can."""
    rows = fragment.rows
    in_main = _in_main_by_row(rows) if changed.language == "python" else []
    for index, row in enumerate(rows):
        if changed.language == "python":
            match = _PY_EXCEPT_LINE.match(row.text)
            if not match:
                continue
            caught = re.sub(r"\s+as\s+\w+$", "", match.group(2)).strip("() ")
            types = {t.strip() for t in caught.split(",") if t.strip()}
            if types and not types & _PY_ROOT_TYPES:
                continue
            indent = len(match.group(1))
            body = []
            for following in rows[index + 1 :]:
                if (
                    following.text.strip()
                    and len(following.text) - len(following.text.lstrip()) <= indent
                ):
                    break
                body.append(following)
            name = ""
            if in_main[index] and _FAILURE_STATUS.search("\n".join(r.text for r in body)):
                continue  # the entry point's crash handler: see _entry_point_failure
        elif changed.language in JS_LIKE or changed.language == "java":
            match = _C_CATCH_LINE.search(row.text)
            if not match:
                continue
            param = (match.group(2) or "").strip()
            if changed.language == "java":
                kinds = {t.strip() for t in param.rsplit(" ", 1)[0].split("|")} if param else set()
                if not kinds & _JAVA_ROOT_TYPES:
                    continue
            name = (
                re.split(r"[\s:]", param)[-1]
                if changed.language == "java"
                else re.split(r"[\s:]", param)[0]
            )
            body, depth = (
                [],
                row.text[match.end() :].count("{") - row.text[match.end() :].count("}") + 1,
            )
            for following in rows[index + 1 :]:
                depth += following.text.count("{") - following.text.count("}")
                if depth <= 0:
                    break
                body.append(following)
        else:
            return
        reworked = any(r.kind == "+" for r in body) and any(
            _RETHROW.match(ln.text) for ln in fragment.removed
        )
        if not (row.kind == "+" or reworked) or not body:
            continue
        text = "\n".join(r.text for r in body)
        if (
            re.search(r"^\s*(raise|throw)\b", text, re.MULTILINE)
            or uses_outside_logging(text, name)
            or "reject(" in text
            or _EXITS.search(text)
        ):
            continue
        yield finding(
            "catch_all_exception",
            changed,
            row,
            f"`{snippet(row.text.strip(), 40)}` swallows every error instead of handling the specific failure",
        )


def _python(changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    for clause in fragment.walk(frozenset({"except_clause"})):
        if not _new_or_reworked(fragment, clause):
            continue
        block = next((c for c in clause.children if c.type == "block"), None)
        header = fragment.source[
            clause.start_byte : block.start_byte if block else clause.end_byte
        ].decode()
        caught = re.sub(r"^except\*?", "", header.strip()).rstrip(":").strip()
        caught = re.sub(r"\s+as\s+\w+$", "", caught).strip("() ")
        types = {t.strip() for t in caught.split(",") if t.strip()}
        if types and not types & _PY_ROOT_TYPES:
            continue
        if block is not None and (
            has_descendant(block, frozenset({"raise_statement"}))
            or _EXITS.search(fragment.text(block))
            or _entry_point_failure(fragment, clause, block)
        ):
            continue
        what = "bare `except:`" if not types else f"`except {caught}`"
        yield finding(
            "catch_all_exception",
            changed,
            fragment.row(clause),
            f"{what} swallows every error instead of handling the specific failure",
        )


_FAILURE_STATUS = re.compile(r"^[ \t]*return[ \t]+([1-9]\d{0,2}|-1)[ \t]*$", re.MULTILINE)
r"""`[ \t]`, not `\s`: `\s` spans newlines, and a handler of many blank lines was quadratic."""


def _in_main_by_row(rows: list[DiffLine]) -> list[bool]:
    """Per row (Python, by indentation): whether the nearest `def` enclosing it is the module's
    own `def main` (at the left margin, not a method or a nested helper called `main`), with no
    class or top-level line between. One pass with a stack of enclosing lines, so a file of
    many handlers is read in linear time (a walk back per handler was quadratic)."""
    stack: list[tuple[int, bool]] = []  # (indent, "the lines inside this one are in main")
    out: list[bool] = []
    for row in rows:
        text = row.text
        indent = len(text) - len(text.lstrip())
        if text.strip():
            while stack and stack[-1][0] >= indent:
                stack.pop()
        out.append(bool(stack) and stack[-1][1])
        if not text.strip():
            continue
        match = re.match(r"^(async\s+)?def\s+(\w+)", text)
        if match:
            inside = match.group(2) == "main"
        elif re.match(r"^\s*(async\s+)?def\s", text) or re.match(r"^\s*class\b", text) or not indent:
            inside = False
        else:
            inside = bool(stack) and stack[-1][1]
        stack.append((indent, inside))
    return out


def _entry_point_failure(fragment: Fragment, clause: Node, block: Node) -> bool:
    """`def main(): try: … except Exception as e: print(e); return 1`: the program's entry point
    turns any error into a failing exit status, which is what a crash handler is for; the error
    leaves the process, it is not swallowed."""
    function = clause.parent
    while function is not None and function.type != "function_definition":
        function = function.parent
    if function is None or function.start_point.column != 0:
        return False  # only the module's own `def main`, not a method or a helper named so
    name = function.child_by_field_name("name")
    if name is None or fragment.text(name) != "main":
        return False
    return _FAILURE_STATUS.search(fragment.text(block)) is not None


def _javascript(changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    for clause in fragment.walk(frozenset({"catch_clause"})):
        if not _new_or_reworked(fragment, clause):
            continue
        param = clause.child_by_field_name("parameter")
        body = clause.child_by_field_name("body")
        if body is None or has_descendant(body, frozenset({"throw_statement"})):
            continue
        name = fragment.text(param) if param is not None and param.type == "identifier" else ""
        body_text = fragment.text(body)
        if uses_outside_logging(body_text, name) or re.search(r"\breject\(", body_text):
            continue
        yield finding(
            "catch_all_exception",
            changed,
            fragment.row(clause),
            "`catch` swallows every error (no rethrow, error not handled)",
        )
    for call in fragment.walk(frozenset({"call_expression"})):
        function = call.child_by_field_name("function")
        if function is None or function.type != "member_expression" or not fragment.is_added(call):
            continue
        prop = function.child_by_field_name("property")
        if prop is None or fragment.text(prop) != "catch":
            continue
        args = call.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        if (
            first is not None
            and first.type in ("identifier", "member_expression")
            and _IGNORING_HANDLER.match(fragment.text(first))
        ):
            yield finding(
                "catch_all_exception",
                changed,
                fragment.row(call),
                f"`.catch({fragment.text(first)})` discards every rejection",
            )
            continue
        handler = next(
            (
                a
                for a in (args.named_children if args else [])
                if a.type in ("arrow_function", "function_expression", "function")
            ),
            None,
        )
        if handler is None or has_descendant(handler, frozenset({"throw_statement"})):
            continue
        params = handler.child_by_field_name("parameters") or handler.child_by_field_name(
            "parameter"
        )
        names = (
            [fragment.text(n) for n in iter_nodes(params, frozenset({"identifier"}))]
            if params
            else []
        )
        body = handler.child_by_field_name("body")
        body_text = fragment.text(body) if body is not None else ""
        if any(uses_outside_logging(body_text, n) for n in names) or "reject(" in body_text:
            continue
        yield finding(
            "catch_all_exception",
            changed,
            fragment.row(call),
            "`.catch(...)` handler discards every rejection",
        )


def _java(changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    for clause in fragment.walk(frozenset({"catch_clause"})):
        if not _new_or_reworked(fragment, clause):
            continue
        param = next((c for c in clause.children if c.type == "catch_formal_parameter"), None)
        body = clause.child_by_field_name("body")
        if param is None or body is None:
            continue
        catch_type = next((c for c in param.children if c.type == "catch_type"), None)
        types = {t.strip() for t in fragment.text(catch_type).split("|")} if catch_type else set()
        if (
            not types & _JAVA_ROOT_TYPES
            or has_descendant(body, frozenset({"throw_statement"}))
            or _EXITS.search(fragment.text(body))
        ):
            continue
        name_node = param.child_by_field_name("name")
        name = fragment.text(name_node) if name_node is not None else ""
        if uses_outside_logging(fragment.text(body), name):
            continue
        yield finding(
            "catch_all_exception",
            changed,
            fragment.row(clause),
            f"`catch ({' | '.join(sorted(types))} …)` swallows every error",
        )


def _go(changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    for call in fragment.walk(frozenset({"call_expression"})):
        function = call.child_by_field_name("function")
        if function is None or fragment.text(function) != "recover" or not fragment.is_added(call):
            continue
        scope = _enclosing(call, ("func_literal", "function_declaration", "method_declaration"))
        scope_text = fragment.text(scope) if scope is not None else fragment.text(call)
        if "panic(" in scope_text:
            continue
        var = _recover_var(call)
        guarded = _enclosing(call, ("if_statement",))
        consequence = guarded.child_by_field_name("consequence") if guarded is not None else None
        handled_in = (
            fragment.text(consequence)
            if consequence is not None
            else _after(scope_text, "recover()")
        )
        if var and uses_outside_logging(handled_in, var):
            continue
        yield finding(
            "catch_all_exception", changed, fragment.row(call), "`recover()` swallows every panic"
        )
    for statement in fragment.walk(frozenset({"if_statement"})):
        condition = statement.child_by_field_name("condition")
        consequence = statement.child_by_field_name("consequence")
        if condition is None or consequence is None:
            continue
        match = _GO_ERR_CHECK.match(fragment.text(condition))
        if not match or not fragment.added_rows(statement):
            continue
        body = fragment.text(consequence)
        if (
            "panic(" in body
            or _EXITS.search(body)
            or uses_outside_logging(body.strip("{} \n\t"), match.group(1))
            or _returns_an_error(consequence)
        ):
            continue
        yield finding(
            "catch_all_exception",
            changed,
            fragment.row(statement),
            f"`if {match.group(1)} != nil` drops the error instead of returning or handling it",
        )


_EXITS = re.compile(
    r"\b(log|logger|klog|t|b|s)\.(Fatal\w*|Panic\w*)\(|\b(t|b|f)\.Skip(f|Now)?\(|\bos\.Exit\(|\bsys\.exit\(|\bos\._exit\(|\bSystemExit\b|\bprocess\.exit\(|\bSystem\.exit\("
)
_RETHROW = re.compile(r"^\s*(raise\b|throw\b|panic\(|return\s+.*\berr\b)")


def _new_or_reworked(fragment: Fragment, clause: Node) -> bool:
    """The handler is added, or its body gained lines while the hunk dropped a re-raise."""
    if fragment.is_added(clause):
        return True
    return bool(fragment.added_rows(clause)) and any(
        _RETHROW.match(line.text) for line in fragment.removed
    )


def _enclosing(node: Node, types: tuple[str, ...]) -> Node | None:
    current = node.parent
    while current is not None and current.type not in types:
        current = current.parent
    return current


def _returns_an_error(block: Node) -> bool:
    """`return nil, ErrNotFound` hands the caller an error (translated); `return cfg, nil` does not."""
    for statement in iter_nodes(block, frozenset({"return_statement"})):
        values = [c for c in statement.named_children]
        if values and values[0].type == "expression_list":
            values = list(values[0].named_children)
        if values and not is_literal_value(values[-1]):
            return True
    return False


def _recover_var(call: Node) -> str:
    parent = call.parent
    while parent is not None and parent.type not in (
        "short_var_declaration",
        "assignment_statement",
        "block",
    ):
        parent = parent.parent
    if parent is not None and parent.type in ("short_var_declaration", "assignment_statement"):
        left = parent.child_by_field_name("left")
        if left is not None and left.text:
            return left.text.decode().split(",")[0].strip()
    return ""


def _after(text: str, marker: str) -> str:
    index = text.find(marker)
    return text[index + len(marker) :] if index >= 0 else text


_GO_BLANK_ERR = re.compile(r"^(\s*)(.+?),\s*_\s*(:?=)\s*(.+)$")
_GO_NAMED_ERR = re.compile(r"^(\s*)(.+?),\s*(\w*[eE]rr\w*)\s*(:?=)\s*(.+)$")


_GO_SOLE_ERR = re.compile(r"^(\s*)(?:if\s+)?(\w*[eE]rr\w*)\s*(:?=)\s*(.+?)(?:;\s*\w*[eE]rr\w*\s*!=\s*nil\s*\{)?$")
_GO_SOLE_BLANK = re.compile(r"^(\s*)_\s*(=)\s*(.+\(.*)$")


def _go_error_blanked(changed: ChangedFile) -> Iterator[Finding]:
    """`v, err := f()` (handled) became `v, _ := f()`, or `err := f()` became `_ = f()`: the
    error is thrown away unseen."""
    for hunk in changed.change.hunks:
        removed = {}
        for line in hunk.removed:
            code = changed.code(line)
            match = _GO_NAMED_ERR.match(code)
            if match:
                removed[(match.group(2).strip(), normalized(match.group(5)))] = line
            sole = _GO_SOLE_ERR.match(code)
            if sole:
                removed[("", normalized(sole.group(4)))] = line
        if not removed:
            continue
        for line in hunk.added:
            code = changed.code(line)
            match = _GO_BLANK_ERR.match(code)
            sole = _GO_SOLE_BLANK.match(code)
            key = (
                (match.group(2).strip(), normalized(match.group(4))) if match
                else ("", normalized(sole.group(3))) if sole else None
            )
            if key is not None and key in removed:
                yield finding(
                    "catch_all_exception",
                    changed,
                    line,
                    f"`{snippet(line.text)}` discards the error the code used to check",
                )
                return


_RB_RESCUE = re.compile(r"^(\s*)rescue\b\s*([^=#]*?)\s*(=>\s*(\w+))?\s*(then\b.*)?(#.*)?$")
_RB_INLINE_RESCUE = re.compile(r"(?<=\s)rescue\s+(?!=>)\S")
"""The `expr rescue value` modifier, once something stands before it (`_inline_rescue`)."""
_RB_ROOT_TYPES = {"", "Exception", "StandardError", "::Exception", "::StandardError", "Object"}
_RB_BLOCK_END = re.compile(r"^\s*(end|ensure|else|rescue)\b")


def _inline_rescue(code: str) -> bool:
    """The modifier with code before it, read in one pass (searched as `\\S.*\\s+rescue...`,
    each start of the line re-read the rest of it: quadratic on a long hostile line)."""
    first = len(code) - len(code.lstrip())
    return any(match.start() > first for match in _RB_INLINE_RESCUE.finditer(code))


def _ruby(changed: ChangedFile) -> Iterator[Finding]:
    """`rescue`, `rescue => e`, `rescue Exception`/`StandardError` that neither re-raises nor
    uses the error beyond logging, and the `expr rescue value` modifier (every StandardError)."""
    for hunk in changed.change.hunks:
        rows = [line for line in hunk.lines if line.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind != "+":
                continue
            code = changed.code(row)
            if _inline_rescue(code) and not code.lstrip().startswith("rescue"):
                yield finding(
                    "catch_all_exception",
                    changed,
                    row,
                    f"`{snippet(code.strip(), 50)}` turns every error into a value",
                )
                continue
            match = _RB_RESCUE.match(code)
            if not match:
                continue
            types = {t.strip() for t in match.group(2).split(",")}
            if not types & _RB_ROOT_TYPES:
                continue
            indent = len(match.group(1))
            body = []
            for following in rows[index + 1 :]:
                depth = len(following.text) - len(following.text.lstrip())
                if following.text.strip() and depth <= indent and _RB_BLOCK_END.match(following.text):
                    break
                body.append(following.text)
            text = "\n".join(body)
            name = match.group(4) or ""
            if (
                re.search(r"^\s*(raise|fail)\b|\braise\b", text, re.MULTILINE)
                or uses_outside_logging(text, name)
                or uses_outside_logging(text, "$!")
                or re.search(r"\b(exit|abort)\b", text)
            ):
                continue
            caught = ", ".join(sorted(t for t in types if t)) or "StandardError"
            yield finding(
                "catch_all_exception",
                changed,
                row,
                f"`rescue` of {caught} swallows every error instead of handling the specific failure",
            )
