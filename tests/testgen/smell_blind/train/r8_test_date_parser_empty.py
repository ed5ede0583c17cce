import datetime as dt
import unittest

from r8_date_parser import DateParseError, parse_date


class ParseDateTest(unittest.TestCase):
    def test_iso(self):
        self.assertEqual(parse_date("1999-12-31"), dt.date(1999, 12, 31))

    def test_day_first_slash_format(self):
        self.assertEqual(parse_date("02/01/2020"), dt.date(2020, 1, 2))

    def test_leap_year_handling(self):
        # 2000 is a leap year, 1900 is not
        # parse_date("29/02/2000") should work
        # parse_date("29/02/1900") should raise DateParseError
        pass

    def test_garbage(self):
        with self.assertRaisesRegex(DateParseError, "unrecognised date"):
            parse_date("next blue moon")


if __name__ == "__main__":
    unittest.main()
