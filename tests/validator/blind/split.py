"""The blind corpus's split: which cases the detectors may be tuned on, which are held out.

The cases in `train/` and `heldout/` were written by authors who were given the classes'
definitions only, never the detectors (tests/validator/blind/README.md). They were split once,
here, with a fixed seed, stratified by the class each case is about (half of each class held
out, the odd one to the held-out side): run it on a folder of new cases to split them the same
way. Detector work reads `train/` only; `heldout/` is scored, never read while tuning.

    .venv/bin/python tests/validator/blind/split.py NEW_CASES_FOLDER
"""

from __future__ import annotations

import random
import shutil
import sys
from collections import defaultdict
from pathlib import Path

import yaml

BLIND = Path(__file__).resolve().parent
SEED = 20261202


def stratum(case: Path) -> str:
    data = yaml.safe_load(case.read_text(encoding="utf-8"))
    expect = data.get("expect") or []
    return f"{data['category']}:{expect[0] if expect else '-'}"


def split(cases: list[Path], seed: int = SEED) -> tuple[list[Path], list[Path]]:
    """(train, held-out): within each stratum, a seeded shuffle, the first half held out."""
    by_stratum: dict[str, list[Path]] = defaultdict(list)
    for case in sorted(cases):
        by_stratum[stratum(case)].append(case)
    rng = random.Random(seed)
    train: list[Path] = []
    held: list[Path] = []
    for key in sorted(by_stratum):
        group = by_stratum[key]
        rng.shuffle(group)
        cut = (len(group) + 1) // 2
        held += group[:cut]
        train += group[cut:]
    return sorted(train), sorted(held)


def main(folder: Path) -> int:
    train, held = split(sorted(folder.glob("*.yaml")))
    for part, cases in (("train", train), ("heldout", held)):
        (BLIND / part / "cases").mkdir(parents=True, exist_ok=True)
        for case in cases:
            shutil.move(str(case), BLIND / part / "cases" / case.name)
    print(f"{len(train)} to train/, {len(held)} to heldout/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
