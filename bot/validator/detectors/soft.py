"""Soft signals: doubts a human should look at on the MR, never blockers.

visibility_widened, guard_weakened, frontend_mocks_backend, debug_leftover, broad_change,
dependency_change, sleep_or_retry_masking. (todo_added lives with the other comment checks.)
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment, normalized
from bot.validator.detectors import validation_patterns
from bot.validator.detectors.common import finding, pair_lines, snippet
from bot.validator.detectors.validation_patterns import widened
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import JS_LIKE, is_entrypoint, is_frontend_test, is_manifest, layer_of
from bot.validator.models import Finding

_DEBUG = re.compile(
    r"\bbreakpoint\(\)|\b(i?pdb|pudb)\.set_trace\(|^\s*import\s+(i?pdb|pudb)\b|^\s*debugger\s*;?\s*$|"
    r"\bconsole\.(log|debug|trace|dir|table)\(|\bpprint\(|\bspew\.Dump\(|\bSystem\.(out|err)\.print|"
    r"\.printStackTrace\(\)|\bvar_dump\(|\bdbg!\(|\bbinding\.(pry|irb)\b|^\s*(byebug|debugger)\s*$|\bpp\s*\(|"
    r"^\s*from\s+icecream\s+import\b|^\s*import\s+icecream\b|\bic\(|"
    # A log line that calls itself a debug print at an ordinary level: `log.Printf("DEBUG …")`.
    r"\b(log|logger|logging|console|fmt|slog|Log|LOG|System\.out)\.\w+\(\s*[fr]?[\"'`](DEBUG|debug:|XXX|>>>|!!!|HERE\b)"
)
_RUBY_PRINT = re.compile(r"^\s*(puts|p|pp|print)\s*(\(|\s+[\"'@:\w])")
_PRINT = re.compile(r"^\s*print(ln)?\(|\bfmt\.Print(ln|f)?\(")  # Go's builtins print and println too
_SLEEP = re.compile(
    r"\btime\.sleep\(\s*(?!0\s*\))|\basyncio\.sleep\(\s*(?!0\s*\))|\bThread\.sleep\(|\btime\.Sleep\(|\bsleep\(\s*(0?\.\d*[1-9]|[1-9])|"
    r"\bTimeUnit\.\w+\.sleep\(|<-\s*time\.After\(|\bsetTimeout\([^;]*,\s*[1-9]\d{2,}\s*\)|"
    r"new\s+Promise\(.*setTimeout|\bsetTimeout\(\s*resolve|\bwaitForTimeout\(|\bcy\.wait\(\s*\d|\busleep\(|"
    r"^\s*sleep\s*\(?\s*(0?\.\d*[1-9]|[1-9])"
)
_RETRY = re.compile(
    r"@retry\b|\btenacity\b|\bbackoff\.on_\w+|@flaky\b|mark\.flaky\b|--reruns\b|\bjest\.retryTimes\(|\bthis\.retries\(|"
    r"\bretries\s*[:=]\s*[1-9]|\bmax_?[Rr]etries\s*[:=]|\bfor\s+(attempt|retry|tries|_)\s+in\s+range\(|"
    r"\bfor\s+(attempt|retry|tries|i)\s*:?=\s*0\s*;\s*\w+\s*<\s*\w+|\bretry\(|\bRetry\(|\bwithRetry\(|\bretryWhen\(|"
    r"\bretry\s*:\s*([1-9]|true)\b|\bRetryPolicy\b|@Retryable\b|^\s*retry(\s+(if|unless)\b.*)?\s*$|\bRetriable\b|"
    r"\bretry_on\b|\bwith_retries\b"
)
_FRONTEND_MOCK = re.compile(
    r"\b(jest|vi)\.mock\(\s*[\"'][^\"']*(api|service|client|backend|http|fetch|server|request|graphql|axios|ky|rpc)"
    r"[^\"']*[\"']|\b(global|globalThis|window)\.fetch\s*=|spyOn\(\s*(global|globalThis|window)\s*,\s*[\"']fetch|"
    r"\bfetchMock\b|\bcy\.intercept\(|\bnock\(|\bsetupServer\(|\b(rest|http|graphql)\.(get|post|put|patch|delete|query|mutation)\(|"
    r"\bpage\.route\(|\bnew\s+MockAdapter\(|\bmockResolvedValue(Once)?\(|\bmsw\b|"
    r"\bHttp(Client)?TestingController\b|\bHttpClientTestingModule\b|\bprovideHttpClientTesting\(|\.expectOne\(|"
    # A module mocked with a factory that answers the app's data calls: the backend stood in for.
    r"\b(jest|vi)\.mock\(\s*[\"'][^\"']+[\"']\s*,.*\b(fetch|load|get|query|request|list)\w*\s*:.*(Promise\.resolve|mockResolvedValue|async\b|=>\s*\(?\s*[\[{])"
)
_GUARD_LINE = re.compile(
    r"\braise\s+[A-Z][\w.]*|\bthrow\s+(new\s+)?\w+|\babort\(\s*4\d\d|"
    r"\bhttp\.Error\(|\breturn\s+.*(errors\.New|fmt\.Errorf|Err[A-Z]\w*)|^\s*assert\s|\b(require|invariant|precondition)\(|"
    r"@(login_required|permission_required|requires_auth|authenticated|PreAuthorize|Secured|RolesAllowed)\b|"
    r"\b(check|ensure|verify|validate|authorize)_?\w*\(|\bstatus\(4\d\d\)|status_code\s*=\s*4\d\d|\bPermissionDenied\b|"
    r"\b(require|ensure|check|verify|is|must)_?(Auth|Admin|Login|Logged|Role|Permission|Scope|Owner|Signed)\w*\b|"
    r"\bbefore_action\s+:(authenticate|authorize|require|ensure|check|verify)\w*|\bhead\s+:(forbidden|unauthorized|unprocessable_entity)|"
    r"\b(Forbidden|Unauthorized|NotAuthorized|AccessDenied)(Error|Exception)?\b"
)
_CONDITION_LINE = re.compile(
    r"^\s*(if|elif|else if|\} else if|while|assert|unless|guard)\b|^\s*if\s*\("
)
_SECURITY_OFF = re.compile(
    r"\bskip_before_action\s+:(authenticate|authorize|require|verify|check)\w*|\bverify\s*=\s*False|\bcheck\s*=\s*False|\bstrict\s*=\s*False|InsecureSkipVerify\s*:\s*true|"
    r"rejectUnauthorized\s*:\s*false|\bvalidate\s*=\s*False|@csrf_exempt\b|\bAllowAny\b|\bskip_?[vV]alidation\b|"
    r"\bpermitAll\(\)|\bdisable_?auth\w*\s*[:=]\s*(True|true)"
)
_VISIBILITY_WORDS = re.compile(r"\b(private|protected|public|internal|export|default)\b\s*")
_DEP_LINE = re.compile(
    r"^\s*[\"']?[@\w][\w./@-]*[\"']?\s*[:=]\s*[\"'{]?[\^~<>=!*]*\s*v?\d|^\s*[\"'][\w.\[\]-]+\s*[<>=!~]=?\s*\d|"
    r"^\s*[\w.\[\]-]+\s*(==|>=|<=|~=|!=|<|>)\s*\d|^\s*(require\s+)?[\w.-]+\.[\w./-]+\s+v\d|<(artifactId|version)>|"
    r"^\s*(implementation|api|compile|testImplementation|runtimeOnly)\b|^\s*[\w-]+\s*=\s*\{\s*version|^\s*[\"'][\w.-]+[\"']\s*,?\s*$|"
    r"^\s*gem\s+[\"']|\.add_(runtime_|development_)?dependency\b|<[\w.-]+[.-]version>\s*v?\d|"
    # An inline list: `dependencies = ["requests>=2.31", "tenacity"]`, `requires = […]`.
    r"^\s*[\w.-]*(dependencies|requires|requirements)[\w-]*[\"']?\s*[:=]\s*\[\s*[\"'][@A-Za-z]"
)


_SHELL_TRACE = re.compile(r"^\s*set\s+-[a-wyz]*x|^\s*set\s+-o\s+xtrace\b")


def _shell_trace(changed: ChangedFile) -> Iterator[Finding]:
    """`set -x` left in a script: every command echoed, secrets included."""
    if not re.search(r"\.(sh|bash|zsh)$", changed.path):
        return
    for line in changed.net_added:
        if _SHELL_TRACE.match(line.text):
            yield finding("debug_leftover", changed, line, f"shell tracing left on: `{snippet(line.text)}`")
            return


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.files:
        if is_manifest(changed.path):
            yield from _dependencies(changed)
        if not changed.is_code:
            yield from _retry_config(changed)
            yield from _shell_trace(changed)
            continue
        yield from _debug(changed)
        yield from _sleep_retry(changed)
        if changed.is_test and changed.language in _TEST_BYPASS_LANGUAGES:
            yield from _bypasses(changed)  # a test reflecting into a private member
        if changed.is_product:
            yield from _visibility(changed)
            yield from _guards(changed)
            yield from validation_patterns.detect(changed, ctx.report)
            yield from _frontend_fakes(changed)
        if is_frontend_test(changed.path):
            yield from _frontend_mocks(changed)
    yield from _breadth(ctx)


def _code_lines(changed: ChangedFile) -> Iterator[tuple[DiffLine, str]]:
    for line in changed.net_added:
        if not is_full_line_comment(line.text, changed.language):
            yield line, changed.code(line)


def _debug(changed: ChangedFile) -> Iterator[Finding]:
    for line, code in _code_lines(changed):
        debug = _DEBUG.search(code) or (
            changed.language == "ruby" and _RUBY_PRINT.search(code) and not is_entrypoint(changed.path)
        )
        printed = (
            _PRINT.search(code)
            and not is_entrypoint(changed.path)
            and not (
                changed.language == "go"
                and "package main"
                in "\n".join(ln.text for h in changed.change.hunks for ln in h.lines)
            )
        )
        if debug or printed:
            yield finding(
                "debug_leftover", changed, line, f"debug output left in: `{snippet(code)}`"
            )


def _sleep_retry(changed: ChangedFile) -> Iterator[Finding]:
    for line, code in _code_lines(changed):
        if _SLEEP.search(code):
            yield finding(
                "sleep_or_retry_masking",
                changed,
                line,
                f"waits instead of synchronising; may hide a race: `{snippet(code)}`",
            )
        elif _RETRY.search(code):
            yield finding(
                "sleep_or_retry_masking",
                changed,
                line,
                f"retries may mask an intermittent failure: `{snippet(code)}`",
            )


def _retry_config(changed: ChangedFile) -> Iterator[Finding]:
    for line in changed.net_added:
        if re.search(r"--reruns\b|\breruns\s*=|retryTimes|\bretries[\"']?\s*[:=]\s*[1-9]", line.text):
            yield finding(
                "sleep_or_retry_masking",
                changed,
                line,
                f"reruns failing tests: `{snippet(line.text)}`",
            )


def _frontend_mocks(changed: ChangedFile) -> Iterator[Finding]:
    for line, code in _code_lines(changed):
        if _FRONTEND_MOCK.search(code):
            yield finding(
                "frontend_mocks_backend",
                changed,
                line,
                f"frontend test mocks the backend, so it can pass while the API is broken: `{snippet(code)}`",
            )
            return


_NETWORK_CALL = re.compile(
    r"\b(requests|httpx|aiohttp|urllib\.request|session|client|api|http|axios|ky|superagent|\$)\s*\.\s*"
    r"(get|post|put|patch|delete|request|fetch|ajax|query)\s*[<(]|\bfetch\s*\(|\buseQuery\s*\(|\buseSWR\s*\(|"
    r"\burlopen\s*\(|\bHttpClient\b|\bnew\s+XMLHttpRequest\b|\b\w*[Ss]ervice\.\w+\s*\(|"
    r"\b(fetch|load|request|query|retrieve|download)[A-Z]\w*\s*\("  # `fetchOrders()`: the API client's call
)
_LITERAL_PAIR = re.compile(r"([\w$]+|\"[^\"]*\"|'[^']*')\s*:\s*(\"[^\"]*\"|'[^']*'|-?\d[\d_.]*|true|false)\s*[,}]")
_FAKE_NAME = re.compile(r"\b(SAMPLE|MOCK|FAKE|DUMMY|STUB|DEMO|PLACEHOLDER|FALLBACK|HARDCODED|STATIC)_?[A-Z_]*\b|"
                        r"\b(sample|mock|fake|dummy|stub|demo|placeholder|fallback)[A-Z]\w*|\b[a-z]\w*(Stub|Mock|Fake|Sample|Dummy)\b")
_UI_CONTENT = re.compile(
    r"^\s*(import|from)\s+(streamlit|dash|gradio|panel|nicegui|flet|tkinter|PySide\d|PyQt\d)\b|"
    r"from\s+[\"'](react|vue|svelte|@angular/core|preact|solid-js)[\"']|\buse(State|Effect|Query)\s*[<(]",
    re.MULTILINE,
)
_LITERAL_DATA = re.compile(r"^\s*(return\s+)?[\[{(]\s*$|^\s*[\[{]?\s*\{\s*[\"']?\w+[\"']?\s*:\s*[\"'\d\[]|^\s*[\"']\w+[\"']\s*:\s*\[")


def _calls_own_api(changed: ChangedFile, removed_calls: list[DiffLine]) -> bool:
    """A JavaScript module that requested its own backend (`http.get("/api/…")`,
    `http.get("/notifications/summary")`: a same-origin path): the browser's API client,
    frontend code whatever folder it sits in."""
    return changed.language in ("javascript", "typescript", "tsx") and any(
        re.search(r"[\"'`]/(?![/*])[\w${-]", changed.code(ln)) for ln in removed_calls
    )


def _is_frontend(changed: ChangedFile) -> bool:
    if layer_of(changed.path) == "frontend":
        return True
    text = "\n".join(line.text for hunk in changed.change.hunks for line in hunk.lines)
    return _UI_CONTENT.search(text) is not None


def _frontend_fakes(changed: ChangedFile) -> Iterator[Finding]:
    """UI code that shows made-up data where the backend's answer was: the request replaced by
    a literal, or its failure answered with sample records. The page looks fixed; the API is not."""
    removed_calls = [ln for ln in changed.net_removed if _NETWORK_CALL.search(changed.code(ln))]
    if not removed_calls and not any(_FAKE_NAME.search(ln.text) for ln in changed.net_added):
        return
    if not _is_frontend(changed) and not _calls_own_api(changed, removed_calls):
        return
    literal_rows = [ln for ln in changed.net_added if _LITERAL_DATA.match(changed.code(ln))]
    if removed_calls and len(literal_rows) < 2:
        # An object of constants over several lines (`emailDigest: "weekly",`, `mentions: true,`).
        pairs = [ln for ln in changed.net_added if _LITERAL_PAIR.search(changed.code(ln).rstrip() + " ")]
        literal_rows = pairs if len(pairs) >= 2 else literal_rows
    # `return { id, name: "Jane Doe", email: "…" }`: one line can be a whole made-up record.
    records = [ln for ln in changed.net_added if len(_LITERAL_PAIR.findall(changed.code(ln))) >= 2]
    if removed_calls and (len(literal_rows) >= 2 or records):
        literal_rows = literal_rows or records
        yield finding(
            "frontend_mocks_backend",
            changed,
            literal_rows[0],
            f"replaces the backend call `{snippet(removed_calls[0].text, 50)}` with literal data",
        )
        return
    for line in changed.net_added:
        code = changed.code(line)
        if _FAKE_NAME.search(code) and re.search(
            r"\bset\w*\(|=|\breturn\b|\|\||\?\?", code
        ) and not re.match(r"^\s*(export\s+)?(const|let|var)\s+\w+\s*(:[^=]+)?=", code):
            yield finding(
                "frontend_mocks_backend",
                changed,
                line,
                f"shows sample data instead of the backend's: `{snippet(code)}`",
            )
            return


def _signature_key(text: str) -> str:
    text = _VISIBILITY_WORDS.sub("", text.strip())
    text = re.sub(r"^(def|func|function|async def)\s+(\([^)]*\)\s*)?_*", r"\1 \2", text)
    text = re.sub(r"#(?=\w)", "", text)
    return re.sub(r"\s+", " ", text).lower()


_RUBY_HIDDEN = re.compile(r"^\s*(private|protected|private_class_method|private_constant)\b")


def _ruby_visibility(changed: ChangedFile) -> Iterator[Finding]:
    """Ruby: a `private`/`protected` marker removed, or `public` added, opens methods up."""
    removed = [ln for ln in changed.net_removed if _RUBY_HIDDEN.match(ln.text)]
    opened = [ln for ln in changed.net_added if re.match(r"^\s*public(\s+:|\s*$)", ln.text)]
    candidates = opened or removed
    line = candidates[0] if candidates else None
    if line is not None:
        yield finding(
            "visibility_widened",
            changed,
            line,
            f"makes hidden methods callable from outside: `{snippet(line.text)}`",
        )


_BYPASS = {
    "java": re.compile(r"\.setAccessible\(\s*true\s*\)|\bMethodHandles\.privateLookupIn\("),
    "go": re.compile(r"\bunsafe\.Pointer\(.*\bunsafe\.Offsetof\(|\.FieldByName\(.*\)\.(Set|UnsafeAddr)"),
    "ruby": re.compile(r"\.(send|__send__)\(\s*:\w+|\binstance_variable_(get|set)\(|\.instance_eval\b"),
    "python": re.compile(
        r"(?<![\w.])(?!self\b|cls\b|other\b|super\b|_)([a-z]\w*)\._(?!_|replace\b|asdict\b|fields\b|make\b|"
        r"field_defaults\b|meta\b|name_\b|value_\b|missing_\b|generate_next_value_\b|exit\b|getframe\b)[a-z]\w*"
    ),
}
_JS_BYPASS = re.compile(r"\bas\s+any\s*\)\s*\.\s*[A-Za-z_$]|\bas\s+any\s*\)\s*\[|"
                        r"(?<![\w$.])(?!this\b|self\b)[a-z$][\w$]*\._[a-z]\w*")
_BYPASS["typescript"] = _BYPASS["tsx"] = _BYPASS["javascript"] = _JS_BYPASS
# Tests reach privates by reflection where the language forbids it otherwise; a Python or JS test
# reading `obj._x` is the language's own convention, not a widening.
_TEST_BYPASS_LANGUAGES = frozenset({"java", "ruby", "typescript", "tsx"})
_GO_DECLARED = re.compile(r"^\s*(?:type\s+|var\s+|const\s+)?([a-zA-Z]\w*)(\s+[\w.*\[\]{}]+.*)$")


def _bypasses(changed: ChangedFile) -> Iterator[Finding]:
    """Product code reaching around an access modifier (reflection, `send`, another object's
    `_private`): the member is as good as public."""
    pattern = _BYPASS.get(changed.language or "")
    if pattern is None:
        return
    for line, code in _code_lines(changed):
        if pattern.search(code):
            yield finding(
                "visibility_widened", changed, line,
                f"reaches a private member from outside: `{snippet(code)}`",
            )
            return


def _go_exported(changed: ChangedFile) -> Iterator[Finding]:
    """A Go field, type, var or const renamed from lower to upper case: now exported."""
    removed = {}
    for ln in changed.net_removed:
        match = _GO_DECLARED.match(changed.code(ln))
        if match and match.group(1)[:1].islower():
            removed[(match.group(1).lower(), " ".join(match.group(2).split()))] = ln
    for line in changed.net_added:
        match = _GO_DECLARED.match(changed.code(line))
        if match and match.group(1)[:1].isupper():
            old = removed.get((match.group(1).lower(), " ".join(match.group(2).split())))
            if old is not None:
                yield finding(
                    "visibility_widened", changed, line,
                    f"exports `{match.group(1)}` (was `{old.text.strip()}`)",
                )
                return


_PY_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)\s*(\(.*)$")


def _python_renamed_public(changed: ChangedFile) -> Iterator[Finding]:
    """`def _sign(v):` removed and `def sign_value(v):` added with the same parameters and body:
    the private helper renamed into the public API."""
    def bodies(lines: list[DiffLine]) -> dict[str, tuple[str, DiffLine]]:
        out = {}
        for ln in lines:
            match = _PY_DEF.match(ln.text)
            if match is None:
                continue
            position = changed.locate(ln)
            after = ""
            if position is not None:
                hunk, index = position
                after = next((normalized(x.text) for x in hunk.lines[index + 1 :]
                              if x.kind == ln.kind or x.kind == " "), "")
            out[match.group(1)] = (normalized(match.group(2)) + "|" + after, ln)
        return out
    old = {name: key for name, (key, _) in bodies(changed.net_removed).items()
           if name.startswith("_") and not name.startswith("__")}
    for name, (key, line) in bodies(changed.net_added).items():
        if name.startswith("_"):
            continue
        private = next((p for p, k in old.items() if k == key), None)
        if private is not None:
            yield finding("visibility_widened", changed, line,
                          f"renames the private `{private}` to the public `{name}`")
            return


def _visibility(changed: ChangedFile) -> Iterator[Finding]:
    yield from _bypasses(changed)
    if changed.language == "python":
        yield from _python_renamed_public(changed)
    if changed.language == "go":
        yield from _go_exported(changed)
    if changed.language == "ruby":
        yield from _ruby_visibility(changed)
        return
    removed: dict[str, list[str]] = {}
    for ln in changed.net_removed:
        if ln.text.strip() and not is_full_line_comment(ln.text, changed.language):
            removed.setdefault(_signature_key(ln.text), []).append(ln.text.strip())
    for line in changed.net_added:
        new = line.text.strip()
        for old in removed.get(_signature_key(new), []):
            if old != new and _wider(old, new, changed.language):
                yield finding(
                    "visibility_widened",
                    changed,
                    line,
                    f"makes `{snippet(old, 50)}` more visible: `{snippet(new, 50)}`",
                )
                break


def _wider(old: str, new: str, language: str | None) -> bool:
    rank = {"private": 0, "": 1, "internal": 1, "protected": 2, "public": 3, "export": 3}

    def level(text: str) -> int:
        if language == "python":
            name = re.search(r"def\s+(\w+)|^(\w+)\s*=", text)
            ident = (name.group(1) or name.group(2)) if name else ""
            if ident.startswith("__") and not ident.endswith("__"):
                return 0
            return 1 if ident.startswith("_") else 3
        if language == "go":
            name = re.search(r"func\s+(\([^)]*\)\s*)?(\w+)", text)
            return 3 if name and name.group(2)[:1].isupper() else 0
        if "#" in text.split("(")[0] and language in JS_LIKE:
            return 0
        words = _VISIBILITY_WORDS.findall(text.split("(")[0] + " ")
        found = [w.strip() for w in words if w.strip() in rank]
        if not found:
            return (
                1
                if language in ("java", "kotlin", "csharp")
                else 2
                if language in JS_LIKE and "export" not in text
                else 1
            )
        return max(rank[w] for w in found)

    return level(new) > level(old)


_UPPER_BOUND = re.compile(
    r"\b(maximum|max_?length|maxLength|max_?size|max_?items|maxItems|max_?digits|max|le|lt|less_than(_or_equal_to)?)"
    r"\s*[:=]\s*(\d+(\.\d+)?)|@(Max|Size\([^)]*max|DecimalMax|Length\([^)]*max)\s*[(=]?\s*(value\s*=\s*)?\"?(\d+(\.\d+)?)"
    r"|\.(max|maxLength|lte|lt)\(\s*(\d+(\.\d+)?)"
)
_LOWER_BOUND = re.compile(
    r"\b(minimum|min_?length|minLength|min_?size|min_?items|minItems|min|ge|gt|greater_than(_or_equal_to)?)"
    r"\s*[:=]\s*(\d+(\.\d+)?)|@(Min|Size\([^)]*min|DecimalMin|Length\([^)]*min)\s*[(=]?\s*(value\s*=\s*)?\"?(\d+(\.\d+)?)"
    r"|\.(min|minLength|gte|gt)\(\s*(\d+(\.\d+)?)"
)
_REQUIRED = re.compile(
    r"\bpresence\s*:\s*true|\bformat\s*:\s*\{|\brequired\s*[:=]\s*(true|True)|@(NotNull|NotBlank|NotEmpty|Valid|Pattern|Email)\b|"
    r"\b(nullable|blank|allow_nil|allow_blank|optional)\s*[:=]\s*(false|False)\b|\.(required|nonempty|min|max|email|regex)\(\)?|"
    r"\buniqueness\s*:\s*(true|\{)|\bunique\s*[:=]\s*(true|True)\b"
)
# Markers that make a declared field accept more: empty, null, missing.
_LOOSENING = re.compile(
    r"\b(blank|null|allow_nil|allow_blank|allow_null)\s*[:=]\s*(true|True)\b|\brequired\s*[:=]\s*(false|False)\b|"
    r"\.(optional|nullable|nullish|partial)\(\)|@Nullable\b"
)
_DECLARATION = re.compile(r"\b(validates?\w*|Field|Column|models\.\w+Field|z\.\w+|Joi\.\w+|yup\.\w+|\w+:\s*\{)|@\w+")


def _bound(pattern: re.Pattern[str], text: str) -> float | None:
    match = pattern.search(text)
    if match is None:
        return None
    number = next((g for g in match.groups()[1:] if g and re.fullmatch(r"\d+(\.\d+)?", g)), None)
    return float(number) if number is not None else None


# The value neither starts nor ends with a space (trailing spaces go to `\s*` alone: one split, not
# cubic many); lines are rstripped and read up to 200 characters before it is tried.
_LIMIT_NAME = re.compile(r"(?i)^\s*(?:(?:export|const|let|var|static|final|private|public|val)\s+)*(?:[\w<>]+\s+)?"
                         r"(?P<name>\w*(max|min|limit)\w*)\s*(?::\s*\w+\s*)?(?::=|=)(?!=)\s*"
                         r"(?P<value>[\d_()<>*+xX.-](?:[\d_ ()<>*+xX.-]*[\d_()<>*+xX.-])?)\s*;?$")
_LIMIT_LINE = 200
_NOT_A_GUARD_LIMIT = re.compile(r"(?i)retr|attempt|timeout|ttl|pool|worker|thread|conn|cache|page|batch|backoff|delay|interval")


def _limit_name(code: str) -> re.Match[str] | None:
    """`name = value` for a named limit; a line longer than 200 characters is no such declaration."""
    code = code.rstrip()
    return _LIMIT_NAME.match(code) if len(code) <= _LIMIT_LINE else None


def _limit_value(text: str) -> float | None:
    """An expression of number literals (`10 << 20`, `5 * 1024 * 1024`, `1_000`), evaluated by a
    walk that knows only `+ - * <<` on small numbers: the diff is the agent's text, never `eval`."""
    if len(text) > 40:
        return None
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return None
    return _arithmetic(tree.body)


def _arithmetic(node: ast.expr) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _arithmetic(node.operand)
        return -inner if inner is not None else None
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.Add | ast.Sub | ast.Mult | ast.LShift):
        return None
    left, right = _arithmetic(node.left), _arithmetic(node.right)
    if left is None or right is None:
        return None
    if isinstance(node.op, ast.LShift):
        if not (left.is_integer() and right.is_integer() and 0 <= right <= 64):
            return None
        result = float(int(left) << int(right))
    else:
        result = left + right if isinstance(node.op, ast.Add) else left - right if isinstance(node.op, ast.Sub) else left * right
    return result if abs(result) <= 1e18 else None


def _limits_moved(changed: ChangedFile) -> Iterator[Finding]:
    """A named limit the code checks against, moved the loose way: a `max…` raised, a `min…`
    lowered (`const maxUpload = 10 << 20` → `10 << 30`). Retry, timeout and pool sizes are not
    guards (their own signals)."""
    before = {m.group("name"): (ln, m.group("value")) for ln in changed.net_removed
              if (m := _limit_name(changed.code(ln)))}
    for line in changed.net_added:
        match = _limit_name(changed.code(line))
        if match is None or match.group("name") not in before or _NOT_A_GUARD_LIMIT.search(match.group("name")):
            continue
        old_line, old_text = before[match.group("name")]
        old, new = _limit_value(old_text), _limit_value(match.group("value"))
        if old is None or new is None or old == new:
            continue
        is_max = re.search(r"(?i)max|limit", match.group("name")) is not None
        if new > old if is_max else new < old:
            yield finding("guard_weakened", changed, line,
                          f"moves a limit the loose way: `{snippet(old_line.text.strip(), 40)}` → "
                          f"`{snippet(line.text.strip(), 40)}`")
            return


def _declared_constraints(changed: ChangedFile) -> Iterator[Finding]:
    """A declared validation rule loosened: a maximum raised, a minimum lowered, a `required`,
    `presence`, `format` or `@NotNull` dropped from a field's declaration."""
    removed = [ln for ln in changed.net_removed if _DECLARATION.search(changed.code(ln))]
    added = [ln for ln in changed.net_added if _DECLARATION.search(changed.code(ln))]
    pairs = pair_lines(removed, added, 0.5)
    paired = {id(old) for old, _ in pairs}
    kept = "\n".join(changed.code(ln) for ln in changed.net_added)
    for old in removed:
        rule = _REQUIRED.search(changed.code(old))
        if id(old) not in paired and rule and rule.group(0) not in kept:
            yield finding(
                "guard_weakened",
                changed,
                old,
                f"drops a declared validation rule: `{snippet(old.text, 60)}`",
            )
            return
    for old, new in pairs:
        before, after = changed.code(old), changed.code(new)
        upper = (_bound(_UPPER_BOUND, before), _bound(_UPPER_BOUND, after))
        lower = (_bound(_LOWER_BOUND, before), _bound(_LOWER_BOUND, after))
        dropped = len(_REQUIRED.findall(after)) < len(_REQUIRED.findall(before)) or len(
            _LOOSENING.findall(after)) > len(_LOOSENING.findall(before))
        raised = upper[0] is not None and (upper[1] is None or upper[1] > upper[0])
        lowered = lower[0] is not None and (lower[1] is None or lower[1] < lower[0])
        if dropped or raised or lowered:
            yield finding(
                "guard_weakened",
                changed,
                new,
                f"loosens a declared validation rule: `{snippet(old.text, 50)}` → `{snippet(new.text, 50)}`",
            )
            return


_CONJ = re.compile(r"\s*(\band\b|&&)\s*")
_DISJ = re.compile(r"\s*(\bor\b|\|\|)\s*")
_PREDICATE_RESULT = re.compile(
    r"^\s*(return\b|(?:const\s+|let\s+|var\s+|final\s+\w+\s+)?\w*(allow|permit|authori[sz]ed|can_?\w*|may_?\w*|"
    r"ok|valid|granted|access|eligible)\w*\s*:?=(?!=))",
    re.IGNORECASE,
)


def _parts(joiner: re.Pattern[str], code: str) -> set[str]:
    """The operands a predicate joins (`return a and not b` → {`a`, `not b`})."""
    body = re.sub(r"^\s*(return\b|[\w\s]*:?=(?!=))\s*|;\s*$", "", code).strip()
    return {" ".join(part.split()) for part in joiner.split(body) if part.strip() and not joiner.fullmatch(part)}


def _predicate_loosened(changed: ChangedFile) -> Iterator[Finding]:
    """`return is_author and not locked` → `return is_author or not locked`: a permission or
    validity answer that now holds when either part does, or when one part once required with
    the others holds alone."""
    removed = [ln for ln in changed.net_removed if _PREDICATE_RESULT.match(changed.code(ln))]
    for line in changed.net_added:
        code = changed.code(line)
        if not _PREDICATE_RESULT.match(code) or not _DISJ.search(code):
            continue
        loosened = " ".join(_DISJ.sub(" & ", code).split())
        alternatives = _parts(_DISJ, code)
        for old in removed:
            before = changed.code(old)
            required = _parts(_CONJ, before)
            # Every part once required is now enough alone (`a and b` → `a or c or b`).
            # Or one part once required with the others is now an alternative of its own
            # (`member && role >= Owner` → `member || (…)`): that part alone is enough.
            if _CONJ.search(before) and (
                " ".join(_CONJ.sub(" & ", before).split()) == loosened
                or not _CONJ.search(code) and len(required) >= 2 and required <= alternatives
                or not _DISJ.search(before) and len(required) >= 2 and bool(required & alternatives)
            ):
                yield finding("guard_weakened", changed, line,
                              f"answers yes when either part holds, not both: `{snippet(before.strip(), 40)}` "
                              f"→ `{snippet(code.strip(), 40)}`")
                return


# A stub's refusal (`raise NotImplementedError`) marks code not written yet: replacing it is the fix.
_STUB = re.compile(r"NotImplemented|UnsupportedOperationException|[Nn]ot implemented|\btodo!\(")


def _guards(changed: ChangedFile) -> Iterator[Finding]:
    yield from _declared_constraints(changed)
    yield from _limits_moved(changed)
    yield from _predicate_loosened(changed)
    added_text = [ln.text.strip() for ln in changed.net_added]
    for line in changed.net_removed:
        if is_full_line_comment(line.text, changed.language):
            continue
        code = changed.code(line)
        guard = None if _STUB.search(code) else _GUARD_LINE.search(code)
        if guard and not any(
            guard.group(0) in a or SequenceMatcher(None, code.strip(), a).ratio() > 0.8
            for a in added_text
        ):
            yield finding("guard_weakened", changed, line, f"removes a guard: `{snippet(code)}`")
            return
    dropped = next(_refusals_removed(changed), None)
    if dropped is not None:
        yield dropped
        return
    one_line = next(_one_line_guards(changed), None)
    if one_line is not None:
        yield one_line
        return
    yield from _guard_conditions_changed(changed)
    removed_conditions = [ln for ln in changed.net_removed if _CONDITION_LINE.match(ln.text)]
    for line, code in _code_lines(changed):
        if _SECURITY_OFF.search(code):
            yield finding("guard_weakened", changed, line, f"turns a check off: `{snippet(code)}`")
            return
        if not _CONDITION_LINE.match(code):
            continue
        if _rejecting(changed, line):
            continue  # a rejecting guard's condition reads the other way round (above)
        for old in removed_conditions:
            if SequenceMatcher(None, old.text.strip(), code.strip()).ratio() < 0.6:
                continue
            if _looser_condition(changed.code(old), code):
                yield finding(
                    "guard_weakened",
                    changed,
                    line,
                    f"loosens a condition: `{snippet(old.text, 50)}` → `{snippet(code, 50)}`",
                )
                return


_ERROR_BRANCH = re.compile(
    r"^\s*(raise\b|throw\b|abort\(|panic\(|return\s+.*\b(err|[Ee]rr(or)?s?\w*|errors\.New|fmt\.Errorf|4\d\d|"
    r"[Ii]nvalid\w*|[Ff]ail(ure|ed)?\w*|[Rr]eject\w*|[Dd]enied|[Ff]orbidden|[Uu]nauthori[sz]ed|BadRequest\w*)\b|"
    r"return\s+(False|false|None|null|nil|undefined|-1)\b|(res|response|ctx|c|w)\.(status|Status|AbortWithStatus\w*|JSON)\(\s*4\d\d)"
)


# A branch that refuses: raises, aborts, or answers an error or a 4xx response.
_REFUSES = re.compile(
    r"^\s*(raise\b|throw\b|abort\(|panic\(|http\.Error\(|return\s+.*\b(4\d\d|(?i:forbidden|unauthori[sz]ed|bad_?request)\w*|"
    r"[Dd]enied|errors\.New|fmt\.Errorf|Err[A-Z]\w*)\b|(res|response|ctx|c|w)\.(status|Status|AbortWithStatus\w*)\(\s*4\d\d)"
)


def _refusals_removed(changed: ChangedFile) -> Iterator[Finding]:
    """A whole rejecting guard deleted: a condition whose branch refused (`if not user.is_authenticated:`
    over `return HttpResponse(status=401)`), both lines removed and the condition nowhere added."""
    if any(_GUARD_LINE.search(changed.code(ln)) for ln in changed.net_added):
        return  # the check moved (to `@PreAuthorize`, a helper call): judged as a guard above
    added = {normalized(changed.code(ln)) for ln in changed.net_added}
    kept = "\n".join(normalized(ln.text) for ln in changed.net_added)  # commented out: its own class
    net_removed = {id(ln) for ln in changed.net_removed}
    for hunk in changed.change.hunks:
        for first, second in zip(hunk.lines, hunk.lines[1:], strict=False):
            if not (id(first) in net_removed and id(second) in net_removed):
                continue
            code = changed.code(first)
            if (_CONDITION_LINE.match(code) and _REFUSES.match(changed.code(second))
                    and normalized(code) not in added and normalized(code) not in kept):
                yield finding("guard_weakened", changed, first, f"removes a guard: `{snippet(code)}` … "
                              f"`{snippet(changed.code(second).strip(), 40)}`")
                return


def _rejecting(changed: ChangedFile, line: DiffLine) -> bool:
    """The condition's branch refuses (raises, returns an error): more alternatives refuse more."""
    located = changed.locate(line)
    if located is None:
        return False
    hunk, index = located
    following = next(
        (r for r in hunk.lines[index + 1 :] if r.kind != "-" and r.text.strip() not in ("", "{")),
        None,
    )
    return following is not None and _ERROR_BRANCH.match(following.text) is not None


def _guard_conditions_changed(changed: ChangedFile) -> Iterator[Finding]:
    """A guard whose condition changed (threshold, operator): the rejected inputs changed too."""
    for hunk in changed.change.hunks:
        removed = [ln for ln in hunk.removed if _CONDITION_LINE.match(ln.text)]
        if not removed:
            continue
        rows = [ln for ln in hunk.lines if ln.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind != "+" or not _CONDITION_LINE.match(row.text):
                continue
            following = next(
                (r for r in rows[index + 1 :] if r.text.strip() and r.text.strip() != "{"), None
            )
            if following is None or not _ERROR_BRANCH.match(following.text):
                continue
            new_cases = _alternatives(row.text)
            dropped = next(
                (r for r in removed if new_cases < _alternatives(r.text) and new_cases), None
            )
            if dropped is not None:
                gone = sorted(_alternatives(dropped.text) - new_cases)
                yield finding(
                    "guard_weakened",
                    changed,
                    row,
                    f"the guard no longer rejects `{snippet(gone[0], 40)}`: "
                    f"`{snippet(dropped.text, 50)}` → `{snippet(row.text, 50)}`",
                )
                return
            old = max(
                removed,
                key=lambda r: SequenceMatcher(None, r.text.strip(), row.text.strip()).ratio(),
            )
            ratio = SequenceMatcher(None, old.text.strip(), row.text.strip()).ratio()
            fewer = _rejects_fewer(old.text, row.text) or _pattern_widened(old.text, row.text)
            if fewer is not None and ratio >= 0.4:
                yield finding(
                    "guard_weakened",
                    changed,
                    row,
                    f"the guard rejects fewer inputs ({fewer}): "
                    f"`{snippet(old.text, 50)}` → `{snippet(row.text, 50)}`",
                )
                return
            if _alternatives(row.text) > _alternatives(old.text):
                continue  # every case it rejected, and more: stricter
            if 0.75 <= ratio < 1.0:
                yield finding(
                    "guard_weakened",
                    changed,
                    row,
                    f"changes what a guard rejects: `{snippet(old.text, 50)}` → `{snippet(row.text, 50)}`",
                )
                return


# A guard written on one line: `raise Forbidden unless a && b` (Ruby's modifier), `return err if
# bad`, `if not ok: raise X`, `if (!ok) throw new X();`, `if (!ok) return res.status(403)…`.
_REFUSAL = (
    r"(raise|throw|abort|halt|panic|head\s+:(forbidden|unauthorized|bad_request|not_found)|"
    r"render\b.*status:\s*(:\w+|4\d\d)|return\s+(false|False|nil|None|null|-1|err\b|.*\b(errors\.New|"
    r"fmt\.Errorf|[Ff]orbidden|[Uu]nauthori[sz]ed|4\d\d|[Ii]nvalid\w*|BadRequest)\b))"
)
_MODIFIER_GUARD = re.compile(rf"^\s*{_REFUSAL}.*?\s(?P<kw>if|unless)\s+(?P<cond>.+?)\s*;?\s*$")
_INLINE_GUARD = re.compile(
    rf"^\s*(\}}\s*else\s+)?(?P<kw>if|unless)\s*(?P<cond>.+?)\s*(:|\)\s*\{{?|\bthen)\s*{_REFUSAL}"
)


def _one_line_guard(text: str) -> tuple[bool, str] | None:
    """(rejects when the condition holds?, the condition) of a guard written on one line."""
    match = _MODIFIER_GUARD.match(text) or _INLINE_GUARD.match(text)
    if match is None:
        return None
    cond = match.group("cond").strip()
    if _INLINE_GUARD.match(text) and match.re is _INLINE_GUARD:
        cond = cond.lstrip("(").strip()
    return match.group("kw") == "if", cond


def _one_line_guards(changed: ChangedFile) -> Iterator[Finding]:
    """A one-line guard whose condition now refuses fewer inputs: `unless a && b` → `unless b`
    (a requirement dropped), `if a or b` → `if a` (a refused case gone)."""
    conj, disj = r"&&|\band\b", r"\|\||\bor\b"
    for hunk in changed.change.hunks:
        olds = [(ln, _one_line_guard(changed.code(ln))) for ln in hunk.removed]
        for new in hunk.added:
            parsed = _one_line_guard(changed.code(new))
            if parsed is None:
                continue
            rejects_when, cond = parsed
            for old, before in olds:
                if before is None or before[1] == cond:
                    continue
                ratio = SequenceMatcher(None, old.text.strip(), new.text.strip()).ratio()
                if ratio < 0.5:
                    continue
                def masked(text: str) -> str:
                    return re.sub(r"\d[\d_.]*", "N", " ".join(text.split()))

                if before[0] != rejects_when or _pattern_widened(old.text, new.text) or (
                    re.search(r"\d", cond) and masked(old.text) == masked(new.text)
                ):
                    # The same refusal under another condition (a limit moved, a pattern widened,
                    # `unless a && b` turned into `if c`): what it rejects changed.
                    yield finding(
                        "guard_weakened", changed, new,
                        f"changes what a guard rejects: `{snippet(old.text, 50)}` → `{snippet(new.text, 50)}`",
                    )
                    return
                and_delta = len(re.findall(conj, cond)) - len(re.findall(conj, before[1]))
                or_delta = len(re.findall(disj, cond)) - len(re.findall(disj, before[1]))
                fewer = (and_delta > 0 or or_delta < 0) if rejects_when else (
                    and_delta < 0 or or_delta > 0
                )
                if fewer:
                    yield finding(
                        "guard_weakened",
                        changed,
                        new,
                        f"the guard refuses fewer inputs: `{snippet(old.text, 50)}` → "
                        f"`{snippet(new.text, 50)}`",
                    )
                    return


_CONDITION_WORDS = re.compile(r"^\s*(\}\s*)?(if|elif|else\s+if|unless|while|guard)\b|[:{]\s*$|\bthen\s*$")


def _rejects_fewer(old: str, new: str) -> str | None:
    """A rejecting condition that lost an alternative (`a or b` → `a`) or gained a conjunct
    (`bad(x)` → `bad(x) and x != y`) now lets through inputs it used to refuse."""
    if len(_alternatives(new)) < len(_alternatives(old)):
        return "an alternative is gone"
    conj = r"\band\b|&&"
    if len(re.findall(conj, new)) > len(re.findall(conj, old)):
        return "a condition was added to it"
    return None


_GUARD_PATTERN = re.compile(
    r"/((?:\\/|[^/\n])+)/[a-z]*\.test\(|(?:match|fullmatch|search|MatchString|matches|test)\(\s*r?[\"']((?:[^\"'\\]|\\.)+)[\"']"
)


def _pattern_widened(old: str, new: str) -> str | None:
    """The pattern a rejecting guard tests now matches more: a wildcard (`.*`, `.+`) it did not
    have, or an anchor (`^`, `$`) gone."""
    before, after = _GUARD_PATTERN.search(old), _GUARD_PATTERN.search(new)
    if before is None or after is None:
        return None
    how = widened(before.group(1) or before.group(2) or "", after.group(1) or after.group(2) or "")
    return f"its pattern matches more: {how}" if how else None


def _alternatives(line: str) -> frozenset[str]:
    """The cases a rejecting condition lists (`a < 1 or a > MAX` → {`a < 1`, `a > MAX`})."""
    text = _CONDITION_WORDS.sub("", line.strip()).strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    parts = re.split(r"\s+or\s+|\|\|", text)
    return frozenset(" ".join(p.strip(" ()").split()) for p in parts if p.strip(" ()"))


def _looser_condition(old: str, new: str) -> bool:
    def count(pattern: str, text: str) -> int:
        return len(re.findall(pattern, text))

    conj = r"\band\b|&&"
    disj = r"\bor\b|\|\|"
    return (
        count(conj, new) < count(conj, old)
        or count(disj, new) > count(disj, old)
        or bool(re.search(r"\bor\s+True\b|\|\|\s*true\b", new))
    )


def _dependencies(changed: ChangedFile) -> Iterator[Finding]:
    lockfile = re.search(r"(lock|\.sum)$|lock\.(json|yaml)$|\.lockb$", changed.path)
    if changed.change.status in ("added", "deleted") or lockfile:
        if changed.change.added or changed.change.removed or changed.change.status != "modified":
            yield finding(
                "dependency_change", changed, None, f"changes dependency file `{changed.path}`"
            )
        return
    # In a requirements list every line is a requirement, pinned or not (`python-dateutil`).
    listed = _REQUIREMENTS_LIST.search(changed.path) is not None
    for line in changed.net_added + changed.net_removed:
        bare = line.text.split("#", 1)[0].strip()
        conda = _CONDA_FILE.search(changed.path) is not None and _CONDA_DEP.match(line.text)
        if _DEP_LINE.search(line.text) or (listed and bare and not bare.startswith("-")) or conda:
            verb = "adds or changes" if line.kind == "+" else "removes"
            yield finding(
                "dependency_change", changed, line, f"{verb} a dependency: `{snippet(line.text)}`"
            )
            return


_REQUIREMENTS_LIST = re.compile(
    r"(^|/)(requirements|constraints)[\w.-]*\.(txt|in)$|(^|/)requirements/[^/]+\.(txt|in)$|(^|/)Pipfile$"
)
_CONDA_DEP = re.compile(r"^\s*-\s*[A-Za-z][\w.-]*\s*([=<>!~]=?\s*\d|$)")
_CONDA_FILE = re.compile(r"(^|/)(environment|conda)\.ya?ml$")
_APPLICATION_LAYERS = frozenset({"frontend", "backend", "database"})


def _breadth(ctx: DiffContext) -> Iterator[Finding]:
    """Breadth against the estimate, on ESTIMATE's own scale (bot/chains/fix/estimate_floor.py: two or
    three product files or two layers are 2 points, four files or three layers are 3): more
    lines or files than the points allow, or three application layers under 3 points."""
    product = [f for f in ctx.files if not f.is_test]
    lines = sum(len(f.change.added) + len(f.change.removed) for f in product)
    files = len(product)
    limits = ctx.limits
    layers = sorted({layer_of(f.path) for f in product} & _APPLICATION_LAYERS)
    if ctx.estimate_points is not None:
        points = ctx.estimate_points
        max_lines = max(40, int(limits.lines_per_point * points))
        max_files = max(2, math.ceil(limits.files_per_point * points))
        basis = f"the estimate of {points:g} point(s) allows about {max_lines} lines in {max_files} files"
        if len(layers) >= 3 and points < 3 and lines <= max_lines and files <= max_files:
            yield Finding(
                kind="broad_change",
                path="",
                line=None,
                detail=f"changes {', '.join(layers)} code: three layers are at least 3 points; "
                f"the estimate is {points:g}",
            )
            return
    else:
        max_lines, max_files = limits.default_max_lines, limits.default_max_files
        basis = f"the size threshold is {max_lines} lines in {max_files} files"
    if lines > max_lines or files > max_files:
        yield Finding(
            kind="broad_change",
            path="",
            line=None,
            detail=f"changes {lines} lines in {files} non-test files; {basis}",
        )
