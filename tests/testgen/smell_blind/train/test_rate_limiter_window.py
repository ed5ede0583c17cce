import time
import unittest

from rate_limiter import RateLimiter


class RateLimiterTest(unittest.TestCase):
    LIMIT = 3
    WINDOW_SECONDS = 0.5

    def test_blocks_after_limit_then_recovers(self):
        limiter = RateLimiter(limit=self.LIMIT, per_seconds=self.WINDOW_SECONDS)
        allowed = [limiter.allow() for _ in range(self.LIMIT)]

        self.assertEqual(allowed, [True, True, True])
        self.assertFalse(limiter.allow())

        time.sleep(self.WINDOW_SECONDS)
        self.assertTrue(limiter.allow())


if __name__ == "__main__":
    unittest.main()
