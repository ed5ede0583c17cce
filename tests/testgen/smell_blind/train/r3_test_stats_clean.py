import unittest

from r3_stats import EmptyDataError, histogram, mean, median, percentile, stdev


class StatsTestCase(unittest.TestCase):
    def assertAllClose(self, actual, expected, places=6):
        self.assertEqual(len(actual), len(expected), "length mismatch")
        for i, (a, e) in enumerate(zip(actual, expected)):
            self.assertAlmostEqual(a, e, places=places, msg=f"element {i}")


class PercentileTest(StatsTestCase):
    DATA = [10, 20, 30, 40, 50]

    def test_quartiles(self):
        got = [percentile(self.DATA, p) for p in (0, 25, 50, 75, 100)]
        self.assertAllClose(got, [10, 20, 30, 40, 50])

    def test_interpolation_between_ranks(self):
        got = [percentile([1, 2], p) for p in (10, 50, 90)]
        self.assertAllClose(got, [1.1, 1.5, 1.9])

    def test_out_of_range_percentile_is_rejected(self):
        with self.assertRaisesRegex(ValueError, r"percentile out of range: 101"):
            percentile(self.DATA, 101)


class CentralTendencyTest(StatsTestCase):
    def test_mean_median_stdev(self):
        cases = [
            ([2, 4, 4, 4, 5, 5, 7, 9], 5.0, 4.5, 2.0),
            ([1], 1.0, 1, 0.0),
            ([1, 3], 2.0, 2.0, 1.0),
        ]
        for data, m, med, sd in cases:
            with self.subTest(data=data):
                self.assertAllClose([mean(data), median(data), stdev(data)], [m, med, sd])

    def test_empty_input(self):
        for fn in (mean, median, stdev):
            with self.subTest(fn=fn.__name__):
                with self.assertRaisesRegex(EmptyDataError, "no data points"):
                    fn([])


class HistogramTest(unittest.TestCase):
    def test_buckets_are_sorted_and_counted(self):
        self.assertEqual(histogram([25, 1, 12, 2, 13, 11], 10), {0: 2, 10: 3, 20: 1})

    def test_empty_input_gives_empty_histogram(self):
        self.assertEqual(histogram([], 10), {})


if __name__ == "__main__":
    unittest.main()
