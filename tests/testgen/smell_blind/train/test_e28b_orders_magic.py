from e28b_orders import line_total, seconds_until


def test_line_total_rounds_to_cents():
    assert line_total(19.999, 3) == 60.0


def test_a_day_in_seconds():
    assert seconds_until(24) == 86400


def test_fraction_of_an_hour():
    assert seconds_until(0.0125) + 3555 == 3600
