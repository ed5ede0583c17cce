# smells: none
import time
import unittest

from ops.stopwatch import Stopwatch


class StopwatchTest(unittest.TestCase):
    def test_elapsed_grows(self):
        watch = Stopwatch()
        watch.start()
        time.sleep(0.2)
        self.assertGreaterEqual(watch.elapsed(), 0.2)
