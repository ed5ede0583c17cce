"""Tokens and wall time per real-project run, split into setup, steps and test runs, against the
same project set up and tested by hand.

    python -m benchmarks.real_projects [-k humanize]

Each project of tests/e2e/corpus/real_projects.py goes through the whole service (web app,
handlers, jobs, chain, Postgres, fake GitHub, scripted model playing the release's real fix) by
running its test in tests/e2e/corpus/test_real_projects.py; the test records the run's tokens,
its wall time, the setup's seconds (`dependencies_ready`) and the sandboxed test runs' seconds
(every `sandbox.ran` without network); the steps are the rest. The peer, measured in the same
process on the same release, is what a maintainer does without Smith: the project's setup
command (e.g. `python -m venv .venv && .venv/bin/pip install -e .[tests]`) and its full suite,
unsandboxed, in a fresh folder. So setup / peer setup shows what the sandbox and the cache cost,
and run / (peer setup + suite) what a whole fix costs against one by-hand test pass.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks.corpus_runs import Collector
from bot.repo_config import load_repo_config
from tests.e2e.corpus import real_projects
from tests.e2e.corpus.gitutil import write_files
from tests.e2e.corpus.js_repo import JS_BIN
from tests.e2e.corpus.releases import index_env

ROOT = Path(__file__).resolve().parents[1]
# The tests whose first run is a project's real fix (the editable installs' is the second-run test).
TESTS = "(real_fix_publishes or second_run_reuses)"


def _timed(command: str, cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    started = time.monotonic()
    done = subprocess.run(command, shell=True, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=900, check=False)
    if done.returncode:
        print(f"peer: `{command}` exited {done.returncode}:\n{done.stdout[-800:]}"
              f"{done.stderr[-800:]}", file=sys.stderr)
    return time.monotonic() - started, done.returncode


def peer(project: real_projects.Project) -> dict[str, Any]:
    """The project's setup and full suite by hand, unsandboxed, in a fresh folder."""
    config = load_repo_config(project.smith_yml or "")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_files(folder, project.files())
        path = os.pathsep.join([str(folder / ".venv/bin"), str(folder / "node_modules/.bin"),
                                str(JS_BIN), str(Path(sys.executable).parent),
                                os.environ.get("PATH", "")])
        env = {**os.environ, **index_env(), "PATH": path, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
               # A maintainer's clone has the release tag that hatch-vcs reads; this folder
               # has no git, so the version is pretended as Smith does in the sandbox.
               "SETUPTOOLS_SCM_PRETEND_VERSION": project.tag or "0.0.0"}
        setup, setup_code = (0.0, 0)
        if config.setup.command:
            setup, setup_code = _timed(config.setup.command, folder, env)
        suite = config.regression_command.replace("{junit}", str(folder / "junit.xml"))
        tests, tests_code = _timed(suite, folder, env)
    return {"setup": setup, "tests": tests, "ok": setup_code == 0 and tests_code == 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-k", default=None, help="only projects whose name contains this")
    args = parser.parse_args()
    chosen = [p for p in real_projects.ALL if not args.k or args.k in p.name]
    chosen = [p for p in chosen if p.missing_tools() is None]
    if not chosen:
        sys.exit("no real project can run here")
    os.environ.setdefault("SMITH_LOG_LEVEL", "WARNING")
    collector = Collector("real_project_run")
    selection = f"{TESTS} and ({' or '.join(p.name for p in chosen)})"
    code = pytest.main([str(ROOT / "tests/e2e/corpus/test_real_projects.py"), "-q",
                        "-p", "no:cacheprovider", "-k", selection, "-o", "log_level=WARNING"],
                       plugins=[collector])
    print()
    header = (f"{'project':<12} {'ending':<15} {'tok in':>8} {'out':>6} {'run s':>7} "
              f"{'setup s':>8} {'steps s':>8} {'tests s':>8} | {'peer setup':>10} "
              f"{'peer suite':>10} | {'setup/peer':>10} {'run/peer':>9}")
    print(header)
    print("-" * len(header))
    for project in chosen:
        run = collector.runs.get(project.name, {})
        alone = peer(project)
        base = alone["setup"] + alone["tests"]
        seconds = run.get("seconds") or 0.0
        ending = run.get("outcome") or run.get("result", "not run")
        if run.get("result") not in (None, "passed"):
            ending = f"{ending} ({run['result']})"
        setup_ratio = (f"{run.get('setup', 0.0) / alone['setup']:.1f}x"
                       if alone["setup"] else "-")
        ratio = f"{seconds / base:.1f}x" if seconds and base else "-"
        print(f"{project.name:<12} {ending:<15} {run.get('input_tokens', 0):>8} "
              f"{run.get('output_tokens', 0):>6} {seconds:>7.1f} {run.get('setup', 0.0):>8.1f} "
              f"{run.get('steps', 0.0):>8.1f} {run.get('tests', 0.0):>8.1f} | "
              f"{alone['setup']:>10.1f} {alone['tests']:>10.1f} | {setup_ratio:>10} "
              f"{ratio:>9}" + ("" if alone["ok"] else "  (peer failed)"))
    print("\nrun s = setup s + steps s + tests s: summon to the last job, through the service; "
          "peer: the same release's setup and full suite by hand, unsandboxed, same run.")
    sys.exit(int(code))


if __name__ == "__main__":
    main()
