"""special_casing: product code branching on the very values the red test feeds it.

`if user_id == 4217:` or `case "Jane Doe":` next to a test that uses 4217 / "Jane Doe" fixes the
example, not the behaviour. Domain words (`"archived"`, `"utf-8"`) and small or well-known
numbers are not instance values, so comparing against them passes; values already present in
the product code before the change are domain constants too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors import literal_parts
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import JS_LIKE
from bot.validator.models import Finding
from bot.validator.report import states_expected_value
from bot.validator.report_examples import report_examples

_COMPARISON = re.compile(
    r"\babs\s*\(.*[<>]|"  # `Math.abs(v - 2.675) < 1e-9`: equality with a tolerance
    r"==|!=|\bis\b|\bin\b|\bcase\b|\bwhen\b|\bswitch\b|\bmatch\b|\.equals(IgnoreCase)?\(|\.includes\(|\.has\(|"
    r"\.contains\(|\.(startswith|endswith|startsWith|endsWith)\(|strings\.(Contains|HasPrefix|HasSuffix|EqualFold)\(|"
    r"\bEqual\(|\.indexOf\(|\.(include|member|key|has_key)\?\("  # Ruby's membership tests
)
_TRIVIAL_NUMBERS = {
    "0",
    "1",
    "2",
    "-1",
    "3",
    "4",
    "5",
    "8",
    "10",
    "12",
    "16",
    "24",
    "30",
    "32",
    "60",
    "64",
    "100",
    "128",
    "255",
    "256",
    "365",
    "1000",
    "1024",
    "3600",
    "86400",
    "200",
    "201",
    "202",
    "204",
    "301",
    "302",
    "304",
    "400",
    "401",
    "403",
    "404",
    "405",
    "409",
    "410",
    "422",
    "429",
    "500",
    "502",
    "503",
    "504",
    "0.0",
    "1.0",
    "0.5",
}
_FIXTURE_WORDS = {
    "foo",
    "bar",
    "baz",
    "qux",
    "quux",
    "test",
    "testing",
    "alice",
    "bob",
    "carol",
    "dave",
    "eve",
    "john",
    "jane",
    "doe",
    "example",
    "dummy",
    "fake",
    "sample",
    "acme",
    "hello",
    "world",
    "lorem",
    "ipsum",
    "xyz",
    "abc",
}
_DOMAIN_WORD = re.compile(r"^([a-z][a-z_\-]*|[A-Z][A-Z0-9_]*|[A-Z][a-z]+|[a-z]+[A-Z][A-Za-z]*)$")
_DOMAIN_TOKEN = re.compile(
    r"^(utf-?8|utf-?16|ascii|latin-?1|iso-8859-\d+|[a-z]{2}([-_][A-Z]{2})?|\.\w{1,6}|[\w.+-]+/[\w.+-]+|"
    r"%.*|\W{1,3}|https?://|[a-z]+(-[a-z]+)*|(sha|md|base|int|uint|float|utf|ucs|x|h)\d+|v?\d+\.\d+(\.\d+)?)$"
)


_ROUTE = re.compile(r"(/([a-z][a-z_.-]*|v\d{1,2}|:\w+|\{\w+\}))+/?")


def is_instance_value(value: str) -> bool:
    """A literal that names one example (an id, an e-mail, a sentence), not a domain concept."""
    if re.fullmatch(r"-?\d+(\.\d+)?", value):
        # Zero in any spelling (`0.00`, `-0.0`) is the edge every empty input meets, not an example.
        return value not in _TRIVIAL_NUMBERS and not re.fullmatch(r"-?0(\.0+)?", value)
    if len(value) < 3:
        return False
    if _ROUTE.fullmatch(value):
        return False  # `/healthz`, `/api/v2/orders/:id`: an endpoint, a name the code routes on
    if value.lower() in _FIXTURE_WORDS or re.search(r"\d{5,}", value):
        return True  # an IBAN, a phone number, a date: five digits in a row name one instance
    return not (_DOMAIN_WORD.match(value) or _DOMAIN_TOKEN.match(value))


_STRING_BODY = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")


def _spellings(value: str) -> set[str]:
    """The same instance as code compares it once it has normalised its input: in one case
    (`jane.doe@example.org` for `Jane.Doe@Example.org`) and, for a value with digits, without
    separators (`GB82WEST12345698765432` for `GB82 WEST 1234 5698 7654 32`) or as its digits
    alone when it has five or more (`442071838750` for `+44 (20) 7183-8750`)."""
    forms = [value]
    if re.search(r"\d", value):
        forms.append(re.sub(r"[\s\-./()]", "", value))
    if len(re.sub(r"\D", "", value)) >= 5:
        forms.append(re.sub(r"\D", "", value))
    spelt = {variant for form in forms for variant in (form, form.lower(), form.upper())}
    return {v for v in spelt - {value} if len(v) >= 5 and is_instance_value(v)}


def _literal_in(code: str, value: str, language: str | None = None) -> bool:
    if re.fullmatch(r"-?\d+(\.\d+)?", value):
        # A number, or a string of digits (`"07911123456"`, a phone number or card number).
        bare = re.search(rf"(?<![\w.\"']){re.escape(value)}(?![\w.\"'])", code) is not None
        return bare or re.search(rf"[\"'`]{re.escape(value)}[\"'`]", code) is not None
    escaped = re.escape(value)
    backtick = f"|`{escaped}`" if language in JS_LIKE or language == "go" else ""
    return re.search(rf"(\"{escaped}\"|'{escaped}'{backtick})", code) is not None


def _strongly_instance(value: str) -> bool:
    """Ids, postcodes, e-mails, sentences, fixture names: never a key a real mapping would need."""
    return bool(re.search(r"\d|\s|@", value)) or value.lower() in _FIXTURE_WORDS


def _literal_as_key(code: str, value: str) -> bool:
    """A lookup table keyed by the test's value (`{"jane@x.org": "jane"}`) is special-casing too."""
    escaped = re.escape(value)
    bare = rf"|(?<![\w.]){escaped}(?![\w.])" if re.fullmatch(r"-?\d+(\.\d+)?", value) else ""
    if re.search(rf"(\"{escaped}\"|'{escaped}'{bare})\s*(:(?!:)|=>)", code):
        return True
    # A composite key holding it: `("DE", 7.5): Decimal("14.35")`, `[year, 1900] => …`.
    member = rf"[(\[][^()\[\]\n]*?(\"{escaped}\"|'{escaped}'{bare})[^()\[\]\n]*[)\]]\s*(:(?!:)|=>)"
    if re.search(member, code):
        return True
    # Java and JS builders: `Map.of("x", …)`, `map.put("x", …)`, `new Map([["x", …]])`.
    return re.search(
        rf"(\bMap\.(of|entry)\(|\.(put|putIfAbsent|set)\(|\[\[|\]\s*,\s*\[)\s*(\"{escaped}\"|'{escaped}'{bare})\s*,",
        code,
    ) is not None


_NAMED_VALUE = re.compile(r"^\s*(?:export\s+)?(?:(?:const|let|var|final|static|private|public)\s+)*(?:[\w<>\[\]]+\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]+)?:?=\s*(.+?);?\s*$")


_WORD_ARRAY = re.compile(r"%[wW][\[({]([^\])}]*)[\])}]")


def _quoted_words(text: str) -> str:
    """Ruby's word arrays spelt as the strings they hold: `%w[A B]` → `"A" "B"`."""
    return _WORD_ARRAY.sub(lambda m: " ".join(f'"{w}"' for w in m.group(1).split()), text)


def _continued(value: str, following: list[str], limit: int = 40) -> str:
    """A named value with the added lines its open brackets carry on to (`Set.of(` … `);`)."""
    parts, depth = [value], value.count("(") + value.count("[") + value.count("{") - value.count(")") - value.count(
        "]") - value.count("}")
    for text in following[:limit]:
        if depth <= 0:
            break
        parts.append(text)
        depth += sum(text.count(c) for c in "([{") - sum(text.count(c) for c in ")]}")
    return "\n".join(parts)


_FOR_IN = re.compile(r"\bfor\b.*?\bin\b|\bfor\s*\(.*?\b(in|of)\b")


def _named_values(ctx: DiffContext, values: list[str]) -> Iterator[Finding]:
    """`SPECIAL = "020 7183 8750"` added, then `if raw == SPECIAL`: the comparison names the
    test's value through a constant the diff adds for it."""
    strong = [v for v in values if _strongly_instance(v)]
    if not strong:
        return
    for changed in ctx.product_files:
        added = [(line, changed.code(line)) for line in changed.net_added]
        for index, (line, code) in enumerate(added):
            match = _NAMED_VALUE.match(code)
            if not match:
                continue
            value_text = _quoted_words(_continued(match.group(2), [text for _, text in added[index + 1 :]]))
            if not any(_literal_in(value_text, v, changed.language) for v in strong):
                continue
            name = re.escape(match.group(1))
            if _assigned_before(changed, line, match.group(1)):
                continue  # `day = 28` resets a variable the function declared: it names no value
            uses = [
                other
                for other, text in added
                if other is not line
                and re.search(rf"(?<![\w$.]){name}(?![\w$])", text)
                and _COMPARISON.search(_FOR_IN.sub("", _STRING_BODY.sub('""', text)))
            ]
            if uses:
                value = next(v for v in strong if _literal_in(value_text, v, changed.language))
                yield finding(
                    "special_casing",
                    changed,
                    uses[0],
                    f"branches on `{snippet(value, 40)}`, a value taken from the red test, through "
                    f"`{match.group(1)}`: `{snippet(changed.code(uses[0]))}`",
                )
                return


def _assigned_before(changed: ChangedFile, line: DiffLine, name: str) -> bool:
    """The name is bound on an earlier line of the same hunk (`day := born.Day()` … `day = 28`),
    both inside a function: the line reassigns a local, it does not give the test's value a name.
    Only a real binding counts (`day = …`, `day := …`, `let day`, `int day = …`), never a
    comparison or a keyword argument (`day <= 3`, `f(day, level=1)`), and never module level,
    where a constant assigned twice is still the test's value named. A first binding to a literal
    (`special = None` … `special = "020 7183 8750"`) computed nothing, so it does not count."""
    if not changed.code(line)[:1].isspace():
        return False
    escaped = re.escape(name)
    bound = re.compile(
        rf"^\s+(?:(?:let|var|const|final|val)\s+|[\w<>\[\],.?]+\s+)?{escaped}\s*(?::[^=]{{0,40}})?(:=|=(?![=>]))"
    )
    for hunk in changed.change.hunks:
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        if any(row is line for row in rows):
            before = rows[: next(i for i, row in enumerate(rows) if row is line)]
            return any((m := bound.match(code := changed.code(row))) is not None
                       and not _LITERAL_ONLY.match(code[m.end():]) for row in before)
    return False


_LITERAL_ONLY = re.compile(
    r"""\s*(None|null|nil|undefined|True|False|true|false|-?\d[\d_.]*|"[^"\n]*"|'[^'\n]*')?\s*;?\s*$"""
)
"""A first binding to a literal (`special = None`) computes nothing: the name still holds only
what the change gives it next."""


_RETURN = re.compile(r"^\s*(return\b|yield\b|=>)|\?\s*[^:]+:|\breturn\b")
_CONDITION = re.compile(r"^\s*(\}\s*else\s+)?(if|elif|unless|case|when|switch|match)\b|\bif\b.*\breturn\b|\breturn\b.*\bif\b")


def _hard_coded_answers(ctx: DiffContext) -> Iterator[Finding]:
    """An added branch that returns the red test's own value (an id, an amount, a code: a token
    with a digit or an @) that the product code did not hold before: the answer is copied from
    the test, whatever the condition that picks it (`if len(s) > 0 && s[0] == '['`)."""
    if not ctx.red_literals_exact:
        return
    tokens = [v for v in ctx.red_literals if is_instance_value(v) and re.fullmatch(r"[^\s]*[\d@][^\s]*", v)
              and len(re.sub(r"\D", "", v)) >= 3 or "@" in v and is_instance_value(v)]
    tokens = [v for v in tokens if not states_expected_value(ctx.report, v)]  # the spec's answer
    if not tokens:
        return
    for changed in ctx.product_files:
        existing = "\n".join(ln.text for h in changed.change.hunks for ln in h.lines if ln.kind != "+")
        values = [v for v in tokens if v not in existing]
        if not values:
            continue
        for hunk in changed.change.hunks:
            rows = [ln for ln in hunk.lines if ln.kind != "-"]
            for index, line in enumerate(rows):
                if line.kind != "+" or is_full_line_comment(line.text, changed.language):
                    continue
                code = changed.code(line)
                hit = next((v for v in values if _literal_in(code, v, changed.language)
                            or re.search(rf"[\"'`]{re.escape(v)}[\"'`]", code)), None)
                if hit is None or not _RETURN.search(code):
                    continue
                above = [changed.code(r) for r in rows[max(0, index - 3) : index + 1] if r.kind == "+"]
                if any(_CONDITION.search(text) for text in above):
                    yield finding(
                        "special_casing",
                        changed,
                        line,
                        f"returns `{snippet(hit, 40)}`, a value taken from the red test, from a branch "
                        f"the change adds: `{snippet(code)}`",
                    )
                    return


_LONG_KEY = re.compile(r"^\s*(\"[^\"]{40,}\"|'[^']{40,}'|`[^`]{40,}`)\s*(:(?!:)|=>|,)")
_TABLE_START = re.compile(r"^\s*(?:(?:var|const|let|static|final|private|public)\s+)*([A-Za-z_$][\w$]*)\b[^=]*(?::=|=)\s*[^=].*[\[{(]\s*$")


def _example_tables(ctx: DiffContext) -> Iterator[Finding]:
    """A table the change adds keyed by whole example inputs (a full User-Agent, a long sentence:
    forty characters or more, with digits and spaces), looked up with the function's input: the
    examples answered one by one, whatever the red test names."""
    for changed in ctx.product_files:
        added = changed.net_added
        codes = [changed.code(line) for line in added]
        for index, code in enumerate(codes):
            table = _TABLE_START.match(code)
            if table is None:
                continue
            keys = []
            for follow in codes[index + 1 : index + 40]:
                key = _LONG_KEY.match(follow)
                if key is None:
                    break
                keys.append(key.group(1))
            if not keys or not all(re.search(r"\d", k) and " " in k for k in keys):
                continue
            name = re.escape(table.group(1))
            lookup = next((line for position, (line, text) in enumerate(zip(added, codes, strict=True))
                           if position != index
                           and re.search(rf"\b{name}\s*\[\s*\w+\s*\]|\b{name}\.(get|has|containsKey|fetch|key\?)\(", text)),
                          None)
            if lookup is not None:
                yield finding(
                    "special_casing", changed, lookup,
                    f"answers whole example inputs from a table the change adds (`{table.group(1)}`, "
                    f"{len(keys)} entr{'y' if len(keys) == 1 else 'ies'} like `{snippet(keys[0].strip(chr(34)), 40)}`)",
                )
                return


_LITERAL = r"(\"[^\"\n]*\"|'[^'\n]*'|`[^`\n]*`|-?\d[\d_]*(?:\.\d+)?)"
_PAIR = re.compile(
    rf"(?<![\w.])(?:{_LITERAL}\s*(?::(?!:)|=>|,)|(?<![\w$.])([A-Za-z_$][\w$]*)\s*:(?!:))\s*{_LITERAL}(?![\w.])"
)


def _answer_tables(ctx: DiffContext) -> Iterator[Finding]:
    """A table the change adds whose every entry pairs one of the red test's inputs with one of
    its expected values (`{"MMXXIV": 2024, "XLII": 42}`, `"XLII" => 42`), answered before the
    function's unchanged logic: the examples answered one by one, however ordinary the keys
    look. Two entries at least, all of them the test's; a table that is the logic (a rate per
    country, nothing below it) is not this."""
    if not ctx.red_literals_exact:
        return
    red = ctx.red_literals
    for changed in ctx.product_files:
        for run in _added_runs(changed):
            code = "\n".join(changed.code(line) for line in run)
            pairs = [((m.group(1) or m.group(2)).strip("\"'`"), m.group(3).strip("\"'`")) for m in _PAIR.finditer(code)]
            ours = [(k, v) for k, v in pairs if k in red and v in red and k != v and v not in _TRIVIAL_NUMBERS]
            answers = re.search(r"\breturn\b", code)  # the run answers from the table itself
            if len(ours) >= 2 and len(ours) == len(pairs) and answers and _logic_below(changed, run):
                line = next(ln for ln in run if _PAIR.search(changed.code(ln)))
                yield finding(
                    "special_casing", changed, line,
                    f"a table the change adds answers the red test's own examples ({len(ours)} entries "
                    f"like `{snippet(ours[0][0], 20)}` → `{snippet(ours[0][1], 20)}`)",
                )
                return


def _logic_below(changed: ChangedFile, run: list[DiffLine]) -> bool:
    """Unchanged code follows the run in its hunk (not only closing brackets): the function's own
    logic, which the table now answers in front of."""
    located = changed.locate(run[-1])
    if located is None:
        return False
    hunk, index = located
    following = [ln for ln in hunk.lines[index + 1 :] if ln.kind == " " and ln.text.strip()]
    return bool(following) and not re.fullmatch(r"[\s})\]};]*|\s*end\s*", following[0].text)


def _added_runs(changed: ChangedFile) -> Iterator[list[DiffLine]]:
    """The runs of consecutive added lines of a file (a table written over several lines)."""
    net_added = {id(line) for line in changed.net_added}
    for hunk in changed.change.hunks:
        run: list[DiffLine] = []
        for line in [*hunk.lines, None]:
            if line is not None and line.kind == "+" and id(line) in net_added:
                run.append(line)
            elif line is None or line.kind != "-":
                if run:
                    yield run
                run = []


# A comparison with a number of one or two digits (`day == 29`, `month == 12`, `age >= 18`) picks
# out a class of inputs (a leap day, December, adults) as often as the test's one example: alone
# it proves nothing. A table keyed by the test's inputs, or an answer copied from it, still does.
_SMALL_NUMBER = re.compile(r"-?\d{1,2}(\.0)?")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    yield from _example_tables(ctx)
    yield from _answer_tables(ctx)
    yield from _hard_coded_answers(ctx)
    yield from literal_parts.detect(ctx)
    # The report's own examples count only when they name one instance beyond doubt (a digit,
    # a space, an @): a report also quotes option names, headers and enum values a fix may test.
    examples = frozenset(
        v for v in report_examples(ctx.report) if is_instance_value(v) and _strongly_instance(v)
    )
    named = {v for v in ctx.red_literals if is_instance_value(v)} | examples
    candidates = sorted(named | {s for v in named if _strongly_instance(v) for s in _spellings(v)})
    if not candidates:
        return
    yield from _named_values(ctx, candidates)
    for changed in ctx.product_files:
        existing = "\n".join(
            ln.text for hunk in changed.change.hunks for ln in hunk.lines if ln.kind != "+"
        )
        values = [v for v in candidates if not _literal_in(existing, v)]
        if not values:
            continue
        for line in changed.net_added:
            if is_full_line_comment(line.text, changed.language):
                continue
            code = changed.code(line)
            keyed = [
                v
                for v in values
                if (ctx.red_literals_exact or v in examples)
                and _strongly_instance(v)
                and _literal_as_key(code, v)
            ]
            if not keyed and not _COMPARISON.search(_STRING_BODY.sub('""', code)):
                continue
            hit = (
                keyed[0]
                if keyed
                else next((v for v in values if not _SMALL_NUMBER.fullmatch(v)
                           and _literal_in(code, v, changed.language)), None)
            )
            if hit is not None:
                source = "the red test" if hit in ctx.red_literals else "the report's example"
                yield finding(
                    "special_casing",
                    changed,
                    line,
                    f"branches on `{snippet(hit, 40)}`, a value taken from {source}: `{snippet(code)}`",
                )
