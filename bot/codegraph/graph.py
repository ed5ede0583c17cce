"""Queries over an indexed checkout: where a symbol lives, who uses it, what a hunk touched.

Records stay marshalled per file until a query needs them, and the name indexes are built on the
first query that needs them: PREPARE reindexes on every run, most runs ask a handful of
questions, and decoding every record of a large repository up front would cost more than
the reindex itself.

Resolution is by name, not by type: `find_references("save")` returns every `.save(...)` call.
That is the honest limit of a syntactic index; callers should treat it as an over-approximation.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from bot.codegraph.blast import blast_radius
from bot.codegraph.extract import Payload, decode
from bot.codegraph.models import (
    BlastRadius,
    BlastRadiusThresholds,
    Definition,
    IndexReport,
    Reference,
    ReferenceKind,
)
from bot.codegraph.naming import called_name

_BODY_REFERENCE_KINDS: tuple[ReferenceKind, ...] = ("call", "attribute")


class CodeGraph:
    """An index of one checkout. Build it with `build_index`; paths are posix, root-relative."""

    def __init__(self, root: Path, payloads: dict[str, bytes], report: IndexReport) -> None:
        self.root = root
        self.report = report
        self._payloads = payloads
        self._decoded: dict[str, Payload] = {}
        self._definitions_by_name: dict[str, list[tuple[str, int]]] | None = None
        self._references_by_name: dict[str, list[tuple[str, int]]] | None = None

    # -- files -----------------------------------------------------------------------------

    def paths(self) -> list[str]:
        return sorted(self._payloads)

    def definitions(self, path: str | None = None) -> list[Definition]:
        """All definitions of one file, or of the whole checkout, in path and line order."""
        paths = [_normalise(path)] if path is not None else self.paths()
        return [
            self._definition(p, index)
            for p in paths
            if p in self._payloads
            for index in range(len(self._file(p)[2]))
        ]

    # -- symbol queries --------------------------------------------------------------------

    def find_symbol(self, name: str) -> list[Definition]:
        """Definitions whose simple name or qualname is `name`. A dotted name may also be
        prefixed by the module path: "urllib.request.urlopen", "request.Request.open"."""
        simple = name.rsplit(".", 1)[-1]
        found = []
        for path, index in self._definition_index().get(simple, ()):
            definition = self._definition(path, index)
            if (
                "." not in name
                or _qualname_matches(definition.qualname, name)
                or any(
                    _qualname_matches(f"{module}.{definition.qualname}", name)
                    for module in _modules(path)
                )
            ):
                found.append(definition)
        return _sorted_definitions(found)

    def find_references(
        self, name: str, kinds: Iterable[ReferenceKind] | None = None
    ) -> list[Reference]:
        """Call sites, importers and attribute uses of `name`. A dotted name narrows imports to
        that module path; calls and attribute uses match on the last component."""
        wanted = set(kinds) if kinds is not None else None
        simple = simple_name(name)
        qualified = simple != name
        found = []
        for path, index in self._reference_index().get(simple, ()):
            ref_name, kind, line, enclosing = self._file(path)[3][index]
            if wanted is not None and kind not in wanted:
                continue
            if kind == "import" and qualified and not _import_matches(ref_name, name):
                continue
            found.append(
                Reference(
                    name=ref_name,
                    kind=kind,
                    path=path,
                    line=line,
                    enclosing=self._file(path)[2][enclosing][1] if enclosing >= 0 else None,
                )
            )
        found.sort(key=lambda r: (r.path, r.line, r.kind))
        return found

    def callers(self, target: str | Definition) -> list[Definition]:
        """Definitions whose body calls or otherwise uses `target` by name (itself excluded)."""
        definition_key = _key(target) if isinstance(target, Definition) else None
        name = called_name(target) if isinstance(target, Definition) else target.rsplit(".", 1)[-1]
        seen: dict[tuple[str, int], Definition] = {}
        for path, index in self._reference_index().get(name, ()):
            _ref_name, kind, _line, enclosing = self._file(path)[3][index]
            if kind not in _BODY_REFERENCE_KINDS or enclosing < 0 or (path, enclosing) in seen:
                continue
            caller = self._definition(path, enclosing)
            if definition_key is not None and _key(caller) == definition_key:
                continue
            seen[(path, enclosing)] = caller
        return _sorted_definitions(seen.values())

    def names_in(self, path: str) -> frozenset[str]:
        """Every name the file uses, and each part of every dotted name it imports: what can
        link it to a definition in another file (the class it constructs, the module it
        imports)."""
        path = _normalise(path)
        if path not in self._payloads:
            return frozenset()
        names: set[str] = set()
        for ref_name, _kind, _line, _enclosing in self._file(path)[3]:
            names.update(part for part in re.split(r"[./:\\]+", ref_name) if part)
        return frozenset(names)

    def call_sites(self, name: str) -> list[Reference]:
        """Calls and attribute uses of `name`, including those at module level."""
        return self.find_references(name, kinds=_BODY_REFERENCE_KINDS)

    def enclosing(self, path: str, line: int) -> Definition | None:
        """The innermost definition whose span contains `line` of `path`, or None."""
        path = _normalise(path)
        if path not in self._payloads:
            return None
        best: int | None = None
        for index, (_n, _q, _k, start, end) in enumerate(self._file(path)[2]):
            if start <= line <= end:
                best = index  # source order: a later containing definition is nested deeper
            elif start > line:
                break
        return self._definition(path, best) if best is not None else None

    def definitions_touched(
        self, path: str, line_ranges: Iterable[tuple[int, int]], *, innermost: bool = False
    ) -> list[Definition]:
        """Definitions of `path` overlapping any inclusive (first, last) line range: a changed
        method yields the method and its class. With `innermost`, a definition is kept only
        if some changed line is in it and outside every touched definition nested in it
        (the class goes, unless a changed line is in the class body itself)."""
        path = _normalise(path)
        if path not in self._payloads:
            return []
        ranges = [(min(a, b), max(a, b)) for a, b in line_ranges]
        spans = [(start, end) for _n, _q, _k, start, end in self._file(path)[2]]
        touched = [
            index
            for index, (start, end) in enumerate(spans)
            if any(start <= last and first <= end for first, last in ranges)
        ]
        if innermost:
            touched = [i for i in touched if _changed_outside_children(i, touched, spans, ranges)]
        return [self._definition(path, index) for index in touched]

    def blast_radius(
        self,
        changed: Sequence[Definition | str],
        thresholds: BlastRadiusThresholds | None = None,
    ) -> BlastRadius:
        """How far a change to `changed` (definitions, or names looked up with find_symbol)
        reaches; see `bot.codegraph.blast`."""
        return blast_radius(self, changed, thresholds or BlastRadiusThresholds())

    # -- internals -------------------------------------------------------------------------

    def _file(self, path: str) -> Payload:
        payload = self._decoded.get(path)
        if payload is None:
            payload = self._decoded[path] = decode(self._payloads[path])
        return payload

    def _definition(self, path: str, index: int) -> Definition:
        name, qualname, kind, line, end_line = self._file(path)[2][index]
        return Definition(
            name=name, qualname=qualname, kind=kind, path=path, line=line, end_line=end_line
        )

    def _definition_index(self) -> dict[str, list[tuple[str, int]]]:
        if self._definitions_by_name is None:
            index: dict[str, list[tuple[str, int]]] = {}
            for path in self._payloads:
                for position, record in enumerate(self._file(path)[2]):
                    index.setdefault(record[0], []).append((path, position))
            self._definitions_by_name = index
        return self._definitions_by_name

    def _reference_index(self) -> dict[str, list[tuple[str, int]]]:
        if self._references_by_name is None:
            index: dict[str, list[tuple[str, int]]] = {}
            for path in self._payloads:
                for position, record in enumerate(self._file(path)[3]):
                    name = simple_name(record[0]) if record[1] == "import" else record[0]
                    index.setdefault(name, []).append((path, position))
            self._references_by_name = index
        return self._references_by_name


def _changed_outside_children(
    index: int,
    touched: list[int],
    spans: list[tuple[int, int]],
    ranges: list[tuple[int, int]],
) -> bool:
    """Whether a changed line falls in definition `index` but in none of its touched children."""
    start, end = spans[index]
    children = [
        spans[i] for i in touched if i != index and start <= spans[i][0] and spans[i][1] <= end
    ]
    for first, last in ranges:
        line, stop = max(first, start), min(last, end)
        while line <= stop:
            covering = next((c for c in children if c[0] <= line <= c[1]), None)
            if covering is None:
                return True
            line = covering[1] + 1
    return False


def _normalise(path: str) -> str:
    """Accept "./a/b.py" and "a//b.py" as the graph's "a/b.py"."""
    return posixpath.normpath(path.replace("\\", "/")).removeprefix("./")


def _qualname_matches(qualname: str, wanted: str) -> bool:
    return qualname == wanted or qualname.endswith("." + wanted)


def _modules(path: str) -> tuple[str, str]:
    """Names a definition's container may go by: the file as a module ("pkg/mod.py" →
    "pkg.mod", "pkg/__init__.py" → "pkg") and its directory as a package (Go, Java)."""
    module = path.rsplit(".", 1)[0].replace("/", ".")
    module = module.removesuffix(".__init__").removesuffix(".index")
    return module, module.rpartition(".")[0]


def simple_name(name: str) -> str:
    """Last component of a dotted name or module path: "os.path" → "path",
    "./lib/util.js" → "util", "net/http" → "http"."""
    if "/" in name:
        return name.rsplit("/", 1)[-1].split(".", 1)[0]
    return name.rsplit(".", 1)[-1]


def _import_matches(imported: str, wanted: str) -> bool:
    if imported == wanted or imported.endswith(("." + wanted, "/" + wanted)):
        return True
    return "/" in imported and imported.rsplit(".", 1)[0].endswith("/" + wanted)


def _key(definition: Definition) -> tuple[str, str, int]:
    return definition.path, definition.qualname, definition.line


def _sorted_definitions(definitions: Iterable[Definition]) -> list[Definition]:
    return sorted(definitions, key=lambda d: (d.path, d.line, d.qualname))
