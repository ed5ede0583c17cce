"""git_history_peek in the diff: code the fix adds that reads the repository's history.

The trajectory audit sees the agent's own calls; a test fixture or helper that runs `git log`,
`git show REV:path` or reads `.git/…` brings the future (or the past) into the run later, when
the tests execute. Every language: a process launched with a git history command in its
arguments (`subprocess.run(["git", "show", …])`, `exec.Command("git", "log")`, `execSync(…)`,
`ProcessBuilder`, Ruby backticks and `%x()`), a git library walking commits in a test, or a
file read under `.git/`. Product code may stamp a version (`git rev-parse HEAD`, `git
describe`): only history reads count there, and not in scripts and CLIs or in a file whose
unchanged code already runs git (a changelog tool's job is `git log`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine
from bot.validator.filekinds import is_entrypoint
from bot.validator.history_text import git_subcommand, history_reason
from bot.validator.models import Finding

_PROCESS_CALL = re.compile(
    r"\bsubprocess\.\w+\s*\(|\bos\.(system|popen|exec\w*|spawn\w*)\s*\(|\bcommands\.getoutput\s*\(|"
    r"\bpexpect\.\w+\s*\(|\bexec\.Command(Context)?\s*\(|\bsyscall\.Exec\s*\(|"
    r"\bchild_process\.\w+\s*\(|(?<![\w.])(exec|execSync|execFile|execFileSync|spawn|spawnSync|execa|"
    r"execaSync|execaCommand|shell|sh|run|check_output|getoutput|system|spawn_process)\s*\(|"
    r"\.\s*(execSync|execFileSync|spawnSync|execFile|spawn)\s*\(|\$`|\bBun\.spawn\w*\s*\(|"
    r"\bDeno\.(run|Command)\b|\bRuntime\.getRuntime\(\)\s*\.exec\s*\(|\bnew\s+ProcessBuilder\s*\(|"
    r"\bProcessBuilder\s*\(|\.command\s*\(|\bOpen3\.\w+\s*\(?|\bIO\.popen\s*\(?|\bKernel\.(system|exec|spawn)\b|"
    r"(?<![\w.])(system|exec|spawn)\s+[\"']|%x[\(\[{|]|\bsh\s*\(|\brun_command\s*\("
)
_GIT_LIBRARY = re.compile(
    r"\biter_commits\s*\(|\.git\.(log|show|blame|rev_list|diff|cat_file|reflog)\s*\(|\bRevWalk\b|"
    r"\bsimpleGit\s*\(|[\"']simple-git[\"']|\bnodegit\b|\bisomorphic-git\b|\bgit\.Repo\s*\(|"
    r"^\s*from\s+git\s+import\b|^\s*import\s+git\s*$|\bRugged::|\bgo-git/go-git\b|\bGit\.open\s*\(|"
    r"\.(Log|CommitObject|ResolveRevision)\s*\(\s*&?git\.|\bPlainOpen\s*\(|\bpygit2\b|\bdulwich\b|"
    r"\.walk\(\s*\w+\.head\b|\brevparse_single\s*\("
)
_LITERAL = re.compile(
    r"\"\"\"(.*?)\"\"\"|'''(.*?)'''|\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`",
    re.DOTALL,
)
_RUBY_SHELL = re.compile(r"`([^`]*)`|%x[\(\[{|](.*?)[\)\]}|]")
_GIT_FILE = re.compile(
    r"(^|[\s/\"'])\.git/+(logs|refs|objects|orig_head|fetch_head|head|packed-refs|index|commit_editmsg)\b"
    r"|\.git\s+(logs|refs|objects|orig_head|fetch_head|packed-refs)\b",
    re.IGNORECASE,
)
# What product code may run for a version stamp or a remote check: no file's history is read.
_PRODUCT_ALLOWED = frozenset(
    {"rev-parse", "describe", "fetch", "pull", "ls-remote", "show-ref", "for-each-ref", "name-rev",
     "count-objects", "worktree", "archive", "bundle", "checkout", "switch", "reset", "stash",
     "restore", "cherry-pick", "revert", "notes"}
)
_SPAN_LINES = 8


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.files:
        if not any("git" in line.text.lower() for line in changed.net_added):
            continue  # every shape below names git in an added line (argv, library, `.git/`)
        if _SHELL_SCRIPT.search(changed.path) and changed.change.status == "added":
            found = _shell_reads(changed)
            if found is not None:
                yield found
            continue
        if not changed.is_code:
            continue
        if changed.is_product and _runs_git_already(changed):
            continue
        found = _history_reads(changed)
        if found is not None:
            yield found


def _history_reads(changed: ChangedFile) -> Finding | None:
    added = {id(line) for line in changed.net_added}
    for hunk in changed.change.hunks:
        rows = [line for line in hunk.lines if line.kind != "-"]
        for index, row in enumerate(rows):
            if id(row) not in added or is_full_line_comment(row.text, changed.language):
                continue
            code = changed.code(row)
            span = _statement(changed, rows, index)
            reason = None
            if changed.is_test and _GIT_LIBRARY.search(code):
                reason = "walks the repository's history with a git library"
            elif _PROCESS_CALL.search(code) or _RUBY_SHELL.search(code) and changed.language == "ruby":
                reason = _command_reason(changed, span) or _command_reason(
                    changed, span + "\n" + _argument_definitions(changed, rows[:index], span)
                )
            if reason is None:
                literals = " ".join(_literals(span))
                if _GIT_FILE.search(literals.replace("\\", "/")) or _GIT_FILE.search(
                    "/".join(_literals(span))
                ):
                    reason = "reads a file under `.git/`"
            if reason is not None:
                return finding(
                    "git_history_peek",
                    changed,
                    row,
                    f"{'the test code' if changed.is_test else 'the code'} {reason}: `{snippet(code)}`",
                )
    return None


def _runs_git_already(changed: ChangedFile) -> bool:
    """A script or CLI, or a file whose unchanged code already runs git: git is its job."""
    if is_entrypoint(changed.path) and changed.change.status != "added":
        return True  # a script the change adds is the agent's own tool: judged like product code
    old = "\n".join(
        changed.code(line) for hunk in changed.change.hunks for line in hunk.lines if line.kind != "+"
    )
    return bool(re.search(r"[\"'`]git[\"'`\s]|\bgit\s+\w", old))


def _statement(changed: ChangedFile, rows: list[DiffLine], index: int) -> str:
    """The row and the lines its open brackets carry on to (an argv list over several lines)."""
    parts, depth = [], 0
    for row in rows[index : index + _SPAN_LINES]:
        code = changed.code(row)
        parts.append(code)
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        if depth <= 0:
            break
    return "\n".join(parts)


def _argument_definitions(changed: ChangedFile, above: list[DiffLine], call: str) -> str:
    """The statements above that define the names a process call passes (`args := []string{"log",
    "-p"}` before `exec.Command("git", args...)`): the argv assembled in two steps."""
    names = set(re.findall(r"\b([A-Za-z_]\w*)\b(?!\s*\()", re.sub(r"\"[^\"]*\"|'[^']*'", "", call)))
    parts: list[str] = []
    for index, row in enumerate(above):
        match = re.match(r"^\s*(?:[\w<>\[\]]+\s+)?([A-Za-z_]\w*)\s*(?::=|=(?!=))", changed.code(row))
        if match and match.group(1) in names:
            parts.append(_statement(changed, above, index))
    return "\n".join(parts)


_SHELL_SCRIPT = re.compile(r"\.(sh|bash|zsh)$|(^|/)(Makefile|Justfile)$")


def _shell_reads(changed: ChangedFile) -> Finding | None:
    """A shell script the change adds whose commands read history (`git log -p -- tests/…`)."""
    for line in changed.net_added:
        code = line.text.split(" #", 1)[0].strip()
        if not code or code.startswith("#"):
            continue
        if history_reason(code, command=True) is None:
            continue
        sub = git_subcommand(code)
        if sub is not None and sub in _PRODUCT_ALLOWED:
            continue
        return finding(
            "git_history_peek",
            changed,
            line,
            f"the script the change adds runs `{snippet(code, 50)}`, a git history command",
        )
    return None


def _literals(text: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None) for m in _LITERAL.finditer(text)]


def _command_reason(changed: ChangedFile, span: str) -> str | None:
    """The command line a process call assembles from its literal arguments, if it reads history."""
    texts = _literals(span)
    if changed.language == "ruby":
        texts += [m.group(1) or m.group(2) or "" for m in _RUBY_SHELL.finditer(span)]
    command = " ".join(texts)
    for text in (command, *texts):
        if history_reason(text) is None:
            continue
        sub = git_subcommand(text)
        if not changed.is_test and (sub is None or sub in _PRODUCT_ALLOWED):
            continue
        return f"runs `{snippet(text, 50)}`, a git history command"
    return None
