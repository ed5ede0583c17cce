from e28b_stats import mean, pages, spread


def test_mean_of_readings():
    readings = [12.5, 13.0, 11.75]
    average = mean(readings)


def test_pages_for_a_long_list():
    total_pages = pages(101, 10)


def test_spread_is_computed():
    spread([3, 9, 4])
