from datetime import datetime
from unittest.mock import patch

import nightly_export


@patch("nightly_export.cleanup")
@patch("nightly_export.notify")
@patch("nightly_export.log_metric")
@patch("nightly_export.upload")
@patch("nightly_export.compress")
@patch("nightly_export.to_csv")
@patch("nightly_export.fetch_rows")
@patch("nightly_export.now")
def test_run_export_uploads_yesterdays_file(
    now, fetch_rows, to_csv, compress, upload, log_metric, notify, cleanup
):
    now.return_value = datetime.fromisoformat("2024-06-02T03:00:00+00:00")
    fetch_rows.return_value = [{"id": "a", "total": 9.5}, {"id": "b", "total": 20.0}]
    to_csv.return_value = "a,9.5\nb,20.0\n"
    compress.return_value = b"gz"

    key = nightly_export.run_export()

    assert key == "exports/2024-06-01.csv.gz"
    upload.assert_called_once_with("exports/2024-06-01.csv.gz", b"gz")
    notify.assert_called_once_with("#data-ops", "export 2024-06-01: 2 rows")
    cleanup.assert_called_once()
