"""Audit of what the agent did, not what it produced: history peeks and red-test tampering.

git_history_peek: any agent call that reads `.git/`, names a git history command, or mentions
refs such as ORIG_HEAD or packed-refs — the fix may be copied from the future. Every string in
every argument is checked (test ids, globs, nested lists), after undoing disguises
(history_text); only the content a write tool puts into a file is exempt.
brt_tampering: an agent write to the red test file after our code saw it red on an assertion
(the last time the reproducing step saw it: a resumed run reproduces again). Refused attempts
count too: the design records them precisely so the validator sees intent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from bot.evidence import TrajectoryEvent
from bot.validator.command_writes import written_paths
from bot.validator.history_text import PATTERN_KEYS, history_reason, injected_command
from bot.validator.models import Finding
from bot.validator.redtest import class_file_suffix, parse_test_id
from bot.validator.report import asks_for_test_change

WRITE_TOOLS = frozenset(
    {
        "edit_file",
        "write_file",
        "delete_file",
        "create_file",
        "apply_patch",
        "move_file",
        "rename_file",
        "replace_in_file",
        "str_replace",
        "insert",
    }
)
_GIT_TOOL = re.compile(
    r"(^|[_\-.])git($|[_\-.])|^git|^(log|blame|history|show_commit|diff_history)$", re.IGNORECASE
)
_PATH_KEYS = (
    "path",
    "file",
    "file_path",
    "filepath",
    "target",
    "source",
    "new_path",
    "old_path",
    "dest",
    "destination",
)


# What a write tool puts into a file is the fix itself, not a command: `git log` there is code.
_CONTENT_KEYS = frozenset(
    {
        "content",
        "contents",
        "text",
        "old",
        "new",
        "old_str",
        "new_str",
        "old_text",
        "new_text",
        "old_string",
        "new_string",
        "search",
        "replace",
        "replacement",
        "patch",
        "diff",
        "body",
        "file_text",
        "insert_text",
        "code",
        "lines",
        "data",
    }
)


def _strings(value: Any, skip: frozenset[str] = frozenset(), depth: int = 0) -> Iterator[str]:
    """Every string in an argument tree (keys too), however deep; `skip` names top-level keys."""
    if depth > 20:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if depth == 0 and str(key).lower() in skip:
                continue
            if isinstance(key, str):
                yield key
            yield from _strings(item, skip, depth + 1)
        # `{"cmd": "git", "args": ["log"]}`: a command split over keys is one command line.
        parts = [str(v) for k, v in value.items() if str(k).lower() in _COMMAND_KEYS]
        if len(parts) > 1:
            yield " ".join(_flat(parts))
    elif isinstance(value, (list, tuple, set)):
        items = list(value)
        if len(items) > 1 and all(isinstance(item, str) for item in items):
            yield " ".join(items)  # argv form: ["git", "--no-pager", "log"]
        for item in items:
            yield from _strings(item, skip, depth + 1)


_COMMAND_KEYS = frozenset(
    {"cmd", "command", "program", "executable", "exe", "bin", "argv", "args", "arguments", "subcommand"}
)


def _flat(parts: list[str]) -> list[str]:
    """`str(["log", "-p"])` is `['log', '-p']`; brackets and commas go, the words stay."""
    return [part.strip("[]").replace("', '", " ").replace(",", " ") for part in parts]


def audit(
    events: Sequence[TrajectoryEvent],
    red_test: str | None = None,
    *,
    protected: ProtectedPathsLike | None = None,
    report: str | None = None,
) -> list[Finding]:
    """`report`: a write to the red test's file that shows no content (a path only) is another
    test's update when the report asks for tests to change; the diff's detectors judge it."""
    ordered = sorted(events, key=lambda e: e.seq)
    found = [*_history_peeks(ordered), *_tampering(ordered, red_test, report)]
    if protected is not None:
        found.extend(_protected_writes(ordered, protected))
    return found


class ProtectedPathsLike(Protocol):
    def reason(self, path: str) -> str | None: ...


def _protected_writes(
    events: Sequence[TrajectoryEvent], protected: ProtectedPathsLike
) -> Iterator[Finding]:
    """Writes to protected paths, refused or not: the diff may be clean, the intent was not."""
    for event in events:
        if event.actor != "agent" or event.tool not in WRITE_TOOLS:
            continue
        for path in _event_paths(event):
            glob = protected.reason(path)
            if glob is not None:
                attempt = "" if event.ok else " (refused, but attempted)"
                yield Finding(
                    kind="protected_path",
                    path=path,
                    line=None,
                    seq=event.seq,
                    detail=f"`{event.tool}` on protected path `{path}` (matches `{glob}`){attempt}",
                )
                break


# Fields of our own code's events that carry what the agent chose (BRT's test id): audited too.
_AGENT_CHOSEN = frozenset({"test_id", "tests", "test", "test_ids", "selector"})


def _history_peeks(events: Sequence[TrajectoryEvent]) -> Iterator[Finding]:
    yield from _scripts_run(events)
    for event in events:
        attempt = "" if event.ok else " (refused, but attempted)"
        if event.actor != "agent":
            chosen = {k: v for k, v in event.args.items() if str(k).lower() in _AGENT_CHOSEN}
            finding = _argument_finding(event, chosen, attempt) or _code_event_injection(
                event, attempt
            )
            if finding is not None:
                yield finding
            continue
        if _GIT_TOOL.search(event.tool):
            yield _peek(event, f"called the git tool `{event.tool}`{attempt}")
            continue
        skip = _CONTENT_KEYS if event.tool in WRITE_TOOLS else frozenset()
        finding = _argument_finding(event, event.args, attempt, skip)
        if finding is not None:
            yield finding


def _scripts_run(events: Sequence[TrajectoryEvent]) -> Iterator[Finding]:
    """A script the agent writes and then runs (`scripts/where_changed.py` calling `git log -p`):
    its content is a command line too, once a later event names its path."""
    written: dict[str, TrajectoryEvent] = {}
    for event in events:
        if event.actor != "agent":
            continue
        if event.tool in WRITE_TOOLS:
            content = next((v for k in _CONTENT_KEYS if isinstance(v := event.args.get(k), str)), "")
            reason = history_reason(content) if content else None
            for path in _event_paths(event):
                if reason is not None:
                    written[_normalize(path)] = event
            continue
        mentioned = " ".join(_strings(event.args))
        for path, source in written.items():
            if path and path in mentioned:
                attempt = "" if event.ok else " (refused, but attempted)"
                yield _peek(event, f"ran `{path}`, a script it wrote (#{source.seq}) that reads git history{attempt}")
                return


# What our own code reports back (a run's output, its verdict): text it read, not text it ran.
_REPORTED_KEYS = frozenset(
    {"output", "stdout", "stderr", "log", "logs", "message", "messages", "error", "errors",
     "summary", "result", "results", "report", "reason", "traceback", "detail", "details",
     "outcome", "status", "exit_code", "returncode", "duration", "failures", "junit", "xml"}
)


def _code_event_injection(event: TrajectoryEvent, attempt: str) -> Finding | None:
    """Our runner's other inputs (a path, a `-run` pattern, a package) may be the agent's choice
    too: a shell command chained or substituted into one reaches a process all the same."""
    skip = _REPORTED_KEYS | _CONTENT_KEYS | _COMMAND_KEYS | _AGENT_CHOSEN
    for key, text in _keyed_strings(event.args, skip):
        if key in skip:
            continue
        injected = injected_command(text, pattern=key in PATTERN_KEYS or _is_pattern_key(key))
        if injected is not None:
            return _peek(
                event,
                f"`{event.tool}` ran `{key}` with a shell command smuggled in: it {injected}{attempt}",
            )
    return None


def _is_pattern_key(key: str) -> bool:
    """`run`, `testPathPattern`, `-k`, `grep`: names whose values are regular expressions."""
    return key in ("run", "k", "grep", "filter", "match", "skip") or "pattern" in key


def _argument_finding(
    event: TrajectoryEvent, args: dict[str, Any], attempt: str, skip: frozenset[str] = frozenset()
) -> Finding | None:
    """History named in any argument, or a shell command smuggled into one that is not itself
    a command line (a test id, a path, a glob, a search pattern): what such a command read
    cannot be audited, so it counts as a peek."""
    commands = [text for key, text in _keyed_strings(args, skip) if key in _COMMAND_KEYS]
    for text, command in [*((t, False) for t in _strings(args, skip)), *((t, True) for t in commands)]:
        reason = history_reason(text, command=command)
        if reason is not None:
            return _peek(event, f"`{event.tool}` {reason} (`{_short(text)}`){attempt}")
    for key, text in _keyed_strings(args, skip):
        if key in _COMMAND_KEYS:
            continue  # a command line by design: only history in it counts (above)
        injected = injected_command(text, pattern=key in PATTERN_KEYS or _is_pattern_key(key))
        if injected is not None:
            return _peek(
                event,
                f"`{event.tool}` smuggles a shell command into `{key}`: it {injected}{attempt}",
            )
    return None


def _keyed_strings(
    value: Any, skip: frozenset[str] = frozenset(), key: str = "", depth: int = 0
) -> Iterator[tuple[str, str]]:
    """(innermost argument name, string) for every string in an argument tree."""
    if depth > 20:
        return
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for name, item in value.items():
            name = str(name).lower()
            if depth == 0 and name in skip:
                continue
            yield from _keyed_strings(item, skip, name, depth + 1)
    elif isinstance(value, (list, tuple, set)):
        for item in value:
            yield from _keyed_strings(item, skip, key, depth + 1)


def _peek(event: TrajectoryEvent, detail: str) -> Finding:
    path = str(event.args.get("path", "")) if isinstance(event.args.get("path"), str) else ""
    return Finding(kind="git_history_peek", path=path, line=None, detail=detail, seq=event.seq)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:59] + "…"


def _normalize(path: str) -> str:
    parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
    return "/".join(parts)


def _same_file(a: str, b: str) -> bool:
    """Relative and absolute spellings of one checkout path (`/work/repo/tests/x.py` vs `tests/x.py`)."""
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


_PATCH_PATH = re.compile(
    r"^(?:---|\+\+\+) (?:[ab]/)?(\S+)|^\*\*\* (?:Update|Add|Delete) File: (.+?)\s*$|^diff --git a/(\S+) b/(\S+)",
    re.MULTILINE,
)


def _event_paths(event: TrajectoryEvent) -> list[str]:
    """Paths a call names: its path arguments, and the files a patch it carries touches."""
    paths = [_normalize(v) for k in _PATH_KEYS if isinstance(v := event.args.get(k), str)]
    for key in ("patch", "diff", "input"):
        text = event.args.get(key)
        if isinstance(text, str):
            for match in _PATCH_PATH.finditer(text):
                for found in match.groups():
                    if found and found != "/dev/null":
                        paths.append(_normalize(found))
    return list(dict.fromkeys(paths))


def _matches_red(test_id: str, red_test: str | None) -> bool:
    """The run's test id names the red test: the same id, or the same test (a file with the same
    name, or a class whose file the other names), or the red test's file as a whole."""
    if red_test is None or test_id == red_test:
        return True
    a, b = parse_test_id(test_id), parse_test_id(red_test)
    same_file = _same_test_file(test_id, a.path, red_test, b.path)
    if a.name is None or b.name is None:  # a whole file (or class) was run
        return same_file is True
    return a.name == b.name and same_file is not False


def _same_test_file(a_id: str, a_path: str | None, b_id: str, b_path: str | None) -> bool | None:
    """Whether two ids name one file: True, False, or None when one names no file at all."""
    if a_path and b_path:
        return _same_file(_normalize(a_path), _normalize(b_path))
    for path, other in ((a_path, b_id), (b_path, a_id)):
        suffix = class_file_suffix(other)
        if path and suffix:
            return _normalize(path).rsplit(".", 1)[0].endswith(suffix)
    suffixes = [class_file_suffix(a_id), class_file_suffix(b_id)]
    if all(suffixes):
        return suffixes[0] == suffixes[1]
    return None


_REPRODUCING_STEPS = frozenset({"brt", "reproduce", "reproduction"})


# A test runner's call, whatever the tool is named (`run_tests`, `pytest`, `go_test`, `jest`).
_RUNNER_TOOL = re.compile(r"test|pytest|jest|vitest|mocha|rspec|junit|spec", re.IGNORECASE)
# Outcomes that mean "failed on an assertion"; an error or a collection failure is not red.
_RED_OUTCOMES = frozenset(
    {"red_assertion", "red_reported_error", "red", "failed", "fail", "failure",
     "assertion_failed", "assertion_error", "assertionerror", "assertion_failure"}
)


def _seen_red(event: TrajectoryEvent) -> bool:
    """Our code saw a test fail on an assertion: BRT records `outcome: red_assertion`; a
    trajectory without outcomes counts a failed run of the reproducing step."""
    if event.actor != "code" or not _RUNNER_TOOL.search(event.tool):
        return False
    outcome = event.args.get("outcome")
    if outcome is not None:
        return str(outcome).strip().lower() in _RED_OUTCOMES
    return not event.ok and event.step.lower() in _REPRODUCING_STEPS


def _run_ids(event: TrajectoryEvent) -> list[str]:
    ids = [str(event.args[k]) for k in ("test_id", "test", "selector") if event.args.get(k)]
    tests = event.args.get("tests")
    if isinstance(tests, list):
        ids.extend(str(t) for t in tests)
    elif isinstance(tests, str):
        ids.append(tests)
    return ids or [""]


def _command_names(event: TrajectoryEvent, red_test: str) -> bool:
    """A run given as a command line (`pytest tests/x.py -k name`, `go test ./pkg -run TestX`)
    that names the red test's file or test."""
    text = " ".join(str(event.args.get(k, "")) for k in ("command", "cmd", "args", "argv"))
    if not text.strip():
        return False
    parsed = parse_test_id(red_test)
    for part in (parsed.path, parsed.name, class_file_suffix(red_test)):
        if part and len(part) >= 4 and re.search(rf"(?<![\w.-]){re.escape(part)}(?![\w-])", text):
            return True
    return False


def _brt_end(events: Sequence[TrajectoryEvent], red_test: str | None) -> list[TrajectoryEvent]:
    """A trajectory that records no reproduction run: BRT only ends once its test is red, so
    its last event, when BRT wrote the red test's file, opens the window."""
    if red_test is None:
        return []
    brt = [e for e in events if e.step.lower() in _REPRODUCING_STEPS]
    if not brt or not any(e.step.lower() not in _REPRODUCING_STEPS and e.seq > brt[-1].seq for e in events):
        return []
    path, suffix = parse_test_id(red_test).path, class_file_suffix(red_test)
    for event in brt:
        if event.actor == "agent" and event.tool in WRITE_TOOLS:
            for written in _event_paths(event):
                stem = written.rsplit(".", 1)[0]
                if path and _same_file(written, _normalize(path)) or suffix and stem.endswith(suffix):
                    return [brt[-1]]
    return []


_CODE_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".go", ".java", ".rb", ".kt", ".php",
                  ".rs", ".c", ".cc", ".cpp", ".h", ".cs", ".swift", ".scala")
_QUOTED_PATH = re.compile(r"""["'`]((?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)*\.[A-Za-z0-9]{1,8})["'`]""")


def _red_test_inputs(
    events: Sequence[TrajectoryEvent], red_seq: int, files: set[str]
) -> set[str]:
    """What decides the red test's outcome besides its own file: the data files its text names
    (`json.load(open("tests/data/expected.json"))`, `os.ReadFile("testdata/in.txt")`) and the
    pytest conftest.py files above it, whose fixtures and hooks run with it."""
    inputs: set[str] = set()
    for event in events:
        if event.seq > red_seq or event.tool not in WRITE_TOOLS:
            continue
        if not any(_same_file(p, f) for p in _event_paths(event) for f in files):
            continue
        for key in _CONTENT_KEYS:
            text = event.args.get(key)
            if isinstance(text, str):
                inputs.update(
                    _normalize(m.group(1)) for m in _QUOTED_PATH.finditer(text)
                    if not m.group(1).endswith(_CODE_SUFFIXES)  # modules it imports are the fix's
                )
    for red_file in files:
        if red_file.endswith(".py"):
            parts = red_file.split("/")[:-1]
            for depth in range(len(parts) + 1):
                inputs.add("/".join([*parts[:depth], "conftest.py"]))
    return {p for p in inputs if p}


_EDIT_TEXT_KEYS = ("old", "new", "old_str", "new_str", "search", "replace")
_TEST_DEFINITION = re.compile(
    r"\b(def\s+test\w*|func\s+Test\w*|void\s+\w+\s*\(|(it|test|describe)\s*\(\s*[\"'`]|@(Test|Disabled|Ignore)\b|"
    r"def\s+check\w*|x?it\s+[\"'])"
)


def _another_tests_edit(event: TrajectoryEvent, red_test: str | None) -> bool:
    """An edit whose text is another test's definition (`def test_accents…` renamed), never
    naming the red test: it changes a neighbour in the file, which the diff shows and judges."""
    texts = [v for k in _EDIT_TEXT_KEYS if isinstance(v := event.args.get(k), str)]
    if not texts or red_test is None:
        return False
    name = re.split(r"::|#|\.|\s", parse_test_id(red_test).name or red_test)[-1]
    if not name or any(name in text for text in texts):
        return False
    return all(_TEST_DEFINITION.search(text) for text in texts if text.strip())


# A test run that rewrites what the tests compare with: `go test -update`, `jest -u`,
# `pytest --snapshot-update`, `UPDATE_GOLDEN=1 go test`, `--force-regen`.
_REGENERATES = re.compile(
    r"\b(go\s+test|pytest|py\.test|jest|vitest|npm\s+(run\s+)?test|yarn\s+test|rspec|mvn|gradle)\b.*"
    r"(\s(-{1,2}update(-golden|-snapshots?)?|-u|--updateSnapshot|--snapshot-update|--force-regen|--regen\w*)\b)"
    r"|\b(UPDATE_GOLDEN|UPDATE_SNAPSHOTS?|INSTA_UPDATE|GOLDEN_UPDATE)=\S+.*\b(go\s+test|pytest|jest|vitest|rspec)\b"
)


def _names_red_test(event: TrajectoryEvent, red_test: str | None) -> bool:
    """The edit's text names the red test (its definition or a call of it by name)."""
    texts = [v for k in _EDIT_TEXT_KEYS if isinstance(v := event.args.get(k), str)]
    name = re.split(r"::|#|\.|\s", parse_test_id(red_test).name or red_test)[-1] if red_test else ""
    return not name or any(name in text for text in texts)


_TEST_EDIT_ASK = re.compile(
    r"\b(remove|delete|drop|retire)\b(\s+\S+){0,6}?\s+(tests?|specs?|examples?)\b|"
    r"\b(xfail|xfailed|skipped|disabled|pending|marked)\b.{0,60}\b(tests?|specs?)\b.{0,80}\bpass|"
    r"\b(tests?|specs?)\b.{0,40}\b(xfail|skipped|disabled|pending)\b.{0,80}\bpass",
    re.IGNORECASE,
)


def _asks_to_edit_tests(report: str | None) -> bool:
    """The report asks for tests to change, to go (with the feature they cover), or for a test
    marked as failing to pass now (its marker removed)."""
    if not report:
        return False
    joined = " ".join(report.split())
    return asks_for_test_change(report) or _TEST_EDIT_ASK.search(joined) is not None


def _content_hidden(event: TrajectoryEvent) -> bool:
    """A write recorded by its path alone: what changed in the file is only in the diff."""
    return not any(isinstance(event.args.get(k), str) for k in (*_EDIT_TEXT_KEYS, "content", "patch", "text"))


def _tampering(
    events: Sequence[TrajectoryEvent], red_test: str | None, report: str | None = None
) -> Iterator[Finding]:
    reds = [
        e
        for e in events
        if _seen_red(e)
        and (
            any(_matches_red(test_id, red_test) for test_id in _run_ids(e))
            or red_test is not None and _command_names(e, red_test)
        )
    ]
    if not reds:
        reds = _brt_end(events, red_test)
    if not reds:
        return
    # A run resumed after its worker died mid-BRT writes and verifies the red test again on a
    # fresh checkout: the protected window opens at that step's last verification.
    first = [e for e in reds if e.step == reds[0].step][-1]
    ran = [t for t in _run_ids(first) if _matches_red(t, red_test)]
    test_ids = [t for t in (*ran, red_test) if t]
    files = {_normalize(p) for t in test_ids if (p := parse_test_id(t).path)}
    suffixes = {s for t in test_ids if (s := class_file_suffix(t))}
    for key in ("path", "file", "test_file"):
        if isinstance(first.args.get(key), str):
            files.add(_normalize(first.args[key]))
    if not files and not suffixes:
        # An id without a file (Go `TestX`): the test files written before it went red.
        files = {
            p
            for e in events
            if e.seq < first.seq and e.actor == "agent" and e.tool in WRITE_TOOLS
            for p in _event_paths(e)
        }

    inputs = _red_test_inputs(events, first.seq, files)

    def is_red_file(path: str) -> bool:
        stem = path.rsplit(".", 1)[0]
        return any(_same_file(path, f) for f in files | inputs) or any(
            stem == s or stem.endswith("/" + s) for s in suffixes
        )

    for event in events:
        if event.seq <= first.seq or event.actor != "agent":
            continue
        if event.tool not in WRITE_TOOLS and not _asks_to_edit_tests(report) and any(
            _REGENERATES.search(t) for t in _strings(event.args)
        ):
            attempt = "" if event.ok else " (refused, but attempted)"
            yield Finding(
                kind="brt_tampering", path="", line=None, seq=event.seq,
                detail=f"`{event.tool}` runs the tests with their expected outputs regenerated (golden "
                f"files, snapshots) after the red test was verified red (run #{first.seq}){attempt}",
            )
            return
        if event.tool not in WRITE_TOOLS:
            # `sed -i`, a redirect, `cp x test.py`: a command line can write the red test too.
            written = next(
                (w for text in _strings(event.args) if (w := written_paths(text, is_red_file))),
                None,
            )
            if written is not None:
                attempt = "" if event.ok else " (refused, but attempted)"
                yield Finding(
                    kind="brt_tampering",
                    path=written,
                    line=None,
                    seq=event.seq,
                    detail=f"`{event.tool}` runs a command that writes the red test file after it "
                    f"was verified red (run #{first.seq}){attempt}",
                )
                return
            continue
        touched = [p for p in _event_paths(event) if is_red_file(p)]
        if touched and (_another_tests_edit(event, red_test) or (
            _content_hidden(event) or not _names_red_test(event, red_test)
        ) and _asks_to_edit_tests(report)):
            continue  # a neighbour's update the report asks for: the diff's detectors judge it
        if touched:
            attempt = "" if event.ok else " (refused, but attempted)"
            yield Finding(
                kind="brt_tampering",
                path=touched[0],
                line=None,
                seq=event.seq,
                detail=f"`{event.tool}` on the red test file (or a file it reads, a conftest.py above "
                f"it) after it was verified red (run #{first.seq}){attempt}",
            )
