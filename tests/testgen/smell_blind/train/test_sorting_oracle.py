import random

import pytest

from sorting import insertion_sort

SEED = 20240131
CASES = 200
MAX_LEN = 30
MAX_ABS_VALUE = 50


@pytest.fixture
def rng():
    return random.Random(SEED)


def test_matches_builtin_sorted_on_random_lists(rng):
    for _ in range(CASES):
        data = [rng.randint(-MAX_ABS_VALUE, MAX_ABS_VALUE) for _ in range(rng.randint(0, MAX_LEN))]
        assert insertion_sort(data) == sorted(data), data


def test_is_stable_like_builtin_sorted(rng):
    records = [(rng.choice("abc"), i) for i in range(MAX_LEN)]
    first_letter = lambda rec: rec[0]
    assert insertion_sort(records, key=first_letter) == sorted(records, key=first_letter)


def test_empty_and_single():
    assert insertion_sort([]) == []
    assert insertion_sort(["only"]) == ["only"]
