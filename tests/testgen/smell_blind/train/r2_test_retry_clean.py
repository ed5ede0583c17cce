import unittest

from r2_retry import RetryError, retry


class FlakyCall:
    def __init__(self, failures, result="ok"):
        self.failures = failures
        self.result = result
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.calls <= self.failures:
            raise ConnectionError(f"boom {self.calls}")
        return self.result


class RetryTest(unittest.TestCase):
    def setUp(self):
        self.delays = []

    def fake_sleep(self, seconds):
        self.delays.append(seconds)

    def test_returns_result_after_transient_failures(self):
        flaky = FlakyCall(failures=2)
        self.assertEqual(retry(flaky, attempts=3, sleep=self.fake_sleep), "ok")

    def test_backoff_doubles_between_attempts(self):
        retry(FlakyCall(failures=3), attempts=4, base_delay=0.5, sleep=self.fake_sleep)
        self.assertEqual(self.delays, [0.5, 1.0, 2.0])

    def test_gives_up_with_last_error(self):
        with self.assertRaisesRegex(RetryError, r"gave up after 2 attempts: boom 2"):
            retry(FlakyCall(failures=5), attempts=2, sleep=self.fake_sleep)

    def test_non_retryable_errors_propagate_immediately(self):
        def broken():
            raise KeyError("config")

        with self.assertRaises(KeyError):
            retry(broken, sleep=self.fake_sleep)
        self.assertEqual(self.delays, [])


if __name__ == "__main__":
    unittest.main()
