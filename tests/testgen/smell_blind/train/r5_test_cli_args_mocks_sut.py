import pytest

import r5_cli_args
from r5_cli_args import Options, UsageError


def test_double_dash_stops_option_parsing():
    opts = r5_cli_args.parse_args(["--", "--dry-run"])
    assert opts.files == ["--dry-run"]
    assert opts.dry_run is False


def test_output_flag(monkeypatch):
    monkeypatch.setattr(
        r5_cli_args,
        "parse_args",
        lambda argv: Options(output="out.json", files=["in.csv"]),
    )

    opts = r5_cli_args.parse_args(["-o", "out.json", "in.csv"])

    assert opts.output == "out.json"
    assert opts.files == ["in.csv"]


def test_unknown_option_rejected():
    with pytest.raises(UsageError, match="unknown option -x"):
        r5_cli_args.parse_args(["-x", "in.csv"])
