"""Helpers for code graph tests: write a small checkout and index it."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def swap_for_link_after_walk(monkeypatch: pytest.MonkeyPatch, file: Path, target: Path) -> None:
    """Make the lazy graph's walk replace `file` with a link to `target` as it returns, so the
    first read of `file` (not a cached copy) meets the link: what a checkout's test can do
    while the graph reads the checkout."""
    import bot.codegraph.lazy as lazy_module

    walk = lazy_module.walk_sources

    def walk_then_swap(*args: Any, **kwargs: Any) -> Any:
        found = walk(*args, **kwargs)
        file.unlink()
        file.symlink_to(target)
        return found

    monkeypatch.setattr(lazy_module, "walk_sources", walk_then_swap)
