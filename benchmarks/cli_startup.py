"""Start-up of the command a person types: `smith --version` and `smith --help` against
`python -m pip --version`, measured alternately in the same run (the target is at most half).

    python benchmarks/cli_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    smith = str(Path(sys.executable).with_name("smith"))
    commands = {
        "smith --version": [smith, "--version"],
        "smith --help": [smith, "--help"],
        "pip --version (peer)": [sys.executable, "-m", "pip", "--version"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so load on the machine hits all three alike
        for name, argv in commands.items():
            times[name].append(_seconds(argv))
    peer = statistics.median(times["pip --version (peer)"])
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:22} median {median * 1000:7.1f} ms   ratio to pip {median / peer:5.2f}x")


if __name__ == "__main__":
    main()
