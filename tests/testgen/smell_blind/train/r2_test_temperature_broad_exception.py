import unittest

from r2_temperature import c_to_f, c_to_k, f_to_c


class AbsoluteZeroTest(unittest.TestCase):
    def test_celsius_below_absolute_zero(self):
        self.assertRaises(Exception, c_to_f, -274)

    def test_fahrenheit_below_absolute_zero(self):
        with self.assertRaises(Exception):
            f_to_c(-500)

    def test_kelvin_at_absolute_zero_is_zero(self):
        self.assertAlmostEqual(c_to_k(-273.15), 0.0)


if __name__ == "__main__":
    unittest.main()
