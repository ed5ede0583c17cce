"""The parsed diff as detectors see it: each changed file with its language, role and fragments."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from bot.validator.diffparse import DiffLine, FileChange, Hunk
from bot.validator.filekinds import (
    C_LIKE,
    comment_prefixes,
    is_code_path,
    is_test_path,
    language_of,
)
from bot.validator.models import BreadthLimits
from bot.validator.syntax import Fragment, fragments_for

_SPACES = re.compile(r"\s+")


def normalized(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


@lru_cache(maxsize=65536)
def split_comment(text: str, language: str | None) -> tuple[str, str]:
    """(code, comment) of one line; quotes are tracked so `"#"` in a string is not a comment."""
    markers = ("#",) if language in ("python", "ruby") else ("//",) if language else ("#", "//")
    if not any(m in text for m in markers) and "*" not in text:
        return text, ""
    stripped = text.lstrip()
    if language not in ("python", "ruby") and stripped.startswith(("/*", "*")):
        return "", stripped
    quote: str | None = None
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'`":
            quote = ch
        else:
            for marker in markers:
                if text.startswith(marker, i):
                    return text[:i], text[i:]
        i += 1
    return text, ""


def is_full_line_comment(text: str, language: str | None) -> bool:
    """A line that is a comment as a whole. A C-like block comment's continuation starts with
    `*` and a space (or `*/`); `*m = append(*m, v)` or `*[Symbol.iterator]()` is code."""
    stripped = text.lstrip()
    if re.match(r"\*[A-Za-z_(\[&]", stripped) and language in C_LIKE:
        return False
    return bool(stripped) and stripped.startswith(comment_prefixes(language))


@dataclass
class ChangedFile:
    """A FileChange plus what detectors keep asking: language, test or product, net changes."""

    change: FileChange
    language: str | None = field(init=False)
    is_test: bool = field(init=False)
    is_code: bool = field(init=False)

    def __post_init__(self) -> None:
        self.language = language_of(self.change.path)
        self.is_test = is_test_path(self.change.path)
        self.is_code = is_code_path(self.change.path)

    @property
    def path(self) -> str:
        return self.change.path

    @property
    def is_product(self) -> bool:
        return self.is_code and not self.is_test

    @cached_property
    def fragments(self) -> list[Fragment]:
        return fragments_for(self.change, self.language) if self.change.hunks else []

    @cached_property
    def net_added(self) -> list[DiffLine]:
        """Added lines that are not just moved: a line removed elsewhere in this file cancels one."""
        removed = Counter(normalized(line.text) for line in self.change.removed)
        out = []
        for line in self.change.added:
            key = normalized(line.text)
            if removed[key] > 0:
                removed[key] -= 1
                continue
            out.append(line)
        return out

    @cached_property
    def net_removed(self) -> list[DiffLine]:
        added = Counter(normalized(line.text) for line in self.change.added)
        out = []
        for line in self.change.removed:
            key = normalized(line.text)
            if added[key] > 0:
                added[key] -= 1
                continue
            out.append(line)
        return out

    @cached_property
    def _positions(self) -> dict[int, tuple[Hunk, int]]:
        return {
            id(line): (hunk, index)
            for hunk in self.change.hunks
            for index, line in enumerate(hunk.lines)
        }

    def locate(self, line: DiffLine) -> tuple[Hunk, int] | None:
        """The hunk holding this very line and its index there, without scanning every hunk."""
        return self._positions.get(id(line))

    def code(self, line: DiffLine) -> str:
        return split_comment(line.text, self.language)[0]

    def comment(self, line: DiffLine) -> str:
        return split_comment(line.text, self.language)[1]


@dataclass
class DiffContext:
    files: list[ChangedFile]
    red_test: str | None = None
    red_literals: frozenset[str] = frozenset()
    red_literals_exact: bool = False  # of the named red test (or given), not of every added test
    estimate_points: float | None = None
    limits: BreadthLimits = field(default_factory=BreadthLimits)
    report: str | None = None  # the bug report / acceptance criteria text, when the caller has it

    @property
    def product_files(self) -> list[ChangedFile]:
        return [f for f in self.files if f.is_product]

    @property
    def test_files(self) -> list[ChangedFile]:
        return [f for f in self.files if f.is_test and f.is_code]
