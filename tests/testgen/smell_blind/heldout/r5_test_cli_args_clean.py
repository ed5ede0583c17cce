import pytest

from r5_cli_args import Options, UsageError, parse_args


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["in.csv"], Options(files=["in.csv"])),
        (["-v", "in.csv"], Options(verbose=1, files=["in.csv"])),
        (["-vvv", "in.csv"], Options(verbose=3, files=["in.csv"])),
        (["--verbose", "-v", "a", "b"], Options(verbose=2, files=["a", "b"])),
        (["-o", "out.json", "in.csv"], Options(output="out.json", files=["in.csv"])),
        (["--output=out.json", "in.csv"], Options(output="out.json", files=["in.csv"])),
        (["--retries", "0", "in.csv"], Options(retries=0, files=["in.csv"])),
        (["--retries=5", "--dry-run", "-"], Options(retries=5, dry_run=True, files=["-"])),
        (["--", "-v", "--dry-run"], Options(files=["-v", "--dry-run"])),
    ],
)
def test_parse_args(argv, expected):
    assert parse_args(argv) == expected


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "at least one input file is required"),
        (["--retries", "many", "in.csv"], "--retries expects an integer, got 'many'"),
        (["--retries=-1", "in.csv"], "--retries must not be negative"),
        (["in.csv", "-o"], "-o requires a value"),
        (["--colour", "in.csv"], "unknown option --colour"),
    ],
)
def test_usage_errors(argv, message):
    with pytest.raises(UsageError) as info:
        parse_args(argv)
    assert str(info.value) == message


def test_argv_is_not_mutated():
    argv = ["-v", "in.csv"]
    parse_args(argv)
    assert argv == ["-v", "in.csv"]
