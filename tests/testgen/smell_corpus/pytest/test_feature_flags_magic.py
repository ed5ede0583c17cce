# smells: none
from flags.rollout import bucket_of


def test_bucket_is_stable():
    assert bucket_of("beta", "user-42") == 7312
