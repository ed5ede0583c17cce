import logging
import unittest

from r7_parser import DurationError, parse_duration

log = logging.getLogger("tests.parser")


class ParseDurationTest(unittest.TestCase):
    def test_minutes_and_seconds(self):
        result = parse_duration("5m10s")
        log.info("5m10s -> %s", result)

    def test_bad_input_is_reported(self):
        try:
            parse_duration("5x")
        except DurationError as exc:
            log.warning("rejected as expected: %s", exc)


if __name__ == "__main__":
    unittest.main()
