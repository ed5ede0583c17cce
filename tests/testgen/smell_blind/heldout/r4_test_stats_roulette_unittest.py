import unittest

from r4_stats import mean, median, percentile, stdev


class StatsTest(unittest.TestCase):
    def test_all(self):
        self.assertEqual(mean([1, 2, 3]), 2)
        self.assertEqual(median([1, 2, 3]), 2)
        self.assertEqual(median([1, 2]), 1.5)
        self.assertAlmostEqual(stdev([1, 2, 3]), 1.0)
        self.assertEqual(percentile([1, 2, 3], 0), 1)
        self.assertEqual(percentile([1, 2, 3], 100), 3)
        self.assertRaises(ValueError, mean, [])
        self.assertRaises(ValueError, median, [])
        self.assertRaises(ValueError, percentile, [1], 200)
        self.assertTrue(mean([5]) == 5)


if __name__ == "__main__":
    unittest.main()
