"""A code graph that answers its first questions before it is built.

Why: PREPARE checks a repository out afresh for every run, and a cold index of a large one takes
seconds, while DIAGNOSE's first `find_symbol`/`find_references` wants one name. So the full index
builds in a background thread, and until it is ready a question is answered from the files
whose bytes hold the name as a whole word: only those are read, so the answer is the one the
full graph will give. Python candidates are read by scanners, not parsed: for definitions
`pydefs` (it agrees with tree-sitter and `ast` on all but a handful of stdlib definitions, where
it is the one that agrees with `ast`), for references `pyrefs` (on the stdlib files and names
tests/codegraph samples it agrees with tree-sitter wherever it does not give up; on syntax
errors it does not detect, tree-sitter's recovery can read otherwise). What a scanner gives up
on, and every other language, is parsed with tree-sitter, as the full index does. Once built,
every question goes to the full graph.

The first question pays the walk and reads every file; the full build's walk, reads and parser
processes (niced, but on 2 cores still a share of the CPU, the GIL and the disk) would compete
with it. So the build holds back while the first question is answered, and goes as soon as it is
(answered or raised), or on its own when no question comes within a short grace. It never
waits for a later question: those are answered beside the build, its parsers niced.
"""

from __future__ import annotations

import marshal
import re
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import structlog

from bot.codegraph.discover import SourceFile, content_skip_reason, resolve_root, walk_sources
from bot.codegraph.extract import Payload, extract_batch
from bot.codegraph.graph import CodeGraph, simple_name
from bot.codegraph.index import build_index
from bot.codegraph.models import (
    CodeGraphError,
    Definition,
    IndexOptions,
    IndexReport,
    Reference,
    ReferenceKind,
)
from bot.codegraph.pydefs import python_definitions
from bot.codegraph.pyrefs import python_references
from bot.workspace.safe_fs import read_beneath

log = structlog.get_logger(__name__)

_BACKGROUND_NICENESS = 10
FIRST_QUESTION_GRACE_SECONDS = 0.5
"""How long the full build, once started, waits for a first question before it goes on its own.
A caller that asks at once (the benchmark) asks within milliseconds of creating the graph;
DIAGNOSE asks after a model call, seconds on, and finds the build running. A longer grace would
only delay the full graph (ESTIMATE waits for it) when no question comes soon."""
# `$` continues an identifier in JavaScript; bytes >= 0x80 may continue one anywhere, so they
# count as word bytes too (a spare candidate costs a parse, a missed one a wrong answer).
_WORD_BYTES = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$" + bytes(range(0x80, 0x100))
)
# What stands before a Python definition's name: the keyword, then blanks or escaped breaks.
_DEFINED_BY = re.compile(rb"(?:^|[^\w$\x80-\xff])(?:def|class)(?:[ \t]|\\\r?\n)+\Z")
_LOOK_BACK = 64


def holds_word(data: bytes, word: bytes, *, defined: bool = False) -> bool:
    """Whether `word` occurs in `data` as a whole identifier (after `def`/`class` when
    `defined`). A literal search with the boundaries checked in Python: a pattern with a
    look-behind has no literal prefix for `re` to skip to, and scanned three times slower."""
    start = data.find(word)
    size = len(word)
    while start >= 0:
        end = start + size
        if (start == 0 or data[start - 1] not in _WORD_BYTES) and (
            end == len(data) or data[end] not in _WORD_BYTES
        ):
            if not defined or _DEFINED_BY.search(data[max(0, start - _LOOK_BACK) : start]):
                return True
        start = data.find(word, start + 1)
    return False


class _FirstQuestion:
    """The first question to a graph, which its full build waits for: asked within the grace,
    the build waits until it is answered or raised; later questions never hold it back."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asked = threading.Event()
        self._answered = threading.Event()

    @contextmanager
    def asking(self) -> Iterator[None]:
        """Around answering a question; only the first one's end releases the build."""
        with self._lock:
            first = not self._asked.is_set()
            self._asked.set()
        try:
            yield
        finally:
            if first:
                self._answered.set()

    def wait(self, grace: float) -> None:
        """Return once the first question is answered, or when none was asked within `grace`."""
        if self._asked.wait(grace):
            self._answered.wait()


class LazyCodeGraph:
    """Starts indexing `root` on creation; `find_symbol` and `find_references` answer at once,
    everything else (`callers`, `blast_radius`, `report`, ...) waits for the full graph.
    The build holds back while the first question, if asked within `grace` seconds of the
    start, is answered. Raises CodeGraphError like `build_index` when `root` is not a readable
    directory."""

    def __init__(
        self,
        root: Path,
        cache_dir: Path | None = None,
        *,
        options: IndexOptions | None = None,
        start: bool = True,
        grace: float = FIRST_QUESTION_GRACE_SECONDS,
    ) -> None:
        self.root = resolve_root(root)
        self._grace = grace
        self._first = _FirstQuestion()
        self._options = (options or IndexOptions()).model_copy(
            update={"niceness": _BACKGROUND_NICENESS}
        )
        self._cache_dir = cache_dir
        self._graph: CodeGraph | None = None
        self._error: Exception | None = None
        self._built = threading.Event()
        self._lock = threading.Lock()  # one partial index at a time, each name parsed once
        self._sources: list[SourceFile] | None = None
        self._partial: dict[str, CodeGraph] = {}
        # What the early questions read, kept until the full index is built, so each question
        # after the first costs no re-read. The answers are then of the bytes seen at the first
        # read, as the full index's are of its own read; holding them costs the checkout's
        # source size in memory (every walked file is read by a question for a common name).
        self._contents: dict[str, bytes | None] = {}
        self._thread = threading.Thread(target=self._build, name="codegraph-index", daemon=True)
        if start:
            self.start()

    def start(self) -> None:
        """Begin the full index (done on creation unless `start=False`): at once when a first
        question has been answered, after it when one is being answered, else after the grace
        or as soon as a question asked within it is answered."""
        self._thread.start()

    # -- the questions that do not wait ------------------------------------------------------

    def find_symbol(self, name: str) -> list[Definition]:
        return self._graph_for(name.rsplit(".", 1)[-1], defined=True).find_symbol(name)

    def find_references(
        self, name: str, kinds: Iterable[ReferenceKind] | None = None
    ) -> list[Reference]:
        return self._graph_for(simple_name(name), defined=False).find_references(name, kinds)

    # -- the full graph --------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        return self._built.is_set()

    def wait(self, timeout: float | None = None) -> CodeGraph:
        """The full graph, once built; CodeGraphError when building failed or timed out."""
        if not self._built.wait(timeout):
            raise CodeGraphError(f"the code graph of {self.root} is still being built")
        if self._graph is None:
            raise CodeGraphError(f"cannot index {self.root}: {self._error}") from self._error
        return self._graph

    @property
    def report(self) -> IndexReport:
        return self.wait().report

    def __getattr__(self, name: str) -> Any:
        """callers, blast_radius, definitions_touched, ...: the full graph's, when built."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.wait(), name)

    # -- internals -------------------------------------------------------------------------

    def _build(self) -> None:
        try:
            self._first.wait(self._grace)
            self._graph = build_index(self.root, self._cache_dir, options=self._options)
            with self._lock:
                self._partial.clear()  # answers come from the full graph from now on
        except Exception as error:  # noqa: BLE001 - reported through wait(), never lost
            self._error = error
            log.warning("codegraph.background_index_failed", root=str(self.root), error=str(error))
        finally:
            with self._lock:
                self._contents.clear()  # later questions read the files as they are then
            self._built.set()

    def _graph_for(self, word: str, *, defined: bool) -> CodeGraph:
        """The full graph when built, else one of the files that contain `word` as a whole
        word (with `defined`, Python files only where a `def`/`class` names it), built once."""
        if self._graph is not None:
            return self._graph
        key = f"{'def' if defined else 'ref'}:{word}"
        with self._lock:
            if self._graph is not None:
                return self._graph
            graph = self._partial.get(key)
            if graph is None:
                with self._first.asking():
                    graph = self._partial[key] = self._index_candidates(word, defined)
            return graph

    def _index_candidates(self, word: str, defined: bool) -> CodeGraph:
        started = time.perf_counter()
        if self._sources is None:
            options = self._options
            self._sources, _skipped = walk_sources(
                self.root, options.skip_dirs, options.max_file_bytes
            )
        needle = word.encode("utf-8")
        items: list[tuple[str, str, bytes]] = []
        for source in self._sources:
            data = self._content(source.path)
            python_definition = defined and source.language == "python"
            if data is not None and holds_word(data, needle, defined=python_definition):
                items.append((source.path, source.language, data))
        payloads: dict[str, bytes] = {}
        parse = []  # what the scanners cannot read exactly is parsed as the full index does
        for path, language, data in items:
            payload = self._scanned(data, language, word, defined)
            if payload is None:
                parse.append((path, language, data))
            else:
                payloads[path] = marshal.dumps(payload)
        items = parse
        payloads.update((path, payload) for path, *_counts, payload in extract_batch(items))
        report = IndexReport(
            root=str(self.root),
            files=len(payloads),
            definitions=0,
            references=0,
            reparsed=len(payloads),
            workers=1,
            seconds=round(time.perf_counter() - started, 3),
        )
        return CodeGraph(self.root, payloads, report)

    def _content(self, path: str) -> bytes | None:
        """The bytes of a file to index (None: unreadable, binary or generated), read once for
        all the questions asked before the full graph is built."""
        if path in self._contents:
            return self._contents[path]
        try:  # never through a link planted since the walk (see index.py)
            data: bytes | None = read_beneath(self.root, path)
        except OSError:
            data = None
        if data is not None and content_skip_reason(data) is not None:
            data = None
        self._contents[path] = data
        return data

    @staticmethod
    def _scanned(data: bytes, language: str, word: str, defined: bool) -> Payload | None:
        """A Python file's payload without a parse: its definitions (`pydefs`) when only
        definitions are asked for, else its references to `word` (`pyrefs`); None to parse."""
        if language != "python":
            return None
        if defined:
            records = python_definitions(data)
            return None if records is None else ("ok", None, records, [])
        return python_references(data, word)
