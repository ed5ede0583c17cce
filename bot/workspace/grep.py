"""The `grep` tool's search, run in a child process so a pathological pattern cannot hang the bot.

Python's `re` backtracks without a time limit; the agent's pattern is untrusted. The parent
kills the child at a deadline (`python -m bot.workspace.grep`, JSON on stdin and stdout).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pathspec

MAX_FILE_BYTES = 2_000_000
MAX_LINE_CHARS = 2000
SKIP_DIRS = frozenset(
    {
        ".git",
        "node_modules",
        ".venv",
        "venv",
        "__pycache__",
        ".tox",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
    }
)


def _files(root: Path, start: Path, glob: str | None) -> Iterator[tuple[Path, str]]:
    spec = pathspec.GitIgnoreSpec.from_lines([glob]) if glob else None
    if start.is_file():
        walk: Iterator[tuple[str, list[str], list[str]]] = iter(
            [(str(start.parent), [], [start.name])]
        )
    else:
        walk = os.walk(start, followlinks=False)
    for folder, dirs, files in walk:
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and d.lower() != ".git")
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_symlink():  # never read through links (they may point anywhere)
                continue
            rel = path.relative_to(root).as_posix()
            if spec is None or spec.match_file(rel):
                yield path, rel


def search(
    root: Path, start: Path, pattern: str, glob: str | None, cap: int
) -> tuple[list[str], bool]:
    """`rel:line: text` for each matching line, at most `cap`; True when capped."""
    regex = re.compile(pattern)
    matches: list[str] = []
    for path, rel in _files(root, start, glob):
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                continue
            data = path.read_bytes()
        except OSError:
            continue
        if b"\0" in data[:8192]:
            continue
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if regex.search(line[:MAX_LINE_CHARS]):
                if len(matches) >= cap:
                    return matches, True
                matches.append(f"{rel}:{number}: {line.strip()[:200]}")
    return matches, False


def main() -> None:
    request = json.load(sys.stdin)
    matches, capped = search(
        Path(request["root"]),
        Path(request["start"]),
        request["pattern"],
        request.get("glob"),
        int(request["cap"]),
    )
    json.dump({"matches": matches, "capped": capped}, sys.stdout)


if __name__ == "__main__":
    main()
