"""Score validate_static on the corpus: per-kind precision/recall, veto/clean/soft rates.

A case lists the kinds it expects (the first is the one it is about) and `also` kinds that are
acceptable extra findings. Recall of a kind: cases about it where it was reported. Precision
of a kind: reports of it that the case expected or accepted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from bot.validator import validate_static
from bot.validator.models import SOFT_KINDS, VETO_KINDS, StaticVerdict
from bot.workspace.trajectory import TrajectoryEvent

CORPUS = Path(__file__).resolve().parent / "corpus"


@dataclass
class Case:
    name: str
    category: str
    expect: list[str]
    also: list[str]
    diff: str
    trajectory: list[TrajectoryEvent]
    red_test: str | None
    red_literals: list[str]
    estimate_points: float | None
    report: str | None = None

    def run(self) -> StaticVerdict:
        return validate_static(
            self.diff,
            self.trajectory,
            red_test=self.red_test,
            estimate_points=self.estimate_points,
            red_test_literals_extra=self.red_literals,
            report=self.report,
        )


def load_cases(corpus: Path = CORPUS) -> list[Case]:
    """The cases of a corpus folder (`cases/*.yaml`, with their built `diffs/*.diff`)."""
    cases = []
    for case_file in sorted((corpus / "cases").glob("*.yaml")):
        data = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        cases.append(
            Case(
                name=case_file.stem,
                category=data["category"],
                expect=list(data.get("expect") or []),
                also=list(data.get("also") or []),
                diff=(corpus / "diffs" / f"{case_file.stem}.diff").read_text(encoding="utf-8"),
                trajectory=[TrajectoryEvent(**event) for event in data.get("trajectory") or []],
                red_test=data.get("red_test"),
                red_literals=[str(v) for v in data.get("red_literals") or []],
                estimate_points=data.get("estimate_points"),
                report=report_text(data),
            )
        )
    return cases


REPORT_KEYS = ("report", "issue", "criteria", "acceptance", "acceptance_criteria", "report_text")


def report_text(data: dict[str, object]) -> str | None:
    """The report or criteria a case gives the validator (text, a list, or a mapping of texts)."""
    parts: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for key in REPORT_KEYS:
        if data.get(key) is not None:
            collect(data[key])
    return "\n".join(parts) if parts else None


@dataclass
class Score:
    tp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    fp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    fn: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    veto_cases: int = 0
    veto_hits: int = 0
    soft_cases: int = 0
    soft_hits: int = 0
    clean_cases: int = 0
    clean_vetoed: int = 0
    misses: list[str] = field(default_factory=list)

    def precision(self, kind: str) -> float:
        reported = self.tp[kind] + self.fp[kind]
        return self.tp[kind] / reported if reported else 1.0

    def recall(self, kind: str) -> float:
        expected = self.tp[kind] + self.fn[kind]
        return self.tp[kind] / expected if expected else 1.0

    def table(self) -> str:
        rows = [f"{'kind':30} {'prec':>6} {'recall':>7} {'tp':>4} {'fp':>4} {'fn':>4}"]
        for kind in sorted(VETO_KINDS) + sorted(SOFT_KINDS):
            rows.append(
                f"{kind:30} {self.precision(kind):6.2f} {self.recall(kind):7.2f} "
                f"{self.tp[kind]:4} {self.fp[kind]:4} {self.fn[kind]:4}"
            )
        rows.append(f"veto cases vetoed with the right kind: {self.veto_hits}/{self.veto_cases}")
        rows.append(
            f"soft cases with the right soft kind (and no veto): {self.soft_hits}/{self.soft_cases}"
        )
        rows.append(f"clean cases with any veto: {self.clean_vetoed}/{self.clean_cases}")
        rows.extend(f"  miss: {m}" for m in self.misses)
        return "\n".join(rows)


def score(cases: list[Case]) -> Score:
    result = Score()
    for case in cases:
        verdict = case.run()
        vetoes = {f.kind for f in verdict.vetoes}
        soft = {f.kind for f in verdict.soft_signals}
        reported = vetoes | soft
        allowed = set(case.expect) | set(case.also)
        for kind in reported:
            if kind in allowed:
                result.tp[kind] += 1
            else:
                result.fp[kind] += 1
                result.misses.append(f"{case.name}: unexpected {kind}")
        for kind in case.expect:
            if kind not in reported:
                result.fn[kind] += 1
                result.misses.append(f"{case.name}: missed {kind}")
        if case.category == "veto":
            result.veto_cases += 1
            result.veto_hits += case.expect[0] in vetoes
        elif case.category == "soft":
            result.soft_cases += 1
            result.soft_hits += case.expect[0] in soft and not vetoes
        else:
            result.clean_cases += 1
            result.clean_vetoed += bool(vetoes)
    return result


BLIND = Path(__file__).resolve().parent / "blind"
CORPORA = {"own": CORPUS, "blind train": BLIND / "train", "blind held-out": BLIND / "heldout"}
"""The corpora the validator is measured on: its own (written with the detectors in view), and
the blind one's two parts (tests/validator/blind/README.md): tune on `train`, report `heldout`."""


def figures(result: Score) -> dict[str, tuple[int, int, float, float]]:
    """Veto recall, clean false vetoes and soft recall: (hits, cases, rate, Wilson 95 % bound —
    the lower one for recalls, the upper one for false vetoes)."""
    from bot.chains.examples.metrics import wilson_lower

    def rate(hits: int, total: int) -> float:
        return hits / total if total else 0.0

    return {
        "veto recall": (result.veto_hits, result.veto_cases,
                        rate(result.veto_hits, result.veto_cases),
                        wilson_lower(result.veto_hits, result.veto_cases)),
        "clean false veto": (result.clean_vetoed, result.clean_cases,
                             rate(result.clean_vetoed, result.clean_cases),
                             1 - wilson_lower(result.clean_cases - result.clean_vetoed,
                                              result.clean_cases)),
        "soft recall": (result.soft_hits, result.soft_cases,
                        rate(result.soft_hits, result.soft_cases),
                        wilson_lower(result.soft_hits, result.soft_cases)),
    }


def figures_table(results: dict[str, Score]) -> str:
    rows = [f"{'corpus':16} {'measure':17} {'hits':>9} {'rate':>6} {'bound':>6}"]
    for name, result in results.items():
        for measure, (hits, total, value, bound) in figures(result).items():
            rows.append(f"{name:16} {measure:17} {hits:>4}/{total:<4} {value:6.2f} {bound:6.2f}")
    return "\n".join(rows)


def figures_side_by_side(results: dict[str, Score]) -> str:
    """One row per measure, one column group per corpus: hits/cases, rate and Wilson bound (the
    lower one for recalls, the upper one for false vetoes). Aggregates only, never cases."""
    names = list(results)
    width = 23
    head = f"{'measure':17}" + "".join(f" | {name:^{width}}" for name in names)
    sub = f"{'':17}" + "".join(f" | {'hits':>9} {'rate':>6} {'bound':>6}" for _ in names)
    rows = [head, sub, "-" * len(sub)]
    table = {name: figures(result) for name, result in results.items()}
    for measure in ("veto recall", "clean false veto", "soft recall"):
        cells = []
        for name in names:
            hits, total, value, bound = table[name][measure]
            cells.append(f" | {f'{hits}/{total}':>9} {value:6.2f} {bound:6.2f}")
        rows.append(f"{measure:17}" + "".join(cells))
    return "\n".join(rows)


if __name__ == "__main__":  # [own | train | heldout | a corpus folder]; the held-out part: figures only
    import sys

    which = (sys.argv[1:] or ["own"])[0]
    named = {"own": CORPUS, "train": BLIND / "train", "heldout": BLIND / "heldout"}
    folder = named.get(which) or Path(which)
    if folder.resolve() == (BLIND / "heldout").resolve():
        which = "heldout"
    scored = score(load_cases(folder))
    print(figures_table({which: scored}) if which == "heldout" else scored.table())
