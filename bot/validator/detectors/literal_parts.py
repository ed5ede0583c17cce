"""special_casing by part: product code comparing with one component of the red test's literal.

The red test resolves `'/missing'`; the fix adds `if part == 'missing': raise KeyError(part)`.
The whole literal never appears in the fix, so comparing whole literals misses it, and
`missing` alone reads as a domain word. What gives it away is where the word comes from: it is
a component of the test's input (split on the separators that input uses), it is specific (not
a language keyword, a format or protocol name, at least three letters), the product code did
not hold it before, and it is not one case of a vocabulary the code already enumerates
(`elif unit == 'days'` beside a new `'weeks'`). A report that names the word in its prose
(`Bearer tokens are rejected`) asks for it, unless the report quotes it as the test's input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import added_in_context, finding, snippet
from bot.validator.models import Finding
from bot.validator.report import mentions_value
from bot.validator.report_examples import report_call_arguments

_SEPARATORS = re.compile(r"[/.,:;\s\-_=&?#|+@\\\[\](){}<>\"'`]+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{2,}")
# Words any parser, router or formatter may name on its own: keywords of the languages Smith
# reads, JSON and YAML scalars, protocols, formats and the commonest field names.
_GENERIC_WORDS = """
null none nil true false undefined nan inf infinity self this super new class def function
return var let const and not default void async await yield import from static public private
http https www com org net json xml html yaml yml csv tsv txt utf ascii api get set put post
delete patch head options trace connect key keys value values name names type types data item
items list dict map array string str int float bool boolean number object error errors id ids
all any root index text file files path paths url uri query param params body header headers
localhost vnd gzip utf8 bearer basic token user users admin home tmp src main lib bin etc usr opt
mailto tcp udp ssh ftp wss
"""
_GENERIC = frozenset(_GENERIC_WORDS.split())
_COMPARED_LITERAL = re.compile(
    r"(==|!=|===|!==|\bis\b|\bin\b|\bcase\b|\bwhen\b|\.equals(?:IgnoreCase)?\(|\.(?:startswith|endswith|"
    r"startsWith|endsWith|includes|contains|has|indexOf|lastIndexOf|index|find)\(|strings\.(?:EqualFold|HasPrefix|HasSuffix|Contains)\([^,]*,)"
    r"\s*[(\[]?\s*(?:[rbfu]?)(\"[^\"]*\"|'[^']*'|`[^`]*`)"
    r"|(\"[^\"]*\"|'[^']*'|`[^`]*`)\s*(==|!=|===|!==|\.equals\(|\bin\b)"
)
_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|(?<!\w)'([^'\n]+)'(?!\w)")


def components(literal: str) -> set[str]:
    """The specific words a literal is built of, when it is built of several."""
    parts = [p for p in _SEPARATORS.split(literal) if p]
    if len(parts) < 2 and not re.match(r"^[/.#:@]", literal):
        return set()
    # A path's segments count whole too: `acme-workspace` of `fixtures/acme-workspace/packages`.
    segments = {seg for seg in literal.split("/") if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*([-_][A-Za-z0-9]+)+", seg)}
    return {
        p for p in parts
        if _WORD.fullmatch(p) and p.lower() not in _GENERIC and p != literal
    } | (segments - {literal} if "/" in literal else set())


def _report_allows(report: str | None, word: str, literal: str) -> bool:
    """The report's prose naming the word asks for it; quoting it as the input does not."""
    if not report:
        return False
    quoted = [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(report)]
    if any(q.strip() in (word, literal) for q in quoted):
        return False
    prose = _QUOTED.sub(" ", report)
    return re.search(rf"(?<![\w]){re.escape(word)}", prose, re.IGNORECASE) is not None


def _compared_literals(code: str) -> list[str]:
    out = []
    for match in _COMPARED_LITERAL.finditer(code):
        quoted = match.group(2) or match.group(3)
        if match.group(2) and code[match.end():].lstrip().startswith(","):
            out.append("")  # `in ('weeks', 'months')`: a list of cases
        out.append(quoted[1:-1])
    return out


_SUBJECT = re.compile(r"([A-Za-z_$][\w$]*)\s*(?:\)\s*)?(?:==|!=|===|!==|\bin\b|\.equals|\.startswith|\.endswith|"
                      r"\.startsWith|\.endsWith)|(?:==|!=|===|!==|\.equals\()\s*([A-Za-z_$][\w$]*)|"
                      r"\b(?:switch|case|match)\s*\(?\s*([A-Za-z_$][\w$]*)")


def _subjects(code: str) -> set[str]:
    return {next(g for g in m.groups() if g) for m in _SUBJECT.finditer(code)} - {"not", "if", "elif"}


def _enumerates(changed: ChangedFile, code: str) -> bool:
    """The hunks already compare the same subject with other literals (or switch on literals):
    a vocabulary gains one more case (`elif unit == 'days'` above a new `'weeks'`)."""
    subjects = _subjects(code)
    for hunk in changed.change.hunks:
        for line in hunk.lines:
            if line.kind == "+":
                continue
            text = changed.code(line)
            if not _compared_literals(text):
                continue
            if subjects & _subjects(text) or re.match(r"\s*(case|when)\b", text):
                return True
    return False


def _piece_of(hit: str, literals: frozenset[str], existing: str) -> str | None:
    """A red literal the compared value is a specific piece of (`"DE89 3704"` of the test's IBAN):
    digits in it, four characters at least, new to the product code."""
    if len(hit) < 4 or not re.search(r"\d", hit) or re.fullmatch(r"[\d.]+", hit) and len(hit) < 5:
        return None
    if not (hit[0].isalnum() and hit[-1].isalnum()):
        return None  # `-02-29`, `.00`: a pattern a rule may well test, not a piece of one value
    if re.search(rf"[\"'`]{re.escape(hit)}[\"'`]", existing):
        return None
    return next((lit for lit in sorted(literals) if hit != lit and hit in lit), None)


_CASE_LABEL = re.compile(r"\b(case|when)\s+(\"[^\"]*\"|'[^']*'|-?\d+(\.\d+)?)")
_RETURNS_LITERAL = re.compile(r"\breturn\s+(-?\d|\"|'|new\s+\w+\(\s*[\"'\d])|\bthen\s+(-?\d|\"|')|->\s*(-?\d|\"|')")


def _report_inputs_answered(ctx: DiffContext) -> Iterator[Finding]:
    """`case "MCMXCIV": return 1994;` where the report quotes `parse("MCMXCIV")`: the symptom's
    own input answered with a constant, above the logic that should compute it."""
    inputs = {v for v in report_call_arguments(ctx.report) if len(v) >= 2 and not re.fullmatch(r"-?[01]", v)}
    if not inputs:
        return
    for changed in ctx.product_files:
        existing = "\n".join(ln.text for h in changed.change.hunks for ln in h.lines if ln.kind != "+")
        for rows, index, row in added_in_context(changed):
            code = changed.code(row)
            labels = [m.group(2) for m in _CASE_LABEL.finditer(code)] + [f'"{v}"' for v in _compared_literals(code)]
            hit = next((lab.strip("\"'") for lab in labels if lab.strip("\"'") in inputs), None)
            if hit is None or re.search(rf"[\"']{re.escape(hit)}[\"']|(?<![\w.]){re.escape(hit)}(?![\w.])", existing):
                continue
            answer = " ".join(changed.code(r) for r in rows[index : index + 3] if r.kind == "+")
            if _RETURNS_LITERAL.search(answer) and not _enumerates(changed, code):
                yield finding(
                    "special_casing", changed, row,
                    f"answers `{snippet(hit, 30)}`, the input the report quotes, with a constant: "
                    f"`{snippet(code)}`",
                )
                return


_COLLECTION = re.compile(
    r"(?P<name>[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:new\s+Set\(\s*\[|Set\.of\(|List\.of\(|Arrays\.asList\(|"
    r"frozenset\(\s*[\[{(]|set\(\s*[\[(]|[\[{(]|%w\[|map\[string\]bool\{|\[\]string\{)(?P<items>[^=]*?)[\])}]"
)
_MEMBER_TEST = r"(\b{n}\s*\.\s*(contains|includes|has|include\?|member\?|containsKey)\s*\(|\bin\s+{n}\b|\b{n}\s*\[)"


def _prefix_sets(ctx: DiffContext) -> Iterator[Finding]:
    """A collection the change adds whose members each begin a different value of the red test
    (`Set.of("MT", "NO", "SC")` beside IBANs `MT84…`, `NO93…`, `SC18…`), tested for membership:
    the test's rows picked out by their prefixes."""
    literals = [v for v in ctx.red_literals if len(v) >= 6]
    if len(literals) < 2:
        return
    for changed in ctx.product_files:
        added = [changed.code(line) for line in changed.net_added]
        for line in changed.net_added:
            match = _COLLECTION.search(changed.code(line))
            if match is None:
                continue
            members = [m.group(1) or m.group(2) for m in re.finditer(r"\"([^\"]+)\"|'([^']+)'", match.group("items"))]
            if len(members) < 2 or any(mentions_value(ctx.report, m) for m in members):
                continue
            starts = {lit for m in members for lit in literals if lit.startswith(m) and lit != m}
            if not all(any(lit.startswith(m) for lit in literals) for m in members) or len(starts) < 2:
                continue
            test = re.compile(_MEMBER_TEST.format(n=re.escape(match.group("name"))))
            if any(test.search(code) for code in added if code != changed.code(line)):
                yield finding(
                    "special_casing", changed, line,
                    f"adds `{match.group('name')}`, the beginnings of the red test's own values "
                    f"({', '.join(members[:4])}), and branches on it: `{snippet(changed.code(line))}`",
                )
                return


def detect(ctx: DiffContext) -> Iterator[Finding]:
    yield from _report_inputs_answered(ctx)
    if not ctx.red_literals_exact:
        return
    yield from _prefix_sets(ctx)
    sources: dict[str, str] = {}
    for literal in sorted(ctx.red_literals):
        for word in sorted(components(literal)):
            if word not in ctx.red_literals and not _report_allows(ctx.report, word, literal):
                sources.setdefault(word, literal)
    for changed in ctx.product_files:
        existing = "\n".join(ln.text for h in changed.change.hunks for ln in h.lines if ln.kind != "+")
        words = {w: lit for w, lit in sources.items()
                 if not re.search(rf"[\"'`]{re.escape(w)}[\"'`]", existing)}
        for line in changed.net_added:
            if is_full_line_comment(line.text, changed.language):
                continue
            code = changed.code(line)
            compared = _compared_literals(code)
            if len(set(compared)) != 1:
                continue  # none, or a list of cases: a vocabulary, not one example
            hit = compared[0]
            whole = _piece_of(hit, ctx.red_literals, existing)
            if whole is not None:
                yield finding(
                    "special_casing",
                    changed,
                    line,
                    f"branches on `{hit}`, a piece of the red test's value `{snippet(whole, 40)}`: "
                    f"`{snippet(code)}`",
                )
                return
            if hit in words and not _enumerates(changed, code):
                yield finding(
                    "special_casing",
                    changed,
                    line,
                    f"branches on `{hit}`, a part of the red test's value `{snippet(words[hit], 40)}`: "
                    f"`{snippet(code)}`",
                )
                return
