"""git_history_peek in the diff: code the fix adds that reads the repository's history.

The trajectory audit sees the agent's own calls; a test fixture or helper that runs `git log`,
`git show REV:path` or reads `.git/…` brings the future (or the past) into the run later, when
the tests execute. Every language: a process launched with a git history command in its
arguments (`subprocess.run(["git", "show", …])`, `exec.Command("git", "log")`, `execSync(…)`,
`ProcessBuilder`, Ruby backticks and `%x()`), a git library walking commits in a test, or a
file read under `.git/`. Product code may stamp a version (`git rev-parse HEAD`, `git
describe`): only history reads count there. Scripts, CLIs, Makefiles and package.json scripts
are judged whether the change adds or modifies them (a modified `tools/x.go` that adds `git
reflog` runs it in the next test run all the same); what a file's unchanged code already runs
is its job (a changelog tool's `git log` edited), a history subcommand it did not run is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, DiffContext, is_full_line_comment
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine
from bot.validator.history_text import git_subcommand, git_subcommands, history_reason, normalize
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
     "restore", "notes"}
)
_SPAN_LINES = 8


def detect(ctx: DiffContext) -> Iterator[Finding]:
    for changed in ctx.files:
        if not any(_names_git(line.text) for line in changed.net_added):
            continue  # every shape below names git in an added line (argv, library, `.git/`)
        job = _job(changed) if changed.change.status != "added" else frozenset()
        if _is_shell_script(changed):
            found = _shell_reads(changed, job)
        elif _TASK_FILE.search(changed.path):
            found = _task_reads(changed, job)
        elif changed.is_code:
            found = _history_reads(changed, job if changed.is_product else frozenset())
        else:
            continue
        if found is not None:
            yield found


def _names_git(text: str) -> bool:
    """Whether a line names git, disguises undone (`g\u200bit`: the shell runs git all the same)."""
    return "git" in (text.lower() if text.isascii() else normalize(text))


def _history_reads(changed: ChangedFile, job: frozenset[str]) -> Finding | None:
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
                reason = _command_reason(changed, span, job) or _command_reason(
                    changed, span + "\n" + _argument_definitions(changed, rows[:index], span), job
                )
            if reason is None and _GIT_DIR_JOB not in job:
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


_GIT_DIR_JOB = ".git/"


def _job(changed: ChangedFile) -> frozenset[str]:
    """The git subcommands (and `.git/` reads) the file's unchanged or removed lines already run:
    its own job, which an edit may carry on. Only what the hunks show; a subcommand git is given
    through a name (`exec.Command("git", args...)`) is unknown and so grants nothing."""
    old = [changed.code(line) for hunk in changed.change.hunks for line in hunk.lines if line.kind != "+"]
    found: set[str] = set()
    for code in old:
        if "git" not in code.lower():
            continue
        found |= git_subcommands(code)
        if _GIT_FILE.search(" ".join(_literals(code)).replace("\\", "/")):
            found.add(_GIT_DIR_JOB)
    return frozenset(found)


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


_SHELL_SCRIPT = re.compile(
    r"\.(sh|bash|zsh|ksh|mk)$|(^|/)(GNUmakefile|Makefile|makefile|Justfile|justfile)$"
    r"|(^|/)(scripts?|bin|tools|cmd|hack|ci)/[^/.]+$"  # an executable without a suffix
)
_SHEBANG = re.compile(r"^#!\s*/\S*(/env\s+)?\S*\b(ba|z|k|da)?sh\b")
_TASK_FILE = re.compile(r"(^|/)package\.json$")
# A JSON `"name": "command line"` pair, and git at a command's start inside that command line.
_JSON_PAIR = re.compile(r'^\s*"([^"\\]*)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_COMMAND_GIT = re.compile(r"(^|&&|\|\||[;|(`]|\$\()\s*(\S*/)?git(\.exe)?\s|(^|[\s\"'=/])\.git/")


def _is_shell_script(changed: ChangedFile) -> bool:
    """A shell script by name, or a file without a known language whose first line is a shell's
    shebang (a `./check` at the root the agent runs)."""
    if _SHELL_SCRIPT.search(changed.path):
        return True
    if changed.language is not None:
        return False
    first = next(
        (line for hunk in changed.change.hunks for line in hunk.lines if line.target_no == 1), None
    )
    return first is not None and bool(_SHEBANG.match(first.text))


def _shell_reads(changed: ChangedFile, job: frozenset[str]) -> Finding | None:
    """A shell script or Makefile the change adds or edits whose added commands read history
    (`git log -p -- tests/…`) that its unchanged lines did not already run."""
    for line in changed.net_added:
        code = line.text.split(" #", 1)[0].strip()
        if not code or code.startswith("#"):
            continue
        reason = _shell_reason(code, job)
        if reason is not None:
            verb = "adds" if changed.change.status == "added" else "edits"
            return finding(
                "git_history_peek",
                changed,
                line,
                f"the script the change {verb} runs `{snippet(code, 50)}`, {reason}",
            )
    return None


def _shell_reason(code: str, job: frozenset[str]) -> str | None:
    why = history_reason(code, command=True)
    if why is None:
        return None
    if why == "reaches into `.git`":
        return None if _GIT_DIR_JOB in job else "a read under `.git/`"
    sub = git_subcommand(code)
    if sub is not None and (sub in _PRODUCT_ALLOWED or sub in job):
        return None
    return "a git history command"


def _task_reads(changed: ChangedFile, job: frozenset[str]) -> Finding | None:
    """A package.json whose added script line runs a history command (`"pretest": "git show
    HEAD~1:src/x.js > …"`): npm runs it before the tests. Only a value where git (or `.git/`)
    stands at a command's start, so a description mentioning git is not a command."""
    for line in changed.net_added:
        pair = _JSON_PAIR.match(line.text)
        if pair is None or not _COMMAND_GIT.search(pair.group(2)):
            continue
        reason = _shell_reason(pair.group(2), job)
        if reason is not None:
            return finding(
                "git_history_peek",
                changed,
                line,
                f"the package script `{pair.group(1)}` runs `{snippet(pair.group(2), 50)}`, {reason}",
            )
    return None


def _literals(text: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None) for m in _LITERAL.finditer(text)]


def _command_reason(changed: ChangedFile, span: str, job: frozenset[str]) -> str | None:
    """The command line a process call assembles from its literal arguments, if it reads history
    the file did not already read (`job`)."""
    texts = _literals(span)
    if changed.language == "ruby":
        texts += [m.group(1) or m.group(2) or "" for m in _RUBY_SHELL.finditer(span)]
    command = " ".join(texts)
    for text in (command, *texts):
        if history_reason(text) is None:
            continue
        sub = git_subcommand(text)
        if sub is not None and sub in job:
            continue
        if not changed.is_test and (sub is None or sub in _PRODUCT_ALLOWED):
            continue
        return f"runs `{snippet(text, 50)}`, a git history command"
    return None
