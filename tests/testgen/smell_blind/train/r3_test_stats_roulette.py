import unittest

import r3_stats


class StatsTest(unittest.TestCase):
    def setUp(self):
        self.data = [3, 1, 4, 1, 5, 9, 2, 6]

    def test_stats(self):
        self.assertEqual(r3_stats.mean(self.data), 3.875)
        self.assertEqual(r3_stats.median(self.data), 3.5)
        self.assertEqual(r3_stats.percentile(self.data, 0), 1)
        self.assertEqual(r3_stats.percentile(self.data, 100), 9)
        self.assertAlmostEqual(r3_stats.stdev(self.data), 2.5709, places=4)
        self.assertEqual(r3_stats.histogram(self.data, 5), {0: 5, 5: 3})
        self.assertEqual(r3_stats.median([7]), 7)
        self.assertTrue(r3_stats.mean([1.5, 2.5]) == 2.0)
        self.assertRaises(r3_stats.EmptyDataError, r3_stats.median, [])
        self.assertRaises(ValueError, r3_stats.percentile, self.data, 101)

    def test_median_does_not_mutate_input(self):
        before = list(self.data)
        r3_stats.median(self.data)
        self.assertEqual(self.data, before)


if __name__ == "__main__":
    unittest.main()
