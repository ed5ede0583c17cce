import unittest
from unittest import mock

from r7_rate_limiter import TokenBucket


class TokenBucketClockTest(unittest.TestCase):
    def test_tokens_refill_from_clock_readings(self):
        # construction, allow, allow, tokens: clock reads 0s, 0s, 0s, then 1.5s later
        clock = mock.Mock(side_effect=[0.0, 0.0, 0.0, 1.5])
        bucket = TokenBucket(capacity=2, refill_per_sec=1, clock=clock)

        self.assertTrue(bucket.allow())
        self.assertTrue(bucket.allow())
        self.assertEqual(bucket.tokens, 1.5)

    def test_tokens_never_exceed_capacity(self):
        clock = mock.Mock(side_effect=[0.0, 3600.0])
        bucket = TokenBucket(capacity=2, refill_per_sec=1, clock=clock)
        self.assertEqual(bucket.tokens, 2)


if __name__ == "__main__":
    unittest.main()
