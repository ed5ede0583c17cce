import pytest

from r5_cli_args import parse_args


@pytest.fixture
def base_argv():
    return ["export.csv"]


def test_single_file(base_argv):
    assert parse_args(base_argv).files == ["export.csv"]


def test_retries_must_be_numeric(base_argv):
    with pytest.raises(Exception):
        parse_args(["--retries", "three", *base_argv])


def test_no_files_is_an_error():
    with pytest.raises(Exception):
        parse_args(["--dry-run"])


def test_dry_run_flag(base_argv):
    assert parse_args(["--dry-run", *base_argv]).dry_run is True
