"""Helpers for code graph tests: write a small checkout and index it."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.codegraph import CodeGraph, IndexOptions, build_index


def write_tree(root: Path, files: dict[str, str | bytes]) -> None:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content).lstrip("\n"))


@pytest.fixture
def index_tree(tmp_path: Path) -> Callable[[dict[str, str | bytes]], CodeGraph]:
    """Write `files` under a fresh checkout and index it in-process without a cache."""

    def build(files: dict[str, str | bytes]) -> CodeGraph:
        root = tmp_path / "checkout"
        write_tree(root, files)
        return build_index(root, None, options=IndexOptions(workers=1))

    return build
