"""Benchmark: gate 4 (`smith mutate`) against mutmut on the same module and tests, same run.

Run: .venv/bin/python benchmarks/mutation.py [--mutmut PATH] [--children 2] [--rounds N]
The module is the standard library's `colorsys` (166 lines, pure Python) with CPython's own
`test/test_colorsys.py`, copied into a temporary project as `colorspace.py`. Timed, each from a
fresh copy: `smith mutate` as a user runs it (a subprocess, the sandbox, the batched pytest
driver) with its default cap of 30 mutants and again with every mutation point, and
`mutmut run` (mutmut 3, configured with `[tool.mutmut] source_paths` and
`pytest_add_cli_args_test_selection`, on the host, `--max-children` = the cores). mutmut is
found with --mutmut, SMITH_BENCH_MUTMUT or PATH (it needs pytest in its own environment:
`python -m venv v && v/bin/pip install mutmut pytest`); without it that row is skipped. Both
run the tests with the same interpreter and packages: mutmut's environment when it is found
(the sandbox's PATH starts at its folder), else this one. The target: the gate within 30 s on
a module of at most 300 lines, on 2 cores, and per mutant at or below mutmut's time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 30.0
_PROGRESS = re.compile(r"(\d+)/(\d+)\s+🎉 (\d+)\s+🫥 (\d+)\s+⏰ (\d+)\s+🤔 (\d+)\s+🙁 (\d+)"
                       r"\s+🔇 (\d+)")


def project(folder: Path) -> Path:
    """A copy of colorsys and its CPython tests, the module renamed so no import finds the
    standard library's."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    tests = stdlib / "test" / "test_colorsys.py"
    if not tests.is_file():
        raise SystemExit(f"{tests} is missing (this Python ships without its test suite)")
    (folder / "tests").mkdir(parents=True)
    shutil.copyfile(stdlib / "colorsys.py", folder / "colorspace.py")
    text = tests.read_text().replace("\nimport colorsys\n", "\nimport colorspace as colorsys\n")
    (folder / "tests" / "test_colorspace.py").write_text(text)
    (folder / "conftest.py").write_text("")
    return folder


def run_gate(folder: Path, data: Path, max_mutants: int, python_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMITH_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(ROOT), SMITH_DATA_DIR=str(data), SMITH_LOG_LEVEL="WARNING",
               SMITH_SANDBOX_PATH=f"{python_dir}:/usr/local/bin:/usr/bin:/bin")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "bot.cli", "mutate", "--repo", str(folder),
                           "--module", "colorspace.py", "--tests", "tests/test_colorspace.py",
                           "--max-mutants", str(max_mutants), "--json"],
                          env=env, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"smith mutate failed: {done.stderr[-2000:]}")
    outcome = json.loads(done.stdout)
    return {"wall": wall, "mutants": outcome["mutants"], "killed": outcome["killed"],
            "score": outcome["score"]}


def find_mutmut(given: str | None) -> str | None:
    for candidate in (given, os.environ.get("SMITH_BENCH_MUTMUT"), shutil.which("mutmut")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def run_mutmut(mutmut: str, folder: Path, children: int) -> dict:
    (folder / "pyproject.toml").write_text(
        '[tool.mutmut]\nsource_paths = ["colorspace.py"]\n'
        'pytest_add_cli_args_test_selection = ["tests/"]\n')
    started = time.perf_counter()
    done = subprocess.run([mutmut, "run", "--max-children", str(children)], cwd=folder,
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    found = _PROGRESS.findall(done.stdout + done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"mutmut failed ({done.returncode}): {(done.stdout + done.stderr)[-2000:]}")
    _, total, killed, no_tests, timeout, _suspicious, survived, skipped = map(int, found[-1])
    mutants = int(total)
    return {"wall": wall, "mutants": mutants, "killed": killed + timeout,
            "score": (killed + timeout) / max(1, mutants - no_tests - skipped),
            "survived": survived}


def per_mutant(row: dict) -> float:
    return row["wall"] / max(1, row["mutants"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutmut", help="the mutmut executable (its environment has pytest)")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2,
                        help="mutmut's --max-children (default: the cores)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="more rounds of every point and mutmut, alternating (the "
                        "machine's load moves both alike); each round's ratio and the median")
    args = parser.parse_args()
    rows: list[tuple[str, dict]] = []
    mutmut = find_mutmut(args.mutmut)
    # the tests run in one environment for both: mutmut's (its pytest, no other plugin), else
    # this interpreter's
    python_dir = Path(mutmut).parent if mutmut else Path(sys.executable).parent
    with tempfile.TemporaryDirectory(prefix="smith-bench-mutation-") as tmp:
        base = Path(tmp)
        lines = len((project(base / "source") / "colorspace.py").read_text().splitlines())
        print(f"module: colorsys ({lines} lines) with CPython's test_colorsys.py; "
              f"{os.cpu_count()} cores; tests run by {python_dir / 'python'}")
        for label, cap in (("smith mutate (gate, cap 30)", 30),
                           ("smith mutate (every point)", 10_000)):
            copy = project(base / f"gate-{cap}")
            rows.append((label, run_gate(copy, base / f"data-{cap}", cap, python_dir)))
        if mutmut is None:
            print("mutmut: not found (pass --mutmut PATH or put it on PATH); its row is skipped")
        else:
            rows.append((f"mutmut run (--max-children {args.children})",
                         run_mutmut(mutmut, project(base / "mutmut"), args.children)))
            ratios = [per_mutant(rows[1][1]) / per_mutant(rows[2][1])]
            for again in range(1, max(1, args.rounds)):
                full = run_gate(project(base / f"gate-again-{again}"), base / f"data-{again}",
                                10_000, python_dir)
                peer = run_mutmut(mutmut, project(base / f"mutmut-{again}"), args.children)
                ratios.append(per_mutant(full) / per_mutant(peer))
                print(f"round {again + 1}: every point {per_mutant(full):.3f} s a mutant, "
                      f"mutmut {per_mutant(peer):.3f}: ratio {ratios[-1]:.2f}")
            if len(ratios) > 1:
                print(f"per-mutant ratio by round: {', '.join(f'{r:.2f}' for r in ratios)}; "
                      f"median {statistics.median(ratios):.2f}")
    print(f"{'':<34}{'wall s':>8}{'mutants':>9}{'killed':>8}{'score':>7}{'s/mutant':>10}")
    for label, row in rows:
        print(f"{label:<34}{row['wall']:>8.1f}{row['mutants']:>9}{row['killed']:>8}"
              f"{row['score']:>7.0%}{row['wall'] / max(1, row['mutants']):>10.3f}")
    gate = rows[0][1]
    if len(rows) == 3:
        full, peer = rows[1][1], rows[2][1]
        print(f"ratio gate / mutmut, wall: {gate['wall'] / peer['wall']:.2f} "
              f"(the gate stops at 30 mutants); every point / mutmut, wall: "
              f"{full['wall'] / peer['wall']:.2f}; per mutant: "
              f"{(full['wall'] / full['mutants']) / (peer['wall'] / peer['mutants']):.2f}")
    met = gate["wall"] <= TARGET_SECONDS
    print(f"target: the gate within {TARGET_SECONDS:.0f} s for a module of ≤ 300 lines: "
          f"{gate['wall']:.1f} s, {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
