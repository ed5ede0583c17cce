"""Comments that change meaning: live code commented out, new lint suppressions, new TODOs.

commented_out_logic: an added comment that is code — either the very line the hunk removed, or
text that parses as statements in the file's language (tree-sitter) with code punctuation.
Prose, docstring examples (`>>>`), pragmas and labels (`Note: ...`) are not code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment, normalized
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import is_lint_config
from bot.validator.models import Finding
from bot.validator.syntax import parse_snippet

_PRAGMA = re.compile(
    r"^\s*(noqa|type:|pylint:|pyright:|mypy:|ruff:|flake8:|isort:|fmt:|pragma|nosec|eslint|prettier|istanbul|c8 |"
    r"@ts-|tslint:|biome-|nolint|lint:|go:|\+build|NOSONAR|noinspection|region|endregion|language=|-\*-|"
    r"TODO|FIXME|XXX|HACK|NOTE|@)",
    re.IGNORECASE,
)
_EXAMPLE_MARKER = re.compile(
    r"^\s*(for\s+)?(example|examples|usage|e\.g\.?|i\.e\.?|before|after|sample|see|equivalent|output|input)\b.*:?\s*$",
    re.IGNORECASE,
)
_EXAMPLE_LEAD = re.compile(
    r"\b(for example|for instance|example|examples|e\.g\.|usage|like this|such as)\s*:\s*$", re.IGNORECASE
)
_PROSE = re.compile(r"^\s*[A-Za-z]\w*\s+[a-z]+\s+[a-z]+\b")
_DISABLED_IF = re.compile(
    r"^\s*(\}\s*else\s+)?if\s*\(?\s*(False|false|0|nil)\s*(\)|and\b|&&|:|\{)"
    # …or a statement behind a constant that never holds: `0 && f()`, `False and f()`, Ruby's
    # `f() if false` / `unless true`.
    r"|^\s*(False|false|0|nil|null)\s*(&&|\band\b)\s*\w|^\s*\S.*\s(if\s+(false|nil)|unless\s+true)\s*;?\s*$"
)
_LABEL = re.compile(
    r"^\s*(?!else\b|try\b|finally\b|default\b|case\b)[A-Za-z_][\w\- ]*:(?!=|:)\s*\S"
)
_CODE_PUNCTUATION = re.compile(r"[(){};=\[\]]|:\s*$")
_MEANINGFUL = frozenset(
    {
        "call",
        "call_expression",
        "method_invocation",
        "assignment",
        "augmented_assignment",
        "assignment_expression",
        "augmented_assignment_expression",
        "update_expression",
        "return_statement",
        "if_statement",
        "for_statement",
        "for_in_statement",
        "while_statement",
        "raise_statement",
        "throw_statement",
        "import_statement",
        "import_from_statement",
        "with_statement",
        "delete_statement",
        "try_statement",
        "lexical_declaration",
        "variable_declaration",
        "short_var_declaration",
        "assignment_statement",
        "local_variable_declaration",
        "expression_statement",
        "inc_statement",
        "dec_statement",
        "defer_statement",
        "go_statement",
        "await_expression",
        "await",
        "assert_statement",
    }
)
_LINT_SUPPRESSIONS = [
    re.compile(
        r"#\s*(noqa\b|type:\s*ignore|pylint:\s*disable|pyright:\s*(ignore|basic|report\w+\s*=\s*false)|pyre-(ignore|fixme)|mypy:\s*ignore-errors|"
        r"nosec\b|ruff:\s*noqa|flake8:\s*noqa|pytype:\s*disable|rubocop:\s*(disable|todo)|standard:\s*disable|"
        r"steep:ignore|reek:\w+|typed:\s*(false|ignore)\b)",
        re.IGNORECASE,
    ),
    re.compile(r"\bT\.unsafe\(|\bT\.let\([^,]+,\s*T\.untyped\)"),
    re.compile(
        r"(//|/\*)\s*(eslint-disable|@ts-ignore|@ts-expect-error|@ts-nocheck|tslint:disable|biome-ignore|"
        r"jshint\s+ignore|nolint\b|lint:ignore|NOSONAR|noinspection|#nosec|c8\s+ignore|istanbul\s+ignore|"
        r"NOPMD\b|CHECKSTYLE:\s*OFF|checkstyle:\s*off|deno-lint-ignore|oxlint-disable|v8\s+ignore)",
        re.IGNORECASE,
    ),
    re.compile(r"@SuppressWarnings\b|@SuppressFBWarnings\b|@Suppress\(|@SuppressLint\b"),
]
# The type checker switched off in code, not in a comment: `@no_type_check`, `cast(Any, x)`,
# `x as any`, `x as unknown as T` (read with string bodies blanked: prose says "as any" too).
_TYPE_ESCAPES = {
    "python": re.compile(r"@(typing\.)?no_type_check\b|\bcast\(\s*(typing\.)?Any\s*,"),
    "typescript": re.compile(r"\bas\s+any\b(?![\w.])|\bas\s+unknown\s+as\b|<any>\s*\w"),
    "tsx": re.compile(r"\bas\s+any\b(?![\w.])|\bas\s+unknown\s+as\b"),
}
_STRING_BODY = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`")
_LINT_CONFIG_LOOSENING = re.compile(
    r"(^|[\s\"'])((extend-|per-file-)?ignores?|disable(_error_code)?|extend-exclude|exclude([-_]\w+)?|Exclude)[\"']?\s*[:=]|"
    r"\b[Ee]nabled\s*:\s*false\b|\bseverity\s*:\s*(info|ignore|none|off)\b|[\"']\s*:\s*[\"']?(off|0)[\"']?\s*,?\s*$|"
    r"(strict\w*|noImplicit\w*|noUnused\w*|check_untyped_defs|warn_\w+|disallow_\w+|alwaysStrict|noFallthrough\w*)"
    r"[\"']?\s*[:=]\s*(false|False)\b|(skipLibCheck|ignore_missing_imports|ignore_errors|allow_\w+|suppress\w*)"
    r"[\"']?\s*[:=]\s*(true|True)\b"
)
# A note for later however it is written: the shouted markers, a doc tag (`@todo`), or a
# lower-case marker introducing its note (`todo: …`, `fixme(ann)`); not the word in prose.
_TODO = re.compile(r"\b(TODO|FIXME|XXX|HACK|TBD|KLUDGE)\b|@(todo|fixme)\b|(?i:\b(todo|fixme)\s*(\(\w*\))?\s*:)")


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.files:
        if changed.is_code:
            yield from _commented_out(changed)
            yield from _suppressions(changed)
            yield from _todos(changed)
        else:
            yield from _text_todos(changed)
        if not changed.is_code and is_lint_config(changed.path):
            for line in changed.net_added:
                if _LINT_CONFIG_LOOSENING.search(line.text) and not line.text.lstrip().startswith(
                    ("#", "//")
                ):
                    yield finding(
                        "lint_suppression",
                        changed,
                        line,
                        f"loosens the linter/type-checker configuration: `{snippet(line.text)}`",
                    )


_IMPORT_LINE = re.compile(r"^\s*(import\s|from\s+\S+\s+import\s)")
_MISSING_STUBS = re.compile(
    r"#\s*type:\s*ignore\[\s*(import|import-untyped|import-not-found|no-redef)"
    r"(\s*,\s*(import|import-untyped|import-not-found|no-redef))*\s*\]\s*$"
    r"|#\s*pylint:\s*disable\s*=\s*import-error\s*$|#\s*pyright:\s*ignore\[reportMissing\w*Stub\w*\]\s*$"
)


def _scoped_import_suppression(changed: ChangedFile, line: DiffLine) -> bool:
    """`import jellyfish  # type: ignore[import-untyped]`: a library without stubs, one line,
    one error code; re-exports in an `__init__.py` (`# noqa: F401`). No logic is hidden."""
    if changed.language != "python" or not _IMPORT_LINE.match(line.text):
        return False
    if _MISSING_STUBS.search(line.text):
        return True
    return changed.path.endswith("__init__.py") and bool(
        re.search(r"#\s*noqa:\s*F401\s*$", line.text)
    )


# In a test, `@ts-expect-error` asserts that the call below does not type-check (a type test
# fails when the error goes away), and a type escape in code (`f(http as any)`, `const req =
# Readable.from(…) as unknown as IncomingMessage`, `cast(Any, fake)`) fits a fake to a parameter:
# it hides no product warning. Only the suppression comments count in a test file.
_TEST_TYPE_ASSERTION = re.compile(r"(//|/\*)\s*@ts-expect-error\b")


def _suppressions(changed: ChangedFile) -> Iterator[Finding]:
    for line in changed.net_added:
        if _scoped_import_suppression(changed, line):
            continue
        if changed.is_test and _TEST_TYPE_ASSERTION.search(line.text) and changed.language in ("typescript", "tsx"):
            continue
        escape = None if changed.is_test else _TYPE_ESCAPES.get(changed.language or "")
        code = _STRING_BODY.sub('""', changed.code(line)) if escape is not None else ""
        if any(p.search(line.text) for p in _LINT_SUPPRESSIONS) or (
            escape is not None and escape.search(code)
        ):
            yield finding(
                "lint_suppression",
                changed,
                line,
                f"adds a lint/type suppression instead of fixing the warning: `{snippet(line.text)}`",
            )


def _todos(changed: ChangedFile) -> Iterator[Finding]:
    docstring = _docstring_rows(changed)
    for line in changed.net_added:
        comment = changed.comment(line) or (line.text if id(line) in docstring else "")
        if comment and _TODO.search(comment):
            yield finding(
                "todo_added", changed, line, f"leaves a note for later: `{snippet(comment)}`"
            )


_TEXT_COMMENT_TODO = re.compile(r"(^\s*(#|--|//|;|<!--|/?\*)|\s(#|--|//)\s).*(\b(TODO|FIXME|XXX|HACK|TBD)\b|@(todo|fixme)\b)")


def _text_todos(changed: ChangedFile) -> Iterator[Finding]:
    """A note for later in a script, a migration or a config file's comment."""
    for line in changed.net_added:
        if _TEXT_COMMENT_TODO.search(line.text):
            yield finding(
                "todo_added", changed, line, f"leaves a note for later: `{snippet(line.text)}`"
            )
            return


def _docstring_rows(changed: ChangedFile) -> set[int]:
    """Python lines inside a triple-quoted docstring (a bare string statement): a note left there
    is a comment too. A string assigned to a name (`SCRIPT = \"\"\"…\"\"\"`) is data, and its closing
    quotes at the start of a line do not open anything."""
    if changed.language != "python":
        return set()
    inside: set[int] = set()
    for hunk in changed.change.hunks:
        rows = [line for line in hunk.lines if line.kind != "-"]
        open_quote, bare = _open_at_hunk_start(rows)
        for line in rows:
            text = line.text
            if open_quote is not None and bare:
                inside.add(id(line))
            for match in _TRIPLE.finditer(_quotes(text)):
                quote = match.group(0)
                if open_quote is None:
                    open_quote, bare = quote, not text[: match.start()].strip(" \trRuUbB")
                    if bare:
                        inside.add(id(line))
                elif quote == open_quote:
                    open_quote = None
    return inside


_TRIPLE = re.compile(r'"""|\'\'\'')
# Triple quotes that are themselves data: `'"""'`, `"'''"`, or escaped ones in a string.
_QUOTED_QUOTES = re.compile("'\"\"\"'|\"'''\"|" + re.escape('\\"\\"\\"') + "|" + re.escape("\\'\\'\\'"))


def _quotes(text: str) -> str:
    """The line with triple quotes that are data blanked: they open and close nothing."""
    return _QUOTED_QUOTES.sub(lambda m: " " * len(m.group(0)), text)


def _open_at_hunk_start(rows: list[DiffLine]) -> tuple[str | None, bool]:
    """A hunk that starts inside a string shows an odd number of its quotes; the first one closes
    it. Lines up to a closing quote standing alone (or ending the line) are a docstring's."""
    for quote in ('"""', "\'\'\'"):
        if sum(_quotes(line.text).count(quote) for line in rows) % 2 == 1:
            first = next(line for line in rows if quote in _quotes(line.text))
            closes_docstring = first.text.strip() == quote or first.text.rstrip().endswith(quote)
            return quote, closes_docstring
    return None, False


def _comment_body(text: str) -> str:
    body = text.strip()
    for marker in ("//", "#", "/*", "*/", "*", '"""', "'''", "=begin", "=end"):
        if body.startswith(marker):
            body = body[len(marker) :]
            break
    body = body.removesuffix("*/")
    return body.removeprefix(" ")


_BLOCK_OPENERS = {
    "python": (re.compile(r'^\s*[rRuU]?("""|\'\'\')'), None),
    "ruby": (re.compile(r"^=begin\b"), re.compile(r"^=end\b")),
}
_BLOCK_MARKERS = {"python": ('"""', "'''"), "ruby": ("=begin",)}
_C_BLOCK_OPEN = re.compile(r"^\s*/\*(?!.*\*/)")
_C_BLOCK_CLOSE = re.compile(r"\*/")


def _block_comments(changed: ChangedFile, lines: list[DiffLine]) -> list[tuple[int, int]]:
    """(first, last) positions in `lines` (a hunk's post-image) of block comments the diff opens:
    `/* … */`, Ruby's `=begin … =end`, or a bare triple-quoted string that is not a docstring."""
    blocks: list[tuple[int, int]] = []
    language = changed.language
    markers = _BLOCK_MARKERS.get(language or "", ("/*",))
    if not any(line.kind == "+" and any(m in line.text for m in markers) for line in lines):
        return blocks
    opener, closer = _BLOCK_OPENERS.get(language or "", (_C_BLOCK_OPEN, _C_BLOCK_CLOSE))
    previous_code = ""
    index = 0
    if language == "python" and _open_at_hunk_start(lines)[0] is not None:
        # The hunk starts inside a string: its first closing quotes open nothing.
        quote = _open_at_hunk_start(lines)[0] or ""
        index = next(i for i, line in enumerate(lines) if quote in _quotes(line.text)) + 1
    while index < len(lines):
        text = lines[index].text
        if language == "python" and not opener.match(text):
            unclosed = next((q for q in ('"""', "\'\'\'") if _quotes(text).count(q) % 2 == 1), None)
            if unclosed is not None:
                # `SCRIPT = """` opens a string (data, not a comment): its closing quotes at the
                # start of a later line open nothing.
                index += 1
                while index < len(lines) and unclosed not in _quotes(lines[index].text):
                    index += 1
                index += 1
                previous_code = text
                continue
        match = opener.match(text) if lines[index].kind == "+" else None
        if match and language == "python":
            quote = match.group(1)
            rest = text[match.end():]
            docstring = previous_code.rstrip().endswith(":") or not previous_code.strip()
            closer = re.compile(re.escape(quote))
            if quote in rest:
                match = None
            elif docstring and not _wraps_kept_lines(lines, index, closer):
                # skip the docstring: its closing quotes open nothing
                index += 1
                while index < len(lines) and not closer.search(lines[index].text):
                    index += 1
                previous_code = "docstring"
                index += 1
                continue
        if match is None:
            if text.strip() and not is_full_line_comment(text, language):
                previous_code = text
            index += 1
            continue
        end = index + 1
        assert closer is not None  # Python's is the opening quote, set above
        while end < len(lines) and not closer.search(lines[end].text):
            end += 1
        # A comment still open at the hunk's end runs on into the next hunk: all it covers here counts.
        blocks.append((index, min(end, len(lines))))
        index = end + 1
    return blocks


def _wraps_kept_lines(lines: list[DiffLine], start: int, closer: re.Pattern[str]) -> bool:
    """A new "docstring" whose inside is lines that were already there is a string wrapped
    around live code, not documentation (a docstring the diff adds is added line by line)."""
    for line in lines[start + 1 :]:
        if closer.search(line.text):
            return False
        if line.kind == " " and line.text.strip():
            return True
    return False


def _hunk_blocks(changed: ChangedFile) -> list[tuple[list[DiffLine], list[tuple[int, int]]]]:
    """Each hunk's post-image with the block comments the diff opens in it."""
    out = []
    for hunk in changed.change.hunks:
        post = [line for line in hunk.lines if line.kind != "-"]
        out.append((post, _block_comments(changed, post)))
    return out


def _comment_runs(
    changed: ChangedFile, blocks: list[tuple[list[DiffLine], list[tuple[int, int]]]]
) -> list[list[DiffLine]]:
    runs: list[list[DiffLine]] = []
    for hunk, (post, spans) in zip(changed.change.hunks, blocks, strict=True):
        current: list[DiffLine] = []
        blocked = {id(post[i]) for first, last in spans for i in range(first, min(last, len(post) - 1) + 1)}
        for line in hunk.lines:
            if line.kind == "+" and (
                is_full_line_comment(line.text, changed.language) or id(line) in blocked
            ):
                current.append(line)
                continue
            if line.kind == "-":
                continue
            if current:
                runs.append(current)
            current = []
        if current:
            runs.append(current)
    return runs


def _wrapped_in_block(
    changed: ChangedFile, blocks: list[tuple[list[DiffLine], list[tuple[int, int]]]]
) -> Iterator[Finding]:
    """An added block comment around lines that were already there: live code switched off."""
    for post, spans in blocks:
        for first, last in spans:
            kept = [
                line
                for line in post[first + 1 : last]
                if line.kind == " " and line.text.strip() and not _PRAGMA.match(line.text.strip())
            ]
            # Ruby's `=begin` at the line's start is never anything but a comment: what it wraps
            # and was already there ran (`before_save :recompute_stock`), whatever it looks like.
            if kept and changed.language and (changed.language == "ruby" or looks_like_code(
                changed.language, "\n".join(_dedent([line.text for line in kept]))
            )):
                yield finding(
                    "commented_out_logic",
                    changed,
                    post[first],
                    f"wraps existing code in a block comment: `{snippet(kept[0].text)}`",
                )
                return


_FALSE_FLAG = re.compile(
    r"^\s*(?:(?:private|public|protected|static|final|const|let|var|export)\s+)*(?:boolean\s+|bool\s+)?"
    r"([A-Za-z_]\w*)\s*(?::\s*bool(?:ean)?\s*)?:?=\s*(False|false)\s*;?\s*$"
)


def _false_flags(changed: ChangedFile) -> set[str]:
    """Flags the change adds as constant false (`static final boolean CHECK = false;`), and the
    negation of those it adds as true (`SKIP = True` … `if not SKIP:` holds never)."""
    flags = {m.group(1) for ln in changed.net_added if (m := _FALSE_FLAG.match(changed.code(ln)))}
    true_flags = {m.group(1) for ln in changed.net_added if (m := _TRUE_FLAG.match(changed.code(ln)))}
    # A name the change sets both ways (`let warned = false` … `warned = true`) is a variable the
    # code flips, not a constant: what it guards runs until it flips. Only a rebinding flips it:
    # a bare assignment (a declaration, `let X = true` or `boolean X = true`, is another
    # variable), and in Python one under `global X`/`nonlocal X` (else it is a local).
    rebound = {m.group(1) for ln in changed.net_added
               if (m := _TRUE_FLAG.match(code := changed.code(ln))) and not _DECLARES.match(code)}
    if changed.language == "python":
        declared_global = {name for ln in changed.net_added
                           if (g := _PY_GLOBAL.match(changed.code(ln)))
                           for name in re.split(r"\s*,\s*", g.group(1).strip())}
        rebound &= declared_global
    flipped = flags & rebound
    flags, true_flags = flags - flipped, true_flags - flipped
    return flags | {f"not {name}" for name in true_flags} | {f"!{name}" for name in true_flags}


_TRUE_FLAG = re.compile(_FALSE_FLAG.pattern.replace("(False|false)", "(True|true)"))
_DECLARES = re.compile(
    r"^\s*(?:(?:private|public|protected|static|final|const|let|var|export|boolean|bool)\s+)+"
    r"|^\s*[A-Za-z_]\w*\s*(?::\s*bool(?:ean)?\s*)?:="
)
_PY_GLOBAL = re.compile(r"^\s*(?:global|nonlocal)\s+([\w\s,]+?)\s*$")


def _wraps_existing(changed: ChangedFile, line: DiffLine) -> bool:
    """The lines under an added `if` were there before (moved in, re-indented): switched off."""
    position = changed.locate(line)
    if position is None:
        return False
    hunk, index = position
    removed = {normalized(ln.text) for ln in hunk.lines if ln.kind == "-"}
    indent = len(line.text) - len(line.text.lstrip())
    for below in hunk.lines[index + 1 :]:
        if below.kind == "-" or not below.text.strip():
            continue
        if len(below.text) - len(below.text.lstrip()) <= indent:
            break
        if below.kind == "+" and normalized(below.text) in removed:
            return True
    return False


def _guards_removed_line(changed: ChangedFile, line: DiffLine) -> bool:
    """A one-line `if (!SKIP) validate(body);` whose statement is a line the change removed."""
    position = changed.locate(line)
    if position is None:
        return False
    hunk, _ = position
    body = re.sub(r"^\s*if\s*\(?[^)]*\)\s*|^\s*if\s+[^:]+:\s*", "", changed.code(line)).strip()
    return bool(body) and any(ln.kind == "-" and ln.text.strip() == body for ln in hunk.lines)


def _disabled(changed: ChangedFile) -> Iterator[Finding]:
    """`if False:` / `if (false) {` around code, or behind a flag the change adds as false around
    code that ran before: commented out by other means."""
    flags = _false_flags(changed)
    names = "|".join(re.escape(f).replace(r"not\ ", r"not\s+").replace("!", r"!\s*") for f in sorted(flags))
    flag_if = re.compile(rf"^\s*if\s*\(?\s*(self\.|this\.)?({names})\s*\)?\s*(:|\{{|\w)") if flags else None
    for line in changed.net_added:
        if flag_if is not None and flag_if.match(changed.code(line)) and (
            _wraps_existing(changed, line) or _guards_removed_line(changed, line)
        ):
            yield finding(
                "commented_out_logic",
                changed,
                line,
                f"switches code that ran before off behind a flag the change sets to false: `{snippet(line.text)}`",
            )
            return
        if _DISABLED_IF.match(changed.code(line)):
            yield finding(
                "commented_out_logic",
                changed,
                line,
                f"switches code off behind a condition that is never true: `{snippet(line.text)}`",
            )
            return


def _partly_commented(changed: ChangedFile) -> Iterator[Finding]:
    """`return a && b /* && c */` where the line was `return a && b && c`: part of a live
    condition moved into a comment."""
    removed = [
        re.sub(r"\s+", "", changed.code(line))
        for line in changed.net_removed
        if not is_full_line_comment(line.text, changed.language)
    ]
    if not removed:
        return
    for line in changed.net_added:
        if is_full_line_comment(line.text, changed.language):
            continue
        inline = re.search(r"/\*(.*?)\*/", line.text) if changed.language != "python" else None
        if inline is not None:
            comment, code_text = inline.group(1), line.text[: inline.start()] + line.text[inline.end() :]
        else:
            comment, code_text = _comment_body(changed.comment(line)), changed.code(line)
        body = re.sub(r"\s+", "", comment)
        if len(body) < 4 or not re.search(r"[A-Za-z_]", body) or _PRAGMA.match(comment.strip()):
            continue
        code = re.sub(r"\s+", "", code_text)
        if body not in code and any(
            body in old and old.replace(body, "", 1).rstrip(";") == code.rstrip(";") for old in removed
        ):
            yield finding(
                "commented_out_logic",
                changed,
                line,
                f"moves part of the live line into a comment: `{snippet(line.text)}`",
            )
            return


def _commented_out(changed: ChangedFile) -> Iterator[Finding]:
    yield from _disabled(changed)
    yield from _partly_commented(changed)
    blocks = _hunk_blocks(changed)
    yield from _wrapped_in_block(changed, blocks)
    removed_code = {
        normalized(line.text)
        for line in changed.change.removed
        if line.text.strip() and not is_full_line_comment(line.text, changed.language)
    }
    for line in changed.net_added:
        code, comment = changed.code(line), changed.comment(line)
        body = _comment_body(comment) if comment else ""
        if code.strip() and len(body.strip()) >= 4 and normalized(body) in removed_code:
            # `pass  # validate(body)`: the live line kept as a trailing comment.
            yield finding(
                "commented_out_logic", changed, line,
                f"comments out the live line `{snippet(body)}` behind other code",
            )
            return
    for run in _comment_runs(changed, blocks):
        bodies = [_comment_body(line.text) for line in run]
        if all(not b.strip() or _PRAGMA.match(b) for b in bodies):
            continue
        for line, body in zip(run, bodies):
            if len(body.strip()) >= 4 and normalized(body) in removed_code:
                yield finding(
                    "commented_out_logic",
                    changed,
                    line,
                    f"comments out the live line `{snippet(body)}` instead of deleting or fixing it",
                )
                break
        else:
            hit = _code_line(changed.language, run, bodies)
            if hit is not None:
                yield finding(
                    "commented_out_logic",
                    changed,
                    hit,
                    f"adds code inside a comment: `{snippet(_comment_body(hit.text))}`",
                )


def _code_line(language: str | None, run: list[DiffLine], bodies: list[str]) -> DiffLine | None:
    if language is None:
        return None
    candidates = [
        (line, body) for line, body in zip(run, bodies) if body.strip() and not _PRAGMA.match(body)
    ]
    if not candidates:
        return None
    if any(_EXAMPLE_MARKER.match(body) or _EXAMPLE_LEAD.search(body) for _, body in candidates):
        return None  # a usage example in a comment documents code, it does not disable it
    if _TODO.search(next((b for b in bodies if b.strip()), "")):
        return None  # new code sketched under a TODO is a note for later (todo_added), not live code
    if language == "go" and any(line.text.lstrip().startswith("//\t") for line, _ in candidates) and any(
        _PROSE.match(body) for _, body in candidates
    ):
        return None  # a Go doc comment's tab-indented block is its example, by gofmt's rules
    block = "\n".join(_dedent([b for _, b in candidates]))
    if looks_like_code(language, block):
        return candidates[0][0]
    code_lines = [line for line, body in candidates if looks_like_code(language, body.strip())]
    if code_lines and len(code_lines) * 2 >= len(candidates):
        return code_lines[0]
    return None


def _dedent(lines: list[str]) -> list[str]:
    indents = [len(b) - len(b.lstrip()) for b in lines if b.strip()]
    cut = min(indents) if indents else 0
    return [b[cut:] for b in lines]


_RUBY_STATEMENT = re.compile(
    r"^(return|raise|fail|next|break|redo|retry|yield)\b(\s+\S.*)?$"
    r"|^(if|unless|elsif|while|until|when|case)\s+[^\s].*([.(@?!\[]|==|!=|&&|\|\|).*$"
    r"|^(end|else|begin|ensure|rescue(\s+[A-Z][\w:]*(\s*=>\s*\w+)?)?)$"
    r"|^[@$]{0,2}[a-z_]\w*(\.[a-z_]\w*[?!]?|\[[^\]]*\])*\s*(\|\|=|&&=|[-+*/]?=(?!=))\s*\S.*$"
    r"|^[@$]{0,2}[a-z_]\w*(\.[a-z_]\w*[?!]?)+(\(.*\))?(\s+(do|\{).*)?$"
    r"|^[a-z_]\w*[?!]?\(.*\)$|^(def|class|module)\s+[\w:.]+.*$"
    r"|^[a-z_]\w*\s+[:@\"'\w].*(,|\bif\b|\bunless\b).*$"
    r"|^[a-z_]\w*[?!]?\s+:[a-z_]\w*[?!]?$"  # a macro with one symbol: `before_save :recompute`
)


def _ruby_code(text: str) -> bool:
    """Ruby has no grammar wheel here: each line must be a Ruby statement's shape, not prose."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return bool(lines) and all(
        _RUBY_STATEMENT.match(ln) and not re.search(r"[a-z]{3,} [a-z]{3,} [a-z]{3,}[^(]*\.$", ln)
        for ln in lines
    )


def looks_like_code(language: str, text: str) -> bool:
    """True when `text` parses cleanly as statements and carries code punctuation, not prose."""
    if language == "ruby":
        return _ruby_code(text)
    stripped = text.strip()
    if (
        not stripped
        or stripped.startswith((">>>", "$ ", "e.g", "i.e", "http"))
        or "`" in stripped
        and language != "javascript"
    ):
        return False
    first = stripped.splitlines()[0]
    if _LABEL.match(first) or not _CODE_PUNCTUATION.search(stripped) and not _bare_return(stripped):
        return False
    source = _wrap(language, stripped)
    tree = parse_snippet(language, source)
    if tree is None or tree.root_node.has_error:
        if language == "python" and stripped.endswith(":"):
            tree = parse_snippet(language, stripped + "\n    pass")
        elif stripped.endswith("{"):
            tree = parse_snippet(language, _wrap(language, stripped + "\n}"))
        if (tree is None or tree.root_node.has_error) and language != "python":
            # A block cut off where the hunk ends (`merged.filter((n) => {` …): close it.
            tree = parse_snippet(language, _wrap(language, _closed(stripped)))
        if tree is None or tree.root_node.has_error:
            return False
    return _has_meaningful(tree.root_node)


_PAIRS = {"(": ")", "[": "]", "{": "}"}


def _closed(text: str) -> str:
    """The text with the brackets it leaves open closed, innermost first (strings skipped)."""
    stack: list[str] = []
    for char in re.sub(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`", '""', text):
        if char in _PAIRS:
            stack.append(_PAIRS[char])
        elif stack and char == stack[-1]:
            stack.pop()
    return text + "\n" + "".join(reversed(stack)) + (";" if stack else "")


def _bare_return(text: str) -> bool:
    return bool(
        re.fullmatch(r"return\s+(None|True|False|null|nil|true|false|undefined|-?\d+)\s*;?", text)
    )


def _wrap(language: str, text: str) -> str:
    if language == "go":
        return f"package p\nfunc _() {{\n{text}\n}}\n"
    if language == "java":
        return f"class _C {{ void _m() {{\n{text}\n}} }}\n"
    return text


def _has_meaningful(root: object) -> bool:
    stack = list(getattr(root, "children", []))
    while stack:
        node = stack.pop()
        if node.type in _MEANINGFUL:
            if node.type == "expression_statement":
                inner = node.named_children[0] if node.named_children else None
                if inner is None or inner.type in (
                    "identifier",
                    "string",
                    "integer",
                    "number",
                    "dictionary",
                    "list",
                    "tuple",
                    "object",
                    "array",
                    "set",
                    "binary_operator",
                    "binary_expression",
                    "comparison_operator",
                    "concatenated_string",
                ):
                    continue
            return True
        stack.extend(node.children)
    return False
