"""`smith config check [PATH...]` and `smith config schema [--settings]`: configuration files
checked offline, and the JSON Schemas editors complete from."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.command_line import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CommandError
from bot.config import config_file
from bot.config_check import check_file, is_settings_file, render_settings_schema
from bot.repo_config import CONFIG_FILE, render_json_schema


def default_paths() -> list[Path]:
    """With no PATH: this process's `smith.toml` and `./.smith.yml`, those that exist."""
    return [path for path in (config_file(), Path(CONFIG_FILE).absolute()) if path.is_file()]


def cmd_config_check(args: argparse.Namespace) -> int:
    """Exit 0 when every file is valid, 1 when one has problems, 2 when one cannot be read."""
    paths = [Path(p) for p in args.paths] or default_paths()
    if not paths:
        raise CommandError(f"nothing to check: no smith.toml ({config_file()}) and no "
                           f"{CONFIG_FILE} here; name a file", EXIT_USAGE)
    results: list[dict[str, object]] = []
    for path in paths:
        try:
            problems = check_file(path)
        except OSError as exc:
            raise CommandError(f"{path}: cannot be read: {exc.strerror or exc}",
                               EXIT_USAGE) from None
        results.append({"path": str(path), "kind": "smith.toml" if is_settings_file(path)
                        else ".smith.yml", "valid": not problems,
                        "problems": [{"line": p.line, "message": p.text} for p in problems]})
        for problem in problems:
            print(problem.render(str(path)), file=sys.stderr if args.json else sys.stdout)
        if not problems and not args.json:
            print(f"{path}: valid ({results[-1]['kind']})")
    if args.json:
        print(json.dumps(results, indent=2))
    return EXIT_OK if all(result["valid"] for result in results) else EXIT_FAILURE


def cmd_config_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(render_settings_schema() if args.settings else render_json_schema())
    return EXIT_OK
