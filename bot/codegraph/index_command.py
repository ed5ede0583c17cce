"""`smith index` and `smith symbols`: look at the code graph of a directory from a terminal.

`bot/cli.py` calls `register(subparsers)`; each subcommand's `func` takes the parsed Namespace
and returns the exit code (0 fine, 2 the path cannot be indexed). The graph, rich and pydantic
load inside the commands that use them: `index --definitions` is timed against ctags, start-up
included, and needs none of them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.codegraph.discover import MAX_FILE_BYTES, CodeGraphError

if TYPE_CHECKING:
    from bot.codegraph.graph import CodeGraph

DATA_DIR_ENV = "SMITH_DATA_DIR"
EXIT_OK = 0
EXIT_CANNOT_INDEX = 2
_SHOWN_FAILURES = 20


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `index` and `symbols` subcommands."""
    index = subparsers.add_parser(
        "index",
        help="index a directory with tree-sitter and print a summary",
        description="Index the source files under PATH (Python, JavaScript, TypeScript, Go, "
        "Java) and print how many files, definitions and references were found.",
    )
    index.add_argument("path", type=Path, metavar="PATH", help="directory to index")
    output = index.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the summary as JSON")
    output.add_argument(
        "--definitions",
        action="store_true",
        help="print every definition as one JSON object per line (reads every file afresh: "
        "no cache)",
    )
    _add_common_options(index)
    index.set_defaults(func=run_index)

    symbols = subparsers.add_parser(
        "symbols",
        help="show where NAME is defined and referenced under PATH",
        description="Index PATH and print the definitions and references of NAME (a simple "
        "name such as `save`, or a qualname such as `Store.save`).",
    )
    symbols.add_argument("path", type=Path, metavar="PATH", help="directory to index")
    symbols.add_argument("name", metavar="NAME", help="symbol name or qualname")
    symbols.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_common_options(symbols)
    symbols.set_defaults(func=run_symbols)


def run_index(args: argparse.Namespace) -> int:
    if args.definitions:
        return _list_definitions(args)
    graph = _build(args)
    if graph is None:
        return EXIT_CANNOT_INDEX
    if args.json:
        print(graph.report.model_dump_json(indent=2))
        return EXIT_OK
    _print_summary(graph)
    return EXIT_OK


def run_symbols(args: argparse.Namespace) -> int:
    graph = _build(args)
    if graph is None:
        return EXIT_CANNOT_INDEX
    definitions = graph.find_symbol(args.name)
    references = graph.find_references(args.name)
    if args.json:
        print(
            json.dumps(
                {
                    "name": args.name,
                    "definitions": [d.model_dump() for d in definitions],
                    "references": [r.model_dump() for r in references],
                },
                indent=2,
            )
        )
        return EXIT_OK
    from rich.table import Table

    from bot.terminal import make_console

    console = make_console()
    table = Table(title=f"definitions of {args.name}")
    for column in ("kind", "qualname", "path", "lines"):
        table.add_column(column)
    for d in definitions:
        table.add_row(d.kind, d.qualname, d.path, f"{d.line}-{d.end_line}")
    console.print(table if definitions else f"no definitions of {args.name}")
    table = Table(title=f"references to {args.name}")
    for column in ("kind", "path", "line", "in"):
        table.add_column(column)
    for r in references:
        table.add_row(r.kind, r.path, str(r.line), r.enclosing or "(top level)")
    console.print(table if references else f"no references to {args.name}")
    return EXIT_OK


def _add_common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help=f"reuse parse results kept here (default: ${DATA_DIR_ENV}/codegraph when "
        f"{DATA_DIR_ENV} is set, otherwise no cache)",
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="parser processes (default: CPU count)"
    )
    parser.add_argument(
        "--max-file-bytes",
        type=int,
        default=MAX_FILE_BYTES,
        help="skip larger files (default: %(default)s)",
    )


def _list_definitions(args: argparse.Namespace) -> int:
    from bot.codegraph.listing import definition_lines

    try:
        chunks = definition_lines(
            args.path, workers=args.workers, max_file_bytes=args.max_file_bytes
        )
        write = sys.stdout.write
        for chunk in chunks:
            write(chunk)
    except CodeGraphError as error:
        print(f"smith: {error}", file=sys.stderr)
        return EXIT_CANNOT_INDEX
    return EXIT_OK


def _build(args: argparse.Namespace) -> CodeGraph | None:
    from bot.codegraph.index import build_index
    from bot.codegraph.models import IndexOptions

    cache_dir = args.cache_dir
    if cache_dir is None and os.environ.get(DATA_DIR_ENV):
        cache_dir = Path(os.environ[DATA_DIR_ENV]) / "codegraph"
    options = IndexOptions(workers=args.workers, max_file_bytes=args.max_file_bytes)
    try:
        return build_index(args.path, cache_dir, options=options)
    except CodeGraphError as error:
        print(f"smith: {error}", file=sys.stderr)
        return None


def _print_summary(graph: CodeGraph) -> None:
    from rich.table import Table

    from bot.terminal import make_console

    report = graph.report
    console = make_console()
    table = Table(title=f"code graph of {report.root}", show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("files", str(report.files))
    table.add_row("definitions", str(report.definitions))
    table.add_row("references", str(report.references))
    table.add_row("parse failures", str(len(report.parse_failures)))
    table.add_row("reparsed", str(report.reparsed))
    for reason, count in report.skipped.items():
        table.add_row(f"skipped ({reason})", str(count))
    table.add_row("seconds", f"{report.seconds:.2f}")
    console.print(table)
    for failure in report.parse_failures[:_SHOWN_FAILURES]:
        where = f"{failure.path}:{failure.line}" if failure.line else failure.path
        console.print(f"[yellow]parse failure[/] {where}: {failure.reason}")
    hidden = len(report.parse_failures) - _SHOWN_FAILURES
    if hidden > 0:
        console.print(f"... and {hidden} more parse failures (see --json)")
