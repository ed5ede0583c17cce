# smells: assertion_roulette
import csv

from reports.export import export_rows, parse_rows


def test_export_and_parse(tmp_path):
    path = tmp_path / "r.csv"
    export_rows(path, [{"a": 1, "b": 2}, {"a": 3, "b": 4}])
    text = path.read_text()
    rows = parse_rows(path)
    assert text.startswith("a,b")
    assert len(rows) == 2
    assert rows[0]["a"] == "1"
    assert csv.Sniffer().has_header(text)
    assert path.stat().st_size > 0
    assert parse_rows(tmp_path / "missing.csv") == []
    assert text.count("\n") == 3
