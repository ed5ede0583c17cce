"""Where a generated JavaScript or TypeScript test file goes, and how it says what it is.

Next to the module under test (in its folder's `__tests__` when there is one), named
`<module>.smith_<task>.test.<ext>`: jest's and vitest's default patterns collect it, and
`jest --testPathPattern smith_` selects generated tests (`--testPathIgnorePatterns smith_`
leaves them out). The file opens with a docblock carrying the `@generated-by smith` pragma and
the task (a sprint's: `@sprint <title>` and `@task #<issue>` too), which jest's docblock
parser (and any reader) can see.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from bot.chains.tests.js_config import ROOT, RunnerPatterns
from bot.chains.tests.jsast import JS_SUFFIXES

PRAGMA = "@generated-by smith"


def js_test_file_for(checkout: Path, target: str, tag: str,
                     patterns: RunnerPatterns | None = None) -> str:
    """The first name the configured runner collects (`patterns`, `js_config.py`): next to the
    module (or in its folder's `__tests__`) as `<module>.smith_<tag>.test<ext>`, else `.spec`,
    the module's own suffix before `.js`/`.ts`, `.mjs`, `.cjs`, the folders the patterns name,
    and a name shaped like the patterns' own (`*.check.mjs`). When none is collected, or the
    patterns cannot be read, the first: gate 1 then says why it never runs."""
    module = PurePosixPath(target)
    extension = module.suffix if module.suffix in JS_SUFFIXES else ".js"
    folder = module.parent
    tests = checkout / folder / "__tests__"
    if tests.is_dir() and not tests.is_symlink():
        folder = folder / "__tests__"
    first = _joined(folder, f"{module.stem}.smith_{tag}.test{extension}")
    if patterns is None or not patterns.known:
        return first
    typescript = extension in (".ts", ".tsx", ".mts", ".cts")
    extensions = list(dict.fromkeys([extension, ".ts" if typescript else ".js", ".mjs",
                                     ".cjs"]))
    stem = f"{module.stem}.smith_{tag}"
    names = [f"{stem}.{kind}{ext}" for ext in extensions for kind in ("test", "spec")]
    folders = [folder, *(PurePosixPath(f) for f in _pattern_folders(patterns)),
               PurePosixPath("__tests__"), PurePosixPath("test"), PurePosixPath("tests")]
    shaped = [_shaped(glob, stem) for glob in patterns.include]
    candidates = [_joined(where, name) for where in folders for name in names]
    candidates += [_joined(where, name) for where in folders for name in shaped if name]
    return next((c for c in dict.fromkeys(candidates) if patterns.runs(c)), first)


def _joined(folder: PurePosixPath, name: str) -> str:
    return name if str(folder) == "." else f"{folder.as_posix()}/{name}"


def _pattern_folders(patterns: RunnerPatterns) -> list[str]:
    """The literal folders the patterns start with (`<rootDir>/test/**/…` → `test`)."""
    found = []
    for glob in patterns.include:
        rel = glob.removeprefix(ROOT).lstrip("/")
        literal = []
        for part in PurePosixPath(rel).parts[:-1]:
            if any(c in part for c in "*?[{(!+@"):
                break
            literal.append(part)
        if literal:
            found.append("/".join(literal))
        if patterns.roots != (".",):
            found += [root for root in patterns.roots if root != "."]
    return found


def _shaped(glob: str, stem: str) -> str | None:
    """`**/*.check.mjs` → `<stem>.check.mjs`: the pattern's own file name, where it is a
    `*` and literal text."""
    name = PurePosixPath(glob).name
    if not name.startswith("*.") or any(c in name[1:] for c in "*?[{(!+@"):
        return None
    return stem + name[1:]


def tag_js(source: str, task: str, tags: dict[str, str] | None = None) -> str:
    """`source` opening with the generated-by docblock (once); a sprint's file also carries
    `@sprint` and `@task` pragmas (values on one line, never closing the comment)."""
    if source.lstrip().startswith(f"/**\n * {PRAGMA}"):
        return source
    lines = [f" * {PRAGMA} for {_safe(task)}; review before relying on it."]
    lines += [f" * @{key} {_safe(value)}" for key, value in (tags or {}).items()]
    return "/**\n" + "\n".join(lines) + "\n */\n" + source


def _safe(text: str) -> str:
    return " ".join("".join(c if c.isprintable() else " " for c in text)
                    .replace("*/", "* /").split())
