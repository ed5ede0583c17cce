"""What to write tests for: named targets, or the change an issue's commits made.

Sprint-driven runs look for commits on the base branch that name the issue (`#12`, as merge
commits of change requests and "Fixes #12" commits do) in the repository's mirror, which keeps
the history the depth-1 checkout lacks; the source files they touched are the targets, narrowed
to the functions their hunks name. Paths the issue text names are added. Tests, protected
paths, missing files and anything but sources of the repository's language (Python, or
JavaScript and TypeScript) are left out.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pathspec

from bot.chains.tests.artifacts import TestTarget
from bot.chains.tests.js_tautology import js_subject
from bot.chains.tests.jsast import JS_SUFFIXES, is_js
from bot.workspace.git import Git, GitError
from bot.workspace.safe_fs import read_beneath

if TYPE_CHECKING:
    from bot.engine.context import RunContext

MAX_TARGETS = 5
MAX_COMMITS = 20
SOURCE_SUFFIXES = (".py",)
_PATH_IN_TEXT = re.compile(
    r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.(?:py|js|mjs|cjs|jsx|ts|mts|cts|tsx))\b")
_HUNK_FUNCTION = re.compile(
    r"^@@[^@]*@@.*?(?:\bdef\s+(\w+)|\bfunction\*?\s+(\w+)|"
    r"\b(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|\w+\s*=>))",
    re.MULTILINE)
_ADDED_FUNCTION = re.compile(
    r"^[+-]\s*(?:export\s+(?:default\s+)?)?(?:async\s+)?(?:def\s+(\w+)|function\*?\s+(\w+)|"
    r"(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|\w+\s*=>))",
    re.MULTILINE)


def source_suffixes(language: str) -> tuple[str, ...]:
    """The files a repository's tests are written for: Python, or JavaScript and TypeScript."""
    return JS_SUFFIXES if language in ("javascript", "typescript") else SOURCE_SUFFIXES


def source_files(root: Path, suffixes: tuple[str, ...], limit: int = 2000) -> list[Path]:
    """Files of `root` ending in `suffixes`, sorted; hidden folders and `node_modules` (installed
    dependencies, never the project's own tests) are not entered, links are not followed."""
    found: list[Path] = []
    for folder, folders, names in os.walk(root):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f != "node_modules")
        found += [Path(folder) / n for n in names if n.endswith(suffixes)]
        if len(found) >= limit * 4:
            break
    return sorted(found)[:limit]


def defined_functions(source: str, path: str = "module.py") -> set[str]:
    if is_js(path):
        return set(js_subject(path, source).functions)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def eligible(checkout: Path, path: str, test_globs: list[str],
             is_protected: Callable[[str], bool],
             suffixes: tuple[str, ...] = SOURCE_SUFFIXES) -> bool:
    """A source file in the checkout (of the repository's language) that is neither a test
    nor protected."""
    if not path.endswith(suffixes) or path.startswith(("/", "..")) or ".." in path:
        return False
    full = checkout / path
    if full.is_symlink() or not full.is_file():
        return False
    if pathspec.GitIgnoreSpec.from_lines(test_globs).match_file(path):
        return False
    return not is_protected(path)


def paths_in_text(text: str) -> list[str]:
    return list(dict.fromkeys(m.group(1) for m in _PATH_IN_TEXT.finditer(text or "")))


async def commits_naming(git: Git, mirror: Path, branch: str, number: int) -> dict[str, set[str]]:
    """Source paths touched by the base branch's commits that name `#number`, each with the
    functions their hunks name."""
    try:
        log = await git.run(["log", f"refs/heads/{branch}", f"-n{MAX_COMMITS}", "-E",
                             f"--grep=#{number}([^0-9]|$)", "--format=%H"], git_dir=mirror)
    except GitError:
        return {}
    return await commits_touched(git, mirror, log.decode().split())


async def commits_touched(git: Git, mirror: Path, shas: list[str]) -> dict[str, set[str]]:
    """Paths the commits `shas` touched (at most `MAX_COMMITS` of them), each with the
    functions their hunks name."""
    touched: dict[str, set[str]] = {}
    for sha in shas[:MAX_COMMITS]:
        try:
            patch = (await git.run(["show", "--format=", "--unified=0", "--no-color",
                                    "--no-ext-diff", sha], git_dir=mirror)).decode(
                errors="replace")
        except GitError:
            continue
        for path, names in _touched(patch).items():
            touched.setdefault(path, set()).update(names)
    return touched


async def changed_between(git: Git, mirror: Path, base: str, head: str) -> dict[str, set[str]]:
    """Source paths a change request changes (`base...head`), with the functions it names."""
    try:
        patch = (await git.run(["diff", "--unified=0", "--no-color", "--no-ext-diff",
                                f"refs/heads/{base}...refs/heads/{head}"], git_dir=mirror)
                 ).decode(errors="replace")
    except GitError:
        return {}
    return _touched(patch)


def _touched(patch: str) -> dict[str, set[str]]:
    touched: dict[str, set[str]] = {}
    for section in re.split(r"^diff --git ", patch, flags=re.M)[1:]:
        header = section.splitlines()[0]
        match = re.search(r" b/(\S+)$", header)
        if not match:
            continue
        names = {name for groups in [*_HUNK_FUNCTION.findall(section),
                                     *_ADDED_FUNCTION.findall(section)]
                 for name in groups if name}
        touched.setdefault(match.group(1), set()).update(names)
    return touched


def choose(checkout: Path, candidates: dict[str, set[str]], why: dict[str, str],
           test_globs: list[str], is_protected: Callable[[str], bool],
           suffixes: tuple[str, ...] = SOURCE_SUFFIXES,
           limit: int = MAX_TARGETS) -> list[TestTarget]:
    targets = []
    for path, functions in candidates.items():
        if not eligible(checkout, path, test_globs, is_protected, suffixes):
            continue
        try:  # the checkout is untrusted: no link on the way is followed
            source = read_beneath(checkout, path, max_bytes=2 << 20).decode(errors="replace")
        except OSError:
            continue
        present = sorted(functions & defined_functions(source, path))
        targets.append(TestTarget(path=path, functions=present, why=why.get(path, "")))
        if len(targets) >= limit:
            break
    return targets


def mirror_of(ctx: RunContext) -> Path | None:
    """The repository's mirror (full history), when the run has a clone URL and it exists."""
    from bot.workspace.checkout import Workspace
    from bot.workspace.git import GitOptions

    url = ctx.tools.clone_url
    if not url:
        return None
    workspace = Workspace(ctx.settings.workspace_dir, GitOptions(
        allowed_protocols=tuple(ctx.settings.git_allowed_protocols),
        timeout_seconds=ctx.settings.git_timeout_seconds))
    path = workspace.mirrors.path_for(url)
    return path if path.is_dir() else None
