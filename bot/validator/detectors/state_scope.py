"""Is new module-level state private to one function? Then it is a memo, not a smuggled value.

global_state_smuggling is state written in one function and read in another: a value that travels
past the call chain. A cache the change adds (`_patterns = {}` filled and read inside
`slug_pattern`, a Go `sync.Once` and its value inside `Berlin`, a private static map behind
`computeIfAbsent`) only remembers what that one function computed. Because the state is new, every
function that touches it is in the diff: the syntax trees of the post-image show them all.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from bot.validator.context import ChangedFile, DiffContext
from bot.validator.detectors.common import FUNCTION_NODES
from bot.validator.diffparse import DiffLine
from bot.validator.models import Finding
from bot.validator.syntax import Fragment, iter_nodes

_DECLARATIONS = {
    "python": re.compile(r"^(?P<name>[A-Za-z_]\w*)\s*(:[^=]+)?=(?!=)"),
    "javascript": re.compile(r"^(?P<export>export\s+)?(const|let|var)\s+(?P<name>[\w$]+)"),
    "typescript": re.compile(r"^(?P<export>export\s+)?(const|let|var)\s+(?P<name>[\w$]+)"),
    "tsx": re.compile(r"^(?P<export>export\s+)?(const|let|var)\s+(?P<name>[\w$]+)"),
    "go": re.compile(r"^var\s+(?P<name>[a-z_]\w*)\b"),
    "java": re.compile(
        r"^\s+(?P<export>public\s+|protected\s+)?(private\s+)?static\s+(final\s+)?[\w<>\[\],.? ]+?\s+"
        r"(?P<name>\w+)\s*(=|;)"
    ),
}
_IDENTIFIERS = frozenset({"identifier", "field_identifier", "property_identifier"})


def private_to_one_function(ctx: DiffContext, changed: ChangedFile, finding: Finding) -> bool:
    """The finding is about state this file's change declares, not exported, and every use of
    it in the diff's post-image sits inside one and the same function."""
    pattern = _DECLARATIONS.get(changed.language or "")
    if pattern is None:
        return False
    declared = _declared(changed, pattern)
    line_text = _line_text(changed, finding.line)
    names = [n for n in declared if re.search(rf"(?<![\w$.]){re.escape(n)}(?![\w$])", line_text)]
    # Every new name the line touches (`once.Do(func() { value = … })`) kept inside one function.
    return bool(names) and all(_private(ctx, changed, name) for name in names)


def _private(ctx: DiffContext, changed: ChangedFile, name: str) -> bool:
    if _exported(ctx, changed, name):
        return False
    owners = _owners(ctx, changed.language, name)
    if owners is None or len(owners) != 1:
        return False
    [reads] = owners.values()
    return reads >= 1  # read where it is written: a memo (write-only state feeds someone else)


def _declared(changed: ChangedFile, pattern: re.Pattern[str]) -> dict[str, bool]:
    """Module-level names the change adds in this file → declared with `export`/`public`."""
    found: dict[str, bool] = {}
    in_block = False
    for line in changed.net_added:
        if changed.language == "go":  # `var (` … `)`: each tab-indented spec declares a name
            if re.match(r"^var\s*\($", line.text.strip()) and not line.text.startswith("\t"):
                in_block = True
                continue
            if in_block and line.text.startswith(")"):
                in_block = False
            spec = re.match(r"^\t(?P<names>[a-z_]\w*(\s*,\s*[a-z_]\w*)*)\b", line.text) if in_block else None
            if spec:
                for name in re.split(r"\s*,\s*", spec.group("names")):
                    found[name] = False
                continue
        match = pattern.match(line.text)
        if match:
            exported = "export" in pattern.groupindex and bool(match.group("export"))
            found[match.group("name")] = exported
    return found


def _line_text(changed: ChangedFile, number: int | None) -> str:
    for line in changed.net_added:
        if line.target_no == number:
            return changed.code(line)
    return ""


def _exported(ctx: DiffContext, changed: ChangedFile, name: str) -> bool:
    pattern = _DECLARATIONS[changed.language or ""]
    if _declared(changed, pattern).get(name):
        return True
    if changed.language == "python" and not name.startswith("_"):
        # Another module may import a public name: only a name no other file mentions is private.
        return any(
            other is not changed and name in "\n".join(ln.text for ln in other.net_added)
            for other in ctx.files
        )
    shared = re.compile(rf"\bexports\b.*\b{re.escape(name)}\b|\bexport\s*\{{[^}}]*\b{re.escape(name)}\b")
    return any(shared.search(ln.text) for ln in changed.net_added)


def _owners(
    ctx: DiffContext, language: str | None, name: str
) -> dict[tuple[str, int], int] | None:
    """The outermost functions using `name` in files of this language, with how many uses each;
    None when a use is in a function the grammar could not see whole."""
    owners: dict[tuple[str, int], int] = {}
    for changed in ctx.files:
        if changed.language != language:
            continue
        for fragment in changed.fragments:
            for node in iter_nodes(fragment.tree.root_node, _IDENTIFIERS):
                if fragment.text(node) != name:
                    continue
                owner = _outermost_function(node)
                if owner is None:
                    declaration = _DECLARATIONS[language or ""]
                    if declaration.match(fragment.row(node).text) or _in_declaration(node):
                        continue  # the declaration itself, at module level
                    return None  # a use whose function header is outside the hunk
                key = (changed.path, _key(fragment, owner))
                owners[key] = owners.get(key, 0) + _is_read(fragment, node)
    return owners


_MUTATORS = frozenset({"set", "put", "add", "append", "push", "Store", "update", "extend", "insert",
                       "putAll", "clear", "delete", "unshift", "addAll", "offer", "setdefault"})
_ASSIGNMENTS = frozenset({"assignment", "assignment_expression", "assignment_statement",
                          "augmented_assignment", "augmented_assignment_expression"})


def _is_read(fragment: Fragment, node: Node) -> bool:
    """A use that reads the value: not `global x`, not the target of an assignment (`x = …`,
    `x[k] = …`, `x.f = …`) and not the receiver of a mutating call whose result is dropped."""
    parent = node.parent
    if parent is None or parent.type in ("global_statement", "nonlocal_statement"):
        return False
    target = node
    while parent is not None and parent.type in (
        "subscript", "subscript_expression", "index_expression", "attribute", "member_expression",
        "selector_expression", "field_access", "expression_list",
    ) and parent.children and parent.children[0] == target:
        if parent.type in ("attribute", "member_expression", "selector_expression", "field_access"):
            method = parent.children[-1]
            call = parent.parent
            if call is not None and call.type in ("call", "call_expression") and (
                fragment.text(method) in _MUTATORS
                and call.parent is not None
                and call.parent.type in ("expression_statement",)
            ):
                return False
        target, parent = parent, parent.parent
    if parent is not None and parent.type in _ASSIGNMENTS:
        left = parent.child_by_field_name("left")
        return left is None or left.start_byte != target.start_byte
    return True


_DECLARATION_NODES = frozenset({"var_spec", "var_declaration", "field_declaration",
                                "lexical_declaration", "variable_declaration"})


def _in_declaration(node: Node) -> bool:
    current = node.parent
    while current is not None:
        if current.type in _DECLARATION_NODES:
            return True
        current = current.parent
    return False


def _outermost_function(node: Node) -> Node | None:
    outermost = None
    current = node.parent
    while current is not None:
        if current.type in FUNCTION_NODES:
            outermost = current
        current = current.parent
    return outermost


def _key(fragment: Fragment, function: Node) -> int:
    """A function's identity across hunks: its first line's number in the new file."""
    return fragment.row(function).target_no or -function.start_byte


_GO_FUNC = re.compile(r"^func\s+(\([^)]*\)\s*)?(?P<name>\w+)\s*\((?P<params>[^)]*)\)")


def go_once_loaded(changed: ChangedFile, finding: Finding) -> bool:
    """Go package state the change adds that only a no-argument loader writes, run once through
    `sync.Once.Do(loader)` or as `init`: a table built lazily from the package's own data (an
    embedded file), the same for every caller. No request's value can reach it; a closure handed
    to `Do` inside a function with parameters (`once.Do(func() { current = tenant })`) can."""
    if changed.language != "go":
        return False
    declared = _declared(changed, _DECLARATIONS["go"])
    line_text = _line_text(changed, finding.line)
    names = [n for n in declared if re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", line_text)]
    if not names or any(declared[n] for n in names):
        return False
    rows = [line for hunk in changed.change.hunks for line in hunk.lines if line.kind != "-"]
    text = "\n".join(changed.code(row) for row in rows)
    loaders = set(re.findall(r"\.Do\(\s*(\w+)\s*\)", text)) | {"init"}
    return all(_written_only_by(changed, rows, name, loaders) for name in names)


def _written_only_by(changed: ChangedFile, rows: list[DiffLine], name: str, loaders: set[str]) -> bool:
    write = re.compile(
        rf"^\s*{re.escape(name)}\s*(\[[^\]]*\]\s*)?([-+*/]?=|:=)(?!=)|&{re.escape(name)}\b|\bdelete\(\s*{re.escape(name)}\b"
    )
    owner: tuple[str, str] | None = None
    writes = 0
    for row in rows:
        code = changed.code(row)
        header = _GO_FUNC.match(code)
        if header:
            owner = (header.group("name"), header.group("params").strip())
            continue
        if code.startswith(("var ", "var(", ")", "const ", "type ", "import ")):
            owner = None
        if owner is None or not write.search(code):
            continue
        if owner[1] or owner[0] not in loaders:
            return False
        writes += 1
    return writes > 0
