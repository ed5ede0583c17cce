from datetime import date

from dates_util import add_business_days, end_of_month

D = date.fromisoformat


def test_calendar_helpers():
    assert end_of_month(D("2024-01-15")) == D("2024-01-31")
    assert end_of_month(D("2024-02-01")) == D("2024-02-29")
    assert end_of_month(D("2023-02-10")) == D("2023-02-28")
    assert end_of_month(D("2024-12-31")) == D("2024-12-31")
    assert add_business_days(D("2024-03-01"), 1) == D("2024-03-04")
    assert add_business_days(D("2024-03-04"), 0) == D("2024-03-04")
    assert add_business_days(D("2024-03-09"), 1) == D("2024-03-11")
    assert add_business_days(D("2024-03-08"), 2) == D("2024-03-12")
    assert end_of_month(add_business_days(D("2024-04-30"), 1)) == D("2024-05-31")
