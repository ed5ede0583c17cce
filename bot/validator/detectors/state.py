"""global_state_smuggling: new module-level or class-level mutable state used to pass data around.

A module-level empty dict/list/Map, a top-level `let`, a Go package `var` holding a map or
pointer, a Java `static` non-final field, a `global` statement, writes to `window`/`globalThis`
or to the process environment — all carry data past the call chain instead of through it.
Constants, loggers, compiled patterns and sentinel errors are not state and pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import finding, snippet
from bot.validator.filekinds import JS_LIKE
from bot.validator.models import Finding
from bot.validator.syntax import Fragment

_EMPTY_MUTABLE_PY = (
    r"(\{\s*\}|\[\s*\]|set\(\)|dict\(\)|list\(\)|(collections\.)?(defaultdict|OrderedDict|Counter|deque|ChainMap)\(|"
    r"(weakref\.)?Weak(Value|Key)Dictionary\(|(queue\.)?Queue\(|threading\.local\(\))"
)
_PY_MODULE_STATE = re.compile(
    rf"^(?!__all__\b)([A-Za-z_]\w*)\s*(:\s*[^=]+)?=\s*{_EMPTY_MUTABLE_PY}\s*(#.*)?$"
)
_PY_CLASS_STATE = re.compile(
    rf"^\s+([A-Za-z_]\w*)\s*(:\s*ClassVar\b[^=]*)?=\s*{_EMPTY_MUTABLE_PY}\s*(#.*)?$"
)
_PY_GLOBAL = re.compile(r"^\s+global\s+\w+")
_PY_SIDE_CHANNEL = re.compile(
    r"\bos\.environ\s*\[[^\]]+\]\s*=(?!=)|\bos\.environ\.(setdefault|update)\(|\bos\.putenv\(|\bglobals\(\)\s*\[|"
    r"\bsys\.modules\[[^\]]+\]\.\w+\s*=(?!=)|\bbuiltins\.\w+\s*=(?!=)|setattr\(\s*(builtins|sys\.modules)"
)
_PY_CLS_WRITE = re.compile(r"^\s+(cls|type\(self\)|self\.__class__)\.\w+\s*(\[[^\]]*\])?\s*=(?!=)")
_PY_CONTAINER_DEF = re.compile(
    r"^([A-Za-z_]\w*)\s*(:\s*[^=]+)?=\s*(\{|\[|None\b|set\(|dict\(|list\(|(collections\.)?(defaultdict|OrderedDict|Counter|deque)\()"
)
_JS_CONTAINER_DEF = re.compile(
    r"^(?:export\s+)?(?:const|let|var)\s+([\w$]+)(?:\s*:[^=]+)?\s*=\s*(\{|\[|new\s+(Map|Set|WeakMap|Array)\b|null\b)"
)
_PY_CLASS_ATTR_WRITE = re.compile(r"^\s+([A-Z][A-Za-z0-9]+)\.(_?[a-z]\w*)\s*(\[[^\]]*\])?\s*=(?!=)")
_JS_TOP_LET = re.compile(r"^(export\s+)?(let|var)\s+[\w$]+")
_JS_TOP_CONTAINER = re.compile(
    r"^(export\s+)?const\s+[\w$]+(\s*:\s*[^=]+)?\s*=\s*(\{\s*\}|\[\s*\]|new\s+(Map|Set|WeakMap|Array|Object)\b)"
)
_JS_GLOBAL_WRITE = re.compile(
    r"\b(globalThis|window|global|self)(\.[\w$]+|\[[^\]]+\])\s*=(?!=)|\bprocess\.env(\.[\w$]+|\[[^\]]+\])\s*=(?!=)"
)
_JS_STATIC_STATE = re.compile(
    r"^\s+(private\s+|public\s+|protected\s+)?static\s+(?!readonly)[\w$#]+\s*(:[^=]+)?=\s*(\{\s*\}|\[\s*\]|new\s+(Map|Set|WeakMap)\b|null\b|undefined\b)"
)
_GO_TOP_VAR = re.compile(
    r"^var\s+(\w+)\s+(map\[|\[\]|\*|chan\b)|^var\s+(\w+)(\s+[\w.\[\]*]+)?\s*=\s*(make\(|new\(|&\w|map\[|\[\]\w+\{)"
)
_GO_BLOCK_SPEC = re.compile(
    r"^\t(\w+)\s+(map\[|\[\]|\*|chan\b)|^\t(\w+)(\s+[\w.\[\]*]+)?\s*=\s*(make\(|new\(|&\w|map\[|\[\]\w+\{)"
)
_GO_SETENV = re.compile(r"\bos\.Setenv\(")
_JAVA_STATIC_FIELD = re.compile(
    r"^\s*(public|private|protected)?\s*static\s+(?!final\b)(?!class\b|interface\b|enum\b|record\b|void\b|<)[\w<>\[\],.? ]+\s+\w+\s*(=[^;(]*(\(.*\))?[^;]*)?;"
)
_JAVA_STATIC_FINAL_MUTABLE = re.compile(
    r"\bstatic\s+final\b.*=\s*new\s+(HashMap|ArrayList|HashSet|LinkedList|ConcurrentHashMap|TreeMap|LinkedHashMap|CopyOnWriteArrayList|ArrayDeque)\b"
)
_JAVA_SETPROPERTY = re.compile(r"\bSystem\.setProperty\(")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.product_files:
        if changed.language == "python":
            yield from _python(changed)
        elif changed.language in JS_LIKE:
            top_let = (
                []
                if changed.path.endswith((".svelte", ".vue"))
                else [(_JS_TOP_LET, "adds a module-level mutable binding")]
            )
            yield from _module_mutations(
                changed,
                _JS_CONTAINER_DEF,
                r"(\[[^\]]*\]\s*=(?!=)|\.[\w$]+\s*=(?!=)|\.(push|set|add|delete|splice|unshift)\()",
            )
            yield from _lines(
                changed,
                [
                    *top_let,
                    (_JS_TOP_CONTAINER, "adds a module-level mutable container"),
                    (_JS_GLOBAL_WRITE, "writes to a global object"),
                    (_JS_STATIC_STATE, "adds a mutable static class field"),
                ],
            )
        elif changed.language == "go":
            yield from _go(changed)
        elif changed.language == "java":
            yield from _lines(
                changed,
                [
                    (_JAVA_STATIC_FINAL_MUTABLE, "adds a static mutable collection"),
                    (_JAVA_STATIC_FIELD, "adds a static non-final field"),
                    (_JAVA_SETPROPERTY, "passes data through a JVM system property"),
                ],
            )


def _lines(changed: ChangedFile, rules: list[tuple[re.Pattern[str], str]]) -> Iterator[Finding]:
    for line in changed.net_added:
        if is_full_line_comment(line.text, changed.language):
            continue
        code = changed.code(line)
        for pattern, why in rules:
            if pattern.search(code):
                yield finding("global_state_smuggling", changed, line, f"{why}: `{snippet(code)}`")
                break


_STATEFUL_NAME = re.compile(
    r"^_|cache|registry|instances?$|state|store|memo|seen|last|current|pending|buffer|session|context|ctx|shared|global|tmp|temp",
    re.IGNORECASE,
)


def _stateful(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """Wrap a definition pattern: declarative config (`ordering = []`, `ALLOWED_HOSTS = []`) is not state."""

    class _Named:
        def search(self, text: str) -> re.Match[str] | None:
            match = pattern.search(text)
            return match if match and _STATEFUL_NAME.search(match.group(1)) else None

    return _Named()  # type: ignore[return-value]


def _python(changed: ChangedFile) -> Iterator[Finding]:
    class_rows = _python_class_body_rows(changed)
    yield from _lines(
        changed,
        [
            (_stateful(_PY_MODULE_STATE), "adds module-level mutable state"),
            (_PY_GLOBAL, "rebinds a module global from inside a function"),
            (_PY_SIDE_CHANNEL, "passes data through a process-wide side channel"),
            (_PY_CLASS_ATTR_WRITE, "stores data on a class attribute from inside a function"),
            (_PY_CLS_WRITE, "stores data on the class from inside a method"),
        ],
    )
    yield from _module_mutations(
        changed,
        _PY_CONTAINER_DEF,
        r"(\[[^\]]*\]\s*=(?!=)|\.(append|extend|update|add|setdefault|insert|pop|clear)\()",
    )
    for line in changed.net_added:
        match = _PY_CLASS_STATE.match(changed.code(line))
        if (
            line.target_no in class_rows
            and match
            and (_STATEFUL_NAME.search(match.group(1)) or match.group(2))
        ):
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"adds a class-level mutable cache shared by all instances: `{snippet(line.text)}`",
            )


def _module_mutations(
    changed: ChangedFile, definition: re.Pattern[str], mutation: str
) -> Iterator[Finding]:
    """A function body writing into a module-level container: data passed around the call chain."""
    names = {
        m.group(1)
        for hunk in changed.change.hunks
        for ln in hunk.lines
        if ln.kind != "-" and (m := definition.match(ln.text)) and m.group(1) != "__all__"
    }
    if not names:
        return
    pattern = re.compile(rf"^\s+({'|'.join(map(re.escape, sorted(names)))}){mutation}")
    for line in changed.net_added:
        if pattern.match(changed.code(line)):
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"a function writes into module-level state: `{snippet(line.text)}`",
            )
            return


def _python_class_body_rows(changed: ChangedFile) -> set[int]:
    """Target line numbers of statements sitting directly in a class body (not in a method)."""
    rows: set[int] = set()
    for fragment in changed.fragments:
        for klass in fragment.walk(frozenset({"class_definition"})):
            body = klass.child_by_field_name("body")
            for statement in body.named_children if body is not None else []:
                if statement.type == "expression_statement":
                    number = fragment.line_no(statement)
                    if number is not None:
                        rows.add(number)
    return rows


def _go(changed: ChangedFile) -> Iterator[Finding]:
    block_rows = _go_var_block_rows(changed)
    for line in changed.net_added:
        code = changed.code(line)
        if _GO_TOP_VAR.match(code) or (line.target_no in block_rows and _GO_BLOCK_SPEC.match(code)):
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"adds package-level mutable state: `{snippet(code)}`",
            )
        elif _GO_SETENV.search(code):
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"passes data through the process environment: `{snippet(code)}`",
            )


def _go_var_block_rows(changed: ChangedFile) -> set[int]:
    rows: set[int] = set()
    for fragment in changed.fragments:
        rows.update(_rows_in_top_var_blocks(fragment))
    return rows


def _rows_in_top_var_blocks(fragment: Fragment) -> set[int]:
    rows: set[int] = set()
    for declaration in fragment.walk(frozenset({"var_declaration"})):
        if declaration.parent is None or declaration.parent.type != "source_file":
            continue
        for row in fragment.rows[declaration.start_point.row : declaration.end_point.row + 1]:
            if row.target_no is not None:
                rows.add(row.target_no)
    return rows
