"""Running the evaluator in the sandbox, in a throwaway copy of the checkout.

Nothing written in the copy comes back: it is removed after the run, and the answers are read
from a file in a separate folder (without following links). For the held-out part the
evaluator's console output is never returned: it could echo the examples.
"""

from __future__ import annotations

import json
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bot.repo_config import ExamplesConfig, RepoConfig
from bot.workspace.safe_fs import read_beneath
from bot.workspace.sandbox import Sandbox
from bot.workspace.testrun import repo_env

MAX_ANSWER_BYTES = 16 << 20
_ENTRY = (
    "import importlib, json, sys\n"
    "fn = getattr(importlib.import_module(sys.argv[1]), sys.argv[2])\n"
    "for line in sys.stdin:\n"
    "    answer = fn(line.rstrip('\\n'))\n"
    "    if not isinstance(answer, bool):\n"
    "        sys.exit(f'{sys.argv[1]}:{sys.argv[2]} returned {type(answer).__name__}, not bool')\n"
    "    print(json.dumps(answer))\n"
)


class EvaluatorFailed(Exception):
    """The evaluator did not answer one JSON boolean per example. `detail` is safe to show
    only for the training part (it may quote the console)."""

    def __init__(self, summary: str, detail: str = "") -> None:
        self.summary = summary
        self.detail = detail
        super().__init__(summary)


def evaluator_command(spec: ExamplesConfig, stdin: Path, stdout: Path) -> str:
    redirect = f"< {shlex.quote(str(stdin))} > {shlex.quote(str(stdout))}"
    entry = spec.entry_point
    if entry is not None:
        module, function = entry
        return (f"python3 -c {shlex.quote(_ENTRY)} {shlex.quote(module)} "
                f"{shlex.quote(function)} {redirect}")
    return f"( {spec.evaluator} ) {redirect}"


def parse_answers(text: str, expected: int) -> list[bool]:
    answers = []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), 1):
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            raise EvaluatorFailed(f"answer {number} is not JSON") from None
        if not isinstance(value, bool):
            raise EvaluatorFailed(f"answer {number} is not a JSON boolean")
        answers.append(value)
    if len(answers) != expected:
        raise EvaluatorFailed(f"the evaluator gave {len(answers)} answers for {expected} examples")
    return answers


async def run_evaluator(
    sandbox: Sandbox, checkout: Path, config: RepoConfig, spec: ExamplesConfig,
    texts: Sequence[str],
) -> list[bool]:
    """One answer per text, from the evaluator run on a fresh copy of `checkout`."""
    scratch = Path(tempfile.mkdtemp(prefix="smith-eval-", dir=checkout.parent))
    io = Path(tempfile.mkdtemp(prefix="smith-eval-io-", dir=checkout.parent))
    try:
        copy = scratch / checkout.name
        shutil.copytree(checkout, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        io.chmod(0o777)
        stdin, stdout = io / "in.txt", io / "out.txt"
        stdin.write_text("".join(f"{text}\n" for text in texts), encoding="utf-8")
        stdin.chmod(0o644)
        env, prepend = repo_env(config, copy)
        result = await sandbox.run(evaluator_command(spec, stdin, stdout), cwd=copy,
                                   timeout=config.tests.timeout_seconds, env=env,
                                   path_prepend=prepend, writable=[io])
        tail = "\n".join(result.output.strip().splitlines()[-15:])[-2000:]
        if result.timed_out:
            raise EvaluatorFailed("the evaluator timed out", tail)
        if result.exit_code != 0:
            raise EvaluatorFailed(f"the evaluator exited with code {result.exit_code}", tail)
        try:
            answer = read_beneath(io, stdout.name, max_bytes=MAX_ANSWER_BYTES, single_link=True)
        except OSError:
            raise EvaluatorFailed("the evaluator wrote no answers", tail) from None
        try:
            return parse_answers(answer.decode("utf-8", errors="replace"), len(texts))
        except EvaluatorFailed as exc:
            raise EvaluatorFailed(exc.summary, tail) from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(io, ignore_errors=True)
