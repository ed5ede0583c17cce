"""The blind smell corpus's split: which test files the smell detectors may be tuned on, which
are held out (the same discipline as tests/validator/blind, see README.md here).

Stratified by the first reject-level smell a file is labelled with (else its first warn-level
one, else clean), a seeded shuffle, half of each stratum (the odd one included) held out. Test
files move; the subject modules they import are copied to each side that needs them.

    .venv/bin/python tests/testgen/smell_blind/split.py   # splits incoming/ once

A later batch goes into incoming/ the same way and joins each side's labels.yaml.
"""

from __future__ import annotations

import random
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SEED = 20261202


def stratum(label: dict[str, Any]) -> str:
    expect, warn = label.get("expect") or [], label.get("warn") or []
    return f"reject:{expect[0]}" if expect else f"warn:{warn[0]}" if warn else "clean"


def split(labels: list[dict[str, Any]], seed: int = SEED) -> tuple[list[dict[str, Any]], ...]:
    by_stratum: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for label in sorted(labels, key=lambda item: str(item["file"])):
        by_stratum[stratum(label)].append(label)
    rng = random.Random(seed)
    train: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    for key in sorted(by_stratum):
        group = by_stratum[key]
        rng.shuffle(group)
        cut = (len(group) + 1) // 2
        held += group[:cut]
        train += group[cut:]
    return train, held


def main() -> int:
    incoming = HERE / "incoming"
    labels = yaml.safe_load((incoming / "labels.yaml").read_text(encoding="utf-8"))
    for part, chosen in zip(("train", "heldout"), split(labels)):
        folder = HERE / part
        folder.mkdir(exist_ok=True)
        for label in chosen:
            shutil.copy2(incoming / label["subject"], folder / label["subject"])
            shutil.copy2(incoming / label["file"], folder / label["file"])
        # A later batch joins the earlier ones: the labels already there stay.
        known = folder / "labels.yaml"
        earlier = yaml.safe_load(known.read_text(encoding="utf-8")) if known.exists() else []
        clash = {str(item["file"]) for item in earlier} & {str(item["file"]) for item in chosen}
        if clash:
            raise SystemExit(f"already in {part}/: {sorted(clash)}")
        known.write_text(
            yaml.safe_dump(sorted([*earlier, *chosen], key=lambda item: str(item["file"])),
                           sort_keys=False),
            encoding="utf-8")
        print(f"{len(chosen)} files to {part}/")
    shutil.rmtree(incoming)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
