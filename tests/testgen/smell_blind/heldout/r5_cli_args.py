"""Minimal command-line argument handling for the export tool."""
from dataclasses import dataclass, field


class UsageError(Exception):
    pass


@dataclass
class Options:
    verbose: int = 0
    output: str = "-"
    retries: int = 3
    dry_run: bool = False
    files: list = field(default_factory=list)


def _int_value(flag, raw):
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise UsageError(f"{flag} expects an integer, got {raw!r}") from None
    if value < 0:
        raise UsageError(f"{flag} must not be negative")
    return value


def parse_args(argv):
    opts = Options()
    args = list(argv)
    i = 0
    only_files = False
    while i < len(args):
        arg = args[i]
        if only_files or not arg.startswith("-") or arg == "-":
            opts.files.append(arg)
        elif arg == "--":
            only_files = True
        elif arg in ("-v", "--verbose"):
            opts.verbose += 1
        elif arg.startswith("-v") and set(arg[1:]) == {"v"}:
            opts.verbose += len(arg) - 1
        elif arg == "--dry-run":
            opts.dry_run = True
        elif arg.startswith("--output="):
            opts.output = arg.split("=", 1)[1]
        elif arg in ("-o", "--output", "--retries"):
            if i + 1 >= len(args):
                raise UsageError(f"{arg} requires a value")
            i += 1
            if arg == "--retries":
                opts.retries = _int_value(arg, args[i])
            else:
                opts.output = args[i]
        elif arg.startswith("--retries="):
            opts.retries = _int_value("--retries", arg.split("=", 1)[1])
        else:
            raise UsageError(f"unknown option {arg}")
        i += 1
    if not opts.files:
        raise UsageError("at least one input file is required")
    return opts
