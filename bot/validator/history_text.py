"""Is this tool-call text a peek at git history? Normalisation first, then shapes.

An agent that wants the fix from the future hides the command wherever an argument is free text:
a test id, a glob, a search pattern. So every string is undone before matching: unicode
look-alikes folded (NFKC plus a small Cyrillic/Greek table, zero-width characters dropped),
percent-encoding decoded, quotes and backslashes removed, case folded, whitespace collapsed.
Then `git` may carry global options before its subcommand (`git -C dir --no-pager log`).
Mentions of `log` or `show` inside a file name (`changelog.md`, `show_view.py`) are not commands.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from urllib.parse import unquote

# Letters that render like Latin ones; NFKC keeps them distinct, so fold them by hand.
_CONFUSABLES = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i",
        "ј": "j", "ѕ": "s", "һ": "h", "ԁ": "d", "ɡ": "g", "ց": "g", "ɩ": "i", "ι": "i",
        "ο": "o", "α": "a", "ε": "e", "τ": "t", "ν": "v", "κ": "k", "ρ": "p", "ѵ": "v",
        "ӏ": "l", "ⅼ": "l", "Ι": "i", "І": "i", "О": "o", "Ο": "o", "С": "c", "Е": "e",
        "Т": "t", "Н": "h", "К": "k", "Р": "p", "Х": "x", "В": "b", "М": "m", "А": "a",
        "ℓ": "l", "∕": "/", "⁄": "/", "／": "/", "＼": "\\", "․": ".", "‧": ".", "。": ".",
        "－": "-", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-",
    }
)
_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")
_QUOTES = re.compile("[\"'`\u2018\u2019\u201a\u201b\u201c\u201d\u00ab\u00bb]")
_SHELL_SPACE = re.compile(r"\$\{?ifs\}?|\$'\\t'|%09|\\t", re.IGNORECASE)
_SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u3000+]+")

_SUBCOMMANDS = (
    r"log|show|reflog|blame|annotate|rev-list|rev-parse|cat-file|whatchanged|shortlog|ls-tree|"
    r"diff|difftool|range-diff|format-patch|cherry-pick|cherry|checkout|restore|switch|stash|"
    r"reset|revert|grep|fsck|fetch|pull|bisect|name-rev|describe|for-each-ref|show-ref|show-branch|"
    r"ls-remote|archive|bundle|notes|worktree|gitk|verify-commit|count-objects|unpack-objects"
)
# `git` (or `git.exe`, `/usr/bin/git`), global options, then a history subcommand.
_GIT_COMMAND = re.compile(
    r"(?<![\w.-])git(\.exe)?"
    r"(\s+(-[cC]\s*\S+|--(git-dir|work-tree|namespace|exec-path|config-env)(=\S+|\s+\S+)|--[\w-]+(=\S+)?|-[a-z]+))*"
    rf"\s+({_SUBCOMMANDS})(?![\w-])"
)
_GITK = re.compile(r"(?<![\w.-])(gitk|tig|git-log|git-show|git-blame|git-reflog|git-rev-list)(?![\w.-])")
_REFS = re.compile(
    r"(?<![\w-])(orig_head|fetch_head|merge_head|cherry_pick_head|rebase_head|packed-refs)(?![\w-])"
    r"|(?<![\w.-])refs/(heads|remotes|tags|stash|original|notes)(?![\w.-])|(?<![\w.-])logs/(head|refs)(?![\w.-])"
    r"|(?<![\w-])head(~\d*|\^+\d*|@\{)|@\{-?\d+\}|(?<![\w.-])(head|[0-9a-f]{7,40}):[\w./-]"
)
# The shell's own history: its files, and the builtins that print it (`history`, `fc -l`) run as
# a command (at the start, or after a separator or substitution), not the word in a test name.
_SHELL_HISTORY = re.compile(
    r"(?<![\w-])\.?(bash|zsh|sh|ksh|fish|python|node_repl|psql|mysql|sqlite|irb|pry|lesshst)_history(?![\w-])"
    r"|\$\{?histfile\b|(?<![\w-])fish_history\b|([;&|(`{\n]|\$\()\s*(history|fc\s+-\w*[lsr])(?=$|[\s;|&)`<>])"
)
_HISTORY_COMMAND = re.compile(r"^\s*(builtin\s+)?(history|fc\s+-\w*[lsr])(?=$|[\s;|&)`<>])")
# `.git` as a path component, not `.github`, `.gitignore` or `x.git` (a repository URL).
_GIT_DIR = re.compile(r"(^|[\s/=:,;({\[|&<>*?!])\.git(/|$|[\s,;)}\]|&])")


@lru_cache(maxsize=16384)
def normalize(text: str) -> str:
    """The text as a shell would run it, with disguises removed; lower case."""
    decoded = text
    for _ in range(3):  # `%252e` is double-encoded: undo a few layers, not forever
        step = unquote(decoded)
        if step == decoded:
            break
        decoded = step
    folded = unicodedata.normalize("NFKC", decoded).translate(_CONFUSABLES)
    folded = _INVISIBLE.sub("", folded)
    folded = _SHELL_SPACE.sub(" ", folded)
    folded = _QUOTES.sub("", folded).casefold()
    return _SPACES.sub(" ", folded).strip()


def history_reason(text: str, *, command: bool = False) -> str | None:
    """Why this text reads or names git history (or the shell's), or None. Matches on the
    normalised text; `command`: the text is a command line, so `history` at its start runs."""
    if not text or len(text) > 20000:
        text = text[:20000]
    plain = normalize(text)
    if not plain:
        return None
    slashed = plain.replace("\\", "/")  # `.git\logs` on Windows-style paths
    if _GIT_DIR.search(slashed) or slashed in (".git", "./.git"):
        return "reaches into `.git`"
    unescaped = plain.replace("\\", "")  # `g\it lo\g`: the shell drops the backslashes
    argv = re.sub(r"[\[\](),]", " ", unescaped)  # an argv list: `['git', 'log', '-p']`
    if _history_git_command(unescaped) or _GITK.search(unescaped) or _history_git_command(argv):
        return "runs a git history command"
    if _REFS.search(slashed):
        return "names git history refs"
    if _SHELL_HISTORY.search(unescaped) or command and _HISTORY_COMMAND.match(unescaped):
        return "reads the shell's command history"
    return None


def _history_git_command(text: str) -> bool:
    """A git command that reads history: any of `_SUBCOMMANDS`, except a `git diff` of the
    agent's own edits or a `git checkout -- path` / `git restore path` undoing them (no revision
    but the checkout's `HEAD`) and `git stash` / `git stash pop`
    setting them aside and back (to see the red test fail without the fix)."""
    for match in _GIT_COMMAND.finditer(text):
        subcommand = match.group(match.lastindex or 0).strip()
        rest = re.split(r"[;&|\n]", text[match.end():], maxsplit=1)[0]
        if subcommand in ("diff", "checkout", "restore") and _own_changes(rest):
            continue  # a look at, or an undo of, the agent's own edits
        if subcommand == "stash" and re.fullmatch(r"\s*((push|save|pop|apply)\b)?(\s+-{1,2}[\w-]+)*\s*", rest):
            continue
        return True
    return False


def _own_changes(args: str) -> bool:
    """`git diff`, `git diff --cached`, `git diff head -- app/x.py`, `git diff --stat`: the
    edits made since the checkout, not another revision (`head~1`, `origin/main`, a hash, a
    branch name, `a..b`). Arguments arrive normalised: lower case, quotes removed."""
    paths = False
    for token in args.split():
        if token.startswith("--source=") and token != "--source=head":
            return False  # `git restore --source=head~2`: another revision's file
        if paths or token.startswith("-") and token != "--":
            continue
        if token == "--":
            paths = True
        elif token != "head" and (
            re.search(r"[~^@:]|\.\.|^[0-9a-f]{7,40}$|^(origin|upstream|refs)/", token) or not re.search(r"[/.]", token)
        ):
            return False  # a revision, or a bare word (a branch or a tag)
    return True


# Programs an injected command line starts with; a bare word after `;` in a test id is not one.
_PROGRAMS = (
    r"git|gitk|tig|hg|svn|sh|bash|zsh|dash|ksh|fish|busybox|env|eval|exec|source|command|xargs|"
    r"python[\d.]*|pip\d?|perl|ruby|node|npx|npm|yarn|pnpm|deno|bun|php|java|go|cargo|make|"
    r"cat|tac|head|tail|less|more|nl|grep|egrep|fgrep|rg|ag|awk|gawk|sed|cut|sort|uniq|tr|wc|"
    r"find|ls|dir|tree|stat|file|echo|printf|tee|base64|xxd|od|hexdump|strings|diff|patch|"
    r"curl|wget|nc|ncat|ssh|scp|rsync|cp|mv|rm|ln|mkdir|touch|chmod|chown|tar|zip|unzip|gzip|"
    r"gunzip|zcat|sleep|kill|pkill|ps|id|whoami|uname|open|pytest|jest|vitest|mocha|mvn|gradle|"
    r"history|fc|set|export|printenv|alias|type|which|hash|declare|read|mapfile|compgen"
)
_PROGRAM = rf"(\S*/)?({_PROGRAMS})(\.exe)?(?=$|[\s;|&)`<>])"
_SUBSTITUTION = re.compile(rf"\$\(\s*{_PROGRAM}|`\s*{_PROGRAM}[^`]*`|<\(\s*{_PROGRAM}")
_CHAINED = re.compile(rf"(;|&&|\|\||\n|\r)\s*{_PROGRAM}")
_PIPED = re.compile(rf"(?<!\|)\|(?!\|)\s*{_PROGRAM}")

PATTERN_KEYS = frozenset({"pattern", "patterns", "regex", "regexp", "query", "search", "expr", "expression"})
"""Argument names that hold a regular expression: `|` there is alternation, not a pipe."""


def injected_command(text: str, *, pattern: bool = False) -> str | None:
    """A shell command smuggled into a value that reaches a process, or None.

    Command substitution (`$(…)`, backticks, `<(…)`) and a command chained after `;`, `&&`, `||`
    or a newline count everywhere; a pipe into a program only where the value is not a regular
    expression. (A redirection is not looked for: ` > ` separates a jest test id's parts.) The command has to start with a program's name, so a test id
    with a `;` in a parameter (`test_x[a;b]`) is not a command line.
    """
    if not text or len(text) > 20000:
        text = text[:20000]
    plain = text if text.isascii() else normalize(text)
    for shape, why in (
        (_SUBSTITUTION, "substitutes a command"),
        (_CHAINED, "chains a command"),
    ):
        match = shape.search(plain)
        if match:
            return f"{why}: `{match.group(0).strip()}`"
    if not pattern:
        piped = _PIPED.search(plain)
        if piped:
            return f"pipes into a command: `{piped.group(0).strip()}`"
    return None


def git_subcommands(text: str) -> set[str]:
    """Every git subcommand a line of code or shell runs (`["git", "log", "-p"]` and `git -C x
    log` alike): what a file already does with git."""
    plain = re.sub(r"[\[\](),{}]", " ", normalize(text).replace("\\", ""))
    found = {m.group(m.lastindex or 0).strip() for m in _GIT_COMMAND.finditer(plain)}
    return found | {m.group(1).removeprefix("git-") for m in _GITK.finditer(plain)}


def git_subcommand(text: str) -> str | None:
    """The git subcommand a command line runs (`log` in `git -C x --no-pager log -p`), or None."""
    unescaped = normalize(text).replace("\\", "")
    match = _GIT_COMMAND.search(unescaped)
    if match:
        return match.group(match.lastindex or 0).strip()
    gitk = _GITK.search(unescaped)
    return gitk.group(1).removeprefix("git-") if gitk else None
