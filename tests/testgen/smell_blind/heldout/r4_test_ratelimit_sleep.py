import time
import unittest

from r4_ratelimit import RateLimiter


class RateLimiterTest(unittest.TestCase):
    def test_denies_when_empty(self):
        rl = RateLimiter(capacity=1, refill_per_sec=0.001)
        self.assertTrue(rl.allow())
        self.assertFalse(rl.allow())

    def test_refill_after_waiting(self):
        rl = RateLimiter(capacity=1, refill_per_sec=20)
        rl.allow()
        time.sleep(0.1)
        self.assertTrue(rl.allow())


if __name__ == "__main__":
    unittest.main()
