"""global_state_smuggling: new module-level or class-level mutable state used to pass data around.

A module-level empty dict/list/Map, a top-level `let`, a Go package `var` holding a map or
pointer, a Java `static` non-final field, a `global` statement, writes to `window`/`globalThis`
or to the process environment — all carry data past the call chain instead of through it.
Constants, loggers, compiled patterns and sentinel errors are not state and pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors import java_fields, memo_state
from bot.validator.detectors.common import finding, snippet
from bot.validator.detectors.state_scope import go_once_loaded, private_to_one_function
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import JS_LIKE
from bot.validator.models import Finding
from bot.validator.syntax import Fragment, iter_nodes

_EMPTY_MUTABLE_PY = (
    r"(\{\s*\}|\[\s*\]|set\(\)|dict\(\)|list\(\)|(collections\.)?(defaultdict|OrderedDict|Counter|deque|ChainMap)\(|"
    r"(weakref\.)?Weak(Value|Key)Dictionary\(|(queue\.)?Queue\(|threading\.local\(\)|(contextvars\.)?ContextVar\([^)]*\))"
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
_PY_CONTAINER_DEF = re.compile(r"^([A-Za-z_]\w*)\s*(:\s*[^=]+)?=(?!=)")
_JS_CONTAINER_DEF = re.compile(
    r"^(?:export\s+)?(?:const|let|var)\s+([\w$]+)(?:\s*:[^=]+)?\s*=\s*(\{|\[|new\s+\w+|null\b|undefined\b|Object\.create\(|\w+\()"
)
_JS_STATIC_DECLARED = re.compile(
    r"^\s+(private\s+|public\s+|protected\s+)?static\s+(?!readonly\b)(?!async\b)[\w$#]+\??\s*:[^=;(]+;?\s*$"
)
_JS_CLASS_ATTR_WRITE = re.compile(
    r"^\s+([A-Z][\w$]*)\.(?!prototype\b|displayName\b|defaultProps\b|propTypes\b|contextType\b)([a-z_$][\w$]*)\s*(\[[^\]]*\])?\s*=(?!=)"
)
_JS_APP_LOCALS = re.compile(
    r"\b(app|req\.app|res\.app|request\.app)\.locals(\.[\w$]+|\[[^\]]+\])\s*=(?!=)|\b(req\.)?app\.set\(\s*['\"](?!trust proxy|view engine|views|etag|x-powered-by|json spaces|port)"
    r"|^\s+(module\.)?exports(\.[\w$]+|\[[^\]]+\])\s*=(?!=)"
)
_PY_CAPS_WRITE = re.compile(
    r"^\s+([A-Z][A-Z0-9_]{2,})(\[[^\]]*\]\s*=(?!=)|\.\w+\s*=(?!=)|\.(append|extend|update|add|setdefault|insert)\()"
)
_PY_WRITE = r"(\.\w+|\[[^\]]+\])+\s*=(?!=)"
_JS_WRITE = r"(\.[\w$]+|\[[^\]]+\])+\s*=(?!=)"
_PY_IMPORT = re.compile(
    r"^\s*import\s+([\w.]+)(\s+as\s+(\w+))?\s*$|^\s*from\s+([\w.]+)\s+import\s+\(?([\w, ]+)\)?\s*$"
)
_JS_IMPORT = re.compile(
    r"^\s*import\s+(\*\s+as\s+([\w$]+)|([\w$]+)\s*(,\s*\{([^}]*)\})?|\{([^}]*)\})\s+from\s+['\"]([^'\"]+)['\"]"
    r"|^\s*(const|let|var)\s+(\{([^}]*)\}|([\w$]+))\s*=\s*require\(\s*['\"]([^'\"]+)['\"]"
)
_PY_CLASS_ATTR_WRITE = re.compile(r"^\s+([A-Z][A-Za-z0-9]+)\.(_?[a-z]\w*)\s*(\[[^\]]*\])?\s*=(?!=)")
_JS_TOP_LET = re.compile(r"^(export\s+)?(let|var)\s+[\w$]+")
_JS_TOP_CONTAINER = re.compile(
    r"^(export\s+)?const\s+[\w$]+(\s*:\s*[^=]+)?\s*=\s*(\{\s*\}|\[\s*\]|"
    r"new\s+(Map|Set|WeakMap|Array|Object)\b\s*(<[^>]*>)?\s*(\(\s*\)|;|$))"
)
_JS_GLOBAL_WRITE = re.compile(
    r"(?:\b|\(\s*)(globalThis|window|global|self)(?:\s+as\s+(?:any|unknown|\w+)\s*\))?(\.[\w$]+|\[[^\]]+\])\s*=(?!=)|\bprocess\.env(\.[\w$]+|\[[^\]]+\])\s*=(?!=)"
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
    r"\bstatic\s+final\b.*=\s*(new\s+(HashMap|ArrayList|HashSet|LinkedList|ConcurrentHashMap|TreeMap|LinkedHashMap|"
    r"CopyOnWriteArrayList|ArrayDeque|(Inheritable)?ThreadLocal|AtomicReference)\b|(Inheritable)?ThreadLocal\.withInitial\()"
)
_JAVA_CONSTANT_MUTATION = re.compile(
    r"^\s{2,}([A-Z][A-Z0-9_]+)\.(put|putAll|add|addAll|set|offer|push|remove|clear|merge|compute)\s*\("
)
# A singleton's field written from a method: `RequestContext.INSTANCE.user = user`, `Holder.get().x = …`.
_SINGLETON_WRITE = re.compile(
    r"^\s{2,}(?!this\b)[A-Z][\w$]*\.(INSTANCE|instance|shared|sharedInstance|current|DEFAULT|getInstance\(\)|"
    r"get_instance\(\)|get\(\)|current\(\))\.[\w$]+\s*(\[[^\]]*\])?\s*([-+*/]?=(?!=)|\+\+|--)"
)
# The object a no-argument accessor hands out is shared (`context().user = request.user`,
# `getStore().tenant = t`): a value stored on it reaches whoever calls the accessor next.
_ACCESSOR_WRITE = re.compile(
    r"^\s+(?!self\b|super\b|this\b)[a-z_$][\w$]*\(\)\.[\w$]+\s*(\[[^\]]*\])?\s*([-+*/]?=(?!=)|\+\+|--)"
)
_JAVA_SETPROPERTY = re.compile(r"\bSystem\.setProperty\(")
_JAVA_STATIC_WRITE = re.compile(
    r"^\s{2,}(?!this\b)([A-Z][A-Za-z0-9]*)\.([a-z_]\w*)\s*(\[[^\]]*\])?\s*([-+*/]?=(?!=)|\+\+|--)"
)


def detect(ctx: DiffContext) -> Iterator[Finding]:
    """Module-level state the change adds and passes between functions; a memo one function keeps
    to itself (state_scope) is not smuggling."""
    by_path = {f.path: f for f in ctx.product_files}
    for found in _detect(ctx):
        changed = by_path.get(found.path)
        if changed is not None and (
            private_to_one_function(ctx, changed, found) or go_once_loaded(changed, found)
        ):
            continue
        yield found


def _detect(ctx: DiffContext) -> Iterator[Finding]:
    roots = frozenset(f.path.split("/", 1)[0].removesuffix(".py") for f in ctx.files)
    for changed in ctx.product_files:
        yield from memo_state.detect(changed)
        if changed.language == "python":
            yield from _python(changed, roots)
        elif changed.language in JS_LIKE:
            top_let = (
                []
                if changed.path.endswith((".svelte", ".vue"))
                else [(_JS_TOP_LET, "adds a module-level mutable binding")]
            )
            yield from _module_mutations(
                changed,
                _JS_CONTAINER_DEF,
                r"(\[[^\]]*\]\s*=(?!=)|(\.[\w$]+)+\s*=(?!=)|\.(push|set|add|delete|splice|unshift)\()",
            )
            yield from _imported_writes(changed, _js_imported_names(changed), _JS_WRITE)
            yield from _js_free_writes(changed)
            yield from _lines(
                changed,
                [
                    *top_let,
                    (_JS_TOP_CONTAINER, "adds a module-level mutable container"),
                    (_JS_GLOBAL_WRITE, "writes to a global object"),
                    (_JS_STATIC_STATE, "adds a mutable static class field"),
                    (_JS_STATIC_DECLARED, "adds a mutable static class field"),
                    (_JS_CLASS_ATTR_WRITE, "stores data on a class from inside a function"),
                    (_JS_APP_LOCALS, "stores request data on app-wide or module-wide objects"),
                    (_SINGLETON_WRITE, "stores data on a process-wide singleton from inside a function"),
                    (_ACCESSOR_WRITE, "stores data on the shared object an accessor returns"),
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
                    (_JAVA_STATIC_WRITE, "stores data on a class's static field from inside a method"),
                    (_JAVA_CONSTANT_MUTATION, "writes into a static constant from inside a method"),
                    (_SINGLETON_WRITE, "stores data on a process-wide singleton from inside a method"),
                ],
            )
            yield from java_fields.detect(changed)
        elif changed.language == "ruby":
            yield from _ruby(changed)
    yield from _rb_class_accessor_writes(ctx)


_RB_GLOBAL_WRITE = re.compile(
    r"(?<![\w$])\$(?!(stdout|stderr|stdin|VERBOSE|DEBUG|LOAD_PATH|LOADED_FEATURES|PROGRAM_NAME|"
    r"FILENAME|SAFE|KCODE|0|\d|!|@|~|;|,|/|\\|_|:|\?)\b)[a-zA-Z_]\w*\s*(\[[^\]]*\])?\s*(\|\|=|[-+*/]?=(?!=|~)|<<)"
)
_RB_CLASS_VAR_WRITE = re.compile(r"@@\w+\s*(\[[^\]]*\])?\s*(\|\|=|[-+*/]?=(?!=|~)|<<)|@@\w+\.(store|merge!|push|clear|delete|update)\b")
_RB_THREAD_LOCAL = re.compile(r"\bThread\.current\s*\[[^\]]+\]\s*(\|\|)?=(?!=)|\bThread\.current\.thread_variable_set\(")
_RB_ENV_WRITE = re.compile(r"\bENV\s*\[[^\]]+\]\s*(\|\|)?=(?!=)|\bENV\.(store|update|merge!)\(")
_RB_CONST_MUTATION = re.compile(
    r"^\s+((?:[A-Z]\w*::)*[A-Z][A-Z0-9_]+)(\s*\[[^\]]*\]\s*(\|\|)?=(?!=)|\s*<<|\.(store|merge!|push|clear|delete|update|replace|concat)\b)"
)
_RB_IVAR_WRITE = re.compile(r"^\s+@\w+\s*(\[[^\]]*\])?\s*([-+*/]?=(?!=|~)|<<)")  # `||=` memoizes
_RB_DEF = re.compile(r"^(\s*)def\s+(self\.)?")
_RB_SINGLETON = re.compile(r"^(\s*)class\s*<<\s*self\b")


def _ruby(changed: ChangedFile) -> Iterator[Finding]:
    """Ruby's process-wide places: `$globals`, `@@class_vars` set in a method, a class's own
    instance variables set in a class method, `Thread.current[...]`, `ENV[...]`, a CONSTANT
    mutated from a method."""
    added = {id(line) for line in changed.net_added}
    for hunk in changed.change.hunks:
        rows = [line for line in hunk.lines if line.kind != "-"]
        for index, row in enumerate(rows):
            if id(row) not in added:
                continue
            code = changed.code(row)
            if not code.strip() or is_full_line_comment(row.text, "ruby"):
                continue
            method = _rb_enclosing_def(rows[:index], code)
            why = None
            if method is not None and _RB_GLOBAL_WRITE.search(code):
                why = "writes a Ruby global variable from inside a method"
            elif _RB_THREAD_LOCAL.search(code):
                why = "passes data through a thread-local"
            elif method is not None and _RB_ENV_WRITE.search(code):
                why = "passes data through the process environment"
            elif method is not None and _RB_CLASS_VAR_WRITE.search(code):
                why = "stores data in a class variable from inside a method"
            elif method is not None and _RB_CONST_MUTATION.match(code):
                why = "mutates a constant from inside a method"
            elif method == "class" and _RB_IVAR_WRITE.match(code):
                why = "stores data on the class itself from a class method"
            elif method == "instance" and _rb_class_attribute_shared(rows, row, code):
                why = "stores data on the class itself, for another method to read"
            if why is not None:
                yield finding("global_state_smuggling", changed, row, f"{why}: `{snippet(code)}`")
                return


_RB_CLASS_ACCESSOR = re.compile(r"^\s*(c|m)attr_(accessor|writer)\s+(?P<names>:\w+(\s*,\s*:\w+)*)")
_RB_SELF_ACCESSOR = re.compile(r"^\s*attr_(accessor|writer)\s+(?P<names>:\w+(\s*,\s*:\w+)*)")


def _ruby_rows(ctx: DiffContext) -> Iterator[tuple[ChangedFile, list[DiffLine], int]]:
    """Each Ruby product file's post-image rows per hunk, with the index of every added row."""
    for changed in ctx.product_files:
        if changed.language != "ruby":
            continue
        for hunk in changed.change.hunks:
            rows = [ln for ln in hunk.lines if ln.kind != "-"]
            for index, row in enumerate(rows):
                if row.kind == "+":
                    yield changed, rows, index


def _rb_class_accessor_writes(ctx: DiffContext) -> Iterator[Finding]:
    """An accessor the change puts on a class itself (`class << self; attr_accessor :x; end`,
    `cattr_accessor :x`) written from a method (`Checkout.pending_coupon = coupon`): one request's
    value handed to every later one through the class."""
    names: set[str] = set()
    for _, rows, index in _ruby_rows(ctx):
        text = rows[index].text
        found = _RB_CLASS_ACCESSOR.match(text) or (
            _RB_SELF_ACCESSOR.match(text)
            if any(_RB_SINGLETON.match(r.text) for r in rows[max(0, index - 3) : index])
            else None
        )
        if found is not None:
            names.update(n.strip(" :") for n in found.group("names").split(","))
    if not names:
        return
    write = re.compile(rf"^\s+(self\.class|[A-Z]\w*(?:::[A-Z]\w*)*)\.({'|'.join(map(re.escape, sorted(names)))})\s*=(?!=)")
    for changed, rows, index in _ruby_rows(ctx):
        code = changed.code(rows[index])
        if write.match(code) and _rb_enclosing_def(rows[:index], code) is not None:
            yield finding(
                "global_state_smuggling", changed, rows[index],
                f"stores data on an accessor of the class itself, shared by every request: `{snippet(code)}`",
            )
            return


# `||=` is a memo (computed once, the same for everyone), not one caller's data for another.
_RB_CLASS_ATTR_WRITE = re.compile(r"^\s*(self\.class|[A-Z]\w*(?:::[A-Z]\w*)*)\.([a-z_]\w*)\s*=(?!=)")


def _rb_class_attribute_shared(rows: list[DiffLine], row: DiffLine, code: str) -> bool:
    """`self.class.last_cart = cart` in an instance method, read elsewhere (`self.class.last_cart`):
    one object's data handed to every other through the class."""
    match = _RB_CLASS_ATTR_WRITE.match(code)
    if match is None or match.group(1) in ("Rails", "ActiveRecord", "Logger", "I18n", "Time", "Thread"):
        return False
    reader = re.compile(rf"\.{re.escape(match.group(2))}\b(?!\s*(\|\|)?=(?!=))")
    return any(other is not row and reader.search(other.text) for other in rows)


def _rb_enclosing_def(above: list[DiffLine], code: str) -> str | None:
    """"class" (a `def self.x` or inside `class << self`), "instance", or None outside a method."""
    indent = len(code) - len(code.lstrip())
    for line in reversed(above):
        text = line.text
        if not text.strip():
            continue
        depth = len(text) - len(text.lstrip())
        if depth >= indent:
            continue
        match = _RB_DEF.match(text)
        if match:
            if match.group(2):
                return "class"
            for outer in reversed(above[: above.index(line)]):
                singleton = _RB_SINGLETON.match(outer.text)
                if singleton and len(singleton.group(1)) < depth:
                    return "class"
                if re.match(r"^\s*(class|module)\b", outer.text) and len(outer.text) - len(outer.text.lstrip()) < depth:
                    break
            return "instance"
        if re.match(r"^\s*(class|module)\b", text):
            return None
        indent = depth
    return None


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


def _python(changed: ChangedFile, roots: frozenset[str]) -> Iterator[Finding]:
    """Module state in Python, except a registry only decorators fill (at import: start-up)."""
    registries = _decorator_registries(changed)
    for found in _python_findings(changed, roots):
        line = next((ln for ln in changed.change.added if ln.target_no == found.line), None)
        name = re.match(r"^\s*([A-Za-z_]\w*)", changed.code(line)) if line is not None else None
        if name is not None and name.group(1) in registries:
            continue
        yield found


_PY_CONTAINER_WRITE = re.compile(
    r"^(\s+)([A-Za-z_]\w*)(\[[^\]]*\]\s*=(?!=)|\.(append|add|update|setdefault|extend|insert)\()"
)


def _decorator_registries(changed: ChangedFile) -> set[str]:
    """Containers every added write to which sits in a decorator (a def returning the function
    it was given): `@handler("created")` fills `_HANDLERS` once, when the module is imported."""
    verdict: dict[str, bool] = {}
    for hunk in changed.change.hunks:
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, row in enumerate(rows):
            match = _PY_CONTAINER_WRITE.match(changed.code(row)) if row.kind == "+" else None
            if match is None:
                continue
            name = match.group(2)
            verdict[name] = verdict.get(name, True) and _in_decorator(rows, index, len(match.group(1)))
    return {name for name, ok in verdict.items() if ok}


def _in_decorator(rows: list[DiffLine], index: int, indent: int) -> bool:
    for start in range(index - 1, -1, -1):
        text = rows[start].text
        depth = len(text) - len(text.lstrip())
        if not text.strip() or depth >= indent:
            continue
        header = re.match(r"^\s*def\s+\w+\s*\(\s*\*{0,2}(\w+)", text)
        if header is None:
            return False
        body = []
        for row in rows[start + 1 :]:
            if row.text.strip() and len(row.text) - len(row.text.lstrip()) <= depth:
                break
            body.append(row.text)
        return any(re.match(rf"^\s*return\s+{re.escape(header.group(1))}\s*$", b) for b in body)
    return False


def _python_findings(changed: ChangedFile, roots: frozenset[str]) -> Iterator[Finding]:
    class_rows = _python_class_body_rows(changed)
    yield from _lines(
        changed,
        [
            (_stateful(_PY_MODULE_STATE), "adds module-level mutable state"),
            (_PY_GLOBAL, "rebinds a module global from inside a function"),
            (_PY_SIDE_CHANNEL, "passes data through a process-wide side channel"),
            (_PY_CLASS_ATTR_WRITE, "stores data on a class attribute from inside a function"),
            (_PY_CAPS_WRITE, "writes into a module-level constant from inside a function"),
            (_PY_CLS_WRITE, "stores data on the class from inside a method"),
            (_ACCESSOR_WRITE, "stores data on the shared object an accessor returns"),
        ],
    )
    yield from _module_mutations(
        changed,
        _PY_CONTAINER_DEF,
        r"(\[[^\]]*\]\s*=(?!=)|(\.\w+)+\s*=(?!=)|\.(append|extend|update|add|setdefault|insert|pop|clear)\()",
    )
    yield from _imported_writes(changed, _py_imported_names(changed, roots), _PY_WRITE)
    yield from _py_free_name_writes(changed)
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


def _imported_writes(changed: ChangedFile, names: set[str], write: str) -> Iterator[Finding]:
    """A function assigning an attribute of an imported module or shared object (`state.user = x`).

    The value reaches its reader through that module-wide object instead of an argument.
    """
    if not names:
        return
    alternatives = "|".join(map(re.escape, sorted(names)))
    pattern = re.compile(rf"^\s+({alternatives}){write}|\bsetattr\(\s*({alternatives})\s*,")
    for line in changed.net_added:
        if pattern.search(changed.code(line)):
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"a function stores data on an imported module or object: `{snippet(line.text)}`",
            )
            return


_PY_FREE_WRITE = re.compile(
    r"^(\s+)([a-z_]\w*)((\.\w+)+\s*(\[[^\]]*\])?|\[[^\]]*\])\s*=(?!=)|^(\s+)setattr\(\s*([a-z_]\w*)\s*,\s*[\"']"
)
_PY_DEF = re.compile(r"^(\s*)(async\s+)?def\s+\w+\s*\((.*)")
_PY_BINDS = re.compile(
    r"^\s*(\w+(\s*,\s*\w+)*)\s*(:[^=]+)?=(?!=)|\bfor\s+\(?(\w+(\s*,\s*\w+)*)\)?\s+in\b|\bas\s+(\w+)|"
    r"\b(\w+)\s*:=|^\s*(import|from)\b.*|^\s*(global|nonlocal)\s+(.*)"
)


_REQUEST_PARAM = re.compile(
    r"^(request|req|r|ctx|context|event|headers|session|user|message|msg|payload|body|scope|environ|"
    r"update|call|conn|websocket|ws|info)$"
)
_REQUEST_FUNC = re.compile(
    r"handle|handler|view|middleware|endpoint|route|dispatch|^on_|webhook|login|logout|checkout|callback|"
    r"^(get|post|put|patch|delete)(_|$)|request|consume|receive"
)


def _py_free_name_writes(changed: ChangedFile) -> Iterator[Finding]:
    """A request path sets an attribute on a name it neither received nor bound: module state.

    Only when every enclosing `def` is in the hunk (its parameters and locals are known) and it
    serves a request (a request-like parameter or name), or another function reads the value.
    """
    diff_text = "\n".join(ln.text for h in changed.change.hunks for ln in h.lines if ln.kind != "-")
    for hunk in changed.change.hunks:
        lines = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, line in enumerate(lines):
            if line.kind != "+":
                continue
            code = changed.code(line)
            match = _PY_FREE_WRITE.match(code)
            if not match:
                continue
            name = match.group(2) or match.group(7)
            indent = len(match.group(1) or match.group(6))
            if name in ("self", "cls"):
                continue
            scope = _enclosing_scope(lines[:index], indent, changed)
            if scope is None or name in scope.bound:
                continue
            target = re.match(rf"\s*{re.escape(name)}((\.\w+)+|\[[^\]]*\])", code)
            read_elsewhere = target is not None and diff_text.count(f"{name}{target.group(1)}") > 1
            if not (scope.serves_request or read_elsewhere or match.group(7)):
                continue
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"a function stores data on module-level `{name}`: `{snippet(line.text)}`",
            )
            return


@dataclass
class _Scope:
    bound: set[str]
    serves_request: bool


def _enclosing_scope(above: list[DiffLine], indent: int, changed: ChangedFile) -> _Scope | None:
    """Parameters and locals of the enclosing defs, or None when a header is outside the hunk."""
    bound: set[str] = set()
    serves_request = False
    for line in reversed(above):
        code = changed.code(line)
        if not code.strip():
            continue
        depth = len(code) - len(code.lstrip())
        definition = _PY_DEF.match(code)
        if definition and depth < indent:
            params = re.findall(r"(?:^|[(,*])\s*\*{0,2}([A-Za-z_]\w*)", definition.group(3))
            bound.update(params)
            function = code.split("def", 1)[1].split("(", 1)[0].strip()
            serves_request |= any(_REQUEST_PARAM.match(p) for p in params) or bool(
                _REQUEST_FUNC.search(function.lower())
            )
            if depth == 0 or re.match(r"^\s+def\s+\w+\s*\(\s*(self|cls)\b", code):
                return _Scope(bound, serves_request)
            indent = depth
            continue
        if depth == 0:
            return None  # left the function without seeing its header: unknown
        for m in _PY_BINDS.finditer(code):
            for group in (m.group(1), m.group(4), m.group(6), m.group(7)):
                bound.update(n.strip() for n in (group or "").split(","))
            if m.group(8) or m.group(10):
                return None  # an import or global statement inside the function: leave to others
    return None


def _py_imported_names(changed: ChangedFile, roots: frozenset[str]) -> set[str]:
    """Lower-case names imported from the project itself (relative, or a package the diff touches).

    Third-party modules (`torch.backends.cudnn.benchmark = True`) are configuration, not a channel.
    """
    names: set[str] = set()
    for hunk in changed.change.hunks:
        for ln in hunk.lines:
            if ln.kind == "-" or not (m := _PY_IMPORT.match(ln.text)):
                continue
            module = m.group(1) or m.group(4)
            if not (module.startswith(".") or module.split(".")[0] in roots):
                continue
            if m.group(1):
                names.add(m.group(3) or m.group(1).split(".")[0])
            else:
                for part in m.group(5).split(","):
                    bits = part.split()
                    if bits:
                        names.add(bits[-1])
    return {n for n in names if n[:1].islower() and n not in ("self", "cls")}


_OWN_MODULE_PREFIXES = (".", "@/", "~/", "src/")


def _js_import_bindings(changed: ChangedFile, *, own: bool) -> set[str]:
    """Bindings the added lines import, from the project's own modules (relative or aliased
    paths) when `own`, else from packages."""
    names: set[str] = set()
    for hunk in changed.change.hunks:
        for ln in hunk.lines:
            if ln.kind == "-" or not (m := _JS_IMPORT.match(ln.text)):
                continue
            source = m.group(7) or m.group(12) or ""
            if source.startswith(_OWN_MODULE_PREFIXES) != own:
                continue
            for group in (m.group(2), m.group(3), m.group(11)):
                if group:
                    names.add(group)
            for group in (m.group(5), m.group(6), m.group(10)):
                for part in (group or "").split(","):
                    bits = part.replace(":", " as ").split()
                    if bits:
                        names.add(bits[-1])
    return names


def _js_imported_names(changed: ChangedFile) -> set[str]:
    """Bindings imported from the project's own modules (relative or aliased paths)."""
    return {n for n in _js_import_bindings(changed, own=True)
            if re.fullmatch(r"[a-z_$][\w$]*", n)}


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


_GO_FUNC = re.compile(r"^func\s+(?:\([^)]*\)\s*)?(\w+)")
_GO_VAR_NAME = re.compile(r"^var\s+(\w+)\b|^\t(\w+)\b")


def _go_package_vars(changed: ChangedFile, block_rows: set[int]) -> set[str]:
    names: set[str] = set()
    for hunk in changed.change.hunks:
        for ln in hunk.lines:
            if ln.kind == "-":
                continue
            m = _GO_VAR_NAME.match(ln.text)
            if m and (m.group(1) or (ln.target_no in block_rows and m.group(2))):
                name = m.group(1) or m.group(2)
                if name not in ("_",) and not name.startswith("Err"):
                    names.add(name)
    return names


def _go_writes(changed: ChangedFile, names: set[str], block_rows: set[int]) -> Iterator[Finding]:
    """A function assigning a package-level variable: the value bypasses the call chain."""
    if not names:
        return
    alternatives = "|".join(map(re.escape, sorted(names)))
    pattern = re.compile(
        rf"(^\s+|[{{;]\s*)({alternatives})(\.\w+|\[[^\]]*\])*\s*([-+*/|&]?=(?!=)|\+\+|--)|"
        rf"^\s+({alternatives})\.(Store|Swap|Add|Set|LoadOrStore|CompareAndSwap|Put|PushBack)\(|"
        rf"\batomic\.\w+\(\s*&({alternatives})\b|^\s+({alternatives})\s*=\s*append\("
    )
    flagged: set[str] = set()
    for hunk in changed.change.hunks:
        function = ""
        for line in hunk.lines:
            if line.kind == "-":
                continue
            header = _GO_FUNC.match(line.text)
            if header:
                function = header.group(1)
            setup = function in ("init", "main") or function.startswith(_GO_TEST_FUNCS)
            in_block = line.target_no in block_rows
            written = line.kind == "+" and pattern.search(changed.code(line))
            if written and not setup and not in_block:
                name = next(g for g in written.groups()[1::] if g and g in names)
                if name in flagged:
                    continue
                flagged.add(name)  # each variable once: one may be spared (a memo) and not another
                yield finding(
                    "global_state_smuggling",
                    changed,
                    line,
                    f"a function writes a package-level variable: `{snippet(line.text)}`",
                )


def _go_written_names(changed: ChangedFile, names: set[str], block_rows: set[int]) -> set[str]:
    """Package variables the diff writes from a function other than `init`, `main` or a test:
    assigned, a field or an element set, a mutating method called (`Store`, `Set`, `Put`…),
    `append`ed to, or its address handed on (`json.Unmarshal(b, &cfg)`, `atomic.AddInt64(&n, 1)`).
    A variable the change adds that nothing writes holds its declaration's value for good."""
    if not names:
        return set()
    alternatives = "|".join(map(re.escape, sorted(names)))
    pattern = re.compile(
        rf"(^\s+|[{{;]\s*)({alternatives})(\.\w+|\[[^\]]*\])*\s*([-+*/|&]?=(?!=)|\+\+|--)|"
        rf"(?<![\w.])({alternatives})\.(Store|Swap|Add|Set|LoadOrStore|LoadAndDelete|Delete|CompareAndSwap|Put|"
        rf"PushBack|PushFront|Push|Insert|Remove|Reset|Write\w*)\(|"
        rf"&({alternatives})\b|\bdelete\(\s*({alternatives})\s*,"
    )
    written: set[str] = set()
    for hunk in changed.change.hunks:
        function = ""
        for line in hunk.lines:
            if line.kind == "-":
                continue
            header = _GO_FUNC.match(line.text)
            if header:
                function = header.group(1)
            setup = function in ("", "init", "main") or function.startswith(_GO_TEST_FUNCS)
            if setup or line.target_no in block_rows:
                continue
            for match in pattern.finditer(changed.code(line)):
                written.update(g for g in match.groups() if g in names)
    return written


_GO_ASSIGN = re.compile(r"^\s+([A-Za-z]\w*)(\.\w+|\[[^\]]*\])*\s*([-+*/|&]?=(?!=)|\+\+|--)")
_GO_DECLARES = re.compile(r"([\w, ]+?)\s*:=|\bvar\s+([\w, ]+)")


_GO_TEST_FUNCS = ("Test", "Benchmark", "Fuzz", "Example")
_GO_PARAM_LINE = re.compile(r"^\s+\w+(\s*,\s*\w+)*\s+[\w.*\[\]]+,\s*$")


def _go_bound_names(code: str) -> set[str]:
    """Names a function body line declares: `x :=`, `var x`, range variables, literal params."""
    names: set[str] = set()
    for m in _GO_DECLARES.finditer(code):
        names.update(re.findall(r"\w+", m.group(1) or m.group(2) or ""))
    for params in re.findall(r"\bfunc\s*\(([^)]*)\)", code):
        names.update(re.findall(r"\w+", params))
    if _GO_PARAM_LINE.match(code):
        names.update(re.findall(r"\w+", code))
    return names


def _go_free_writes(changed: ChangedFile) -> Iterator[Finding]:
    """A function assigns a name that is not its parameter or local: a package variable declared
    outside the hunk. Only when the function's header is in the hunk."""
    for hunk in changed.change.hunks:
        lines = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, line in enumerate(lines):
            match = _GO_ASSIGN.match(changed.code(line)) if line.kind == "+" else None
            if not match or match.group(1) in ("_", "err", "ok"):
                continue
            bound: set[str] = set()
            header = None
            for previous in reversed(lines[:index]):
                code = changed.code(previous)
                if code.startswith("func"):
                    header = _GO_FUNC.match(code)
                    bound.update(re.findall(r"\b([A-Za-z_]\w*)\b", code))
                    break
                if not code.startswith(("\t", " ")) and code.strip():
                    break
                bound.update(_go_bound_names(code))
            if header is None or match.group(1) in bound:
                continue
            if header.group(1) in ("init", "main") or header.group(1).startswith(_GO_TEST_FUNCS):
                continue
            yield finding(
                "global_state_smuggling",
                changed,
                line,
                f"a function writes package-level `{match.group(1)}`: `{snippet(line.text)}`",
            )
            return


def _go(changed: ChangedFile) -> Iterator[Finding]:
    block_rows = _go_var_block_rows(changed)
    names = _go_package_vars(changed, block_rows)
    yield from _go_writes(changed, names, block_rows)
    if not names:
        yield from _go_free_writes(changed)
    written = _go_written_names(changed, names, block_rows)
    for line in changed.net_added:
        code = changed.code(line)
        if _go_lookup_table(changed, code):
            continue  # a filled map literal nobody writes: Go's way to spell a constant table
        declared = _GO_TOP_VAR.match(code) or (line.target_no in block_rows and _GO_BLOCK_SPEC.match(code))
        if declared and next(g for g in declared.groups() if g) not in written:
            continue  # new, and no function writes it: a value set once at start-up, not smuggled
        if declared:
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


_GO_TABLE = re.compile(r"^\s*(?:var\s+)?(\w+)\s*=\s*(map\[[^\]]+\][\w.*\[\]]+|\[\][\w.*]+)\s*\{\s*\S")


def _go_lookup_table(changed: ChangedFile, code: str) -> bool:
    """`var values = map[byte]int{'I': 1, …}`: entries written in the declaration and no write
    to the name anywhere the diff shows (`values[k] =`, `delete(values, …)`, `values =`)."""
    match = _GO_TABLE.match(code)
    if match is None:
        return False
    name = re.escape(match.group(1))
    write = re.compile(
        rf"^\s*{name}\s*(\[[^\]]*\]\s*)?(=|\+=|-=)(?!=)|\bdelete\(\s*{name}\s*,|\b{name}\s*=\s*append\("
    )
    return not any(
        write.search(changed.code(ln))
        for hunk in changed.change.hunks
        for ln in hunk.lines
        if ln.kind != "-" and changed.code(ln) != code
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


_JS_FUNCTIONS = frozenset(
    {"function_declaration", "function_expression", "function", "arrow_function", "method_definition",
     "generator_function_declaration", "generator_function"}
)
_JS_NOT_STATE = frozenset(
    {"this", "super", "module", "exports", "window", "globalThis", "global", "self", "document",
     "process", "console", "navigator", "location", "localStorage", "sessionStorage"}
)
_JS_BINDERS = frozenset(
    {"variable_declarator", "formal_parameters", "required_parameter", "optional_parameter",
     "catch_clause", "for_in_statement", "assignment_pattern", "rest_pattern", "object_pattern",
     "array_pattern", "shorthand_property_identifier_pattern", "pair_pattern"}
)


_JS_MEMBER_ASSIGN = re.compile(r"[\w$\])]\s*(\.[\w$]+|\[[^\]]*\])\s*([-+*/|&]?=(?!=)|\?\?=|\|\|=)")


def _js_free_writes(changed: ChangedFile) -> Iterator[Finding]:
    """A function (whole in the hunk) assigns a property of an object it neither received nor
    declared: a module-level object carrying data between calls. Reported when the function
    serves a request (`req`, `ctx`, `event` …) or the property is read elsewhere in the diff."""
    diff_text = "\n".join(ln.text for h in changed.change.hunks for ln in h.lines if ln.kind != "-")
    if not any(_JS_MEMBER_ASSIGN.search(changed.code(line)) for line in changed.net_added):
        return
    third_party = _js_package_names(changed)
    for fragment in changed.fragments:
        for node in fragment.walk(frozenset({"assignment_expression", "augmented_assignment_expression"})):
            if not fragment.is_added(node):
                continue
            left = node.child_by_field_name("left")
            if left is None or left.type not in ("member_expression", "subscript_expression"):
                continue
            root = left
            while root.type in ("member_expression", "subscript_expression"):
                root = root.child_by_field_name("object") or root
                if root.type not in ("member_expression", "subscript_expression", "identifier"):
                    break
            if root.type != "identifier":
                continue
            name = fragment.text(root)
            if name in _JS_NOT_STATE or name[:1].isupper() or name in third_party:
                continue
            functions = []
            current = node.parent
            while current is not None:
                if current.type in _JS_FUNCTIONS:
                    functions.append(current)
                current = current.parent
            if not functions or fragment.tree.root_node.has_error and functions[-1].has_error:
                continue
            if any(_js_binds(fragment, function, name) for function in functions):
                continue
            params = {
                fragment.text(n)
                for f in functions
                for p in [f.child_by_field_name("parameters") or f.child_by_field_name("parameter")]
                if p is not None
                for n in iter_nodes(p, frozenset({"identifier", "shorthand_property_identifier_pattern"}))
            }
            member = fragment.text(left)
            serves = any(_REQUEST_PARAM.match(p) for p in params)
            if not (serves or diff_text.count(member) > 1):
                continue
            yield finding(
                "global_state_smuggling",
                changed,
                fragment.row(node),
                f"a function stores data on module-level `{name}`: `{snippet(fragment.text(node))}`",
            )
            return


def _js_package_names(changed: ChangedFile) -> set[str]:
    """Bindings imported from packages (`axios`, `dayjs`): their settings are configuration."""
    return _js_import_bindings(changed, own=False)


def _js_binds(fragment: Fragment, function: Node, name: str) -> bool:
    """`name` is a parameter of `function` or declared inside it."""
    for node in iter_nodes(function, frozenset({"identifier", "shorthand_property_identifier_pattern"})):
        if fragment.text(node) != name:
            continue
        parent = node.parent
        if parent is None:
            continue
        if parent.type in _JS_BINDERS and (
            parent.type != "variable_declarator" or parent.child_by_field_name("name") == node
        ):
            return True
        if parent is function and function.type == "arrow_function":
            return True  # `x => …`: a lone parameter
        if parent.type in ("function_declaration", "class_declaration") and parent.child_by_field_name("name") == node:
            return True
    return False
