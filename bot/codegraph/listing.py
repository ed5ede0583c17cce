"""`smith index PATH --definitions`: every definition as a JSON line, without building the graph.

Why a path of its own: a listing needs neither references nor the cache, and its wall time is
what a user waits for (measured against Universal Ctags in benchmarks/codegraph.py). Python files
go through the `pydefs` scanner, several times faster than a tree-sitter parse; the files it
will not read exactly, and other languages, are parsed with tree-sitter as `build_index` does.
Workers read the files and format the lines themselves, so only text crosses the pipe, and the
calling process takes work from the same queue while the pool starts.

Imports stay light (no pydantic, no tree-sitter until a file needs it): they are start-up time.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import re
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from pathlib import Path

from bot.codegraph.discover import (
    MAX_FILE_BYTES,
    SKIP_DIRS,
    content_skip_reason,
    resolve_root,
    walk_sources,
)
from bot.codegraph.pydefs import python_definitions

# (path relative to the root, absolute path, language)
Task = tuple[str, str, str]
_BATCHES_PER_WORKER = 8
# Below this much source a pool costs more to start than it saves.
PARALLEL_MIN_BYTES = 4_000_000
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f]')


def definition_lines(
    root: Path,
    *,
    workers: int | None = None,
    max_file_bytes: int = MAX_FILE_BYTES,
    skip_dirs: frozenset[str] = SKIP_DIRS,
    parallel_min_bytes: int = PARALLEL_MIN_BYTES,
) -> Iterator[str]:
    """Chunks of JSON lines, one per definition, in path then source order: the records and
    the order of `CodeGraph.definitions()`, each line as `Definition.model_dump_json()` prints
    it. Raises CodeGraphError when `root` is not a readable directory."""
    root = resolve_root(root)
    sources, _skipped = walk_sources(root, skip_dirs, max_file_bytes)
    tasks = [(s.path, s.absolute, s.language) for s in sources]
    total = sum(s.size for s in sources)
    count = min(workers or _usable_cpus(), len(tasks))
    if count <= 1 or total < parallel_min_bytes:
        chunks = list_batch(tasks)
    else:
        chunks = _in_pool(tasks, [s.size for s in sources], count)
    chunks.sort()
    for _path, text in chunks:
        if text:
            yield text


def list_batch(tasks: list[Task]) -> list[tuple[str, str]]:
    """Worker entry point: [(path, absolute, language)] → [(path, its definitions' JSON lines)].
    A file that vanished or turned unreadable since the walk lists nothing, as in the graph."""
    found: list[tuple[str, str]] = []
    collecting = gc.isenabled()
    gc.disable()  # many short-lived tuples and no cycles; see extract.extract_batch
    try:
        for path, absolute, language in tasks:
            try:
                with open(absolute, "rb") as file:
                    source = file.read()
            except OSError:
                continue
            if content_skip_reason(source) is not None:
                continue
            found.append((path, _lines(path, _records(source, language))))
    finally:
        if collecting:
            gc.enable()
    return found


def _records(source: bytes, language: str) -> list[tuple[str, str, str, int, int]]:
    if language == "python":
        records = python_definitions(source)
        if records is not None:
            return records
    from bot.codegraph.extract import extract  # tree-sitter: only for the files that need it

    return extract(source, language)[2]


def _lines(path: str, records: list[tuple[str, str, str, int, int]]) -> str:
    where = _quote(path)
    return "".join(
        f'{{"name":{_quote(name)},"qualname":{_quote(qualname)},"kind":{_quote(kind)},'
        f'"path":{where},"line":{line},"end_line":{end_line}}}\n'
        for name, qualname, kind, line, end_line in records
    )


def _quote(text: str) -> str:
    """A JSON string as pydantic writes it (UTF-8 kept, quotes and control bytes escaped)."""
    if _NEEDS_ESCAPE.search(text) is None:
        return f'"{text}"'
    return json.dumps(text, ensure_ascii=False)


def _in_pool(tasks: list[Task], sizes: list[int], workers: int) -> list[tuple[str, str]]:
    """Batches go to `workers - 1` processes while this one takes batches from the other end
    of the queue (cancelling them there), so the pool's start-up is not time spent idle."""
    batches = _balanced_batches(tasks, sizes, workers * _BATCHES_PER_WORKER)
    # forkserver, not fork: the bot's processes run threads, and forking those can deadlock.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bot.codegraph.listing"])
    found: list[tuple[str, str]] = []
    try:
        with ProcessPoolExecutor(max_workers=max(workers - 1, 1), mp_context=context) as pool:
            futures: list[Future[list[tuple[str, str]]]] = [
                pool.submit(list_batch, batch) for batch in batches
            ]
            for future, batch in zip(reversed(futures), reversed(batches), strict=True):
                if future.cancel():
                    found.extend(list_batch(batch))
            for future in futures:
                if not future.cancelled():
                    found.extend(future.result())
    except (BrokenProcessPool, OSError):
        return list_batch(tasks)
    return found


def _balanced_batches(tasks: list[Task], sizes: list[int], count: int) -> list[list[Task]]:
    """Largest first into the lightest batch; batches come out heaviest first."""
    order = sorted(range(len(tasks)), key=lambda i: -sizes[i])
    batches: list[list[Task]] = [[] for _ in range(min(count, len(tasks)))]
    loads = [0] * len(batches)
    for i in order:
        lightest = loads.index(min(loads))
        batches[lightest].append(tasks[i])
        loads[lightest] += sizes[i]
    return [batches[i] for i in sorted(range(len(batches)), key=lambda i: -loads[i])]


@cache
def _usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
