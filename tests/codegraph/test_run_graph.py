"""The run's code graph (bot/kit/code_index.py): PREPARE starts it without waiting, the
agent's lookups answer before the full index is done, and the steps that need the whole graph
wait for it without stopping the event loop (heartbeats, other runs go on meanwhile)."""

from __future__ import annotations

import asyncio
import shutil
import sysconfig
from pathlib import Path

import pytest

from bot.codegraph.graph import CodeGraph
from bot.codegraph.lazy import LazyCodeGraph
from bot.kit.code_index import full_code_graph, start_code_graph
from tests.codegraph.conftest import swap_for_link_after_walk

STDLIB = Path(sysconfig.get_paths()["stdlib"])


def _tree(tmp_path: Path) -> Path:
    """A few stdlib packages: enough files that the full index takes a noticeable while."""
    root = tmp_path / "checkout"
    for package in ("email", "json", "http", "xml", "logging", "asyncio"):
        shutil.copytree(STDLIB / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__", "test*"))
    return root


async def test_the_full_graph_is_awaited_off_the_event_loop(tmp_path: Path) -> None:
    graph = LazyCodeGraph(_tree(tmp_path), tmp_path / "cache", start=False)
    # The first lookup answers from the files that hold the name, with no full index at all.
    [definition] = [d for d in graph.find_symbol("loads") if d.path == "json/__init__.py"]
    assert definition.kind == "function"
    assert not graph.ready
    ticks = 0
    waiting = True

    async def ticker() -> None:
        nonlocal ticks
        while waiting:
            ticks += 1
            await asyncio.sleep(0.005)

    beat = asyncio.create_task(ticker())
    graph.start()  # a cold index of six stdlib packages: far longer than two ticks
    full = await full_code_graph(graph)
    waiting = False
    await beat
    assert isinstance(full, CodeGraph)
    assert full.find_symbol("loads") == graph.find_symbol("loads")
    assert full.definitions_touched("json/__init__.py", [(1, 400)])  # the whole graph's API
    assert ticks > 1  # the loop kept running while the index was being built


async def test_a_graph_that_cannot_be_built_is_no_graph(tmp_path: Path) -> None:
    assert start_code_graph(tmp_path / "missing", tmp_path / "cache") is None
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "a.py").write_text("def f():\n    return 1\n")
    graph = start_code_graph(root, tmp_path / "cache")
    assert graph is not None
    assert await full_code_graph(graph) is not None
    assert await full_code_graph(None) is None


async def test_a_graph_still_building_after_the_wait_is_treated_as_none(tmp_path: Path) -> None:
    graph = LazyCodeGraph(_tree(tmp_path), tmp_path / "cache", start=False)  # never finishes
    assert await full_code_graph(graph, wait_seconds=0.05) is None


async def test_a_file_swapped_for_a_link_after_the_walk_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkout's tests run while the graph reads it: a file they replace with a link to a
    host file must not bring that file's names into answers the model sees."""
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "a.py").write_text("def first():\n    return 1\n")
    (root / "b.py").write_text("def harmless():\n    return 2\n")
    host = tmp_path / "host_secret.py"
    host.write_text("def stolen_secret():\n    return 'hunter2'\n")
    swap_for_link_after_walk(monkeypatch, root / "b.py", host)
    graph = LazyCodeGraph(root, tmp_path / "cache", start=False)
    assert graph.find_symbol("stolen_secret") == []
    assert graph.find_references("stolen_secret") == []
