"""Benchmark: the validator's speed and its accuracy.

Speed: validate_static on a 5,000-line diff versus unidiff parsing the same diff alone. The diff
is generated deterministically (fixed seed): Python, TypeScript, Go and Java files with realistic
edits, so every detector and the tree-sitter parsers do their real work.

Accuracy: veto recall, clean false vetoes and soft recall with Wilson bounds (95 %) on the own
corpus (written with the detectors in view), the blind corpus's training part (tuned on) and
its held-out part (never tuned on; aggregate figures only, tests/validator/blind/README.md).

Run: .venv/bin/python benchmarks/validator.py [--lines 5000] [--repeat 5]
         [--corpora own,train,heldout | --speed-only | --accuracy-only]
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from unidiff import PatchSet

from bot.validator.static import validate_static

TEMPLATES = {
    "py": [
        "def handler_{i}(request, store):\n",
        "    value = store.get(request.args.get('key_{i}'))\n",
        "    if value is None:\n",
        "        raise KeyError('key_{i}')\n",
        "    total = sum(item.price * item.qty for item in value.items)\n",
        "    return {{'id': {i}, 'total': total}}\n",
        "\n",
    ],
    "ts": [
        "export function handler{i}(req: Request, store: Store): Result {{\n",
        "  const value = store.get(req.params.key{i});\n",
        "  if (!value) {{\n",
        "    throw new NotFound('key{i}');\n",
        "  }}\n",
        "  return {{ id: {i}, total: value.items.reduce((s, x) => s + x.price * x.qty, 0) }};\n",
        "}}\n",
    ],
    "go": [
        "func Handler{i}(ctx context.Context, s *Store) (*Result, error) {{\n",
        '\tv, err := s.Get(ctx, "key{i}")\n',
        "\tif err != nil {{\n",
        '\t\treturn nil, fmt.Errorf("get key{i}: %w", err)\n',
        "\t}}\n",
        "\treturn &Result{{ID: {i}, Total: v.Total()}}, nil\n",
        "}}\n",
    ],
    "java": [
        "    public Result handler{i}(Store store) {{\n",
        '        Value value = store.get("key{i}");\n',
        "        if (value == null) {{\n",
        '            throw new NotFoundException("key{i}");\n',
        "        }}\n",
        "        return new Result({i}, value.total());\n",
        "    }}\n",
    ],
}
EDITS = {
    "py": [
        "    # Totals are rounded per line, not per order (see report).\n",
        "    total = round(total, 2)\n",
    ],
    "ts": [
        "  // Totals are rounded per line, not per order (see report).\n",
        "  const rounded = Math.round(1);\n",
    ],
    "go": [
        "\t// Totals are rounded per line, not per order (see report).\n",
        '\tlog.Printf("handled %d", 1)\n',
    ],
    "java": [
        "        // Totals are rounded per line, not per order (see report).\n",
        '        LOG.debug("handled");\n',
    ],
}
FOLDERS = {
    "py": "app/handlers",
    "ts": "web/src/handlers",
    "go": "internal/handlers",
    "java": "src/main/java/com/acme",
}


def file_diff(path: str, before: list[str], after: list[str]) -> str:
    body = "".join(difflib.unified_diff(before, after, f"a/{path}", f"b/{path}", n=3))
    return f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n{body}"


def generate_diff(target_lines: int, seed: int = 20240601) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    total, index = 0, 0
    while total < target_lines:
        ext = ("py", "ts", "go", "java")[index % 4]
        before: list[str] = []
        for i in range(40):
            before.extend(line.format(i=i) for line in TEMPLATES[ext])
        after = list(before)
        for _ in range(rng.randint(6, 12)):
            at = rng.randrange(1, len(after) - 1)
            if rng.random() < 0.3:
                del after[at]
            else:
                after.insert(at, rng.choice(EDITS[ext]))
        path = f"{FOLDERS[ext]}/module_{index}.{ext}"
        chunk = file_diff(path, before, after)
        parts.append(chunk)
        total += chunk.count("\n")
        index += 1
    return "".join(parts)


def best_of(repeat: int, fn) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        timings.append(time.perf_counter() - start)
    return min(timings)


CORPUS_NAMES = {"own": "own", "train": "blind train", "heldout": "blind held-out"}


def accuracy_report(corpora: dict[str, Path]) -> str:
    """The figures of each corpus side by side (corpus name → folder with cases/ and diffs/)."""
    from tests.validator.corpus_eval import figures_side_by_side, load_cases, score

    results = {name: score(load_cases(folder)) for name, folder in corpora.items()}
    return figures_side_by_side(results)


def speed_report(lines_wanted: int, repeat: int) -> str:
    diff = generate_diff(lines_wanted)
    lines = diff.count("\n")
    files = diff.count("diff --git ")
    validate_static(diff)  # warm-up: grammar loading and regex compilation happen once per process
    parse_s = best_of(repeat, lambda: PatchSet(diff))
    validate_s = best_of(repeat, lambda: validate_static(diff))
    verdict = validate_static(diff)
    return "\n".join(
        [
            f"diff: {lines} lines, {files} files (py/ts/go/java); best of {repeat}",
            f"unidiff parse only : {parse_s * 1000:8.1f} ms",
            f"validate_static    : {validate_s * 1000:8.1f} ms",
            f"ratio validate/parse: {validate_s / parse_s:6.1f}x",
            (
                f"verdict: {verdict.decision}, {len(verdict.vetoes)} vetoes, "
                f"{len(verdict.soft_signals)} soft signals"
            ),
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--corpora",
        default="own,train,heldout",
        help="comma-separated: own, train, heldout (the held-out part is never tuned on)",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--speed-only", action="store_true")
    which.add_argument("--accuracy-only", action="store_true")
    args = parser.parse_args()

    if not args.accuracy_only:
        print(speed_report(args.lines, args.repeat))
    if not args.speed_only:
        from tests.validator.corpus_eval import CORPORA

        chosen = [c.strip() for c in args.corpora.split(",") if c.strip()]
        unknown = [c for c in chosen if c not in CORPUS_NAMES]
        if unknown:
            parser.error(f"unknown corpora: {', '.join(unknown)} (own, train, heldout)")
        corpora = {CORPUS_NAMES[c]: CORPORA[CORPUS_NAMES[c]] for c in chosen}
        if not args.accuracy_only:
            print()
        print("accuracy (Wilson 95 % bounds: lower for recalls, upper for false vetoes)")
        print(accuracy_report(corpora))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
