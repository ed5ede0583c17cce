"""Tokens and wall time per corpus run, against running the same repository's tests alone.

    python -m benchmarks.corpus_runs [-k monorepo]

Each repository of tests/e2e/corpus goes through the whole service (web app, handlers, jobs,
chain, Postgres, fake GitHub, scripted model) by running its corpus test; the test records the
run's wall time and tokens in its report. The peer, measured in the same process on the same
repository, is what `smith doctor` does: the setup and the test command once in the sandbox. So a
run that got slower shows as a larger ratio, whatever the machine, and a prompt that grew shows
in the tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.doctor import diagnose
from tests.e2e.corpus import cases
from tests.e2e.corpus.gitutil import publish

ROOT = Path(__file__).resolve().parents[1]


class Collector:
    """A pytest plugin that keeps each corpus test's recorded run (the user property `name`,
    by the test's parameter id) and outcome."""

    def __init__(self, name: str = "corpus_run") -> None:
        self.name = name
        self.runs: dict[str, dict[str, Any]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call" and not (report.when == "setup" and report.skipped):
            return
        case = report.nodeid.rsplit("[", 1)[-1].rstrip("]")
        entry = self.runs.setdefault(case, {})
        entry["result"] = "xfailed" if hasattr(report, "wasxfail") else report.outcome
        for name, value in report.user_properties:
            if name == self.name:
                entry.update(value)


async def peer(case: cases.Case) -> dict[str, Any]:
    """Setup + the test command once in the sandbox, as `smith doctor` runs them."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        bare = publish(root / "repo", case.files())
        overrides = {"sandbox_path": cases.TOOLCHAIN, **case.settings}
        settings = Settings(data_dir=root / "data", **overrides)  # type: ignore[arg-type]
        report = await diagnose(settings, str(bare))
    seconds = {check.name: check.seconds or 0.0 for check in report.checks}
    return {"setup": seconds.get("setup", 0.0), "tests": seconds.get("tests", 0.0),
            "ready": report.ready}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-k", default=None, help="only cases whose name contains this")
    args = parser.parse_args()
    chosen = [c for c in cases.ALL if not args.k or args.k in c.name]
    chosen = [c for c in chosen if c.missing_tools() is None]
    if not chosen:
        sys.exit("no corpus case can run here")
    os.environ.setdefault("SMITH_LOG_LEVEL", "WARNING")
    collector = Collector()
    selection = " or ".join(c.name for c in chosen)
    code = pytest.main([str(ROOT / "tests/e2e/corpus/test_corpus.py"), "-q", "-p", "no:cacheprovider",
                        "-k", selection, "-o", "log_level=WARNING"], plugins=[collector])
    print()
    header = (f"{'repository':<22} {'ending':<16} {'tokens in':>10} {'out':>6} {'requests':>8} "
              f"{'run s':>7} {'setup s':>8} {'tests s':>8} {'run / (setup+tests)':>20}")
    print(header)
    print("-" * len(header))
    for case in chosen:
        run = collector.runs.get(case.name, {})
        alone = asyncio.run(peer(case))
        base = alone["setup"] + alone["tests"]
        seconds = run.get("seconds")
        ratio = f"{seconds / base:.1f}x" if seconds and base else "-"
        ending = run.get("outcome") or run.get("result", "not run")
        if run.get("result") not in (None, "passed"):
            ending = f"{ending} ({run['result']})"
        print(f"{case.name:<22} {ending:<16} {run.get('input_tokens', 0):>10} "
              f"{run.get('output_tokens', 0):>6} {run.get('requests', 0):>8} "
              f"{seconds or 0:>7.2f} {alone['setup']:>8.2f} {alone['tests']:>8.2f} {ratio:>20}")
    print("\nrun s: summon to the last job, through the service; setup s + tests s: the same "
          "repository's setup and test command alone in the sandbox (the peer).")
    sys.exit(int(code))


if __name__ == "__main__":
    main()
