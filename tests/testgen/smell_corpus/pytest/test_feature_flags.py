# smells: none
import pytest

from flags.rollout import is_enabled


@pytest.mark.parametrize("user_id", ["u1", "u2", "u3"])
def test_a_flag_at_100_percent_is_on_for_everyone(user_id):
    assert is_enabled("new-ui", user_id, percent=100)


def test_rollout_is_sticky_per_user():
    first = is_enabled("beta", "user-42", percent=50)
    assert all(is_enabled("beta", "user-42", percent=50) == first for _ in range(20))


def test_about_half_the_users_get_a_fifty_percent_flag():
    on = sum(is_enabled("beta", f"user-{i}", percent=50) for i in range(1000))
    assert 400 < on < 600
