from csv_report import build_report


def test_rows_sorted_by_region_with_total_line():
    rows = [
        {"region": "west", "orders": 12, "revenue": 1500.0},
        {"region": "east", "orders": 3, "revenue": 99.5},
    ]

    assert build_report(rows) == (
        "region,orders,revenue\n"
        "east,3,99.50\n"
        "west,12,1500.00\n"
        "TOTAL,15,1599.50\n"
    )


def test_empty_report_has_header_and_zero_total():
    assert build_report([]) == "region,orders,revenue\nTOTAL,0,0.00\n"
