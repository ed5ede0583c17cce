import unittest
from datetime import date

from r5_date_range import DateRange, InvalidRangeError


class DateRangeIntersectionTest(unittest.TestCase):
    def setUp(self):
        self.sprint = DateRange(date(2024, 4, 1), date(2024, 4, 14))

    def test_partial_overlap(self):
        vacation = DateRange(date(2024, 4, 10), date(2024, 4, 20))
        self.assertEqual(
            self.sprint.intersection(vacation),
            DateRange(date(2024, 4, 10), date(2024, 4, 14)),
        )

    def test_single_shared_day(self):
        next_sprint = DateRange(date(2024, 4, 14), date(2024, 4, 28))
        shared = self.sprint.intersection(next_sprint)
        self.assertEqual(shared.days(), 1, "ranges touching on one day share exactly that day")

    def test_no_overlap(self):
        may = DateRange(date(2024, 5, 1), date(2024, 5, 31))
        self.assertIsNone(self.sprint.intersection(may))
        self.assertFalse(self.sprint.overlaps(may))

    def test_parse_reports_bad_input(self):
        with self.assertRaisesRegex(InvalidRangeError, r"cannot parse range '2024/04/01'"):
            DateRange.parse("2024/04/01")

    def test_parse_keeps_ordering_error(self):
        with self.assertRaisesRegex(InvalidRangeError, "2024-04-01 is before start 2024-04-14"):
            DateRange.parse("2024-04-14..2024-04-01")


if __name__ == "__main__":
    unittest.main()
