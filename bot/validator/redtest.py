"""The red test's literal values, read from the diff, so special-casing of them can be spotted.

A test id names a file and a test (`tests/test_x.py::TestA::test_b[param]`, `src/a.test.ts >
suite > name`, `TestParse`, `com.acme.FooTest#bar`). When the test was added in the diff we
read the literals inside its body; otherwise the caller passes them in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tree_sitter import Node

from bot.validator.context import ChangedFile, split_comment
from bot.validator.filekinds import JS_LIKE
from bot.validator.syntax import Fragment, iter_nodes

_STRING_NODES = frozenset(
    {
        "string",
        "interpreted_string_literal",
        "raw_string_literal",
        "string_literal",
        "template_string",
    }
)
_NUMBER_NODES = frozenset(
    {
        "integer",
        "float",
        "number",
        "int_literal",
        "float_literal",
        "decimal_integer_literal",
        "decimal_floating_point_literal",
        "hex_integer_literal",
    }
)
_FUNCTION_NODES = frozenset(
    {"function_definition", "function_declaration", "method_declaration", "call_expression"}
)
_TEST_CALLEES = re.compile(r"^(it|test|specify|scenario)(\.(each|concurrent|only|skip)\b.*)?$", re.DOTALL)


@dataclass(frozen=True)
class TestId:
    path: str | None
    name: str | None


def parse_test_id(test_id: str) -> TestId:
    """Split a runner's test id into (file path if any, innermost test name)."""
    text = test_id.strip()
    go_test = re.match(r"^((Test|Benchmark|Example|Fuzz)\w*)(/|$)", text)
    if go_test:  # Go: `TestParse/with_days` names the top-level test function
        return TestId(path=None, name=go_test.group(1))
    parts = [p.strip() for p in re.split(r"::| > | › ", text) if p.strip()]
    if len(parts) > 1:
        head = _without_line(parts[0])
        return TestId(path=head if _looks_like_path(head) else None, name=_bare(parts[-1]))
    if "#" in text:
        klass, method = text.rsplit("#", 1)
        klass = _without_line(klass)
        return TestId(path=klass if _looks_like_path(klass) else None, name=_bare(method))
    if _looks_like_path(_without_line(text)):  # `spec/x_spec.rb:12` names a file and a line
        return TestId(path=_without_line(text), name=None)
    name = text.rsplit("/", 1)[-1] if "/" in text else text.rsplit(".", 1)[-1]
    return TestId(path=None, name=_bare(name))


def _without_line(text: str) -> str:
    return re.sub(r":\d+(:\d+)?$", "", text)


def class_file_suffix(test_id: str) -> str | None:
    """`com.acme.FooTest#bar` or `com.acme.FooTest` names the file `com/acme/FooTest.<ext>`."""
    head = re.split(r"#|::| > ", test_id.strip(), maxsplit=1)[0]
    if "/" in head or not re.fullmatch(r"([a-z_]\w*\.)+[A-Z]\w*", head):
        return None
    return head.replace(".", "/")


def _looks_like_path(text: str) -> bool:
    return "/" in text or bool(re.search(r"\.(py|[cm]?[jt]sx?|go|java|kt|rb)$", text))


def _bare(name: str) -> str:
    return re.sub(r"\[.*\]$", "", name).strip()


def literal_value(node: Node, fragment: Fragment) -> str | None:
    text = fragment.text(node)
    if node.type in _NUMBER_NODES:
        return text.replace("_", "")
    if node.type in _STRING_NODES:
        if any(c.type in ("interpolation", "template_substitution") for c in node.children):
            return None
        match = re.match(r'^[rRbBuUfF]{0,2}("""|\'\'\'|"|\'|`)(.*)\1$', text, re.DOTALL)
        return match.group(2) if match else None
    return None


def red_test_literals(
    test_files: Iterable[ChangedFile],
    red_test: str | None,
    data_files: Iterable[ChangedFile] = (),
) -> frozenset[str]:
    """The values the red test feeds the code, wherever the diff shows them: the test's body,
    its decorators and annotations (`parametrize`, `@CsvSource`, `@ValueSource`), a jest
    `test.each` table, a Go case table, module-level constants and pytest fixtures it names,
    a `@MethodSource` provider, and data files the diff adds that it reads by name. Without a
    red test: literals of every added test."""
    test_id = parse_test_id(red_test) if red_test else TestId(None, None)
    suffix = class_file_suffix(red_test) if red_test else None
    tests = list(test_files)
    files = [
        f
        for f in tests
        if (test_id.path is None or _same_path(f.path, test_id.path))
        and (suffix is None or f.path.rsplit(".", 1)[0].endswith(suffix))
    ]
    helpers = [f for f in tests if f.path.rsplit("/", 1)[-1] == "conftest.py" and f not in files]
    data = list(data_files)
    values: set[str] = set()
    for changed in files:
        if changed.fragments:
            found, names = _tree_literals(changed, test_id.name, helpers)
        else:
            found, names = _line_literals(changed, test_id, red_test or "")
        values |= found
        values |= _data_file_literals(data, names)
    return frozenset(values)


def _tree_literals(
    changed: ChangedFile, name: str | None, helpers: list[ChangedFile]
) -> tuple[set[str], set[str]]:
    """Literals of the red test's scopes and of what they name one or two steps away."""
    values: set[str] = set()
    strings: set[str] = set()
    spans: dict[int, list[tuple[int, int, bool]]] = {}  # per fragment, for _in_csv_annotation
    if not name:
        for fragment in changed.fragments:
            for node in iter_nodes(fragment.tree.root_node, _STRING_NODES | _NUMBER_NODES):
                if fragment.is_added(node):
                    _collect(node, fragment, values, strings, spans)
        return values, strings
    scopes = [
        (fragment, scope)
        for fragment in changed.fragments
        for scope in _test_scopes(changed, fragment, name)
    ]
    if not scopes:
        return values, strings
    definitions = _definitions([changed, *helpers])
    seen: set[int] = set()
    frontier = scopes
    for _depth in range(3):
        named: set[str] = set()
        for fragment, scope in frontier:
            if id(scope) in seen:
                continue
            seen.add(id(scope))
            for node in iter_nodes(scope, _STRING_NODES | _NUMBER_NODES | _NAME_NODES):
                if node.type in _NAME_NODES:
                    named.add(fragment.text(node))
                else:
                    value = _collect(node, fragment, values, strings, spans)
                    if value is not None:
                        named.add(value)  # `@MethodSource("cases")` names a provider
        frontier = [d for n in named for d in definitions.get(n, [])]
        if not frontier:
            break
    return values, strings


_NAME_NODES = frozenset({"identifier"})
_DEFINING = frozenset(
    {"function_definition", "decorated_definition", "assignment", "expression_statement",
     "lexical_declaration", "variable_declaration", "var_declaration", "const_declaration",
     "field_declaration", "method_declaration", "function_declaration", "short_var_declaration"}
)


def _definitions(files: list[ChangedFile]) -> dict[str, list[tuple[Fragment, Node]]]:
    """Module-level (and class-level) definitions by name: constants, tables, fixtures, providers."""
    out: dict[str, list[tuple[Fragment, Node]]] = {}
    for changed in files:
        for fragment in changed.fragments:
            for node in fragment.walk(_DEFINING):
                parent = node.parent
                if parent is None or parent.type not in (
                    "module", "program", "source_file", "class_body", "block", "decorated_definition"
                ):
                    continue
                if parent.type == "block" and (
                    parent.parent is None or parent.parent.type != "class_definition"
                ):
                    continue
                for name in _defined_names(node, fragment):
                    out.setdefault(name, []).append((fragment, node))
    return out


def _defined_names(node: Node, fragment: Fragment) -> list[str]:
    if node.type in ("function_definition", "method_declaration", "function_declaration"):
        name = node.child_by_field_name("name")
        return [fragment.text(name)] if name is not None else []
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        return _defined_names(inner, fragment) if inner is not None else []
    if node.type in ("expression_statement", "assignment"):
        target: Node | None = node
        if node.type == "expression_statement":
            target = next((c for c in node.named_children if c.type == "assignment"), None)
        left = target.child_by_field_name("left") if target is not None else None
        return [fragment.text(left)] if left is not None and left.type == "identifier" else []
    names = []
    for child in iter_nodes(node, frozenset({"variable_declarator", "var_spec", "const_spec"})):
        name = child.child_by_field_name("name")
        if name is not None:
            names.append(fragment.text(name))
    return names


_CSV_CONTEXT = frozenset({"annotation", "marker_annotation", "annotation_argument_list"})


def _collect(node: Node, fragment: Fragment, values: set[str], strings: set[str],
             spans: dict[int, list[tuple[int, int, bool]]]) -> str | None:
    value = literal_value(node, fragment)
    if value is None:
        return None
    values.add(value)
    if node.type not in _NUMBER_NODES:
        strings.add(value)
        if "," in value and fragment.language == "java" and _in_csv_annotation(node, fragment, spans):
            values.update(part.strip().strip("'\"") for part in value.split(",") if part.strip())
    return value


def _in_csv_annotation(node: Node, fragment: Fragment, spans: dict[int, list[tuple[int, int, bool]]]) -> bool:
    """Whether a Java string is a `@CsvSource` row: its innermost enclosing annotation or method
    is an annotation. Found from the spans of those nodes (one query per fragment, kept in
    `spans` by the caller), not by climbing `node.parent`: tree-sitter finds a parent by walking
    down from the root, so a climb per literal on a line of a thousand literals was quadratic."""
    if id(fragment) not in spans:
        spans[id(fragment)] = [(n.start_byte, n.end_byte, n.type in _CSV_CONTEXT)
                               for n in fragment.walk(_CSV_CONTEXT | {"method_declaration"})]
    start, end = node.start_byte, node.end_byte
    inner = min(((e - s, csv) for s, e, csv in spans[id(fragment)] if s <= start and end <= e),
                default=None)
    return inner is not None and inner[1]




_RB_EXAMPLE = re.compile(r"^(\s*)(it|specify|scenario|example|test|def\s+test_\w+)\b(\s*\(?\s*([\"'])(.*?)\4)?")
_RB_SHARED = re.compile(r"^\s*(let!?|subject|given)\b|^\s*(before|setup)\b")
_LINE_LITERAL = re.compile(r"\"((?:[^\"\\#]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|(?<![\w.])(-?\d[\d_]*(?:\.\d+)?)(?![\w.])")


def _line_literals(changed: ChangedFile, test_id: TestId, red_test: str) -> tuple[set[str], set[str]]:
    """Languages without a grammar here (Ruby): the example block a `:LINE` or a name points at,
    by indentation, plus `let`/`subject`/`before` lines; else every added line."""
    line_no = re.search(r":(\d+)$", red_test.split("::")[0].split("#")[0])
    rows = [line for hunk in changed.change.hunks for line in hunk.lines if line.kind != "-"]
    chosen: list[str] = []
    start = None
    for index, row in enumerate(rows):
        example = _RB_EXAMPLE.match(row.text)
        if not example:
            continue
        title = example.group(5) or example.group(2).removeprefix("def").strip()
        at_line = line_no is not None and row.target_no is not None and row.target_no <= int(line_no.group(1))
        # RSpec's full description is the groups' titles, then the example's: `Foo keeps x`.
        named = test_id.name is not None and (
            title == test_id.name or test_id.name in title or test_id.name.endswith(" " + title)
        )
        if named or at_line:
            start = index
            if named:
                break
    if start is None and (line_no or test_id.name):
        return set(), set()
    if start is None:
        chosen = [row.text for row in rows if row.kind == "+"]
    else:
        indent = len(rows[start].text) - len(rows[start].text.lstrip())
        chosen = [rows[start].text]
        for row in rows[start + 1 :]:
            chosen.append(row.text)
            if row.text.strip() == "end" and len(row.text) - len(row.text.lstrip()) == indent:
                break
        chosen += [row.text for row in rows if _RB_SHARED.match(row.text)]
    values: set[str] = set()
    strings: set[str] = set()
    for text in chosen:
        for match in _LINE_LITERAL.finditer(split_comment(text, changed.language)[0]):
            if match.group(3) is not None:
                values.add(match.group(3).replace("_", ""))
            else:
                value = match.group(1) if match.group(1) is not None else match.group(2)
                values.add(value)
                strings.add(value)
    return values, strings


_DATA_NAME = re.compile(r"[\w./-]*\w\.(json|ya?ml|csv|tsv|txt|xml|toml|ini|dat|jsonl|ndjson|golden|in|out)$")
_DATA_VALUE = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|(?<![\w.])(-?\d[\d_]*(?:\.\d+)?)(?![\w.])")


def _data_file_literals(data_files: list[ChangedFile], names: set[str]) -> set[str]:
    """Values in data files the diff adds or edits that the test names (`cases.json`)."""
    wanted = [n.strip("/") for n in names if _DATA_NAME.search(n)]
    values: set[str] = set()
    if not wanted:
        return values
    for changed in data_files:
        path = changed.path
        if not any(path.endswith(w) or path.rsplit("/", 1)[-1] == w.rsplit("/", 1)[-1] for w in wanted):
            continue
        csv = path.endswith((".csv", ".tsv", ".txt", ".in", ".out"))
        for line in changed.change.added:
            for match in _DATA_VALUE.finditer(line.text):
                value = next(g for g in match.groups() if g is not None)
                values.add(value.replace("_", "") if match.group(3) else value)
            if csv:
                values.update(c.strip() for c in re.split(r"[,\t;|]", line.text) if c.strip())
            yaml_value = re.match(r"^\s*(-\s+)?([\w-]+:\s+)?([^#{}\[\]]+?)\s*$", line.text)
            if path.endswith((".yml", ".yaml")) and yaml_value and yaml_value.group(3):
                values.add(yaml_value.group(3).strip("'\""))
    return values


def _same_path(a: str, b: str) -> bool:
    a, b = a.lstrip("./"), b.lstrip("./")
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def _test_scopes(changed: ChangedFile, fragment: Fragment, name: str | None) -> list[Node]:
    if not name:
        return [fragment.tree.root_node]
    found = []
    for node in fragment.walk(_FUNCTION_NODES):
        if node.type == "call_expression":
            if changed.language not in JS_LIKE:
                continue
            callee = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            if callee is None or args is None or not _TEST_CALLEES.match(fragment.text(callee)):
                continue
            first = next(iter(args.named_children), None)
            title = literal_value(first, fragment) if first is not None else None
            if title is not None and _title_matches(title, name):
                found.append(node)  # `test.each([...])(title, fn)`: the table is the callee's
                found.extend(_enclosing_tables(fragment, node))
            continue
        name_node = node.child_by_field_name("name")
        if name_node is not None and fragment.text(name_node) == name:
            parent = node.parent
            found.append(parent if parent is not None and parent.type == "decorated_definition" else node)
    return found


def _enclosing_tables(fragment: Fragment, node: Node) -> list[Node]:
    """`describe.each` tables around a test: their rows are the test's values too."""
    tables = []
    current = node.parent
    while current is not None:
        if current.type == "call_expression":
            callee = current.child_by_field_name("function")
            if callee is not None and re.match(r"^(describe|context|suite)\.each\b", fragment.text(callee)):
                tables.append(callee)
        current = current.parent
    return tables


_PLACEHOLDER = re.compile(r"%[sdifjopP#%]|\$\{?\w+(\.\w+)*\}?")


def _title_matches(title: str, name: str) -> bool:
    """A test's title against the id's name: equal, contained, or a `test.each` template
    (`toRoman(%i) -> %s`, `$input gives $want`) that the name fills in."""
    if title == name or name in title:
        return True
    parts, last = [], 0
    for match in _PLACEHOLDER.finditer(title):
        parts.append(re.escape(title[last : match.start()]))
        last = match.end()
    if not parts:
        return False
    parts.append(re.escape(title[last:]))
    return re.fullmatch(".+?".join(parts), name, re.DOTALL) is not None


_WRITTEN_TEXT_KEYS = ("content", "new", "new_str", "text", "replace", "patch")


def written_literals(events: Iterable[object], red_test: str) -> frozenset[str]:
    """The red test's values from the agent's own writes of its file in the trajectory (BRT wrote
    it in an earlier commit, so the diff does not show it): the literals of what was written."""
    test_id = parse_test_id(red_test)
    suffix = class_file_suffix(red_test)
    values: set[str] = set()
    for event in events:
        args = getattr(event, "args", None)
        if getattr(event, "actor", "") != "agent" or not isinstance(args, dict):
            continue
        path = next((v for k in ("path", "file", "test_file") if isinstance(v := args.get(k), str)), "")
        stem = path.rsplit(".", 1)[0]
        if not path or not (
            test_id.path and _same_path(path, test_id.path) or suffix and stem.endswith(suffix)
        ):
            continue
        for key in _WRITTEN_TEXT_KEYS:
            text = args.get(key)
            if not isinstance(text, str):
                continue
            for match in _LINE_LITERAL.finditer(text):
                value = match.group(1) if match.group(1) is not None else match.group(2)
                values.add(value if value is not None else match.group(3).replace("_", ""))
    return frozenset(v for v in values if v)
