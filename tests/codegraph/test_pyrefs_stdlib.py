"""The reference scanner against the full (tree-sitter) graph over a sample of the standard
library: the lazy graph's early `find_references` must be the answer the full graph gives."""

from __future__ import annotations

import random
import re
import shutil
import sysconfig
from collections import Counter
from pathlib import Path

import pytest

from bot.codegraph import CodeGraph, IndexOptions, build_index
from bot.codegraph.discover import MAX_FILE_BYTES, SKIP_DIRS, content_skip_reason, walk_sources
from bot.codegraph.extract import extract
from bot.codegraph.graph import simple_name
from bot.codegraph.lazy import LazyCodeGraph, holds_word
from bot.codegraph.pyrefs import python_references

STDLIB = Path(sysconfig.get_paths()["stdlib"])
SAMPLE_EVERY = 8
COMMON_NAMES = 150
RARE_NAMES = 40
# Names that stress one rule each: soft keywords, builtins called everywhere, module paths.
CHOSEN = [
    "decode",
    "join",
    "get",
    "append",
    "path",
    "os",
    "sys",
    "match",
    "case",
    "type",
    "print",
    "format",
    "_",
    "self",
    "__init__",
    "annotations",
    "__future__",
    "e",
    "j",
]
# The lazy graph itself, names qualified or not, with kinds or without.
LAZY_QUESTIONS: list[tuple[str, tuple[str, ...] | None]] = [
    ("decode", None),
    ("os.path", None),
    ("path", ("import",)),
    ("json.decoder", None),
    ("join", ("call",)),
    ("get", ("attribute",)),
    ("match", None),
    ("print", None),
]
# (name, kind, line, enclosing qualname)
Resolved = tuple[str, str, int, str | None]
_ATTRIBUTE_OR_CALL = re.compile(rb"\.([A-Za-z_]\w*)|([A-Za-z_]\w*)\(")
_ATTRIBUTE_OR_CALL_NAMES = re.compile(rb"(?<=\.)[A-Za-z_]\w*|[A-Za-z_]\w*(?=\()")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every eighth Python file of the standard library the graph would index, copied."""
    root = tmp_path_factory.mktemp("stdlib-references")
    sources, _skipped = walk_sources(STDLIB, SKIP_DIRS, MAX_FILE_BYTES)
    for source in [s for s in sources if s.language == "python"][::SAMPLE_EVERY]:
        target = root / source.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source.absolute, target)
    return root


@pytest.fixture(scope="module")
def full(sample: Path) -> CodeGraph:
    return build_index(sample, None, options=IndexOptions())


@pytest.fixture(scope="module")
def files(sample: Path) -> dict[str, bytes]:
    found = {}
    for path in sorted(sample.rglob("*.py")):
        data = path.read_bytes()
        if content_skip_reason(data) is None:
            found[path.relative_to(sample).as_posix()] = data
    return found


def names_to_ask(files: dict[str, bytes]) -> list[str]:
    """The most frequent attribute and call names of the sample, rare ones, the chosen ones."""
    counts: Counter[str] = Counter()
    for data in files.values():
        for attribute, called in _ATTRIBUTE_OR_CALL.findall(data):
            counts[(attribute or called).decode()] += 1
    common = [name for name, _count in counts.most_common(COMMON_NAMES)]
    rare = sorted(name for name, count in counts.items() if count == 2)
    step = max(1, len(rare) // RARE_NAMES)
    return list(dict.fromkeys(common + rare[::step][:RARE_NAMES] + CHOSEN))


def full_answer(full: CodeGraph, name: str) -> dict[str, list[Resolved]]:
    by_path: dict[str, list[Resolved]] = {}
    for ref in full.find_references(name):
        by_path.setdefault(ref.path, []).append((ref.name, ref.kind, ref.line, ref.enclosing))
    return by_path


def scanned_answer(data: bytes, name: str) -> list[Resolved] | None:
    payload = python_references(data, name)
    if payload is None:
        return None
    _status, _line, defs, refs = payload
    return [(n, k, line, defs[e][1] if e >= 0 else None) for n, k, line, e in refs]


@pytest.mark.slow
def test_scanned_references_are_the_full_graphs_on_the_standard_library(
    full: CodeGraph, files: dict[str, bytes]
) -> None:
    names = names_to_ask(files)
    scanned = gave_up = 0
    wrong = []
    for name in names:
        expected = full_answer(full, name)
        needle = name.encode()
        candidates = {path for path, data in files.items() if holds_word(data, needle)}
        assert set(expected) <= candidates, name  # no reference outside the candidates
        for path in sorted(candidates):
            answer = scanned_answer(files[path], name)
            scanned += 1
            if answer is None:
                gave_up += 1
            elif sorted(answer) != sorted(expected.get(path, [])):
                wrong.append((name, path))

    print(f"\n{len(names)} names, {scanned} candidate files scanned, gave up on {gave_up}")
    assert len(names) >= COMMON_NAMES + RARE_NAMES
    assert scanned > 5_000
    assert wrong == []
    assert gave_up <= scanned // 50, f"gave up on {gave_up} of {scanned}"


@pytest.mark.slow
def test_the_lazy_graph_answers_as_the_full_graph_before_it_is_built(
    sample: Path, full: CodeGraph
) -> None:
    lazy = LazyCodeGraph(sample, start=False)

    for name, kinds in LAZY_QUESTIONS:
        answer = lazy.find_references(name, kinds)

        assert answer == full.find_references(name, kinds), (name, kinds)
        assert answer, (name, kinds)
    assert not lazy.ready


# Edits a fuzzed source gets: blanks, line breaks, escapes, brackets, quotes, keywords.
EDITS = [
    b" ",
    b"\\\n",
    b"\n",
    b"\n    ",
    b"(",
    b")",
    b"[",
    b".",
    b"*",
    b'f"{',
    b"}",
    b"#",
    b'"',
    b"'",
    b";",
    b":",
    b"=",
    b",",
    b"\t",
    b"\r\n",
    b"match ",
    b"case ",
    b"type ",
    b"import ",
    b"from ",
    b" as ",
    b"def ",
    b"class ",
    b"lambda ",
    b"@",
    b"print ",
    b"1.",
    b"...",
]
FUZZED_FILES = 40
EDITS_PER_FILE = 12


@pytest.mark.slow
def test_edited_sources_that_tree_sitter_reads_cleanly_are_read_alike(
    files: dict[str, bytes],
) -> None:
    """Random edits near the word (most of them syntax errors): wherever tree-sitter still
    parses without an error, the scanner gives up or gives tree-sitter's references."""
    chance = random.Random(18)
    small = [path for path, data in files.items() if 500 < len(data) < 15_000]
    compared = 0
    for path in chance.sample(small, FUZZED_FILES):
        data = files[path]
        words = sorted({name.decode() for name in _ATTRIBUTE_OR_CALL_NAMES.findall(data)})
        for _ in range(EDITS_PER_FILE):
            word = chance.choice(words)
            edited = bytearray(data)
            starts = [m.start() for m in re.finditer(re.escape(word.encode()), data)]
            for _ in range(chance.randint(1, 3)):
                at = min(len(edited), max(0, chance.choice(starts) + chance.randint(-12, 20)))
                edited[at:at] = chance.choice(EDITS)
            source = bytes(edited)
            status, _line, defs, refs = extract(source, "python")
            answer = scanned_answer(source, word)
            if status != "ok" or answer is None:
                continue
            compared += 1
            expected = [
                (n, k, line, defs[e][1] if e >= 0 else None)
                for n, k, line, e in refs
                if (simple_name(n) if k == "import" else n) == word
            ]
            assert sorted(answer) == sorted(expected), (path, word, source)
    assert compared > FUZZED_FILES
