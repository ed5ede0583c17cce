# smells: none
import csv
import io

from reports.export import export_rows


def test_header_comes_first(tmp_path):
    out = tmp_path / "report.csv"
    export_rows(out, [{"name": "Ada", "age": 36}])
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["name", "age"]
    assert rows[1] == ["Ada", "36"]


def test_commas_in_values_are_quoted():
    buffer = io.StringIO()
    export_rows(buffer, [{"city": "Paris, France"}])
    assert '"Paris, France"' in buffer.getvalue()
