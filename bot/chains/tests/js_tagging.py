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

from bot.chains.tests.jsast import JS_SUFFIXES

PRAGMA = "@generated-by smith"


def js_test_file_for(checkout: Path, target: str, tag: str) -> str:
    module = PurePosixPath(target)
    extension = module.suffix if module.suffix in JS_SUFFIXES else ".js"
    folder = module.parent
    tests = checkout / folder / "__tests__"
    if tests.is_dir() and not tests.is_symlink():
        folder = folder / "__tests__"
    name = f"{module.stem}.smith_{tag}.test{extension}"
    return name if str(folder) == "." else f"{folder.as_posix()}/{name}"


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
