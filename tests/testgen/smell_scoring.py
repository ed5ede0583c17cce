"""Precision and recall of gate 5 on the labelled smell corpus (tests/testgen/smell_corpus).

Each corpus file opens with its label, `# smells: tautology, no_assertion` (or `// smells:`
for JavaScript; `none` for a clean file), and may name the module under test under `sut/`
(`# subject: shop/pricing.py`), which the gate always knows and `smith smells --subject` can
be told. Scoring is per (file, reject-level kind): a kind found and labelled is a true
positive, found and not labelled a false positive, labelled and not found a false negative.
Warnings are not scored: they never reject a file.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.chains.tests.smells import REJECT_KINDS, Subject
from bot.chains.tests.testfiles import analysable, analyse, subject_of

CORPUS = Path(__file__).resolve().parent / "smell_corpus"
SUT = CORPUS / "sut"
FOLDERS = ("pytest", "unittest", "jest", "vitest")
_LABEL = re.compile(r"^\s*(?:#|//)\s*smells:\s*(.+)$", re.MULTILINE)
_SUBJECT = re.compile(r"^\s*(?:#|//)\s*subject:\s*(\S+)\s*$", re.MULTILINE)


@dataclass
class FileResult:
    path: str
    framework: str
    expected: set[str]
    found: set[str]
    seconds: float

    @property
    def false_positives(self) -> set[str]:
        return self.found - self.expected

    @property
    def false_negatives(self) -> set[str]:
        return self.expected - self.found


@dataclass
class Score:
    files: list[FileResult] = field(default_factory=list)

    def _count(self, kind: str | None = None) -> tuple[int, int, int]:
        tp = fp = fn = 0
        for result in self.files:
            expected = {k for k in result.expected if kind in (None, k)}
            found = {k for k in result.found if kind in (None, k)}
            tp += len(expected & found)
            fp += len(found - expected)
            fn += len(expected - found)
        return tp, fp, fn

    def precision(self, kind: str | None = None) -> float:
        tp, fp, _ = self._count(kind)
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, kind: str | None = None) -> float:
        tp, _, fn = self._count(kind)
        return tp / (tp + fn) if tp + fn else 1.0

    @property
    def slowest(self) -> FileResult:
        return max(self.files, key=lambda r: r.seconds)

    def table(self) -> str:
        """The numbers, overall and per kind, and every miss."""
        lines = [(f"smell corpus: {len(self.files)} files "
                 f"({', '.join(f'{f} {self.count(f)}' for f in FOLDERS)}), "
                 f"{sum(bool(r.expected) for r in self.files)} with reject-level smells"),
                 (f"{'kind':<22}{'labelled':>9}{'tp':>5}{'fp':>5}{'fn':>5}{'precision':>11}"
                 f"{'recall':>8}")]
        for kind in (*REJECT_KINDS, None):
            tp, fp, fn = self._count(kind)
            lines.append(f"{kind or 'all reject-level':<22}{tp + fn:>9}{tp:>5}{fp:>5}{fn:>5}"
                         f"{self.precision(kind):>11.3f}{self.recall(kind):>8.3f}")
        slow = self.slowest
        lines.append(f"slowest file: {slow.path} {slow.seconds * 1000:.1f} ms; all files "
                     f"{sum(r.seconds for r in self.files) * 1000:.0f} ms")
        for result in self.files:
            for kind in sorted(result.false_positives):
                lines.append(f"  false positive: {result.path} {kind}")
            for kind in sorted(result.false_negatives):
                lines.append(f"  missed: {result.path} {kind}")
        return "\n".join(lines)

    def count(self, framework: str) -> int:
        return sum(r.framework == framework for r in self.files)


def label_of(source: str) -> tuple[set[str], str | None]:
    """(expected reject-level kinds, the subject's path under sut/ or None)."""
    match = _LABEL.search(source)
    if match is None:
        raise ValueError("no `smells:` label")
    words = {w.strip() for w in match.group(1).split(",")} - {"", "none"}
    unknown = words - set(REJECT_KINDS)
    if unknown:
        raise ValueError(f"unknown smell kinds {sorted(unknown)}")
    subject = _SUBJECT.search(source)
    return words, subject.group(1) if subject else None


def corpus_files() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (CORPUS / folder).rglob("*")
                  if p.is_file() and analysable(p.name))


def score() -> Score:
    result = Score()
    subjects: dict[str, Subject] = {}
    for path in corpus_files():
        source = path.read_text(encoding="utf-8")
        expected, subject_path = label_of(source)
        subject = None
        if subject_path is not None:
            if subject_path not in subjects:
                subjects[subject_path] = subject_of(
                    subject_path, (SUT / subject_path).read_text(encoding="utf-8"))
            subject = subjects[subject_path]
        rel = path.relative_to(CORPUS).as_posix()
        started = time.perf_counter()
        report = analyse(source, rel, subject)
        seconds = time.perf_counter() - started
        found = {s.kind for s in report.smells if s.level == "reject"}
        result.files.append(FileResult(rel, rel.split("/", 1)[0], expected, found, seconds))
    return result


BLIND = Path(__file__).resolve().parent / "smell_blind"
"""The blind corpus (smell_blind/README.md): tune on `train`, report `heldout` in aggregate."""


def score_blind(part: str) -> tuple[Score, int, int]:
    """(the score of gate 5 on one part of the blind corpus, clean files, clean files with a
    reject-level smell found)."""
    import yaml

    folder = BLIND / part
    labels = yaml.safe_load((folder / "labels.yaml").read_text(encoding="utf-8"))
    result = Score()
    clean = clean_flagged = 0
    for label in labels:
        source = (folder / label["file"]).read_text(encoding="utf-8")
        subject = subject_of(label["subject"],
                             (folder / label["subject"]).read_text(encoding="utf-8"))
        started = time.perf_counter()
        report = analyse(source, label["file"], subject)
        seconds = time.perf_counter() - started
        found = {s.kind for s in report.smells if s.level == "reject"}
        expected = set(label.get("expect") or [])
        result.files.append(FileResult(label["file"], label.get("language", ""), expected,
                                       found, seconds))
        if not expected and not label.get("warn"):
            clean += 1
            clean_flagged += bool(found)
    return result, clean, clean_flagged
