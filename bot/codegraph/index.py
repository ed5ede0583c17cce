"""Build the code graph of a checkout: walk, reuse what the cache knows, parse the rest.

Parsing dominates a cold index (tree-sitter's parse is ~60% of it), so cache misses are parsed
in a process pool when there is enough source for the pool's start-up (~0.1 s) to pay off;
the tree-sitter binding holds the GIL, so threads do not help.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import structlog

from bot.codegraph.cache import Blob, GraphCache, ManifestRow
from bot.codegraph.discover import SourceFile, content_skip_reason, resolve_root, walk_sources
from bot.codegraph.extract import ExtractedFile, content_hash, extract_batch
from bot.codegraph.graph import CodeGraph
from bot.codegraph.models import IndexOptions, IndexReport, ParseFailure
from bot.workspace.safe_fs import read_beneath

log = structlog.get_logger(__name__)

_BATCHES_PER_WORKER = 12


def build_index(
    root: Path, cache_dir: Path | None = None, *, options: IndexOptions | None = None
) -> CodeGraph:
    """Index `root`; with `cache_dir`, reuse records of files whose stat or content is known.

    Raises CodeGraphError when `root` is not a readable directory: the caller then carries on
    without a graph (a stale one would mislead more than none).
    """
    options = options or IndexOptions()
    started = time.perf_counter()
    root = resolve_root(root)

    sources, skipped = walk_sources(root, options.skip_dirs, options.max_file_bytes)
    cache = _open_cache(cache_dir)
    try:
        graph = _index(root, sources, skipped, cache, options, started)
    finally:
        if cache is not None:
            cache.close()
    return graph


def _index(
    root: Path,
    sources: list[SourceFile],
    skipped: dict[str, int],
    cache: GraphCache | None,
    options: IndexOptions,
    started: float,
) -> CodeGraph:
    root_key = str(root)
    manifest = cache.manifest(root_key) if cache is not None else {}

    hashes: dict[str, str] = {}  # path → content hash, for every file that will be indexed
    unread: list[SourceFile] = []
    rows: list[ManifestRow] = []
    known: list[SourceFile] = []
    for source in sources:
        row = manifest.get(source.path)
        if row is None or row.size != source.size or row.mtime_ns != source.mtime_ns:
            unread.append(source)
        elif row.hash is not None:
            hashes[source.path] = row.hash
            known.append(source)
            rows.append(row)
        else:
            reason = row.skip or "skipped"
            skipped[reason] = skipped.get(reason, 0) + 1
            rows.append(row)

    blobs = cache.blobs(hashes.values()) if cache is not None else {}
    lost = {s.path for s in known if hashes[s.path] not in blobs}  # pruned by another run
    if lost:
        unread.extend(s for s in known if s.path in lost)
        rows = [row for row in rows if row.path not in lost]
        for path in lost:
            del hashes[path]

    contents: dict[str, tuple[str, bytes]] = {}  # hash → (language, bytes) of files to check
    unreadable: list[ParseFailure] = []
    for source in unread:
        try:
            # Never through a link: a checkout's tests run while the graph is read and may
            # swap a file for one pointing at a host file (UnsafePath is an OSError).
            data = read_beneath(root, source.path)
        except OSError as error:  # removed, locked or made a link since the walk
            reason = f"unreadable: {error.strerror or error}"
            unreadable.append(ParseFailure(path=source.path, reason=reason, partial=False))
            continue
        skip = content_skip_reason(data)
        digest = None
        if skip is not None:
            skipped[skip] = skipped.get(skip, 0) + 1
        else:
            digest = content_hash(data, source.language)
            hashes[source.path] = digest
            contents.setdefault(digest, (source.language, data))
        rows.append(ManifestRow(source.path, source.size, source.mtime_ns, digest, skip))

    if cache is not None and contents:
        blobs.update(cache.blobs(contents))  # same content seen in another checkout
    missing = {digest: item for digest, item in contents.items() if digest not in blobs}
    new_blobs, workers = _parse(missing, options)
    for blob in new_blobs:
        blobs[blob.hash] = blob

    if cache is not None:
        _save(cache, root_key, rows, new_blobs)

    payloads = {path: blobs[digest].payload for path, digest in hashes.items()}
    failures = unreadable + [
        ParseFailure(
            path=path,
            reason="syntax errors; indexed what parsed",
            line=blobs[digest].error_line,
            partial=True,
        )
        for path, digest in sorted(hashes.items())
        if blobs[digest].status != "ok"
    ]
    report = IndexReport(
        root=root_key,
        files=len(payloads),
        definitions=sum(blobs[d].definitions for d in hashes.values()),
        references=sum(blobs[d].references for d in hashes.values()),
        parse_failures=failures,
        skipped=dict(sorted(skipped.items())),
        reparsed=len(new_blobs),
        workers=workers,
        seconds=round(time.perf_counter() - started, 3),
    )
    return CodeGraph(root, payloads, report)


def _parse(missing: dict[str, tuple[str, bytes]], options: IndexOptions) -> tuple[list[Blob], int]:
    """Extract records for the files no cache had; returns the blobs and the workers used."""
    items = sorted(
        ((digest, language, data) for digest, (language, data) in missing.items()),
        key=lambda item: -len(item[2]),
    )
    if not items:
        return [], 0
    total = sum(len(item[2]) for item in items)
    workers = min(options.workers or _usable_cpus(), len(items))
    if workers <= 1 or total < options.parallel_min_bytes:
        return [_blob(result) for result in extract_batch(items)], 1

    batches = _balanced_batches(items, workers * _BATCHES_PER_WORKER)
    # forkserver, not fork: the bot's processes run threads, and forking those can deadlock.
    # Preloading the extractor makes every pool after the first start in ~30 ms instead of ~300.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bot.codegraph.extract"])
    try:
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_lower_priority,
            initargs=(options.niceness,),
        ) as pool:
            results = [_blob(r) for batch in pool.map(extract_batch, batches) for r in batch]
    except (BrokenProcessPool, OSError) as error:
        log.warning("codegraph.pool_failed_parsing_inline", error=str(error))
        return [_blob(result) for result in extract_batch(items)], 1
    return results, workers


def _lower_priority(niceness: int) -> None:
    """Parser-process initializer: a graph built in the background yields the CPU. Only the
    workers are niced: niceness is inherited, and the forkserver they fork from is shared."""
    if niceness:
        os.nice(niceness)


def _usable_cpus() -> int:
    """CPUs this process may run on (a container's limit, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _balanced_batches(
    items: list[tuple[str, str, bytes]], count: int
) -> list[list[tuple[str, str, bytes]]]:
    """Largest first into the lightest batch, so no worker is left with the big files at the end."""
    batches: list[list[tuple[str, str, bytes]]] = [[] for _ in range(min(count, len(items)))]
    loads = [0] * len(batches)
    for item in items:
        lightest = loads.index(min(loads))
        batches[lightest].append(item)
        loads[lightest] += len(item[2])
    return batches


def _blob(result: ExtractedFile) -> Blob:
    digest, status, error_line, definitions, references, payload = result
    return Blob(digest, status, error_line, definitions, references, payload)


def _open_cache(cache_dir: Path | None) -> GraphCache | None:
    if cache_dir is None:
        return None
    try:
        return GraphCache.open(cache_dir)
    except (OSError, sqlite3.Error) as error:
        log.warning("codegraph.cache_disabled", cache_dir=str(cache_dir), error=str(error))
        return None


def _save(cache: GraphCache, root: str, rows: list[ManifestRow], new_blobs: list[Blob]) -> None:
    """A cache that cannot be written costs the next run time, not this run its graph."""
    try:
        cache.save(root, rows, new_blobs)
        cache.prune()
    except sqlite3.Error as error:
        log.warning("codegraph.cache_write_failed", root=root, error=str(error))
