# smells: none
import unittest
from unittest import mock

from reports.monthly import build_report


class MonthlyReportTest(unittest.TestCase):
    @mock.patch("reports.monthly.fetch_sales", return_value=[120, 80])
    def test_report_sums_the_month(self, fetch_sales):
        report = build_report("2024-05")
        self.assertEqual(report["total"], 200)
        fetch_sales.assert_called_once_with("2024-05")
