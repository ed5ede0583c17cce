# smells: none
from assertpy import assert_that
from hamcrest import assert_that as hamcrest_that, equal_to

from numbers_theory.primes import is_prime, primes_below


def test_small_primes():
    assert_that(primes_below(20)).is_equal_to([2, 3, 5, 7, 11, 13, 17, 19])


def test_one_is_not_prime():
    hamcrest_that(is_prime(1), equal_to(False))
