# smells: none
import unittest
from unittest import mock

from ops.stopwatch import Stopwatch


class StopwatchTest(unittest.TestCase):
    @mock.patch("ops.stopwatch.time.monotonic", side_effect=[10.0, 12.5])
    def test_elapsed_is_the_clock_difference(self, monotonic):
        watch = Stopwatch()
        watch.start()
        self.assertEqual(watch.elapsed(), 2.5)
