from unittest import mock

import r8_csv_importer as importer


def test_normalise_email():
    assert importer.normalise_email("  Bob@Example.COM ") == "bob@example.com"


@mock.patch.object(importer, "normalise_email")
@mock.patch.object(importer, "validate_row")
@mock.patch.object(importer, "parse_csv")
@mock.patch.object(importer, "ImportReport")
def test_import_contacts(mock_report_cls, mock_parse, mock_validate, mock_normalise):
    repository = mock.Mock()
    mock_parse.return_value = [{"email": "A@x.io", "name": "Ann"}]
    mock_validate.return_value = None
    mock_normalise.return_value = "a@x.io"
    report = mock_report_cls.return_value

    result = importer.import_contacts("ignored", repository)

    mock_parse.assert_called_once_with("ignored", ",")
    mock_validate.assert_called_once_with({"email": "A@x.io", "name": "Ann"}, 2)
    mock_normalise.assert_called_once_with("A@x.io")
    repository.save.assert_called_once_with({"email": "a@x.io", "name": "Ann"})
    report.imported.append.assert_called_once()
    assert result is report


def test_validate_row_missing_name():
    assert importer.validate_row({"email": "a@b.c", "name": ""}, 3) == "line 3: missing name"
