import unittest
from unittest.mock import Mock

from r8_retry import RetryPolicy


class RetryPolicyTest(unittest.TestCase):
    def setUp(self):
        self.sleep = Mock()

    def test_success_returns_value(self):
        policy = RetryPolicy(sleep=self.sleep)
        self.assertEqual(policy.call(lambda: 3), 3)

    def test_exhausted_retries_raise(self):
        policy = RetryPolicy(max_attempts=3, sleep=self.sleep)
        failing = Mock(side_effect=ConnectionError("down"))
        with self.assertRaises(Exception):
            policy.call(failing)

    def test_sleep_called_between_attempts(self):
        policy = RetryPolicy(max_attempts=3, base_delay=0.25, sleep=self.sleep)
        failing = Mock(side_effect=[TimeoutError(), "ok"])
        policy.call(failing)
        self.sleep.assert_called_once_with(0.25)

    def test_first_delay_is_base_delay(self):
        self.assertEqual(RetryPolicy(base_delay=0.3).delay_for(1), 0.3)


if __name__ == "__main__":
    unittest.main()
