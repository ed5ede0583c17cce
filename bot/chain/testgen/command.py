"""`smith tests`, `smith smells` and `smith mutate`: the chain offline, and gates 5 and 4 alone.

Imported only when one of these commands runs (CLI start-up); heavy imports stay inside the
functions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

TESTS_HELP = "write tests for a local repository through the six gates (no forge)"
SMELLS_HELP = "find test smells in test files (gate 5 of the test-generation chain)"
MUTATE_HELP = "mutation score of a module under one test file (gate 4)"


def register(subparsers: Any) -> None:
    tests = subparsers.add_parser(
        "tests", help=TESTS_HELP,
        description="Run the test-generation chain on a local git repository: a Writer agent "
        "writes one test file per target, each goes through collect, green, stable, mutation "
        "and smell gates in the sandbox and an independent Reviewer; kept files land on a new "
        "branch of that repository and a Markdown report is written to the data folder. "
        "Nothing is sent to a forge; the task and the code the steps read go to the model "
        "service. Exit 0 when the run succeeded, 1 otherwise (the reason is printed).")
    tests.add_argument("--repo", type=Path, required=True, help="a local git repository")
    tests.add_argument("--json", action="store_true",
                       help="print the finished run as JSON (as `smith runs show --json`, with "
                       "`report`); the progress goes to stderr")
    what = tests.add_mutually_exclusive_group(required=True)
    what.add_argument("--issue-file", type=Path,
                      help="a task as Markdown; the source files it names are the targets")
    what.add_argument("--target", nargs="+", metavar="PATH",
                      help="source files to write tests for (repository-relative)")
    what.add_argument("--coverage", action="store_true",
                      help="the packages with the lowest branch coverage whose docs are fresh")
    tests.set_defaults(func=cmd_tests)

    smells = subparsers.add_parser(
        "smells", help=SMELLS_HELP,
        description="Static test-smell analysis of test files: Python (pytest and unittest) "
        "and JavaScript or TypeScript (jest and vitest; .js .mjs .cjs .jsx .ts .tsx): "
        "reject-level smells (no_assertion, empty_test, assertion_roulette, "
        "excessive_mocking, mocks_sut, tautology) and warnings (sleep_in_unit_test, "
        "magic_numbers, broad_exception_assert). Exit 1 when a file is rejected.")
    smells.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    smells.add_argument("--json", action="store_true", help="one JSON object per file")
    smells.add_argument("--subject", type=Path, metavar="FILE",
                        help="the module under test: its functions patched count as "
                        "mocks_sut, its return formulas repeated as tautologies")
    smells.set_defaults(func=cmd_smells)

    mutate = subparsers.add_parser(
        "mutate", help=MUTATE_HELP,
        description="Mutate comparisons, arithmetic, boolean operators, constants and returns "
        "of MODULE one at a time (string and log literals are left alone) and run only TESTS "
        "against each mutant in the sandbox; print the score and the survivors. Python "
        "modules run under the repository's pytest command, JavaScript and TypeScript ones "
        "under its jest or vitest command (.smith.yml `language` and `tests.command`).")
    mutate.add_argument("--repo", type=Path, required=True, help="the repository (its root)")
    mutate.add_argument("--module", required=True, help="the module, repository-relative")
    mutate.add_argument("--tests", required=True, help="the test file, repository-relative")
    mutate.add_argument("--function", action="append", default=[], metavar="NAME",
                        help="mutate only these functions (repeatable)")
    mutate.add_argument("--max-mutants", type=int, default=30, metavar="N")
    mutate.add_argument("--json", action="store_true", help="print JSON")
    mutate.set_defaults(func=cmd_mutate)


def cmd_smells(args: argparse.Namespace) -> int:
    from bot.chain.testgen.testfiles import ANALYSED_SUFFIXES, analysable, analyse, subject_of
    from bot.command_line import CommandError

    def read(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc

    subject = None
    if args.subject is not None:
        subject = subject_of(args.subject.as_posix(), read(args.subject))
    rejected = False
    for path in args.paths:
        if not analysable(path.name):
            raise CommandError(f"{path}: not a test file Smith reads "
                               f"({' '.join(ANALYSED_SUFFIXES)})")
        report = analyse(read(path), str(path), subject)
        rejected = rejected or report.verdict == "reject"
        if args.json:
            print(json.dumps({"path": report.path, "verdict": report.verdict,
                              "smells": [s.model_dump(exclude={"detail"}) for s in
                                         report.smells]}))
            continue
        print(f"{report.path}: {report.verdict}")
        for smell in report.smells:
            print(f"  {smell.line}: {smell.level} {smell.kind} in {smell.test}"
                  + (f" ({smell.detail})" if smell.detail else ""))
    return 1 if rejected else 0


def cmd_mutate(args: argparse.Namespace) -> int:
    from bot.chain.testgen.js_mutation import run_js_mutation
    from bot.chain.testgen.jsast import is_js
    from bot.chain.testgen.mutation import run_mutation
    from bot.command_line import CommandError, load_settings
    from bot.repo_config import CONFIG_FILE, RepoConfigError, load_repo_config
    from bot.workspace.sandbox import Sandbox, SandboxUnavailable
    from bot.workspace.sandbox.from_settings import sandbox_settings

    repo = args.repo.resolve()
    for rel in (args.module, args.tests):
        if rel.startswith(("/", "-")) or ".." in Path(rel).parts or not (repo / rel).is_file():
            raise CommandError(f"{rel} is not a file inside {repo}")
    try:
        config_file = repo / CONFIG_FILE
        config = load_repo_config(config_file.read_text() if config_file.is_file() else None)
    except RepoConfigError as exc:
        raise CommandError(str(exc)) from exc
    settings = load_settings()
    try:
        sandbox = Sandbox(sandbox_settings(settings), kind_override=config.sandbox)
    except SandboxUnavailable as exc:
        raise CommandError(str(exc)) from exc
    mutate = run_js_mutation if is_js(args.module) else run_mutation
    result = asyncio.run(mutate(sandbox, repo, config, module=args.module,
                                      tests=[args.tests], functions=args.function,
                                      max_mutants=args.max_mutants,
                                      timeout=config.tests.timeout_seconds))
    if args.json:
        print(json.dumps({"score": result.score, "mutants": result.mutants,
                          "killed": result.killed,
                          "survived": [m.model_dump() for m in result.survived],
                          "seconds": result.seconds}))
    else:
        score = "n/a" if result.score is None else f"{result.score:.0%}"
        print(f"{args.module}: score {score}, {result.killed} of {result.mutants} mutants "
              f"killed in {result.seconds:.1f}s")
        for mutant in result.survived:
            print(f"  {mutant.feedback()}")
    return 0


def cmd_tests(args: argparse.Namespace) -> int:
    from bot.command_line import CommandError, database_target, load_settings

    if not (args.repo / ".git").exists():
        raise CommandError(f"{args.repo} is not a git repository")
    settings = load_settings()
    with database_target(settings) as url:
        return asyncio.run(_tests(settings, url, args))


async def _tests(settings: Any, url: str, args: argparse.Namespace) -> int:
    from rich.markup import escape

    from bot.chain.command import run_in_foreground, run_json
    from bot.chain.engine import RetryLater
    from bot.chain.local_runs import after_foreground
    from bot.chain.runner import chain_runner
    from bot.chain.testgen.graph import TESTS
    from bot.command_line import CommandError, shell_actor
    from bot.forge.base import Issue
    from bot.forge.local import LOCAL_ISSUE_NUMBER, LocalForge, local_params, read_issue_file
    from bot.services import Runtime
    from bot.store.db import Database
    from bot.store.runs import create_run
    from bot.subjects import Subject
    from bot.terminal import make_console

    console = make_console(stderr=args.json)
    params: dict[str, Any] = {}
    if args.issue_file is not None:
        try:
            issue = read_issue_file(args.issue_file)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read the issue file: {exc}") from exc
    elif args.coverage:
        issue = Issue(number=LOCAL_ISSUE_NUMBER, title="Tests where branch coverage is lowest",
                      body="Write tests for the least-covered packages whose documentation is "
                      "fresh.", author="shell", url=args.repo.resolve().as_uri())
        params = {"tests_coverage": True, "tests_task": "coverage", "tests_tag": "coverage"}
    else:
        targets = list(dict.fromkeys(args.target))
        issue = Issue(number=LOCAL_ISSUE_NUMBER, title=f"Tests for {', '.join(targets)}",
                      body="Write tests for the behaviour of these files.", author="shell",
                      url=args.repo.resolve().as_uri())
        params = {"test_targets": targets, "tests_task": "targets"}
    forge = LocalForge(args.repo.resolve(), issue)
    protocols = list(dict.fromkeys([*settings.git_allowed_protocols, "file"]))
    settings = settings.model_copy(update={"git_allowed_protocols": protocols})
    repo = forge.repo_ref()
    runtime = Runtime(settings=settings, db=Database(url, pool_size=4), forges={repo.forge: forge})
    try:
        async with runtime.db.transaction() as session:
            run = await create_run(session, forge=repo.forge, repo=repo.full_name,
                                   issue=issue.number, chain=TESTS.name, summoned_by=shell_actor(),
                                   params=local_params(args.repo, issue, seed=params,
                                                       issue_file=args.issue_file),
                                   subject=Subject.campaign("tests:coverage")
                                   if args.coverage else None)
        if run is None:
            raise CommandError(f"{repo.full_name} already has a live run")
        console.print(f"Smith run {run.id}: tests for {escape(str(repo))}", highlight=False)
        final = await run_in_foreground(runtime, run.id, TESTS.step_names(), console,
                                        chain_runner({TESTS.name: TESTS}), RetryLater)
        await after_foreground(runtime, final, forge, console)
        report = settings.reports_dir / f"run-{run.id}.md"
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(forge.report(final))
        console.print(f"report: {escape(str(report))}", highlight=False)
        if args.json:
            print(json.dumps(await run_json(runtime, final, report), indent=2))
        return 0 if final["status"] == "succeeded" else 1
    finally:
        await forge.close()
        await runtime.db.dispose()
