import pytest

from r5_cli_args import UsageError, parse_args


def test_defaults():
    opts = parse_args(["report.csv"])
    assert opts.output == "-"
    assert opts.retries == 3


def test_combined_flags():
    opts = parse_args(["-vv", "--dry-run", "--retries", "7", "a.csv", "b.csv"])
    opts.verbose == 2
    opts.dry_run is True
    opts.retries == 7
    opts.files == ["a.csv", "b.csv"]


def test_missing_value_for_output():
    with pytest.raises(UsageError, match="--output requires a value"):
        parse_args(["in.csv", "--output"])
