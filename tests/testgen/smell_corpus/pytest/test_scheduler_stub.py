# smells: empty_test, no_assertion
from scheduling.cron import next_run, parse


def test_parse_ranges():
    """Ranges like 1-5 and lists like 1,3,5."""


def test_next_run_of_hourly():
    next_run("0 * * * *", None)
    parse("0 * * * *")
