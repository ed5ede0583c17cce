import unittest

from r10_token_bucket import TokenBucket


class FakeClock:
    def __init__(self, start=0.0):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class TokenBucketTest(unittest.TestCase):
    def setUp(self):
        self.clock = FakeClock()
        self.bucket = TokenBucket(capacity=3, refill_per_second=1.0, clock=self.clock)

    def test_full_bucket_allows_capacity_requests(self):
        results = [self.bucket.try_acquire() for _ in range(4)]
        self.assertEqual(results, [True, True, True, False])

    def test_tokens_come_back_with_time(self):
        for _ in range(3):
            self.bucket.try_acquire()
        self.clock.advance(2.0)
        self.assertEqual(self.bucket.available(), 2)

    def test_refill_never_exceeds_capacity(self):
        """After a long idle period the bucket holds exactly `capacity` tokens,
        not the elapsed time multiplied by the refill rate."""

    def test_request_above_capacity_is_an_error(self):
        with self.assertRaisesRegex(ValueError, "exceeds bucket capacity"):
            self.bucket.try_acquire(tokens=4)


if __name__ == "__main__":
    unittest.main()
