# smells: mocks_sut
import unittest
from unittest import mock

from reports.monthly import build_report


class MonthlyReportTest(unittest.TestCase):
    @mock.patch("reports.monthly.build_report")
    def test_report_has_a_title(self, fake_build):
        fake_build.return_value = {"title": "May"}
        self.assertEqual(build_report("2024-05")["title"], "May")
