"""Protected paths: globs a bug fix must never touch (deployment, CI, Smith's config).

Three layers ask the same question — agent tools before a write, the validator on the diff,
publishing before a push — so the normalisation lives here once; checking a diff against the
globs is the validator's (bot/validator/protected.py). Paths are folded (NFKC,
case, common look-alike letters, odd slashes, `./`, `//`, `..`) before matching, because an
agent that writes `.GitHub/Workflows/ci.yml` or `Dоckerfile` (Cyrillic о) must still be stopped.
"""

from __future__ import annotations

import posixpath
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import pathspec
import yaml

DEFAULTS_FILE = Path(__file__).resolve().parent.parent / "protected_paths.yaml"

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"), None)
# Look-alikes NFKC leaves alone (Cyrillic, Greek, a few Latin variants and separators).
_CONFUSABLES = str.maketrans(
    {
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "һ": "h",
        "ӏ": "l",
        "ь": "b",
        "ɡ": "g",
        "ı": "i",
        "ȷ": "j",
        "ʟ": "l",
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ω": "w",
        "ϲ": "c",
        "ϳ": "j",
        "\u2215": "/",
        "\u2044": "/",
        "\u29f8": "/",
        "\\": "/",
        "\u3002": ".",
        "\uff61": ".",
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2212": "-",
    }
)


def normalize_path(path: str) -> str:
    """Fold a repository path to the form patterns are matched against (lower-case, no tricks)."""
    folded = unicodedata.normalize("NFKC", path).translate(_INVISIBLE).casefold()
    folded = folded.translate(_CONFUSABLES)
    folded = unicodedata.normalize("NFKC", folded)
    parts: list[str] = []
    for segment in folded.split("/"):
        segment = segment.strip()
        if segment in ("", "."):
            continue
        if segment == "..":
            if parts:
                parts.pop()
            continue
        trimmed = segment.rstrip(". ")  # Windows drops trailing dots and spaces
        parts.append(trimmed or segment)
    return "/".join(parts)


# Folder globs that protect deployment manifests (YAML, chart templates, HCL). A program's source
# file under a nested folder of that name (`internal/k8s/labels.go`, `src/components/charts/Bar.tsx`)
# is product code a fix may change, not deployment: these globs do not cover it (another glob still
# may). The top-level folders stay whole: `k8s/main.ts` (cdk8s), `terraform/main.ts` (cdktf) or
# `k8s/operator.py` are deployment code run with deployment credentials. Shell scripts and
# everything without a program's suffix stay covered everywhere.
_MANIFEST_FOLDERS = frozenset({"helm/", "charts/", "k8s/", "kubernetes/", "terraform/"})
_SOURCE_SUFFIXES = (
    ".py", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts", ".go", ".java", ".kt",
    ".rb", ".rs", ".cs", ".php", ".scala", ".swift", ".c", ".h", ".cc", ".cpp", ".hpp", ".vue",
    ".svelte",
)


class ProtectedPaths:
    """Compiled protected globs; ask `matches(path)` before a write, `check_diff` before a merge."""

    def __init__(self, patterns: Sequence[str], whole_folders: Sequence[str] = ()) -> None:
        """`whole_folders`: globs a repository listed itself; a manifest folder among them
        covers everything under it, source files too (it asked for the folder, not a default)."""
        self.patterns = [
            p.strip() for p in patterns if p and p.strip() and not p.strip().startswith("#")
        ]
        folded = [self._fold_pattern(p) for p in self.patterns]
        self._spec = pathspec.GitIgnoreSpec.from_lines(folded)
        self._manifest_only = _MANIFEST_FOLDERS - {p.strip() for p in whole_folders}
        self._code_patterns = [p for p in self.patterns if p not in self._manifest_only]
        self._code_spec = pathspec.GitIgnoreSpec.from_lines(
            [self._fold_pattern(p) for p in self._code_patterns]
        )

    @staticmethod
    def _fold_pattern(pattern: str) -> str:
        negate = pattern.startswith("!")
        body = pattern[1:] if negate else pattern
        body = unicodedata.normalize("NFKC", body).casefold().translate(_CONFUSABLES)
        return ("!" if negate else "") + body

    @classmethod
    def load(cls, extra: Sequence[str] = (), defaults_file: Path | None = None) -> ProtectedPaths:
        """Defaults from protected_paths.yaml plus the repository's extra globs (never fewer)."""
        source = defaults_file or DEFAULTS_FILE
        try:
            data = yaml.safe_load(source.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise ValueError(f"cannot read protected paths from {source}: {exc}") from exc
        defaults = data.get("protected", []) if isinstance(data, dict) else data
        if not isinstance(defaults, list) or not all(isinstance(p, str) for p in defaults):
            raise ValueError(f"{source}: expected `protected:` to be a list of glob strings")
        extras = [
            p for p in extra if not p.strip().startswith("!")
        ]  # a repo may add, not unprotect
        return cls([*defaults, *extras], whole_folders=extras)

    def reason(self, path: str) -> str | None:
        """The glob that protects `path`, or None when it is free to change."""
        normalized = normalize_path(path)
        if not normalized:
            return None
        result = self._spec.check_file(normalized)
        if not result.include or result.index is None:
            return None
        glob = self.patterns[result.index]
        if (glob in self._manifest_only and normalized.endswith(_SOURCE_SUFFIXES)
                and not normalized.startswith(glob)):
            code = self._code_spec.check_file(normalized)
            return self._code_patterns[code.index] if code.include and code.index is not None else None
        return glob

    def matches(self, path: str) -> bool:
        return self.reason(path) is not None

    def link_problem(self, link_path: str, target: str) -> str | None:
        """Why a symlink at `link_path` pointing at `target` may not be added, or None.

        A link is a second name for what it points at: one into a protected file or folder
        (`docs/ci -> ../.github/workflows`) edits that path through the back door, and one that
        leaves the repository (absolute, or `..` past the root) points at the machine of
        whoever checks the change out.
        """
        if target.startswith("/") or normalize_path(target.replace("\\", "/")).startswith("/"):
            return f"adds a symlink to an absolute path `{target}` outside the repository"
        depth = 0
        for segment in posixpath.join(posixpath.dirname(link_path), target).split("/"):
            if segment == "..":
                depth -= 1
                if depth < 0:
                    return f"adds a symlink `{target}` that leaves the repository"
            elif segment not in ("", "."):
                depth += 1
        resolved = posixpath.join(posixpath.dirname(link_path), target)
        # A link to a protected folder itself: match the folder and anything inside it.
        glob = self.reason(resolved) or self.reason(posixpath.join(resolved, "x"))
        if glob is not None:
            return f"adds a symlink into protected path `{target}` (matches `{glob}`)"
        return None
