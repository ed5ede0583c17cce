"""Benchmark the code graph on the running interpreter's standard library, against ctags.

Indexes a temporary copy of the stdlib's Python files (a copy, so "touching a file" never writes
to the interpreter). Against Universal Ctags in the same run:
- the whole `smith index COPY --definitions` command (start-up, pool, output) vs `ctags -R COPY`;
- the first questions to a lazy graph of the cold copy (`LazyCodeGraph`: bytes searched first,
  Python candidates read by the pydefs/pyrefs scanners, the rest parsed, the full index held
  back until the first answer, then building in the background) vs `ctags -R COPY`;
- the full graph cold (empty cache) with the process pool and in-process vs ctags on exactly the
  files the index kept; warm with nothing changed and after one file changed vs cold; a fresh
  copy at another path (what PREPARE sees: known only by content hash); first queries on a warm
  graph. Each timing is the median of --runs, with the range.

    .venv/bin/python benchmarks/codegraph.py [--runs 3] [--workers N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.codegraph import CodeGraph, IndexOptions, build_index
from bot.codegraph.languages import parser as tree_sitter_parser
from bot.codegraph.lazy import LazyCodeGraph

T = TypeVar("T")
TOUCHED_FILE = "json/decoder.py"
CTAGS_FLAGS = ["--languages=Python", "--fields=+ne"]
# What DIAGNOSE asks first: a qualname, a class, a helper, and a name in a fifth of the files,
# in that order (later questions find the walk done and the files read); then the common name
# asked first of its own cold graph, which pays the walk and every read itself.
LAZY_QUESTIONS = [
    ("find_symbol", "JSONDecoder.decode"),
    ("find_references", "JSONDecoder"),
    ("find_references", "make_scanner"),
    ("find_references", "decode"),
]
ASKED_FIRST = [("find_references", "decode")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repetitions per timing (median)")
    parser.add_argument("--workers", type=int, default=None, help="parser processes")
    parser.add_argument("--ctags", default="ctags", help="Universal Ctags executable")
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    args = parser.parse_args()

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    with tempfile.TemporaryDirectory(prefix="codegraph-bench-") as scratch:
        root = Path(scratch) / "stdlib"
        _copy_python_sources(stdlib, root)
        results = _run(root, Path(scratch), args)
    results["stdlib"] = str(stdlib)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        _print(results)
    return 0


def _run(root: Path, scratch: Path, args: argparse.Namespace) -> dict[str, Any]:
    pooled = IndexOptions(workers=args.workers)
    inline = IndexOptions(workers=1)

    def cold(options: IndexOptions) -> Callable[[], CodeGraph]:
        def index() -> CodeGraph:
            cache = Path(tempfile.mkdtemp(dir=scratch, prefix="cache-"))
            try:
                return build_index(root, cache, options=options)
            finally:
                shutil.rmtree(cache)

        return index

    # Interleaved, so load from elsewhere on the machine hits the peer and Smith alike.
    ctags_timings: list[float] = []
    command_timings: list[float] = []
    sequences = {"": LAZY_QUESTIONS, " asked first": ASKED_FIRST}
    lazy_timings: dict[tuple[str, str, str], list[float]] = {
        (label, *q): [] for label, questions in sequences.items() for q in questions}
    lazy_found: dict[tuple[str, str, str], int] = {}
    for _ in range(max(args.runs, 1)):
        ctags_timings.append(_timed(lambda: _ctags_tree(args.ctags, root, scratch))[0])
        seconds, definitions_listed = _timed(lambda: _smith_definitions(root, scratch))
        command_timings.append(seconds)
        ready_before = {
            label: _lazy_first_answers(root, scratch, label, questions, lazy_timings, lazy_found)
            for label, questions in sequences.items()}
    ctags_tree_seconds = statistics.median(ctags_timings)
    command_seconds = statistics.median(command_timings)
    lazy: list[dict[str, Any]] = [
        {
            "question": f"{method}({name!r}){label}",
            "seconds": statistics.median(timings),
            "range": [min(timings), max(timings)],
            "found": lazy_found[(label, method, name)],
            "index_ready_before": ready_before[label],
        }
        for (label, method, name), timings in lazy_timings.items()
    ]

    cold_seconds, graph = _median(args.runs, cold(pooled))
    cold_inline_seconds, _ = _median(args.runs, cold(inline))

    files = graph.paths()
    file_list = scratch / "files.txt"
    file_list.write_text("\n".join(files) + "\n")
    ctags_seconds, ctags_tags = _median(args.runs, lambda: _ctags(args.ctags, root, file_list))
    # The floor under any tree-sitter index: parsing alone, before any query or record.
    parse_seconds, _ = _median(args.runs, lambda: _parse_only(root, files))

    cache = scratch / "warm-cache"
    build_index(root, cache, options=pooled)
    unchanged_seconds, unchanged = _median(
        args.runs, lambda: build_index(root, cache, options=pooled)
    )

    touched = root / TOUCHED_FILE

    def touch_and_reindex() -> CodeGraph:
        touched.write_text(touched.read_text() + f"\n# touched at {time.time_ns()}\n")
        return build_index(root, cache, options=pooled)

    touched_seconds, after_touch = _median(args.runs, touch_and_reindex)

    # PREPARE clones afresh every run: same content at a new path, known only by content hash.
    clone = scratch / "clone"

    def fresh_checkout() -> CodeGraph:
        shutil.rmtree(clone, ignore_errors=True)
        shutil.copytree(root, clone)
        started = time.perf_counter()
        graph = build_index(clone, cache, options=pooled)
        timings.append(time.perf_counter() - started)
        return graph

    timings: list[float] = []
    clone_graph = None
    for _ in range(max(args.runs, 1)):
        clone_graph = fresh_checkout()
    clone_seconds = statistics.median(timings)
    symbol_seconds, _ = _timed(lambda: after_touch.find_symbol("JSONDecoder.decode"))
    references_seconds, _ = _timed(lambda: after_touch.find_references("decode"))
    blast_seconds, _ = _timed(lambda: after_touch.blast_radius(["json.decoder.JSONDecoder.decode"]))

    report = graph.report
    return {
        "ctags_tree_seconds": ctags_tree_seconds,
        "ctags_tree_range": [min(ctags_timings), max(ctags_timings)],
        "command_definitions_seconds": command_seconds,
        "command_definitions_range": [min(command_timings), max(command_timings)],
        "command_definitions_listed": definitions_listed,
        "command_vs_ctags": command_seconds / ctags_tree_seconds,
        "lazy": [
            {**answer, "vs_ctags": answer["seconds"] / ctags_tree_seconds} for answer in lazy
        ],
        "files": report.files,
        "definitions": report.definitions,
        "references": report.references,
        "parse_failures": len(report.parse_failures),
        "skipped": report.skipped,
        "workers": report.workers,
        "cold_seconds": cold_seconds,
        "cold_inline_seconds": cold_inline_seconds,
        "ctags_seconds": ctags_seconds,
        "ctags_tags": ctags_tags,
        "parse_only_inline_seconds": parse_seconds,
        "warm_unchanged_seconds": unchanged_seconds,
        "warm_unchanged_reparsed": unchanged.report.reparsed,
        "warm_touched_seconds": touched_seconds,
        "warm_touched_reparsed": after_touch.report.reparsed,
        "fresh_checkout_seconds": clone_seconds,
        "fresh_checkout_reparsed": clone_graph.report.reparsed if clone_graph else None,
        "first_find_symbol_seconds": symbol_seconds,
        "first_find_references_seconds": references_seconds,
        "blast_radius_seconds": blast_seconds,
        "cold_vs_ctags": cold_seconds / ctags_seconds,
        "pool_speedup": cold_inline_seconds / cold_seconds,
        "warm_touched_vs_cold": touched_seconds / cold_seconds,
    }


def _copy_python_sources(stdlib: Path, destination: Path) -> None:
    def ignore(directory: str, names: list[str]) -> set[str]:
        return {
            name
            for name in names
            if name in {"site-packages", "__pycache__"}
            or (not name.endswith(".py") and not (Path(directory) / name).is_dir())
        }

    shutil.copytree(stdlib, destination, ignore=ignore, symlinks=True)


def _ctags_tree(executable: str, root: Path, scratch: Path) -> int:
    """`ctags -R` over the whole copy, as a user would run it."""
    output = scratch / "tree.tags"
    subprocess.run([executable, "-R", *CTAGS_FLAGS, "-f", str(output), str(root)], check=True)
    return sum(1 for line in output.open("rb") if not line.startswith(b"!_"))


def _smith_definitions(root: Path, scratch: Path) -> int:
    """The whole `smith index ROOT --definitions` command, output written to a file."""
    smith = Path(sys.executable).with_name("smith")
    command = [str(smith)] if smith.exists() else [sys.executable, "-m", "bot"]
    env = {k: v for k, v in os.environ.items() if k != "SMITH_DATA_DIR"}  # cold: no cache
    output = scratch / "definitions.jsonl"
    with output.open("wb") as out:
        subprocess.run(
            [*command, "index", str(root), "--definitions"], stdout=out, env=env, check=True
        )
    with output.open("rb") as lines:
        return sum(1 for _ in lines)


def _lazy_first_answers(
    root: Path,
    scratch: Path,
    label: str,
    questions: list[tuple[str, str]],
    timings: dict[tuple[str, str, str], list[float]],
    found: dict[tuple[str, str, str], int],
) -> bool:
    """Seconds from creating a lazy graph of the cold copy to each answer, in order (the first
    includes the walk); returns whether the full index was ready before the last answer. The
    background index is left to finish, so it does not slow what is measured next."""
    cache = Path(tempfile.mkdtemp(dir=scratch, prefix="lazy-cache-"))
    started = time.perf_counter()
    lazy = LazyCodeGraph(root, cache)
    for method, name in questions:
        answer = getattr(lazy, method)(name)
        timings[(label, method, name)].append(time.perf_counter() - started)
        found[(label, method, name)] = len(answer)
        started = time.perf_counter()
    ready_before = lazy.ready
    lazy.wait()
    shutil.rmtree(cache)
    return ready_before


def _parse_only(root: Path, files: list[str]) -> int:
    python = tree_sitter_parser("python")
    return sum(python.parse((root / path).read_bytes()).root_node.child_count for path in files)


def _ctags(executable: str, root: Path, file_list: Path) -> int:
    output = file_list.with_suffix(".tags")
    subprocess.run(
        [executable, *CTAGS_FLAGS, "-L", str(file_list), "-f", str(output)],
        cwd=root,
        check=True,
    )
    return sum(
        1 for line in output.open(encoding="utf-8", errors="replace") if not line.startswith("!_")
    )


def _timed(action: Callable[[], T]) -> tuple[float, T]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def _median(runs: int, action: Callable[[], T]) -> tuple[float, T]:
    timings = []
    result: T
    for _ in range(max(runs, 1)):
        seconds, result = _timed(action)
        timings.append(seconds)
    return statistics.median(timings), result


def _print(results: dict[str, Any]) -> None:
    def seconds(key: str) -> str:
        return f"{results[key]:.3f} s"

    def reparsed(key: str) -> str:
        return f"(reparsed {results[key]})"

    def spread(key: str) -> str:
        low, high = results[key]
        return f"[{low:.3f}-{high:.3f}]"

    print(f"standard library: {results['stdlib']}")
    print(
        f"ctags -R on the copy     {seconds('ctags_tree_seconds'):>10}  "
        f"{spread('ctags_tree_range')}"
    )
    print(
        f"smith index --definitions{seconds('command_definitions_seconds'):>10}  "
        f"{spread('command_definitions_range')}  x{results['command_vs_ctags']:.2f} ctags -R  "
        f"({results['command_definitions_listed']} definitions)"
    )
    for answer in results["lazy"]:
        low, high = answer["range"]
        print(
            f"lazy {answer['question']:<36}{answer['seconds']:>7.3f} s  [{low:.3f}-{high:.3f}]"
            f"  x{answer['vs_ctags']:.2f} ctags -R  ({answer['found']} found)"
        )
    print(f"(full index still building after the last lazy answer: "
          f"{not results['lazy'][-1]['index_ready_before']})")
    print(
        f"indexed {results['files']} files: {results['definitions']} definitions, "
        f"{results['references']} references, {results['parse_failures']} parse failures, "
        f"skipped {results['skipped']}"
    )
    rows = [
        (f"cold, {results['workers']} workers", seconds("cold_seconds"), ""),
        (
            "cold, in-process",
            seconds("cold_inline_seconds"),
            f"(pool speed-up x{results['pool_speedup']:.2f})",
        ),
        (f"ctags ({results['ctags_tags']} tags)", seconds("ctags_seconds"), ""),
        (
            "warm, nothing changed",
            seconds("warm_unchanged_seconds"),
            reparsed("warm_unchanged_reparsed"),
        ),
        (
            "warm, one file changed",
            seconds("warm_touched_seconds"),
            reparsed("warm_touched_reparsed"),
        ),
        (
            "fresh checkout, cached",
            seconds("fresh_checkout_seconds"),
            reparsed("fresh_checkout_reparsed"),
        ),
        ("first find_symbol", seconds("first_find_symbol_seconds"), ""),
        ("first find_references", seconds("first_find_references_seconds"), ""),
        ("blast radius", seconds("blast_radius_seconds"), ""),
        ("tree-sitter parse only", seconds("parse_only_inline_seconds"), "(in-process)"),
        ("cold / ctags", f"x{results['cold_vs_ctags']:.2f}", ""),
        ("warm touched / cold", f"{results['warm_touched_vs_cold'] * 100:.1f} %", ""),
    ]
    for label, value, note in rows:
        print(f"{label:<24}{value:>10}  {note}".rstrip())


if __name__ == "__main__":
    sys.exit(main())
