import unittest
from unittest.mock import Mock

from r5_retry_client import RetryClient, TransientError


def ok(payload):
    return Mock(status_code=200, json=Mock(return_value=payload))


class RetryClientTest(unittest.TestCase):
    def setUp(self):
        self.session = Mock()
        self.delays = []
        self.client = RetryClient(self.session, max_attempts=2, backoff=1, sleep=self.delays.append)

    def test_success_after_one_transient_failure(self):
        self.session.get.side_effect = [TransientError("timeout"), ok([1, 2])]
        self.assertEqual(self.client.get_json("/list"), [1, 2])
        self.assertEqual(self.delays, [1])

    def test_persistent_failure_raises(self):
        self.session.get.side_effect = ConnectionError("refused")
        with self.assertRaises(Exception):
            self.client.get_json("/down")

    def test_unauthorized_is_not_retried(self):
        self.session.get.return_value = Mock(status_code=401)
        with self.assertRaises(Exception):
            self.client.get_json("/secret")
        self.assertEqual(self.session.get.call_count, 1)


if __name__ == "__main__":
    unittest.main()
