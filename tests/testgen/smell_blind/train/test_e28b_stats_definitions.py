from r3_stats import mean, median, percentile


def test_mean_matches_definition():
    values = [3.0, 5.0, 10.0]
    assert mean(values) == sum(values) / len(values)


def test_median_even():
    values = [4, 1, 3, 2]
    s = sorted(values)
    assert median(values) == (s[1] + s[2]) / 2


def test_percentile_known():
    assert percentile([1, 2, 3, 4, 5], 50) == 3
