"""return_constant_shortcut (guarded): `if <input> == <literal>: return <constant>` before the real logic.

The crutch answers the report's example instead of fixing the computation: one input value gets
a hard-coded answer and the function's existing checks never see it. The shape is the evidence,
not the value, so everyday numbers (`3`, `404`) count as much as ids do. Null guards
(`x is None`, `err != nil`), range checks and truthiness checks are ordinary code and pass; so does
a new function, and an edge case the report documents in one sentence (value, result, rule word).
When the compared literal is an example value the report or the red test names, it is
special_casing as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from tree_sitter import Node

from bot.validator.context import ChangedFile, DiffContext, normalized, split_comment
from bot.validator.detectors.common import FUNCTION_NODES, finding, is_literal_value, snippet
from bot.validator.detectors.special_casing import is_instance_value
from bot.validator.diffparse import DiffLine
from bot.validator.models import Finding
from bot.validator.report import documents_edge_case, mentions_value
from bot.validator.syntax import Fragment, iter_nodes

LANGUAGES = frozenset({"python", "javascript", "typescript", "tsx", "go", "java"})
_FUNCTIONS = FUNCTION_NODES
_COMMENTS = frozenset({"comment", "line_comment", "block_comment"})
_WRAPPERS = frozenset({"parenthesized_expression", "block", "statement_block", "statement_list"})
_NUMBER = re.compile(r"-?\d[\d_]*(\.\d+)?[lLuUfF]?|0[xX][0-9a-fA-F]+")
_NULLS = frozenset({"none", "null", "nil", "undefined"})
_EQUALITY = frozenset({"==", "===", "is", "in"})
_ORDERING = frozenset({"!=", "!==", "<", ">", "<=", ">=", "is not", "not in"})
_MEMBER_CALLS = frozenset({"includes", "equals", "equalsIgnoreCase", "EqualFold", "has", "contains"})
_BOOLEAN_OPS = frozenset({"&&", "||", "and", "or"})
# The size of a value, one spelling for every rule that reads one: `len(x)`, `cap(x)`, `x.length`,
# `x.size()`, `x.Count`, `x.Len()`.
_SIZE_MEMBERS = frozenset({"length", "size", "count", "Length", "Size", "Count", "Len", "len"})
_SIZE_MEMBER = rf"(?:{'|'.join(sorted(_SIZE_MEMBERS))})(?:\(\))?"
_SIZE_FUNCTION = r"(?:len|cap|size|count|sizeof)"
# A value read from an argument: a name, its fields and calls (`order.lines()`).
_CHAIN = r"[\w$]+(?:\([^()]*\))?(?:\.[\w$]+(?:\([^()]*\))?)*"


def _size_of(group: str) -> str:
    """A pattern for the size of a value, the value captured as `group` or `group_`."""
    return rf"(?:{_SIZE_FUNCTION}\((?P<{group}>{_CHAIN})\)|(?P<{group}_>{_CHAIN})\.{_SIZE_MEMBER})"


_SIZE_OR_TYPE = re.compile(
    rf"^{_SIZE_FUNCTION}\(|\.{_SIZE_MEMBER}$|^typeof\b|^type\(|\.(kind|Kind|type|Type)\(\)$|^reflect\."
)


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.product_files:
        if changed.language == "ruby":
            yield from _ruby(ctx, changed)
            continue
        if changed.language not in LANGUAGES:
            continue
        for fragment in changed.fragments:
            yield from _fragment(ctx, changed, fragment)
            yield from _ternaries(ctx, changed, fragment)


def _fragment(ctx: DiffContext, changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    removed = {normalized(line.text) for line in fragment.removed}
    for node in fragment.walk(_GUARD_NODES):
        parts = _guard_parts(fragment, node)
        if parts is None:
            continue
        condition, returned = parts
        if normalized(fragment.text(condition)) in removed:
            continue
        function = _enclosing_function(node)
        broad = _broad_condition(fragment, condition, function, fragment.text(returned))
        compared = [] if broad is not None else _compared_literals(fragment, condition)
        if not compared:
            if (
                broad is not None
                and _before_existing_logic(fragment, node, function)
                and not _stated_rule(ctx, fragment, node, condition, broad[1], fragment.text(returned))
            ):
                yield finding(
                    "return_constant_shortcut",
                    changed,
                    fragment.row(node),
                    f"`{snippet(fragment.text(node), 70)}` answers with a constant whenever "
                    f"{broad[0]}, before the function's own logic runs",
                )
            continue
        if not _before_existing_logic(fragment, node, function):
            continue
        subject = _subject(condition)
        if subject is None or not _on_input(fragment, subject, function, node):
            continue
        if _zero_division_guard(fragment, compared, subject, function):
            continue
        returned_text = fragment.text(returned)
        examples = [v for v in compared if is_instance_value(_unquoted(v))]
        if not examples and not _flaggable_without_example(ctx.report, compared):
            continue
        if not examples and documents_edge_case(
            _with_documentation(ctx.report, fragment, node), compared, returned_text
        ):
            continue
        shown = snippet(fragment.text(node), 70)
        row = fragment.row(node)
        yield finding(
            "return_constant_shortcut",
            changed,
            row,
            f"`{shown}` answers one input with a constant before the function's own logic runs",
        )
        named = [
            v
            for v in examples
            if mentions_value(ctx.report, v) or _unquoted(v) in ctx.red_literals
        ]
        if named:
            yield finding(
                "special_casing",
                changed,
                row,
                f"branches on `{snippet(_unquoted(named[0]), 40)}`, the example from the report: `{shown}`",
            )


# What a removed line answered: `return X`, an arrow function's body `=> X`, or a line that is
# the whole body of an expression-bodied arrow (`  X;`).
_RETURNED = (
    re.compile(r"^\s*return\s+(.+?);?\s*$"),
    re.compile(r"=>\s*\(?(.+?)\)?;?\s*$"),
    re.compile(r"\blambda\b[^:]*:\s*(.+?)\s*$"),
    re.compile(r"^\s*(.+?);?\s*$"),
)
_ANSWERING = frozenset({"return_statement", "arrow_function", "lambda"})


def _ternaries(ctx: DiffContext, changed: ChangedFile, fragment: Fragment) -> Iterator[Finding]:
    """The inline form of a guard: `return cond ? C : old` (`C if cond else old`, an arrow's body
    `=> cond ? C : old`) where the function answered `old` before — a constant answer put in
    front of the unchanged expression."""
    removed = {
        normalized(m.group(1)) for line in fragment.removed for form in _RETURNED if (m := form.search(line.text))
    }
    if not removed:
        return
    for node in fragment.walk(frozenset({"conditional_expression", "ternary_expression"})):
        parent: Node | None = node.parent
        child = node
        while parent is not None and parent.type == "parenthesized_expression":
            child = parent
            parent = parent.parent
        if parent is None or parent.type not in _ANSWERING or not fragment.is_added(node):
            continue
        if parent.type != "return_statement" and parent.child_by_field_name("body") != child:
            continue  # a ternary among an arrow's arguments is not its answer
        parts: list[Node | None] = [c for c in node.named_children if c.type not in _COMMENTS]
        if node.type == "conditional_expression" and len(parts) == 3:  # Python: `C if cond else old`
            returned, condition, old = parts
        else:
            condition = node.child_by_field_name("condition")
            returned = node.child_by_field_name("consequence")
            old = node.child_by_field_name("alternative")
        if condition is None or returned is None or old is None or not constant_answer(returned):
            continue
        if normalized(fragment.text(old)) not in removed:
            continue
        function = _enclosing_function(node)
        broad = _broad_condition(fragment, condition, function, fragment.text(returned), unbound=True)
        if broad is None or _stated_rule(ctx, fragment, node, condition, broad[1], fragment.text(returned)):
            continue
        yield finding(
            "return_constant_shortcut",
            changed,
            fragment.row(node),
            f"`{snippet(fragment.text(parent), 70)}` answers with a constant whenever {broad[0]}, "
            "in front of the expression the function returned before",
        )


_NON_NULL = re.compile(r"^(None|null|nil|undefined|\"\"|''|``)$")
# Not empty, however it is spelt: `len(x) > 0`, `x.size() >= 1`, `0 < x.length`, `!x.isEmpty()`,
# `x.any?`; the measured value may be a field or a call chain on the argument (`order.lines()`).
_NONEMPTY = re.compile(
    rf"^{_size_of('a')}\s*(>\s*0|!==?\s*0|>=\s*1)$|^0\s*(<|!==?)\s*{_size_of('b')}$"
    rf"|^!\s*(?P<c>{_CHAIN})\.(isEmpty|isBlank)\(\)$|^(?P<d>{_CHAIN})\.(present\?|any\?)$"
)
_SUBSTRING_CALLS = frozenset(
    {"includes", "contains", "startsWith", "endsWith", "startswith", "endswith", "Contains",
     "HasPrefix", "HasSuffix", "indexOf", "find", "search", "test", "match"}
)


def _broad_condition(
    fragment: Fragment,
    condition: Node,
    function: Node | None,
    returned: str = "",
    unbound: bool = False,
) -> tuple[str, list[str]] | None:
    """(why, the values the condition names) when the condition holds for most inputs.

    Broad: an argument's truthiness (`a and b`, `if (x)`), an argument that is not null or not
    empty, a type test the argument's declared type already guarantees, a substring test on an
    argument, `true`; a type test on an argument that answers with a telling constant (a number
    other than 0/1, a non-empty string): a type dispatch computes from the value. Negated tests (`not x`, `x is None`, `!s.includes(",")`) pick out edge
    inputs: guards like those are ordinary code and pass here.
    """
    if function is None:
        # The hunk ends inside the function, so the grammar saw no whole function: read its
        # header line above the guard instead.
        params, declared = _header_signature(fragment, condition)
        if not params and unbound:
            # No header in sight: a name nothing above binds came from outside (`unbound`).
            params = {n for n in _names_in(condition) - _NOT_INPUTS if _unbound_above(fragment, condition, n)}
        if not params:
            # Or a local the rows above compute from such a name (`normalized = iban.strip()`).
            outside = {n for n in _names_in(condition) - _NOT_INPUTS if not _unbound_above(fragment, condition, n)}
            params = {n for n in outside if _computed_from_outside(fragment, condition, n)}
        if not params:
            return None
    else:
        declared = _declared_types(fragment, function)
        params = _parameters(function) - _flags(fragment, function, declared)
        receiver = function.child_by_field_name("receiver") if function.type == "method_declaration" else None
        if receiver is not None:  # Go: `func (f Flag) IsEnabled(…)`, the receiver is an input too
            params |= {fragment.text(n) for n in iter_nodes(receiver, frozenset({"identifier"}))}
        params |= _derived(fragment, function, condition, params)
    reasons: list[str] = []
    values: list[str] = []
    for leaf in _leaves(condition):
        while leaf.type == "parenthesized_expression" and leaf.named_child_count == 1:
            leaf = leaf.named_children[0]
        text = normalized(fragment.text(leaf))
        if leaf.type in ("true", "True") or text in ("true", "True", "1"):
            reasons.append("always")
            continue
        if leaf.type == "identifier" and text in params:
            reasons.append(f"`{text}` is truthy")
            values.append(text)
            continue
        operands = [c for c in leaf.named_children if c.type not in _COMMENTS]
        operator = _operator(leaf)
        if leaf.type in ("comparison_operator", "binary_expression") and len(operands) == 2:
            left, right = (fragment.text(o) for o in operands)
            if operator in ("!=", "!==", "is not") and (
                _reads_input(operands[0], params) and _NON_NULL.match(right)
                and (left in params or not _state_field(operands[0]) or _instance_answer(returned))
                or _reads_input(operands[1], params) and _NON_NULL.match(left)
                and (right in params or not _state_field(operands[1]) or _instance_answer(returned))
            ):
                reasons.append(f"`{text}`")
                continue
            if operator == "instanceof" and left in params and declared.get(left) == right:
                reasons.append(f"`{text}` (always, for a `{right}` argument)")
                continue
            typed = re.fullmatch(r"typeof\s+(\w+)", left) or re.fullmatch(r"typeof\s+(\w+)", right)
            kind = (right if typed is not None and left.startswith("typeof") else left).strip("'\"`")
            if (
                operator in ("==", "===")
                and typed
                and typed.group(1) in params
                and kind in _VALUE_TYPES
                and _telling_constant(returned, kind)
            ):
                reasons.append(f"`{text}` (every such argument gets `{returned}`)")
                continue
            longer = _length_threshold(left, right, operator, params)
            admits = yes_from_a_check(_function_name(fragment, condition, function) or fragment.section, returned)
            if longer is not None and (_telling_constant(returned) or admits) and not _REFUSING.search(returned):
                reasons.append(f"`{text}` (every input longer than {longer} gets `{returned}`)")
                values.append(longer)
                continue
            if _sign_test(left, right, operator, params) and answer_constant(returned):
                reasons.append(f"`{text}` (every such amount gets `{returned}`)")
                continue
            if operator in ("==", "===") and {left, right} == {"err", "nil"} and answer_constant(returned):
                reasons.append(f"`{text}` (every call that succeeds gets `{returned}`)")
                continue
            unwrapped = re.sub(r"^typeof\s+", "", left)
            if operator in ("!=", "!==") and unwrapped in params and right.strip("'\"`") == "undefined":
                reasons.append(f"`{text}`")
                continue
            if operator == "in" and is_literal_value(operands[0]) and (
                right in params or _reads_input(operands[1], params)
            ):
                reasons.append(f"`{text}`")
                values.append(fragment.text(operands[0]))
                continue
        nonempty = _NONEMPTY.match(text)
        if nonempty and _names(next(g for g in nonempty.groupdict().values() if g)) & params:
            reasons.append(f"`{text}`")
            continue
        array_test = re.fullmatch(r"Array\.isArray\((\w+)\)", text)
        if array_test and re.search(r"\[\]$|^(Readonly)?Array<", declared.get(array_test.group(1), "")):
            reasons.append(f"`{text}` (always, for an array argument)")
            continue
        if leaf.type in ("call", "call_expression", "method_invocation"):
            described = _type_or_substring_call(fragment, leaf, params, declared, returned)
            if described is not None:
                reasons.append(described[0])
                values.extend(described[1])
                continue
        own_field = re.fullmatch(r"(?:self|this)\.([A-Za-z][\w$]*)", text)
        if own_field and not _FLAG_NAME.search(own_field.group(1)):
            if answer_constant(returned):
                reasons.append(f"`{text}` holds for any instance with data")
            # Otherwise it narrows nothing about the input: the condition is as broad as the
            # tests beside it on the arguments (`sig && this.previousSecret`), none alone.
            continue
        data = _data_test(fragment, leaf, params)
        if data is not None:
            reasons.append(data)
            continue
        if leaf.type == "instanceof_expression":
            left_node = leaf.child_by_field_name("left") or (operands[0] if operands else None)
            right_node = leaf.child_by_field_name("right") or (
                operands[-1] if len(operands) > 1 else None
            )
            if left_node is not None and right_node is not None:
                left, right = fragment.text(left_node), fragment.text(right_node)
                if left in params and declared.get(left) == right:
                    reasons.append(f"`{text}` (always, for a `{right}` argument)")
                    continue
                if left in params and right in _JAVA_VALUE_TYPES and _telling_constant(returned, right):
                    reasons.append(f"`{text}` (every such argument gets `{returned}`)")
                    continue
        return None
    if not reasons:
        return None
    return " and ".join(reasons), values


_HEADER = re.compile(
    r"^\s*(?:func\s*(?:\([^)]*\)\s*)?\w+|(?:async\s+)?def\s+\w+|(?:export\s+)?(?:async\s+)?function\s*\*?\s*\w*|"
    r"(?:(?:public|private|protected|static|final|synchronized|abstract)\s+)*[\w<>\[\],.? ]+\s+\w+)\s*\((?P<params>[^)]*)\)"
    # JavaScript/TypeScript: `const f = (a, b): T => {`, `f = function (a) {`, a method `name(a) {`.
    r"|^\s*(?:(?:export\s+)?(?:const|let|var)\s+\w+\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\s*\w*)?|"
    r"(?:(?:public|private|protected|static|async|readonly)\s+)*(?!(?:if|for|while|switch|catch|return|with)\b)\w+)"
    r"\s*\((?P<params2>[^)]*)\)\s*(?::\s*[^={]+)?(?:=>\s*)?\{\s*$"
)


def _header_signature(fragment: Fragment, node: Node) -> tuple[set[str], dict[str, str]]:
    """Parameter names and declared types from the nearest function header above `node`."""
    # The rows above the guard, then git's function context when the header is above the hunk.
    texts = [row.text for row in fragment.rows[: node.start_point.row]]
    for text in reversed([fragment.section, *texts]):
        match = _HEADER.match(text)
        if not match:
            continue
        params: set[str] = set()
        declared: dict[str, str] = {}
        for part in (match.group("params") or match.group("params2") or "").split(","):
            part = part.strip()
            if not part or re.search(r"=\s*(True|False|true|false)\b|:\s*bool(ean)?\b|^bool(ean)?\s|\sbool$", part):
                continue
            ts = re.match(r"^(\w+)\??\s*:\s*(.+)$", part)
            go = re.match(r"^(\w+)\s+([\w.*\[\]]+)$", part) if fragment.language == "go" else None
            java = re.match(r"^(?:final\s+)?([\w.<>\[\]]+)\s+(\w+)$", part) if fragment.language == "java" else None
            plain = re.match(r"^\*{0,2}(\w+)", part)
            if ts:
                params.add(ts.group(1))
                declared[ts.group(1)] = ts.group(2).split("=")[0].strip()
            elif go:
                params.add(go.group(1))
                declared[go.group(1)] = go.group(2)
            elif java:
                params.add(java.group(2))
                declared[java.group(2)] = java.group(1)
            elif plain:
                params.add(plain.group(1))
        go_receiver = re.match(r"^\s*func\s*\(\s*(\w+)\s+[\w*.\[\]]+\s*\)", text)
        if go_receiver:  # Go's method receiver is an input too
            params.add(go_receiver.group(1))
        return params - _NOT_INPUTS, declared
    return set(), {}


def _type_or_substring_call(
    fragment: Fragment, call: Node, params: set[str], declared: dict[str, str], returned: str = ""
) -> tuple[str, list[str]] | None:
    text = normalized(fragment.text(call))
    isinstance_call = re.fullmatch(r"isinstance\((\w+),\s*([\w.]+)\)", text)
    if isinstance_call:
        name, kind = isinstance_call.groups()
        if name in params and declared.get(name) == kind:
            return f"`{text}` (always, for a `{kind}` argument)", []
        if name in params and kind in _VALUE_TYPES and _telling_constant(returned, kind):
            return f"`{text}` (every `{kind}` argument gets `{returned}`)", []
        return None
    receiver, method, arguments = _call_parts(call)
    if method is None or arguments is None or fragment.text(method) not in _SUBSTRING_CALLS:
        return None
    args = [c for c in arguments.named_children if c.type not in _COMMENTS]
    operands = ([receiver] if receiver is not None else []) + args
    if fragment.text(method) in ("Contains", "HasPrefix", "HasSuffix") and receiver is not None:
        operands = args  # strings.Contains(s, "x"): the package is not an operand
    inputs = [o for o in operands if fragment.text(o) in params or _reads_input(o, params)]
    literals = [o for o in operands if o.type in ("string", "string_literal", "interpreted_string_literal", "template_string")]
    if len(inputs) == 1 and len(literals) == 1 and len(operands) == 2:
        return f"`{text}`", [fragment.text(literals[0])]
    return None


_TRIVIAL = frozenset({"0", "1", "-1", "0.0", "1.0", '""', "''", "``", "[]", "{}", "()", "None", "null",
                      "nil", "undefined", "True", "False", "true", "false", "NaN"})


# Types of plain values: every string (or number) an argument may be. An exception or domain class
# is a dispatch on what kind of thing came in (`isinstance(exc, NotFound): return 404`).
_VALUE_TYPES = frozenset({"str", "int", "float", "bytes", "list", "dict", "tuple", "set", "Number",
                          "numbers.Number", "string", "number", "object", "bigint"})


# Calls that ask whether a value has data at all: `any(order.lines)`, `Objects.nonNull(msg)`.
_HAS_DATA = frozenset({"any", "bool", "Boolean", "hasattr", "Objects.nonNull", "Optional.ofNullable", "len"})


def _names(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_$][\w$]*", text))


def _reads_input(node: Node, params: set[str]) -> bool:
    """The value is an argument or read from one (`req.getHeader("X")`, `strings.TrimSpace(s)`)."""
    if node.text is not None and node.text.decode("utf-8", "replace") in params:
        return True
    return node.type in _MEMBER_NODES | _CALL_NODES and bool(_names_in(node) & params)


# An answer that refuses (`INVALID`, `Status.TOO_LONG`, `"error"`): a length limit is a guard.
_REFUSING = re.compile(r"(?i)invalid|error|fail|reject|denied|forbidden|too_?long|too_?big|weak|exceed|limit")
_MEASURE = re.compile(rf"^{_size_of('m')}$")


def _length_threshold(left: str, right: str, operator: str, params: set[str]) -> str | None:
    """`len(password) > 20`, `20 < s.length()`: a size threshold on an argument (N ≥ 2), the
    answer for every long input at once; the threshold, for the report to state."""
    for measured, bound, ops in ((left, right, (">", ">=")), (right, left, ("<", "<="))):
        match = _MEASURE.match(measured.strip())
        if match is None or operator not in ops or not re.fullmatch(r"\d+", bound.strip()):
            continue
        root = re.split(r"[.(\[]", match.group("m") or match.group("m_"), maxsplit=1)[0]
        if root in params and int(bound) >= 2:
            return bound.strip()
    return None


# Java's plain value types: `value instanceof String` holds for every string an `Object` may be.
_JAVA_VALUE_TYPES = frozenset({"String", "CharSequence", "Integer", "Long", "Double", "Float", "Number",
                               "BigDecimal", "BigInteger", "Boolean", "List", "Map", "Collection"})


def _state_field(node: Node) -> bool:
    """A field or a no-argument getter of an argument (`user.deleted_at`, `a.getClosedAt()`): its
    being set is a state the code may well answer with a label (`"Deleted"`, `Status.CLOSED`)."""
    if node.type in _MEMBER_NODES:
        return True
    arguments = node.child_by_field_name("arguments") if node.type in _CALL_NODES else None
    return arguments is not None and not arguments.named_children and node.named_child_count > 0 and (
        node.named_children[0].type in _MEMBER_NODES or node.child_by_field_name("object") is not None
    )


def _instance_answer(returned: str) -> bool:
    """An answer copied from an example (`45 * time.Second`, `"203.0.113.7"`, `1.0842`), not a label."""
    text = returned.strip().strip("\"'`")
    return answer_constant(returned) or bool(re.search(r"\d", text))


def _sign_test(left: str, right: str, operator: str, params: set[str]) -> bool:
    """`amount > 0`, `cents >= 0`, `0 < x.total`, `n != 0`: true for every ordinary amount."""
    def on_input(side: str) -> bool:
        return re.split(r"[.(\[]", side, maxsplit=1)[0] in params
    if on_input(left) and re.fullmatch(r"-?\d+(\.\d+)?", right):
        bound = float(right)
        return (operator == ">" and bound <= 0) or (operator == ">=" and bound <= 0) or (
            operator in ("!=", "!==") and bound == 0)
    if on_input(right) and re.fullmatch(r"-?\d+(\.\d+)?", left):
        bound = float(left)
        return (operator == "<" and bound <= 0) or (operator == "<=" and bound <= 0)
    return False


_ANSWER = re.compile(
    r"^(?:new\s+)?(?:(?:Decimal|BigDecimal|decimal\.\w+|Money\.of|BigDecimal\.valueOf)\s*\(\s*)?"
    r"[\"']?(?P<n>-?\d[\d_]*(?:\.\d+)?)[\"']?\s*\)?(?:\s*,\s*(?:nil|null|None))?$"
)


def answer_constant(returned: str) -> bool:
    """A number that is an answer (`299`, `19.00`, `Decimal('1.91')`, Go's `1.0842, nil`), not a
    neutral value (0, 1, -1, a boolean): what a shortcut hands every ordinary input."""
    match = _ANSWER.match(normalized(returned).strip())
    if match is None:
        return False
    number = match.group("n").replace("_", "")
    if re.fullmatch(r"[1-5]0\d", number):
        return False  # an HTTP status: a success path answering 200 is a protocol, not an answer
    return number.lstrip("-") not in ("0", "1", "0.0", "1.0") and len(re.sub(r"\D", "", number)) >= 2


def _telling_constant(returned: str, kind: str = "") -> bool:
    """A constant that is an answer, not a neutral value: `1572864`, `"ok"`, `[1, 2]` (and not the
    type's own name, as a describer of types returns)."""
    text = normalized(returned).strip()
    return bool(text) and text not in _TRIVIAL and (not kind or kind.lower() not in text.lower())


# Attributes that are flags (a boolean answer by name): testing one is what a flag is for.
_FLAG_NAME = re.compile(
    r"^(is|has|can|should|allow|allows|enable|enabled|disable|disabled|use|needs?)([_A-Z]|$)|"
    r"(enabled|disabled|active|admin|flag|visible|valid|ok|debug|verbose|dry_?run|force)$",
    re.IGNORECASE,
)
_MEMBER_NODES = frozenset({"attribute", "member_expression", "field_access", "selector_expression"})
_CALL_NODES = frozenset({"call", "call_expression", "method_invocation"})
_PATTERN_FUNCTIONS = frozenset({"re.search", "re.match", "re.fullmatch", "re.findall", "regexp.MatchString"})


def _root(node: Node) -> Node:
    """The identifier a member chain or method call starts from (`order` in `order.items.count()`)."""
    while node.type in _MEMBER_NODES | _CALL_NODES and node.named_child_count:
        inner = (
            node.child_by_field_name("object")
            or node.child_by_field_name("operand")
            or node.child_by_field_name("function")
            or node.named_children[0]
        )
        if inner is None or inner == node:
            break
        node = inner
    return node


_TRIVIAL_PATTERNS = frozenset({".", ".+", ".*", "\\w", "\\w+", "\\d", "\\d+", "\\s", "\\S", "\\S+",
                               "[a-z]", "[a-zA-Z]", "[A-Za-z]", "[a-z0-9]", "[A-Za-z0-9]", "[^ ]", ""})


def _trivial_pattern(literal: str) -> bool:
    """A pattern any non-empty input matches (`\\w`, `/./`, `.+`), not one that picks inputs out."""
    body = re.sub(r"^[rbu]*[\"'`/]|[\"'`/][a-z]*$", "", literal.strip())
    return body.strip("^$") in _TRIVIAL_PATTERNS


def _data_test(fragment: Fragment, leaf: Node, params: set[str]) -> str | None:
    """A test that holds for any argument carrying data: the truthiness of an argument's field or
    of a method's answer on it (`order.items`, `name.strip()`, `input.match(/./)`), `!!x`,
    `Boolean(x)`, a pattern search in it (`re.search(p, text)`), `s.indexOf("x") !== -1`. A field
    named like a flag (`user.is_admin`, `opts.enabled`) is a flag's test, not a broad one."""
    text = normalized(fragment.text(leaf))
    if leaf.type == "unary_expression" and text.startswith("!!"):
        inner = re.sub(r"^!!\s*\(?|\)?$", "", text)
        return f"`{text}` is truthy" if inner in params else None
    if leaf.type in _CALL_NODES:
        function = leaf.child_by_field_name("function")
        name = normalized(fragment.text(function)) if function is not None else ""
        arguments = leaf.child_by_field_name("arguments")
        args = [normalized(fragment.text(a)) for a in (arguments.named_children if arguments else [])]
        if name == "Boolean" and args and args[0] in params:
            return f"`{text}` is truthy"
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if name in _HAS_DATA and first is not None and (args[0] in params or _reads_input(first, params)):
            return f"`{text}` holds for any argument with data"
        if name in _PATTERN_FUNCTIONS and any(a in params for a in args):
            return f"`{text}` finds a pattern in the argument" if _trivial_pattern(args[0]) else None
        method = name.rsplit(".", 1)[-1]
        if method in ("match", "test", "search", "matches", "MatchString") and not (
            args and _trivial_pattern(args[0])
        ):
            return None  # a specific pattern picks out inputs: validation, not a broad test
    if leaf.type in _MEMBER_NODES | _CALL_NODES:
        root = _root(leaf)
        member = text.rsplit(".", 1)[-1].split("(", 1)[0]
        if root.type == "identifier" and fragment.text(root) in params and root != leaf and not (
            _FLAG_NAME.search(member)
        ):
            return f"`{text}` holds for any argument with data"
        if member in _SIZE_MEMBERS and _names_in(leaf) & params:
            return f"`{text}` holds for any argument with data"
    if leaf.type in ("binary_expression",) and _operator(leaf) in ("!==", "!=", ">", ">="):
        right = leaf.child_by_field_name("right")
        left = leaf.child_by_field_name("left")
        if left is not None and right is not None and normalized(fragment.text(right)) in ("-1", "0") and (
            left.type in _CALL_NODES and re.search(r"\.(indexOf|search|lastIndexOf)\(", fragment.text(left))
            and fragment.text(_root(left)) in params
        ):
            return f"`{text}` is a substring test"
    return None


_BOOLEAN_TYPES = frozenset({"bool", "boolean", "Boolean", "bool | None", "Optional[bool]"})


def _flags(fragment: Fragment, function: Node, declared: dict[str, str]) -> set[str]:
    """Boolean parameters (declared so, or defaulting to a boolean): `if dry_run: return None`
    is what a flag is for, not a broad condition."""
    flags = {name for name, kind in declared.items() if kind in _BOOLEAN_TYPES}
    params = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    for param in params.named_children if params is not None else []:
        value = param.child_by_field_name("value") or param.child_by_field_name("right")
        name = (
            param.child_by_field_name("name")
            or param.child_by_field_name("left")
            or param.child_by_field_name("pattern")
        )
        if value is not None and name is not None and fragment.text(value) in (
            "True", "False", "true", "false"
        ):
            flags.add(fragment.text(name))
    return flags


def _declared_types(fragment: Fragment, function: Node) -> dict[str, str]:
    """Parameter name → its declared type's text (Java, TypeScript, Go, annotated Python)."""
    params = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    out: dict[str, str] = {}
    for param in params.named_children if params is not None else []:
        name = param.child_by_field_name("name") or param.child_by_field_name("pattern")
        kind = param.child_by_field_name("type")
        if name is None and param.type == "typed_parameter":
            name = next((c for c in param.named_children if c.type == "identifier"), None)
        if name is not None and kind is not None:
            out[fragment.text(name)] = fragment.text(kind).lstrip(": ").strip()
    return out


def _docs_state(fragment: Fragment, node: Node, words: list[str], returned: str) -> bool:
    """The function's own unchanged documentation says it in one sentence, however plainly
    ("positive amounts pay the flat fee of 299 cents"): its answer and what the condition tests.
    A docstring describes the function, so it needs no "must" to be its rule; a report does."""
    docs = _with_documentation(None, fragment, node)
    if not docs or not words or not _telling_constant(normalized(returned).split(",")[0]):
        return False  # "Returns True on business days" documents a predicate, not a shortcut
    answer = normalized(returned).split(",")[0].strip().strip("\"'")
    answer = re.sub(r"^(new\s+)?\w*\(\s*[\"']?|[\"']?\s*\)$", "", answer)
    for sentence in re.split(r"(?<=[.!?;])\s+|\n\s*\n", docs):
        lowered = sentence.lower()
        if re.search(rf"(?<![\w.]){re.escape(answer.lower())}(?![\w])", lowered) and any(
            re.search(rf"\b{re.escape(w.lower())}", lowered) for w in words
        ):
            return True
    return False


def _with_documentation(report: str | None, fragment: Fragment, node: Node) -> str | None:
    """The report plus the documentation the function had before the fix (its docstring and the
    comments above and inside it, unchanged lines only): a rule written down there is the spec
    an early return may implement."""
    docs: list[str] = []
    rows = fragment.rows[: node.start_point.row]
    header_at = next(
        (i for i in range(len(rows) - 1, -1, -1) if _HEADER.match(rows[i].text)), None
    )
    if header_at is None and _HEADER.match(fragment.section):
        # The hunk starts inside the function (git's context names it): what is above the guard
        # and unchanged is the function's own docstring or comments.
        docs = [r.text for r in rows if r.kind == " "]
    if header_at is not None:
        docs = [r.text for r in rows[header_at + 1 :] if r.kind == " "]
        above = []
        for row in reversed(rows[:header_at]):
            stripped = row.text.strip()
            if row.kind != " " or not stripped.startswith(("#", "//", "/*", "*", "@", '"""')):
                break
            above.append(row.text)
        docs = list(reversed(above)) + docs
    cleaned = "\n".join(re.sub(r"^\s*(#+|//+|/?\*+/?|\"\"\"|\'\'\')\s?", "", d) for d in docs)
    return "\n".join(part for part in (report, cleaned) if part) or None


def _flaggable_without_example(report: str | None, compared: list[str]) -> bool:
    """Numbers always; a domain word (`"admin"`, `""`) only when the report names it as the input.

    `if role == "admin": return True` is how permission rules are written; it is a crutch only
    when the report's symptom is about that very value and does not state the rule.
    """
    if any(_NUMBER.fullmatch(value) for value in compared):
        return True
    return any(mentions_value(report, value) for value in compared)


def _bare_argument(condition: Node) -> bool:
    while condition.type == "parenthesized_expression" and condition.named_child_count == 1:
        condition = condition.named_children[0]
    return condition.type == "identifier"


def _wholly_added(fragment: Fragment, node: Node) -> bool:
    rows = fragment.rows[node.start_point.row : node.end_point.row + 1]
    return bool(rows) and all(row.kind == "+" for row in rows if row.text.strip())


def _statements(node: Node) -> list[Node]:
    """Statements of a consequence, through `{}` blocks and Go's statement lists."""
    if node.type in _WRAPPERS:
        out: list[Node] = []
        for child in node.named_children:
            out.extend(_statements(child))
        return out
    return [] if node.type in _COMMENTS else [node]


_GUARD_NODES = frozenset({"if_statement", "expression_switch_statement", "switch_statement"})


def _guard_parts(fragment: Fragment, node: Node) -> tuple[Node, Node] | None:
    """(condition, returned constant) of an added guard: `if cond { return C }` without an else,
    or a switch on conditions holding one case that does only that (Go's `switch { case cond:
    return C }`, JavaScript's `switch (true)`)."""
    if not _wholly_added(fragment, node):
        return None
    if node.type == "if_statement":
        returned = _only_constant_return(node)
        condition = node.child_by_field_name("condition")
        if node.child_by_field_name("alternative") or returned is None or condition is None:
            return None
        return condition, returned
    value = node.child_by_field_name("value")
    if node.type == "switch_statement" and (value is None or normalized(fragment.text(value)).strip("()") != "true"):
        return None  # a switch on a value picks inputs by equality: judged as special-casing
    if node.type == "expression_switch_statement" and value is not None:
        return None
    body = node.child_by_field_name("body") or node
    cases = [c for c in body.named_children if c.type in ("expression_case", "switch_case", "switch_default",
                                                          "default_case")]
    if len(cases) != 1 or cases[0].type not in ("expression_case", "switch_case"):
        return None
    test = cases[0].child_by_field_name("value")
    statements = [
        s for c in cases[0].named_children if c != test and c.type not in _COMMENTS
        for s in (_statements(c) if c.type in _WRAPPERS else [c])
    ]
    if test is None or len(statements) != 1 or statements[0].type != "return_statement":
        return None
    values = [c for c in statements[0].named_children if c.type not in _COMMENTS]
    if values and values[0].type == "expression_list":
        values = list(values[0].named_children)
    conditions = [c for c in test.named_children] if test.type == "expression_list" else [test]
    if len(values) != 1 or len(conditions) != 1 or not constant_answer(values[0]):
        return None
    return conditions[0], values[0]


def _only_constant_return(node: Node) -> Node | None:
    """The literal a consequence returns when returning it is all the consequence does."""
    consequence = node.child_by_field_name("consequence")
    if consequence is None:  # tree-sitter-python names the block `consequence`; keep a fallback
        consequence = next((c for c in node.named_children if c.type == "block"), None)
    statements = _statements(consequence) if consequence is not None else []
    if len(statements) != 1 or statements[0].type != "return_statement":
        return None
    values = [c for c in statements[0].named_children if c.type not in _COMMENTS]
    if len(values) != 1 or not constant_answer(values[0]):
        return None  # a bare `return` skips work in a handler; that is not an answer
    return values[0]


def fragment_text(node: Node) -> str:
    return node.text.decode("utf-8", "replace") if node.text else ""


def constant_answer(node: Node) -> bool:
    """A literal, a named constant, a number times a unit (`45 * time.Second`), or an object of
    constants (`{ ok: true, errors: [] }`)."""
    operands = [c for c in node.named_children if c.type not in _COMMENTS]
    if node.type == "expression_list" and operands:  # Go's `return 45 * time.Second`, `return Result{}, nil`
        return all(constant_answer(o) for o in operands)
    if node.type in ("as_expression", "satisfies_expression", "non_null_expression") and operands:
        return constant_answer(operands[0])  # TypeScript: `{ ok: true } as Result`
    if node.type == "composite_literal":
        body = node.child_by_field_name("body")
        elements = [e for e in (body.named_children if body is not None else []) if e.type not in _COMMENTS]
        values = [(e.named_children[-1] if e.type == "keyed_element" else e) for e in elements]
        return all(constant_answer(v.named_children[0] if v.type == "literal_element" and v.named_children else v)
                   for v in values)
    if node.type == "call" and (callee := node.child_by_field_name("function")) is not None and re.match(
        r"^[A-Z]\w*$", fragment_text(callee)
    ):
        arguments = node.child_by_field_name("arguments")
        given = [a.child_by_field_name("value") if a.type == "keyword_argument" else a
                 for a in (arguments.named_children if arguments is not None else [])]
        return all(v is not None and constant_answer(v) for v in given)  # `Result(ok=True)`
    if node.type in ("method_invocation", "object_creation_expression", "new_expression"):
        # Java and JavaScript: a class's factory or constructor given constants only
        # (`Currency.getInstance("EUR")`, `new BigDecimal("1.90")`) answers as fixedly as a literal.
        owner = node.child_by_field_name("object") or node.child_by_field_name("type") or node.child_by_field_name(
            "constructor")
        arguments = node.child_by_field_name("arguments")
        passed = [a for a in (arguments.named_children if arguments is not None else []) if a.type not in _COMMENTS]
        return owner is not None and bool(re.match(r"^[A-Z]\w*(\.[A-Z]\w*)*$", fragment_text(owner))) and all(
            constant_answer(a) for a in passed)
    if is_literal_value(node) or _named_constant(node):
        return True
    if node.type in ("object", "dictionary") and operands:
        pairs = [o for o in operands if o.type == "pair"]
        return len(pairs) == len(operands) and all(
            (value := pair.child_by_field_name("value")) is not None and constant_answer(value) for pair in pairs
        )
    return (
        node.type == "binary_expression"
        and _operator(node) == "*"
        and len(operands) == 2
        and any(is_literal_value(o) and _NUMBER.fullmatch(o.text.decode()) for o in operands if o.text)
        and all(is_literal_value(o) or o.type in _CONSTANT_PARTS for o in operands)
    )


_CONSTANT_NAME = re.compile(r"^(?:[\w.]+\.)?[A-Z][A-Z0-9_]*$")
_CONSTANT_PARTS = frozenset(
    {"identifier", "field_access", "member_expression", "selector_expression", "attribute",
     "field_identifier", "property_identifier", "type_identifier", "scoped_identifier"}
)


def _named_constant(node: Node) -> bool:
    """`BigDecimal.ZERO`, `Status.OK`, `MAX_RETRIES`: a named constant answers as fixedly as `0`."""
    if node.type not in _CONSTANT_PARTS or node.text is None:
        return False
    return bool(_CONSTANT_NAME.match(node.text.decode("utf-8", "replace")))


_GENERIC_WORDS = frozenset(
    {"len", "length", "size", "count", "str", "string", "int", "isinstance", "typeof", "instanceof",
     "null", "none", "nil", "undefined", "true", "false", "not", "and", "the", "includes",
     "contains", "startswith", "endswith", "has", "prefix", "suffix", "strings", "get", "is"}
)


def _condition_words(fragment: Fragment, condition: Node) -> list[str]:
    """The words of a broad condition (`cart`, `gift`) a report stating its rule would use."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", fragment.text(condition))
    words = (raw.lower() for raw in re.findall(r"[A-Za-z]+", spaced))
    return [w for w in dict.fromkeys(words) if len(w) >= 3 and w not in _GENERIC_WORDS]


def _stated_rule(
    ctx: DiffContext, fragment: Fragment, node: Node, condition: Node, values: list[str], returned: str
) -> bool:
    """A broad guard's answer is a rule the report or the function's own documentation states,
    the same test for both forms (`if cond: return C`, `return C if cond else old`)."""
    words = _condition_words(fragment, condition)
    function = _enclosing_function(node)
    # `if day: return True` in `is_business_day`: the bare argument names no rule, so "business
    # day" in a sentence is not the rule's answer.
    predicate = [] if _bare_argument(condition) else _predicate_words(fragment, node, function)
    docs = _with_documentation(ctx.report, fragment, node)
    if yes_from_a_check(_function_name(fragment, node, function), returned):
        docs = universal_sentences(docs)
    return _documented_broad(docs, values or words, bool(values), returned, predicate) or _docs_state(
        fragment, node, words, returned
    )


# A function that decides whether to let something through: its `true` is an admission.
_CHECK_NAME = re.compile(r"(?i)valid|verif|authori[sz]|authentic|allow|permit|accept|trust|secure|^(can|may)_?[A-Za-z]")
_UNIVERSAL = re.compile(r"(?i)\b(any|every|all|always|whatever|regardless|no matter)\b")


def yes_from_a_check(name: str, returned: str) -> bool:
    """`return true` from a check (`valid?`, `verify`, `isAllowed`): a broad condition answering
    it lets every such input through, which a report documents only by saying so."""
    return returned.strip().lower() == "true" and bool(_CHECK_NAME.search(name.lstrip("_")))


def universal_sentences(report: str | None) -> str | None:
    """The report's sentences that speak of every input ("any signature", "all orders"): the
    only ones that can state a check's blanket yes ("signatures made with the previous secret"
    names a kind of signature, not every one)."""
    if not report:
        return report
    kept = [s for s in re.split(r"(?<=[.!?])\s+|\n\s*\n", report) if _UNIVERSAL.search(s)]
    return " ".join(kept) or None


def _documented_broad(
    report: str | None, values: list[str], all_needed: bool, returned: str, predicate: list[str]
) -> bool:
    """A broad guard is a documented rule when one report sentence names its answer and what it
    tests (every value it names, or one word of its condition): "returns 3600 instead of 5400"
    names the example's answer, not a rule. A predicate's answer may be named by its own word:
    "treated as blank" is `is_blank_line` answering True."""
    answers = [returned] + (predicate if returned.lower() in ("true", "false") else [])
    if all_needed:
        return any(documents_edge_case(report, values, answer) for answer in answers)
    return any(documents_edge_case(report, [word], answer) for word in values for answer in answers)


_PREDICATE = re.compile(r"^(is|has|can|should|may|allows?|needs?|must)_?(?=[A-Za-z])")


def _predicate_words(fragment: Fragment, node: Node, function: Node | None) -> list[str]:
    """The words of a predicate's name after its `is_`/`has`/`can` (`blank`, `line`)."""
    name = _function_name(fragment, node, function)
    if not _PREDICATE.match(name):
        return []
    spaced = re.sub(r"([a-z])([A-Z])", r"\1_\2", _PREDICATE.sub("", name))
    return [w.lower() for w in spaced.split("_") if len(w) >= 3]


def _function_name(fragment: Fragment, node: Node, function: Node | None) -> str:
    """The name of the function `node` sits in, from its syntax or the header line above."""
    name_node = function.child_by_field_name("name") if function is not None else None
    if name_node is not None:
        name = fragment.text(name_node)
    else:
        header = next(
            (t for t in reversed([fragment.section, *(r.text for r in fragment.rows[: node.start_point.row])])
             if re.match(r"^\s*(?:async\s+)?(?:def|func|function)\s+\w+", t)),
            "",
        )
        found = re.search(r"(?:def|func|function)\s+(?:\([^)]*\)\s*)?(\w+)", header)
        name = found.group(1) if found else ""
    return name


def _compared_literals(fragment: Fragment, condition: Node) -> list[str]:
    """Literals a condition compares its input to for equality, or [] when it is not that shape.

    Every leaf must compare something computed with a literal; at least one leaf must be an
    equality or membership test against a non-null literal.
    """
    leaves = list(_leaves(condition))
    literals: list[str] = []
    for leaf in leaves:
        result = _leaf(fragment, leaf)
        if result is None:
            return []
        operator, values = result
        if operator in _EQUALITY:
            literals.extend(v for v in values if v.lower() not in _NULLS)
    return literals


def _leaves(node: Node) -> Iterator[Node]:
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    operator = _operator(node)
    if node.type in ("boolean_operator", "binary_expression") and operator in _BOOLEAN_OPS:
        for side in (node.child_by_field_name("left"), node.child_by_field_name("right")):
            if side is not None:
                yield from _leaves(side)
        return
    yield node


def _operator(node: Node) -> str:
    field = node.child_by_field_name("operator")
    if field is not None:
        return field.text.decode() if field.text else ""
    return " ".join(c.type for c in node.children if not c.is_named)


def _leaf(fragment: Fragment, leaf: Node) -> tuple[str, list[str]] | None:
    if leaf.type in ("comparison_operator", "binary_expression"):
        operands = [c for c in leaf.named_children if c.type not in _COMMENTS]
        operator = _operator(leaf)
        if len(operands) != 2 or (operator not in _EQUALITY and operator not in _ORDERING):
            return None
        left, right = operands
        left_literal, right_literal = is_literal_value(left), is_literal_value(right)
        if left_literal == right_literal:
            return None
        literal, computed = (left, right) if left_literal else (right, left)
        if _SIZE_OR_TYPE.search(fragment.text(computed)):
            return None  # emptiness and type checks are general rules, not one input
        if operator == "in":
            return operator, [fragment.text(c) for c in literal.named_children] or [
                fragment.text(literal)
            ]
        return operator, [fragment.text(literal)]
    if leaf.type in ("call_expression", "method_invocation", "call"):
        return _member_call(fragment, leaf)
    return None


def _member_call(fragment: Fragment, call: Node) -> tuple[str, list[str]] | None:
    """`['a', 'b'].includes(x)`, `"a".equals(s)`, `strings.EqualFold(s, "a")`."""
    receiver, name, arguments = _call_parts(call)
    if name is None or arguments is None or fragment.text(name) not in _MEMBER_CALLS:
        return None
    args = [c for c in arguments.named_children if c.type not in _COMMENTS]
    operands = ([receiver] if receiver is not None and fragment.text(name) != "EqualFold" else []) + args
    literal = [o for o in operands if is_literal_value(o)]
    computed = [o for o in operands if not is_literal_value(o)]
    if len(literal) != 1 or len(computed) != 1:
        return None
    values = [fragment.text(c) for c in literal[0].named_children] if literal[0].type in (
        "array",
        "list",
        "set",
        "tuple",
    ) else [fragment.text(literal[0])]
    return "==", values


def _enclosing_function(node: Node) -> Node | None:
    function = node.parent
    while function is not None and function.type not in _FUNCTIONS:
        function = function.parent
    return function


def _subject(condition: Node) -> Node | None:
    """The computed side of the first comparison leaf: what the guard looks at."""
    for leaf in _leaves(condition):
        operands = [c for c in leaf.named_children if c.type not in _COMMENTS]
        if leaf.type in ("comparison_operator", "binary_expression") and len(operands) == 2:
            return operands[1] if is_literal_value(operands[0]) else operands[0]
        if leaf.type in ("call_expression", "method_invocation", "call"):
            return leaf
    return None


_NOT_INPUTS = frozenset({"self", "cls", "this"})


_ASSIGNED = re.compile(
    r"^\s*(?:(?:const|let|var|final|val)\s+)?(?:[\w<>\[\],.?]+\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]+)?(?::=|=)(?![=>])\s*(.+?);?\s*$"
)


def _computed_from_outside(fragment: Fragment, condition: Node, name: str) -> bool:
    """`name` is assigned above the guard from a name nothing in view binds (an argument whose
    header is above the hunk): `String normalized = iban.replaceAll(…)` over `iban`."""
    for row in fragment.rows[: condition.start_point.row]:
        match = _ASSIGNED.match(row.text)
        if match and match.group(1) == name:
            sources = _names(match.group(2)) - _NOT_INPUTS - {name}
            return any(_unbound_above(fragment, condition, s) and s[:1].islower() for s in sources)
    return False


def _derived(fragment: Fragment, function: Node, condition: Node, params: set[str]) -> set[str]:
    """Locals computed from the arguments above the guard (`normalized = iban.replaceAll(…)`):
    a value taken from an input is an input too, one assignment at a time."""
    derived: set[str] = set()
    start, stop = function.start_point.row + 1, condition.start_point.row
    for row in fragment.rows[start:stop]:
        match = _ASSIGNED.match(row.text)
        if match and match.group(1) not in params and _names(match.group(2)) & (params | derived):
            derived.add(match.group(1))
    return derived


def _parameters(function: Node) -> set[str]:
    params = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    if params is None:
        return set()
    names: set[str] = set()
    stack = [params]
    while stack:
        current = stack.pop()
        if current.type in ("type", "type_annotation", "type_identifier", "predefined_type"):
            continue
        if current.type in ("identifier", "shorthand_property_identifier_pattern") and current.text:
            names.add(current.text.decode())
        stack.extend(current.children)
    return names - _NOT_INPUTS


def _names_in(node: Node) -> set[str]:
    """Identifiers an expression reads, without callee names and attribute names."""
    names: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier" and current.text:
            parent = current.parent
            is_callee = parent is not None and parent.type in ("call", "call_expression") and (
                parent.child_by_field_name("function") == current
            )
            is_attribute = parent is not None and parent.type == "attribute" and (
                parent.child_by_field_name("attribute") == current
            )
            if not (is_callee or is_attribute):
                names.add(current.text.decode())
        stack.extend(current.children)
    return names


def _on_input(fragment: Fragment, subject: Node, function: Node | None, guard: Node) -> bool:
    """The guard looks at the function's input (a parameter), not at a value it computed."""
    names = _names_in(subject) - _NOT_INPUTS
    if not names:
        return False
    if function is not None:
        return bool(names & _parameters(function))
    above = "\n".join(row.text for row in fragment.rows[: guard.start_point.row])
    return any(
        not re.search(rf"(\b(const|let|var)\s+{re.escape(n)}\b|\b{re.escape(n)}\s*(:=|=(?!=)))", above)
        for n in names
    )


def _unbound_above(fragment: Fragment, node: Node, name: str) -> bool:
    above = "\n".join(row.text for row in fragment.rows[: node.start_point.row])
    escaped = re.escape(name)
    return not re.search(
        rf"(\b(const|let|var|final)\s+{escaped}\b|\b{escaped}\s*(:=|=(?!=))|[\w>\]]\s+{escaped}\s*[=;:)]|"
        rf"\bfor\b[^\n]*\b{escaped}\b)",
        above,
    )


def _zero_division_guard(
    fragment: Fragment, compared: list[str], subject: Node, function: Node | None
) -> bool:
    """`if b == 0: return 0` before `a / b`: the guard protects a division, it answers no example."""
    if not all(re.fullmatch(r"0(\.0*)?", v) for v in compared):
        return False
    name = re.escape(fragment.text(subject))
    scope = fragment.text(function) if function is not None else fragment.source.decode("utf-8", "replace")
    return re.search(rf"[/%]\s*\(?\s*{name}\b", scope) is not None


def _before_existing_logic(fragment: Fragment, node: Node, function: Node | None) -> bool:
    """Code that was already there follows the guard in the same (existing) function."""
    if function is not None and fragment.is_added(function):
        return False
    sibling = node.next_named_sibling
    while sibling is not None:
        if sibling.type not in _COMMENTS and not fragment.is_added(sibling):
            return True
        sibling = sibling.next_named_sibling
    return False


def _unquoted(literal: str) -> str:
    text = literal.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        return text[1:-1]
    return text


# Ruby has no grammar wheel here: the same rules over lines, with `def … end` by indentation.
_RB_LITERAL = r"(true|false|nil|-?\d[\d_]*(\.\d+)?|\"[^\"#]*\"|'[^']*'|:\w+|\[\s*\]|\{\s*\}|\d+\.\w+)"
_RB_GUARD = re.compile(rf"^(\s*)return\s+(?P<value>{_RB_LITERAL})\s+(?P<kw>if|unless)\s+(?P<cond>.+?)\s*$")
_RB_BARE = re.compile(rf"^(\s*)return\s+(?P<value>{_RB_LITERAL})\s*$")
_RB_DEF = re.compile(r"^(\s*)def\s+(self\.)?[\w?!=\[\]]+\s*(\(([^)]*)\)|\s+(.*))?\s*$")
_RB_EQUAL = re.compile(
    rf"^(?P<subject>[\w.?!]+)\s*(==|\.eql\?\(|\.equal\?\()\s*(?P<lit>{_RB_LITERAL})\)?$"
    rf"|^(?P<lit2>{_RB_LITERAL})\s*==\s*(?P<subject2>[\w.?!]+)$"
    rf"|^(%[wi]\[(?P<words>[^\]]*)\]|\[(?P<items>[^\]]*)\])\.include\?\(\s*(?P<subject3>[\w.]+)\s*\)$"
)


def _ruby_report(ctx: DiffContext, header: str, value: str) -> str | None:
    """The report as it may document a Ruby guard: a check's blanket `true` only by a sentence
    that speaks of every input (`yes_from_a_check`)."""
    name = re.search(r"def\s+(?:self\.)?([\w?!=]+)", header)
    if name and yes_from_a_check(name.group(1), value):
        return universal_sentences(ctx.report)
    return ctx.report


def _ruby_inputs(rows: list[DiffLine], header: DiffLine, index: int) -> set[str]:
    """The method's parameters and the locals computed from them above the guard
    (`tok = raw.strip`): a value taken from an input is an input too."""
    params = _ruby_params(header.text)
    for row in rows[rows.index(header) + 1 : index]:
        assigned = re.match(r"^\s*([a-z_]\w*)\s*=(?![=~])\s*(.+)$", split_comment(row.text, "ruby")[0])
        if assigned and set(re.findall(r"[a-z_]\w*", assigned.group(2))) & params:
            params.add(assigned.group(1))
    return params


def _ruby_params(header: str) -> set[str]:
    match = _RB_DEF.match(header)
    raw = (match.group(4) or match.group(5) or "") if match else ""
    names = set()
    for part in raw.split(","):
        name = re.match(r"\s*[*&]{0,2}(\w+)", part)
        if name and not re.search(r"=\s*(true|false)\b|:\s*(true|false)\b", part):
            names.add(name.group(1))
    return names


def _ruby_broad(condition: str, keyword: str, params: set[str]) -> bool:
    """`if a && b`, `if x.present?`, `unless x.nil?`, `if s.include?("-")`, an option's truthiness
    (`if options[:business_days]`, `opts.fetch(:strict, false)`): true for most inputs."""
    leaves = [c.strip() for c in re.split(r"&&|\|\||\band\b|\bor\b", condition)]
    leaves = [leaf[1:-1].strip() if leaf.startswith("(") and leaf.endswith(")") else leaf for leaf in leaves]
    # The receiver's own data (`@previous_secret`) narrows nothing about the input: the
    # condition is as broad as its tests on the arguments, which must be there.
    own = [leaf for leaf in leaves if re.fullmatch(r"(@|self\.)\w+", leaf) and not _FLAG_NAME.search(leaf)]
    leaves = [leaf for leaf in leaves if leaf not in own]
    for leaf in leaves:
        root = re.match(r"^!?\s*(\w+)", leaf)
        if not root or root.group(1) not in params and leaf not in ("true",):
            return False
        if keyword == "if" and re.fullmatch(
            r"\w+(\.\w+)*|\w+(\.\w+)*\.(present\?|any\?)|\w+(\[(:\w+|\"[^\"]*\"|'[^']*')\])+|\w+\.(fetch|dig)\(\s*:\w+[^()]*\)|!\s*\w+(\.\w+)*\.(nil\?|blank\?|empty\?)|\w+\.is_a\?\(\w+\)|"
            r"\w+(\.\w+)*\.(include\?|start_with\?|end_with\?|match\?)\(\s*(\"[^\"]*\"|'[^']*'|/[^/]*/)\s*\)|true",
            leaf,
        ):
            continue
        if keyword == "unless" and re.fullmatch(r"\w+(\.\w+)*\.(nil\?|blank\?|empty\?)", leaf):
            continue
        return False
    return bool(leaves)


def _ruby_sign_test(condition: str, keyword: str, params: set[str]) -> bool:
    """`if cents.positive?`, `if amount > 0`, `unless n.negative?`: every ordinary amount."""
    leaf = condition.strip()
    root = re.match(r"^(\w+)", leaf)
    if root is None or root.group(1) not in params:
        return False
    if keyword == "if":
        return re.fullmatch(r"[\w.]+\.(positive\?|nonzero\?)|[\w.]+\s*(>=?\s*0|!=\s*0)", leaf) is not None
    return re.fullmatch(r"[\w.]+\.(negative\?|zero\?)", leaf) is not None


_RB_LONE_LITERAL = re.compile(rf"^\s*{_RB_LITERAL}\s*$")


def _ruby_implicit_constant(changed: ChangedFile, rows: list[DiffLine], index: int, removed: list[DiffLine]) -> bool:
    """A method's last expression (its value) became a literal where computed code was removed."""
    code = split_comment(rows[index].text, "ruby")[0].rstrip()
    if not _RB_LONE_LITERAL.match(code):
        return False
    indent = len(code) - len(code.lstrip())
    following = next((r for r in rows[index + 1 :] if r.text.strip()), None)
    if following is None or following.text.strip() != "end" or len(following.text) - len(following.text.lstrip()) >= indent:
        return False
    header = next((r for r in reversed(rows[:index]) if r.text.strip()), None)
    if header is None or not _RB_DEF.match(header.text) and header.kind == "+":
        return False
    return any(
        ln.text.strip() and not _RB_LONE_LITERAL.match(ln.text) and len(ln.text) - len(ln.text.lstrip()) == indent
        for ln in removed
    )


_RB_BLOCK_IF = re.compile(r"^(\s*)(if|unless)\s+(.+?)(\s+then)?\s*$")


def _ruby_folded(rows: list[DiffLine]) -> list[DiffLine]:
    """`if cond` / `return 0` / `end`, all added, read as the one-line `return 0 if cond`."""
    out: list[DiffLine] = []
    index = 0
    while index < len(rows):
        row = rows[index]
        block = _RB_BLOCK_IF.match(split_comment(row.text, "ruby")[0].rstrip())
        body = rows[index + 1 : index + 3]
        if (
            block
            and len(body) == 2
            and all(r.kind == "+" for r in (row, *body))
            and _RB_BARE.match(split_comment(body[0].text, "ruby")[0].rstrip())
            and body[1].text.strip() == "end"
            and body[1].text[: len(block.group(1))] == block.group(1)
        ):
            value = body[0].text.strip().removeprefix("return").strip()
            text = f"{block.group(1)}return {value} {block.group(2)} {block.group(3)}"
            out.append(replace(row, text=text))
            index += 3
            continue
        out.append(row)
        index += 1
    return out


_RB_TERNARY = re.compile(rf"^\s*(?:return\s+)?(?P<cond>[^?\s][^?]*?\??)\s+\?\s+(?P<value>{_RB_LITERAL})\s+:\s+(?P<old>.+?)\s*$")
"""The condition starts at its first character, not at a space the indent could also take:
otherwise a line of tabs (a hostile diff) made the match cubic."""


def _ruby_ternary(ctx: DiffContext, rows: list[DiffLine], index: int, removed: list[DiffLine]) -> str | None:
    """The inline form in Ruby: `cond ? C : old` where the method answered `old` before (its
    last expression or a `return old`); the condition, when it holds for most inputs."""
    code = split_comment(rows[index].text, "ruby")[0].rstrip()
    ternary = _RB_TERNARY.match(code) if re.search(r"\s\?\s", code) else None
    if ternary is None:
        return None
    before = {normalized(re.sub(r"^\s*return\s+", "", split_comment(r.text, "ruby")[0])) for r in removed}
    if normalized(ternary.group("old")) not in before:
        return None
    indent = len(code) - len(code.lstrip())
    header = next((r for r in reversed(rows[:index])
                   if _RB_DEF.match(r.text) and len(r.text) - len(r.text.lstrip()) < indent), None)
    if header is None or header.kind == "+":
        return None
    params = _ruby_inputs(rows, header, index)
    condition, value = ternary.group("cond").strip(), ternary.group("value")
    broad = _ruby_broad(condition, "if", params) or _ruby_sign_test(condition, "if", params) and answer_constant(value)
    return condition if broad and not documents_edge_case(ctx.report, [], value) else None


def _ruby(ctx: DiffContext, changed: ChangedFile) -> Iterator[Finding]:
    for hunk in changed.change.hunks:
        rows = _ruby_folded([line for line in hunk.lines if line.kind != "-"])
        for index, row in enumerate(rows):
            if row.kind != "+":
                continue
            code = split_comment(row.text, "ruby")[0].rstrip()
            inline = _ruby_ternary(ctx, rows, index, hunk.removed)
            if inline is not None:
                yield finding(
                    "return_constant_shortcut", changed, row,
                    f"`{snippet(code.strip(), 70)}` answers with a constant whenever `{snippet(inline, 40)}`, "
                    "in front of the expression the method returned before",
                )
                continue
            if _ruby_implicit_constant(changed, rows, index, hunk.removed):
                yield finding(
                    "return_constant_shortcut",
                    changed,
                    row,
                    f"`{snippet(code)}` replaces the value the method computed with a constant",
                )
                continue
            guard, bare = _RB_GUARD.match(code), _RB_BARE.match(code)
            if not (guard or bare):
                continue
            indent = len(code) - len(code.lstrip())
            header = next(
                (
                    r
                    for r in reversed(rows[:index])
                    if _RB_DEF.match(r.text) and len(r.text) - len(r.text.lstrip()) < indent
                ),
                None,
            )
            if header is None or header.kind == "+":
                continue  # a new method's guard is its design, not a bypass
            following = []
            for r in rows[index + 1 :]:
                if r.text.strip() and len(r.text) - len(r.text.lstrip()) < indent:
                    break
                if r.text.strip() and not r.text.strip().startswith("#"):
                    following.append(r)
            if not any(r.kind == " " for r in following):
                continue  # nothing that was already there comes after it
            matched = guard or bare
            assert matched is not None
            value = matched.group("value")
            if bare:
                yield finding(
                    "return_constant_shortcut",
                    changed,
                    row,
                    f"`{snippet(code)}` short-circuits the method: the code after it never runs",
                )
                continue
            params = _ruby_inputs(rows, header, index)
            assert guard is not None  # not bare: a guard
            condition, keyword = guard.group("cond"), guard.group("kw")
            equal = _RB_EQUAL.match(condition.strip()) if keyword == "if" else None
            if equal:
                subject = equal.group("subject") or equal.group("subject2") or equal.group("subject3")
                literals = [equal.group("lit") or equal.group("lit2") or ""]
                if equal.group("words") is not None:
                    literals = equal.group("words").split()
                elif equal.group("items") is not None:
                    literals = [i.strip() for i in equal.group("items").split(",")]
                if re.match(r"\w+", subject or "").group(0) not in params:  # type: ignore[union-attr]
                    continue
                examples = [v for v in literals if is_instance_value(_unquoted(v))]
                if not examples and not _flaggable_without_example(ctx.report, literals):
                    continue
                if not examples and documents_edge_case(ctx.report, literals, value):
                    continue
                yield finding(
                    "return_constant_shortcut",
                    changed,
                    row,
                    f"`{snippet(code, 70)}` answers one input with a constant before the method's own logic runs",
                )
                named = [
                    v for v in examples if mentions_value(ctx.report, v) or _unquoted(v) in ctx.red_literals
                ]
                if named:
                    yield finding(
                        "special_casing",
                        changed,
                        row,
                        f"branches on `{snippet(_unquoted(named[0]), 40)}`, the example from the report: `{snippet(code, 70)}`",
                    )
            elif (_ruby_broad(condition, keyword, params) or _ruby_sign_test(condition, keyword, params)
                  and answer_constant(value)) and not documents_edge_case(_ruby_report(ctx, header.text, value), [], value):
                yield finding(
                    "return_constant_shortcut",
                    changed,
                    row,
                    f"`{snippet(code, 70)}` answers with a constant whenever `{snippet(condition, 40)}`, "
                    "before the method's own logic runs",
                )


def _call_parts(call: Node) -> tuple[Node | None, Node | None, Node | None]:
    """(receiver, method name, arguments) of a call in any of the grammars: `r.m(a)` in
    JavaScript, Go and Python, Java's `method_invocation` with its own fields."""
    callee = call.child_by_field_name("function")
    receiver: Node | None = call.child_by_field_name("object")
    method = call.child_by_field_name("name")
    if callee is not None and callee.type in ("member_expression", "selector_expression",
                                               "attribute"):
        receiver = callee.child_by_field_name("object") or callee.child_by_field_name("operand")
        method = (
            callee.child_by_field_name("property")
            or callee.child_by_field_name("field")
            or callee.child_by_field_name("attribute")
        )
    return receiver, method, call.child_by_field_name("arguments")
