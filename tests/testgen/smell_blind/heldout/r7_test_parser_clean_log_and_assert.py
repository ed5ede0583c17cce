import logging

from r7_parser import parse_duration

log = logging.getLogger("tests.parser")


def test_compound_duration(caplog):
    caplog.set_level(logging.DEBUG, logger="r7_parser")
    seconds = parse_duration("1h30m")
    log.info("1h30m -> %s", seconds)
    assert seconds == 5400
    assert "parsed '1h30m' as 5400 seconds" in caplog.text
