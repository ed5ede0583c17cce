import pytest
from r4_stats import median


@pytest.fixture
def big_sample():
    return list(range(1001))


def test_median_of_big_sample(big_sample):
    assert median(big_sample) == 500


def test_median_handles_duplicates(big_sample):
    data = big_sample + big_sample
