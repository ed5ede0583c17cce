import unittest
from unittest import mock

import r2_report_builder


class BuildMonthlyReportTest(unittest.TestCase):
    @mock.patch("r2_report_builder.sorted", create=True)
    def test_publishes_report(self, fake_sorted):
        db = mock.Mock()
        formatter = mock.Mock()
        storage = mock.Mock()
        notifier = mock.Mock()
        logger = mock.Mock()
        fake_sorted.return_value = [("north", 5)]
        db.fetch_sales.return_value = [mock.MagicMock(), mock.MagicMock()]
        formatter.render.return_value = mock.sentinel.document
        storage.upload.return_value = mock.sentinel.url

        r2_report_builder.build_monthly_report("2026-03", db, formatter, storage, notifier, logger)

        db.fetch_sales.assert_called_once_with("2026-03")
        fake_sorted.assert_called_once()
        formatter.render.assert_called_once_with(month="2026-03", ranked=[("north", 5)])
        storage.upload.assert_called_once_with("reports/2026-03.pdf", mock.sentinel.document)
        notifier.notify.assert_called_once_with("sales-team", f"Report for 2026-03: {mock.sentinel.url}")
        logger.info.assert_called_once_with("report %s published", "2026-03")


if __name__ == "__main__":
    unittest.main()
