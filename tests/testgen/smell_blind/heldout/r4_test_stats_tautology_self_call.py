import unittest

from r4_stats import mean, percentile


class PercentileTest(unittest.TestCase):
    def test_p0_is_min(self):
        self.assertEqual(percentile([5, 1, 9], 0), 1)

    def test_p100_is_max(self):
        self.assertEqual(percentile([5, 1, 9], 100), 9)

    def test_p50_is_consistent(self):
        data = [10, 20, 30, 40]
        self.assertEqual(percentile(data, 50), percentile(sorted(data), 50))

    def test_mean_of_pair(self):
        self.assertEqual(mean([1, 2]), 1.5)


if __name__ == "__main__":
    unittest.main()
